"""The browser front end: `snowdonia serve` (FastAPI + websockets + a static ES-module
client drawing the board in SVG)."""
