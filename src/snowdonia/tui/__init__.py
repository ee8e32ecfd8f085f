"""Terminal play and replay (`snowdonia play`, `snowdonia replay`).

The engine knows nothing of terminals: this package only reads `Game.observation`,
`Game.legal_actions`, `Game.log` and `Game.result`, and feeds chosen actions back through
`Game.apply`, so everything shown is what the seat may see and every move is checked by
the rules engine.
"""
