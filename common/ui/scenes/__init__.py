"""The app's screens, one module each, named `*_scene.py`: the main menu, settings, Load game,
rules, Learn, the apology, the dialogs (the base `Dialog`, the game-over panel, the name
dialog) and the hot-seat hand-over. Each is a `common.ui.scene.Scene` (its lifecycle is
written down there).

The game screen and the screens built on it (`common.ui.game_scene`, `lesson_scene`,
`puzzle_scene`) and their parts stay in `common.ui` for now. Everything imports a scene from
its own module here (there are no re-exporting facades).
"""
