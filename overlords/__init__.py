"""Overlords: the 8x8 game of Rune and Fate stones (engine, evaluation, screens)."""
