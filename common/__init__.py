"""Code shared by both games: board geometry, the engine protocol, records, AI and UI."""
