#!/usr/bin/env python3
"""Set up the project's virtual environment (once) and run the game, the tests or a benchmark.

    python3 bootstrap.py [ARGS...]      set up, then run `main.py ARGS` (no ARGS: open the game)
    python3 bootstrap.py test [ARGS...] set up with the test tools, then run the whole test suite
    python3 bootstrap.py bench NAME     set up with the benchmark tools, then run bench/NAME.py
    python3 bootstrap.py build [ARGS]   set up with PyInstaller, then build the stand-alone
                                        program into dist/ (packaging/build.py ARGS)

Only Python 3.11+ is needed. This file is written so that any Python, 2.7 included, can read
it and say which version is needed (exit status 2) instead of failing on syntax it does not
know; the work itself is in packaging/bootstrap_env.py.
"""

import os
import sys

NEEDED = (3, 11)


def too_old():
    """The message for a Python older than NEEDED, or None."""
    if tuple(sys.version_info[:2]) >= NEEDED:
        return None
    return ("Python %d.%d or newer is needed (this is Python %d.%d, %s).\n"
            "Install a newer Python (python.org, or your system's packages: e.g. "
            "sudo apt install python3.11) and run this again with it, e.g.: "
            "python3.11 bootstrap.py\n"
            % (NEEDED[0], NEEDED[1], sys.version_info[0], sys.version_info[1],
               sys.executable or "python"))


if __name__ == "__main__":
    said = too_old()
    if said is not None:
        sys.stderr.write(said)
        sys.exit(2)
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "packaging"))
    from bootstrap_env import main

    sys.exit(main(sys.argv[1:]))
