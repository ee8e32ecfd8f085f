"""Foothills for people: words for every action, event and component, and the terminal board."""
