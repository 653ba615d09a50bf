"""Everything about saving a game, in one package (no pygame):

- `folder`: the saves folder: new files under names of their own, atomic rewrites, the
  listing, renaming, moving an unreadable file aside;
- `trash`: deleting a save (one visit of the Load screen's Trash) and tidying a crash's;
- `autosave`: one game in progress kept on disk by a writer thread;
- `index`: what the Load screen and Continue show of each file, summarised off the UI thread.

`common.files` (safe reads and writes of every user file, not only saves) and
`common.record` (the record format) are beneath it; `common.ui.saves` draws its entries.
"""
