"""Prepollency: the 15x15 race for the Obelisk, 2 or 4 players (engine, evaluation, screens)."""
