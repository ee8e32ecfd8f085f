"""Foothills for the research adapters: the fixed-size encoder (`encoding.py`). Foothills
needs no chance model of its own: every random pick (the railways left out, the start
player, the spare action cards, each cube from the bag) is public when it happens, so the
adapters' generic model makes each one a chance node."""
