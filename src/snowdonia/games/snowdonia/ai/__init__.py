"""Research encodings of Snowdonia: the numeric observation and the explicit chance model."""
