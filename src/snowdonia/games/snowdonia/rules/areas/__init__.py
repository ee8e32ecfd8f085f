"""The seven action areas, one module each, in the order they resolve (seed 004 "Resolve
Actions": A through G). Each module has `resolve(g, idx, p) -> bool` for one labourer's
action (True when its owner must now decide something) and the decisions the area asks."""
