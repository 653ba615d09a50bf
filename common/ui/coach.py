"""The coach's line on the game screen: one sentence at the moments that matter, in a card at
the top of the move log's area (a band the log gives up while the coach is on). Nothing here
names a game: the sentences come from the game's coach module (the registry's `coach`,
`common.coaching`), computed from the engine's verdicts.

`Coach(scene)` is made by the game screen (`common.ui.game_scene.GameScene`) and told about
every frame (`update`) and every drawing (`draw`). It speaks only in a game against the CPU
(some seat is a CPU level or a bot, some seat a person) and only while it is on: the
`coach` setting, which the guided first game turns on and the in-game menu switches
(`toggle`). What it says:
- after a person's turn, `comment(before, move, after, name)` about that turn ("Your move");
- when a person's turn starts, `advice(state, name)` about the position ("Now").
Both are asked OFF the UI thread (a daemon thread per position; the frame only polls), and a
moment (a `Remark`'s key) is said once in a game, forgotten on an Undo or Redo. The last
words stay until there is something new to say or the person moves; nothing is said while
the player looks back (review) or once the game is over.

`guided_game(app, game)` opens a game's guided first game: the coach on, the script of the
game's coach module (`GUIDED`: its seed, a person against the first CPU level, who starts).
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

import pygame

from common.coaching import Remark
from common.i18n import N_, _
from common.ui import draw
from common.ui.game_log import log_height
from common.ui.theme import mix

LINES = 6  # lines the card's band holds (two sentences with their heads, at 1280x800)
IDLE = N_("Watching: I speak up when something matters.")
HEADS = {"comment": N_("Coach, on your move"), "advice": N_("Coach")}


def _coach_of(match: Any) -> Any:
    """The game's coach module, or None when the game has none."""
    from common.games import get

    entry = get(match.game.NAME)
    return entry.coach if entry.coach_module else None


def against_cpu(match: Any) -> bool:
    """True for a game a person plays against the CPU (or a bot)."""
    seats = match.seats.values()
    return any(s.is_human for s in seats) and any(not s.is_human for s in seats)


