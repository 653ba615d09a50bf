"""The pygame layer shared by both games: app loop, scenes, input, board view, art and sound."""
