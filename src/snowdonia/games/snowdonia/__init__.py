"""Snowdonia: Mount Snowdon, the Blaenau Ffestiniog scenario and the solo series, as one title."""
