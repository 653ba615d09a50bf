"""A bot's command line as a person types it, on the system it runs on.

POSIX shells and Windows read a command line differently: ``shlex.split`` (POSIX rules) takes
a backslash for an escape, so ``C:\\Users\\me\\bot.exe`` typed in the Bot… field would lose
its backslashes and name no program. On Windows the line is read as Windows programs read
theirs: words split at blanks outside double quotes, backslashes kept, the quotes around a
word removed (``"C:\\Program Files\\bot.exe" --level 2``). `join` writes a command line that
`split` on the same system reads back as the same words (`shlex.join` on POSIX,
`subprocess.list2cmdline` on Windows).

Every function takes the system (`common.processes.system` names), so the tests read a line
as the other system would.
"""

from __future__ import annotations

import shlex
import subprocess

from common import processes


def split(command: str, on: str | None = None) -> list[str]:
    """The words of a command line (ValueError for an unclosed quote on POSIX; Windows
    reads one to the end of the line, as its programs do)."""
    if (on or processes.system()) != processes.WINDOWS:
        return shlex.split(command)
    return _split_windows(command)


def _split_windows(command: str) -> list[str]:
    """The rules of the Microsoft C runtime (the inverse of `subprocess.list2cmdline`): blanks
    split words outside double quotes; 2n backslashes before a quote are n backslashes and the
    quote opens or closes, 2n+1 are n and a literal quote; "" inside quotes is a quote; any
    other backslash is itself."""
    words: list[str] = []
    word: list[str] | None = None  # None: between words
    quoted, i = False, 0
    while i < len(command):
        ch = command[i]
        if ch in " \t" and not quoted:
            if word is not None:
                words.append("".join(word))
            word, i = None, i + 1
            continue
        word = [] if word is None else word
        if ch == "\\":
            text, i = _backslashes(command, i)
            word.append(text)
        elif ch == '"' and quoted and command[i + 1:i + 2] == '"':
            word.append('"')
            i += 2
        elif ch == '"':
            quoted, i = not quoted, i + 1
        else:
            word.append(ch)
            i += 1
    if word is not None:
        words.append("".join(word))
    return words


def _backslashes(command: str, i: int) -> tuple[str, int]:
    """The run of backslashes at `i` as it reads (with the quote it escapes, if it does) and
    where reading goes on."""
    end = i
    while end < len(command) and command[end] == "\\":
        end += 1
    if command[end:end + 1] != '"':
        return "\\" * (end - i), end  # not before a quote: each is itself
    if (end - i) % 2:
        return "\\" * ((end - i) // 2) + '"', end + 1  # an escaped, literal quote
    return "\\" * ((end - i) // 2), end  # the quote opens or closes: read next


def join(argv: list[str], on: str | None = None) -> str:
    """A command line whose words (`split` on the same system) are `argv`."""
    if (on or processes.system()) != processes.WINDOWS:
        return shlex.join(argv)
    return subprocess.list2cmdline(argv)


__all__ = ["join", "split"]
