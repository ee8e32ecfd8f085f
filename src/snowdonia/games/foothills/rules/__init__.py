"""The rules of Foothills (seed 001), one module per section of the rulebook. `turn` imports
every section, so importing it registers all steps and decisions of the turn machine."""
