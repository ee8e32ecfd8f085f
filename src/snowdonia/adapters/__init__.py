"""Research adapters: OpenSpiel (`snowdonia.adapters.openspiel`) and PettingZoo
(`snowdonia.adapters.pettingzoo`). They need the optional extra `snowdonia[ai]`; nothing in
the core package imports them, and this package imports neither library by itself."""
