"""`python -m overlords_prepollency` (an installed copy) runs the program as its launchers
do, in a terminal on every system (the launcher `overlords-prepollency` is a GUI script,
which prints nothing in a Windows terminal; `overlords-prepollency-cli` is its console twin).
In a checkout, `python .` runs it the same way."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

# mypy checks the checkout, where main.py is beside this file; the package an installed copy
# imports it from exists only once built
if TYPE_CHECKING or not __package__:  # a checkout's folder run as a script
    from main import main
else:  # an installed copy: overlords_prepollency.__main__
    from .main import main

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
