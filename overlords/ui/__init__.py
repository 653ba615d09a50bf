"""The Overlords screens (pygame), on the shared game screen of `common.ui`.

The skeleton every game has (the same module names for the same roles):

- `screens`: the factory the registry offers (`new_game_scene`, `play_scene`, `resume_scene`,
  `lesson_scene`, `menu_tokens`, `rules_picture`, `scene_parts`);
- `controller` (what the controller knows: the pick, the targets, what is allowed) and
  `input` (pointer and keys, dispatched by tables): `OverlordsController`;
- `look`: `Look`, what the view draws of the controller, one value (`controller.look()`);
- `view`: `OverlordsView`, how the screen is drawn; `board`, `panel`, `anim`, `art`, `hint`,
  `marks` (threat badges), `threats` (what threatens the side to move, computed once per
  position), `words` (the game's sentences), `rules_pictures`, `new_game` (the dialog).

Only Overlords has: `setup_scene` and `setup_phase` (each side places its figures before the
first move), `net_setup` (the same for one side at a network table: `screens.net_setup_scene`),
`legend` (the board's legend, L), `rune_choice` (which Rune, where several reach a square),
`pick` (the stones and figure picked), `tips` (hover tips), `status` (the status area's words
on a live turn).
"""