class Coach:
    """The coach of one game screen (see the module docstring)."""

    def __init__(self, scene: Any) -> None:
        self._scene = weakref.ref(scene)  # no cycle: a closed screen is freed at once
        self.module = _coach_of(scene.match)
        self.words: list[tuple[str, str]] = []  # (head, sentence) shown, oldest first
        self.said: set[tuple] = set()
        self._seen: tuple | None = None  # the position last looked at
        self._moves = len(scene.match.moves)
        self.rect: pygame.Rect | None = None  # the card's band, while the coach is on
        self._jobs: list[dict] = []  # the questions being worked on off the UI thread, in order

    @property
    def scene(self) -> Any:
        """The game screen this coach serves."""
        return self._scene()

    @property
    def on(self) -> bool:
        """True when the coach speaks in this game (the setting, a game against the CPU, not a
        lesson or a puzzle: `GameScene.coached`)."""
        return bool(getattr(self.scene.app.settings, "coach", False)) and self.scene.coached \
            and self.module is not None and against_cpu(self.scene.match)

    def toggle(self) -> None:
        """Switch the coach on or off (remembered for the next games); off clears its words."""
        app = self.scene.app
        app.settings.coach = not getattr(app.settings, "coach", False)
        app.remember_settings()
        self.words = []
        self._seen = None
        self.scene.layout(app.size)  # the card's band comes or goes

    # time -----------------------------------------------------------------------------------

    def update(self) -> None:
        """Each frame: take a finished answer; ask about a new position."""
        self._collect()
        m = self.scene.match
        if not self.on or m.review is not None:
            return
        count = len(m.moves)
        key = (count, m.to_move, m.over)
        if key == self._seen:
            return
        if count < self._moves:
            self.said.clear()  # an Undo: the moments may come again
        played = [i for i in range(self._moves, count) if m.is_human(m.mover(i))]
        self._seen, self._moves = key, count
        if m.over:
            self.words = []
            return
        jobs: list[tuple[str, tuple]] = []
        if played:  # a person moved: the words were about the position before
            i = played[-1]
            self.words = []
            jobs.append(("comment", (m.states[i], m.moves[i], m.states[i + 1])))
        if m.is_human(m.to_move) and not m.steps:
            jobs.append(("advice", (m.turn_start,)))
        if jobs:
            self._ask(jobs)

    def _ask(self, jobs: list[tuple[str, tuple]]) -> None:
        """Work the questions out off the UI thread; `_collect` takes the answers."""
        module, name = self.module, self.scene.match.name
        job: dict = {"done": False, "said": []}

        def work() -> None:
            for kind, args in jobs:
                try:
                    remark = getattr(module, kind)(*args, name)
                except Exception:  # a coach's failure never stops the game: it says nothing
                    remark = None
                if isinstance(remark, Remark) and remark.text:
                    job["said"].append((kind, remark))
            job["done"] = True

        self._jobs.append(job)
        threading.Thread(target=work, name="coach", daemon=True).start()

    def _collect(self) -> None:
        """Take the answers that came, in the order they were asked."""
        new = []
        while self._jobs and self._jobs[0]["done"]:
            said = self._jobs.pop(0)["said"]
            new += [(HEADS[kind], r.text) for kind, r in said if r.key not in self.said]
            self.said.update(r.key for _, r in said)
        if new and self.on:
            self.words = (self.words + new)[-2:]
            self.scene.app.invalidate()

    # layout and drawing ---------------------------------------------------------------------

    def layout(self) -> None:
        """While the coach is on, take a band at the top of the log's area for its card (the
        log keeps at least two rows); called after the view's layout."""
        areas = self.scene.areas
        self.rect = None
        if areas is None or not self.on:
            return
        m, log = self.scene.app.m, areas.log
        want = m.pad + LINES * _line_h(m)
        h = max(min(want, log.h - log_height(2, m)), min(want, 3 * _line_h(m) + m.pad))
        self.rect = pygame.Rect(log.x, log.y, log.w, h)
        gap = m.pad // 2
        areas.log = pygame.Rect(log.x, log.y + h + gap, log.w, max(0, log.h - h - gap))

    def lines(self, width: int, room: int, px: int | None = None) -> list[tuple[str, bool]]:
        """The card's lines at this width (at `px`, the small size by default), (text, is a
        head), newest words first kept when they do not all fit in `room` lines; an idle line
        when there is nothing to say."""
        px = self.scene.app.m.small if px is None else px
        out: list[tuple[str, bool]] = []
        for head, text in reversed(self.words):
            part = [(head, True)] + [(line, False) for line in draw.wrap(text, px, width)]
            if out and len(out) + len(part) > room:
                break
            out = part + out
        return out or [(_("Coach"), True), (_(IDLE), False)]

    def draw(self, surface: pygame.Surface) -> None:
        """The card in its band (nothing while looking back or once the game is over)."""
        rect = self.rect
        if rect is None or not self.on or self.scene.match.review is not None:
            return
        pal, m = self.scene.app.pal, self.scene.app.m
        small = m.small
        while True:  # smaller while the newest sentence does not fit the band (a low window,
            # a longer language): never drawn past the card
            line_h = int(small * 1.3)
            room = max(1, (rect.h - m.pad // 2) // line_h)
            lines = self.lines(rect.w - 2 * m.pad, room, small)
            if len(lines) <= room or small <= 10:
                break
            small -= 1
        draw.panel(surface, rect, mix(pal.panel, pal.primary, 0.18), pal.primary, radius=8,
                   lift=0)
        y = rect.y + m.pad // 2
        for text, head in lines[-room:]:
            px = small if head else draw.fit_text(text, small, rect.w - 2 * m.pad, min_px=10)
            draw.blit_text(surface, text, px, pal.primary if head else pal.text,
                           (rect.x + m.pad, y), bold=head)
            y += line_h


def _line_h(m: Any) -> int:
    return int(m.small * 1.3)


def guided_game(app: Any, game: str, replace: bool = False) -> None:
    """Open a game's guided first game over the screen on top (the Learn screen), or in its
    place (`replace`: the last lesson): the coach on, the game's script."""
    from common.games import get

    entry = get(game)
    script = entry.coach.GUIDED
    app.settings.coach = True
    app.remember_settings()
    scene = app.screens(game).play_scene(app, list(script.seats), script.seed, script.first)
    app.replace(scene) if replace else app.push(scene)
    app.toast(_("Guided game: the coach speaks when it matters. Turn it off in the Menu."), 5.0)
