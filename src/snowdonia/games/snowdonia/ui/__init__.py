"""Snowdonia in words and pictures: words for actions and log events, the terminal board, the web board."""
