"""The platform's core: the game protocol, actions and catalogues, seeded randomness,
records, errors and component-data loading. It imports nothing else of `snowdonia`."""
