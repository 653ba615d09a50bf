"""The Prepollency screens (pygame), on the shared game screen of `common.ui`.

The skeleton every game has (the same module names for the same roles):

- `screens`: the factory the registry offers (`new_game_scene`, `play_scene`, `resume_scene`,
  `lesson_scene`, `menu_tokens`, `rules_picture`, `scene_parts`);
- `controller` (what the controller knows: the pick, the targets, the turn's buttons) and
  `input` (pointer and keys, dispatched by tables): `TurnController`;
- `look`: `Look`, what the view draws of the controller, one value (`controller.look()`);
- `view`: `PrepollencyView`, how the screen is drawn; `board`, `panel`, `anim`, `art`,
  `hint`, `marks` (threat badges), `threats` (what threatens the seat to move, computed once
  per position), `words` (the game's sentences), `rules_pictures`, `new_game` (the dialog).

Only Prepollency has: `colours` (the seats' colours and marker shapes), `handover` (the
hand-over band in a seat's colour), `recap` (the turns since a person last played, replayed),
`setup_preview` (the new-game dialog's board preview).
"""
