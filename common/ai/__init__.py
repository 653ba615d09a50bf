"""Search that sees only the Game protocol: one implementation for both games."""
