"""The setup screen of an Overlords game: each person places the four figures on the back row
(`overlords.ui.setup_phase.SetupPhase`), White first, then Black, who sees White's figures. A CPU or
bot side's setup is chosen in a background thread (`cpu_setup` can take a while; a bot is sent
the protocol's setup message, `common.ui.bots.BotRunner.setup`), polled each frame while the
thinking indicator turns; the window never waits. Once every side stands, the game screen
(`overlords.ui.screens.scene_for`) replaces this one and takes over the bots' programs. A bot that
fails its setup forfeits as soon as the game screen opens (the program set it up; a side still
to set up after that gets the program's setup, unasked).

It looks like the game screen (same board place, toolbar and panel), so the game starts
without a jump.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Hashable
from typing import Any

import pygame

from common.i18n import N_, _, ngettext
from common.match import Match
from common.protocol import Forfeit
from common.seats import SeatSpec, level_words
from common.ui import draw, shadows
from common.ui.board import BoardView
from common.ui.bots import BotRunner
from common.ui.drag import drag_pointer, drag_started
from common.ui.draw import backdrop
from common.ui.focus import Focus
from common.ui.game_frame import REFUSAL_SHOWN, refusal_cross, refusal_fade
from common.ui.game_panel import Status, draw_spinner, draw_status
from common.ui.input import Action, Command, PointerMove
from common.ui.scene import Scene
from common.ui.scenes.dialog_scene import Dialog
from common.ui.seat_driver import forfeit
from common.ui.widgets import Button, Widget, handle_all, row
from overlords import names, rules
from overlords.setup import back_row, board_for, setup_of
from overlords.ui.art import figure
from overlords.ui.board import draw_features, draw_refusal, feature_plane
from overlords.ui.panel import PanelLayout
from overlords.ui.setup_phase import SetupPhase
from overlords.ui.view import layout_screen


class SetupScene(Scene):
    """The four figures of each side placed before the game (see the module docstring)."""

    def __init__(self, app, seats: list[SeatSpec], seed: int) -> None:
        super().__init__(app)
        self.seats = {side: SeatSpec.parse(spec) for side, spec in enumerate(seats)}
        self.seed = seed
        self.features = board_for(seed)
        self.plane = feature_plane(self.features)
        self.placed: dict[int, dict[int, int]] = {}
        self.phase: SetupPhase | None = None  # a person placing, or None while a CPU chooses
        self.board = BoardView(rules.GRID)
        self.board.flipped = (self.seats[rules.BLACK].is_human
                              and not self.seats[rules.WHITE].is_human)
        self.panel: PanelLayout | None = None
        self.refused: tuple[str, int | None, float] | None = None
        self.drag: dict | None = None
        self.hover: tuple[int, int] = (-1, -1)
        self.threat = ""  # a warning about the setup being placed
        self._job: tuple[int, threading.Thread, dict] | None = None  # a CPU side choosing
        self._bots: dict[int, BotRunner] = {}  # bot sides' programs, for the game screen
        self._forfeits: dict[int, str] = {}  # bot sides that failed their setup: why
        self._bg: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: Hashable = None
        self._serial = 0  # a new layout or palette: the layer is drawn again
        b = Button
        off = [b(_("Undo"), lambda: None, enabled=False, hint="Ctrl+Z", small=True),
               b(_("Redo"), lambda: None, enabled=False, hint="Ctrl+Y", small=True),
               b(_("Hint"), lambda: None, enabled=False, hint="H", small=True)]
        self.toolbar: list[Widget] = [*off, b(_("Rules"), self._rules, small=True),
                                      b(_("Menu"), self.open_menu, hint="Esc", small=True)]
        self.default_b = b(_("Use default"), self._default)
        self.shuffle_b = b(_("Shuffle"), self._shuffle)
        self.ready_b = Button(N_("Ready"), self.ready, primary=True, hint="Enter",
                              refused=self._ready_refused)
        self.status_buttons: list[Widget] = []
        self.focus = Focus(self._focusable)  # Tab, arrows, Enter
        self._next()

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.status_buttons + self.toolbar

    # phases -----------------------------------------------------------------------------------

    @property
    def choosing(self) -> bool:
        """True while a CPU side's setup is being chosen (the spinner turns)."""
        return self._job is not None

    def _next(self) -> None:
        """The next side to set up (White first: Black sees White's figures), else the game."""
        for side in (rules.WHITE, rules.BLACK):
            if self._forfeits and side not in self.placed:  # the game is over: no asking
                self._choose(side, unasked=True)
                return
            if not self.seats[side].is_human:
                if side not in self.placed:
                    self._choose(side)
                    return
            elif side not in self.placed or len(self.placed[side]) < 4:
                self.phase = SetupPhase(side, self.placed)
                self.focus.reset()  # the next side starts afresh
                self.refresh()
                return
        self.phase = None
        from overlords.ui.screens import rematch, scene_for  # the screens open this scene

        seats = list(self.seats.values())
        state = rules.make_state(self.features, self.placed)
        match = Match(rules, state, seats, info={"seed": self.seed})
        game = scene_for(self.app, match, rematch(self.app, seats, self.seed))
        game.seats.runners.update(self._bots)  # the programs set up go on to play
        self._bots = {}
        self.app.replace(game)
        for side, why in self._forfeits.items():
            forfeit(game, side, why)

    def _choose(self, side: int, unasked: bool = False) -> None:
        """Start the CPU or bot side's setup choice in a background thread (`unasked`: the
        program's choice, once a bot forfeited)."""
        self.phase = None
        box: dict[str, Any] = {}
        placed = {s: dict(p) for s, p in self.placed.items()}
        spec = self.seats[side]
        args = (self.features, self.seed, side, "normal" if unasked else spec, placed)
        runner = None
        if spec.is_bot and not unasked:
            runner = self._bots.setdefault(side, BotRunner(spec.command or "",
                                                           self.app.bot_timeout))
            args = (*args[:3], "normal", placed)  # a bot leaving the choice gets normal's
            start = rules.make_state(self.features, {**rules.default_setup(), **placed})

        def work() -> None:
            if runner is not None:
                try:
                    chosen = runner.setup(rules.NAME, start, side)
                except Forfeit as err:
                    box["forfeit"], chosen = str(err), None
                except Exception as err:  # noqa: BLE001 - the screen must not wait for ever
                    box["forfeit"], chosen = _("could not be asked: {err}").format(err=err), None
                if chosen is not None:
                    box["setup"] = setup_of(chosen)[side]
                    return
            from overlords.ai.setup import cpu_setup  # the search: loaded when a CPU sets up

            box["setup"] = cpu_setup(*args)

        thread = threading.Thread(target=work, name="cpu-setup", daemon=True)
        self._job = (side, thread, box)
        thread.start()
        self.refresh()

    def update(self, dt: float) -> None:
        """Take a CPU side's setup once chosen; drop a refusal's text when its time is up."""
        if self._job is not None and not self._job[1].is_alive():
            side, _, box = self._job
            self._job = None
            if "setup" not in box:  # the thread failed: the program's setup, unasked
                box["setup"] = setup_of(rules.make_state(
                    self.features, {**rules.default_setup(), **self.placed}))[side]
            self.placed[side] = box["setup"]
            if "forfeit" in box:
                self._forfeits[side] = box["forfeit"]
            self._next()
            self.app.invalidate()
        if self.refused and time.monotonic() - self.refused[2] > REFUSAL_SHOWN:
            self.refused = None
            self.app.invalidate()

    def wants_frames(self) -> bool:
        """True while a CPU chooses (spinner) or a refusal cross fades."""
        flash = refusal_fade(self.refused) > 0
        return self.choosing or flash

    def refresh(self) -> None:
        if self.phase is not None:
            self.threat = self.phase.threat(self.features)
            self.ready_b.enabled = self.phase.complete
            self.status_buttons = [self.default_b, self.shuffle_b, self.ready_b]
        else:
            self.status_buttons = []
        self._place()
        self.app.invalidate()

    def _default(self) -> None:
        if self.phase:
            self.phase.use_default(self.features)
            self.refresh()

    def _shuffle(self) -> None:
        if self.phase:
            self.phase.shuffle(random.Random(), self.features)
            self.refresh()

    def ready(self, checked: bool = False) -> None:
        """The person's figures stand: the next side, or the game. A setup that lets the
        Overlord be captured on the first move is asked about first (Cancel is the default)."""
        if not (self.phase and self.phase.complete):
            return
        if self.threat and not checked:
            self.app.push(Dialog(self.app, N_("Overlord in danger"), [
                self.threat, N_("Start with this setup anyway?")],
                [(N_("Cancel"), lambda: None), (N_("Start anyway"), lambda: self.ready(True))],
                cancel=lambda: None, width=0.4))
            return
        self.app.sound.play("select")
        self._next()

    def _ready_refused(self) -> None:
        """A press on the greyed Ready: the figures still to place."""
        if self.phase is None:
            return
        left = [names.figure(k) for k in (rules.OVERLORD, rules.DRAGON, rules.WIZARD,
                                          rules.HERO) if k not in self.phase.mine]
        shown = left[0] if len(left) == 1 else _("{first} and {last}").format(
            first=", ".join(left[:-1]), last=left[-1])
        self._refuse(ngettext("Place every figure first: the {figures} is still to place",
                              "Place every figure first: the {figures} are still to place",
                              len(left)).format(figures=shown), None)
        self.app.invalidate()

    def _rules(self) -> None:
        self.app.show_rules(rules.NAME)

    def open_menu(self) -> None:
        """The menu: resume, settings, rules, main menu."""
        from common.ui.scenes.settings_scene import SettingsScene

        self.app.push(Dialog(self.app, N_("Game paused"), [_("Board seed {seed}").format(
                                                           seed=self.seed)], [
            (N_("Resume"), lambda: None),
            (N_("Settings"), lambda: self.app.push(SettingsScene(self.app))),
            (N_("Rules"), self._rules),
            (N_("Main menu"), self.app.main_menu),
        ], cancel=lambda: None, vertical=True, width=0.3))

    def close(self) -> None:
        """Leaving: a CPU's setup still being chosen is dropped (its thread just ends); a
        bot's program not handed to a game screen is stopped."""
        self._job = None
        for runner in self._bots.values():
            runner.close()
        self._bots = {}

    # layout and drawing -------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Where the game screen has its board and panel."""
        m = self.app.m
        self.panel = layout_screen(size, m, self.board)
        self._fit_info()
        row(self.panel.toolbar, self.toolbar, m.pad // 2)
        self._bg = None
        self._serial += 1
        self._place()

    def _place(self) -> None:
        if self.panel is None:
            return
        m, st = self.app.m, self.panel.status
        row(pygame.Rect(st.x + m.pad, st.bottom - m.button_h - m.pad, st.w - 2 * m.pad,
                        m.button_h), self.status_buttons, m.pad)
        if self.phase is not None:
            panel = self.panel.toolbar.union(self.panel.log)
            tray = pygame.Rect(panel.x, st.bottom + 2 * m.pad, panel.w, int(panel.w / 4.6))
            self.phase.layout_tray(tray, m)

    def settings_changed(self) -> None:
        """A new palette: draw everything again."""
        self._bg = None
        self._serial += 1

    def status(self) -> Status:
        """Whose setup it is and what to do (or why a click was refused)."""
        if self.phase is None:
            side = self._job[0] if self._job else rules.WHITE
            name = names.side(side)
            return Status(_("{name} is setting up").format(name=name), side,
                          _("The {describe} side chooses where its figures stand.").format(
                              describe=self.seats[side].describe()), lit=False)
        side = self.phase.side
        title = _("{side_names}: set up your figures").format(
                    side_names=names.side(side))
        rank = 1 if side == rules.WHITE else 8
        if self.refused and self.refused[0]:
            return Status(title, side, self.refused[0], alert=True, lit=False)
        if self.threat:
            return Status(title, side, self.threat, alert=True, lit=False)
        if self.phase.complete:
            text = _("All set. Press Ready to start, or move your figures around.")
            if self.phase.note:
                text = _("{note} Press Ready to start.").format(note=self.phase.note)
        else:
            text = _("Click a figure, then a square on rank {rank} (or drag it). Or: Use "
                     "default.").format(rank=rank)
        return Status(title, side, text, lit=False)

    def _key(self, size: tuple[int, int]) -> Hashable:
        placed = tuple(sorted((s, tuple(sorted(p.items()))) for s, p in self.placed.items()))
        held = self.phase.held if self.phase else None
        return (size, self._serial, placed, held, self._dragged(), self.status(),
                tuple(tuple(b.rect) for b in self.status_buttons))

    def _dragged(self) -> int | None:
        return self.drag["kind"] if self.drag and self.drag["active"] else None

    def draw(self, surface: pygame.Surface) -> None:
        """The cached layer, then hover, the refusal cross, a dragged figure, the buttons."""
        pal, m = self.app.pal, self.app.m
        key = self._key(surface.get_size())
        if self._layer is None or key != self._layer_key:
            self._layer = self._build_layer(surface.get_size())
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        sq = self.board.square_at(self.hover)
        if sq is not None and self.phase is not None and (
                sq in back_row(self.phase.side) or self.phase.figure_on(sq) is not None):
            pygame.draw.rect(surface, pal.select, self.board.square_rect(sq), 2,
                             border_radius=3)
        if (cross := refusal_cross(self.refused)) is not None:
            draw_refusal(surface, self.board, cross[0], pal, cross[1])
        self._draw_dragged(surface)
        for widget in self.toolbar + self.status_buttons:
            widget.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)
        if self.choosing and self.panel is not None:
            draw_spinner(surface, self.panel.status, pal, m)

    def _draw_dragged(self, surface: pygame.Surface) -> None:
        """The figure being dragged, under the pointer."""
        kind = self._dragged()
        if kind is not None and self.phase is not None and self.drag is not None:
            token = figure(kind, self.phase.side, int(self.board.tile * 1.05), self.app.pal)
            surface.blit(token, token.get_rect(center=self.drag["pos"]))

    def _build_layer(self, size: tuple[int, int]) -> pygame.Surface:
        pal, m, lay = self.app.pal, self.app.m, self.panel
        assert lay is not None  # `layout` places the panel before anything is drawn
        top = next(h.card for h in lay.hands.values() if h.card.y < lay.status.y)
        if self._bg is None or self._bg.get_size() != size:
            self._bg = backdrop(size, pal)
            for rect in (lay.status, top):  # the setup shows only the top card and the status
                shadows.shadow_under(self._bg, rect, m.radius, 5)
        layer = self._bg.copy()
        layer.blit(self.board.ground(pal), self.board.frame)
        draw_features(layer, self.board, self.plane)
        if self.phase is not None:
            self.phase.draw_board(layer, self.board, pal, self._dragged())
        else:
            for side, placed in self.placed.items():
                for kind, sq in placed.items():
                    token = figure(kind, side, int(self.board.tile * 0.94), pal)
                    layer.blit(token, token.get_rect(center=self.board.center(sq)))
        draw_status(layer, lay.status, self.status(), "", self.status_buttons,
                    lambda p, size: figure(rules.OVERLORD, p, size, pal), pal, m)
        self._draw_info(layer, top)
        return layer

    def _draw_info(self, layer: pygame.Surface, top: pygame.Rect) -> None:
        """The seed, who plays each side, the order of setting up; the tray."""
        pal, m = self.app.pal, self.app.m
        draw.panel(layer, top, pal.panel, pal.panel_edge, m.radius, 0)
        y = top.y + m.pad
        for line in self._info_lines(top.w):
            draw.blit_text(layer, line, m.normal, pal.text, (top.x + m.pad, y))
            y += int(m.normal * 1.4)
        if self.phase is not None:
            self.phase.draw_tray(layer, pal, m, self._dragged())

    def _fit_info(self) -> None:
        """The game's top hand card holds the setup's words here: taller if they need it
        (the status area moves down with it; the game screen's cards are smaller)."""
        lay, m = self.panel, self.app.m
        assert lay is not None  # called by `layout`, once the panel is placed
        top = next(h.card for h in lay.hands.values() if h.card.y < lay.status.y)
        rows = max(len(self._info_lines(top.w, first)) for first in (True, False))
        need = 2 * m.pad + rows * int(m.normal * 1.4)
        grow = max(0, need - top.h)
        top.h += grow
        lay.status = lay.status.move(0, grow)

    def _info_lines(self, width: int, white_first: bool | None = None) -> list[str]:
        """The setup's words, wrapped to the card's width (`white_first`: as while White
        sets up, else as while Black does; None: as now)."""
        m = self.app.m
        lines = [_("Board seed {seed}: the same seed gives the same board.").format(
                     seed=self.seed)]
        for side in (rules.WHITE, rules.BLACK):
            spec = self.seats[side]
            if spec.is_human:
                who = _("Human")
            elif spec.is_bot:
                who = _("Bot ({command})").format(command=spec.describe().removeprefix("bot "))
            else:
                level = level_words(spec.describe().removeprefix("CPU, "))
                who = _("CPU ({level})").format(level=level)
            # Translators: a seat of a new game: "White: CPU (hard)"
            lines.append(_("{side}: {who}").format(side=names.side(side), who=who))
        if white_first is None:
            white_first = self.phase is None or self.phase.side == rules.WHITE
        lines.append(_("White sets up first, then Black, seeing White's figures. White moves "
                       "first.") if white_first else
                     _("White has set up; Black sets up seeing it. White moves first."))
        return [piece for line in lines for piece in draw.wrap(line, m.normal, width - 2 * m.pad)]

    # input --------------------------------------------------------------------------------------

    def _refuse(self, text: str, sq: int | None) -> None:
        self.refused = (text, sq, time.monotonic())
        self.app.sound.play("illegal", 0.5)

    def handle(self, action: Action) -> bool:
        """Buttons, Enter (Ready), Esc (menu), F1 (rules); clicks and drags on the board."""
        if isinstance(action, PointerMove):
            self.hover = action.pos
        if self.focus.handle(action) or handle_all(self.toolbar + self.status_buttons, action):
            return True
        if action is Command.BACK:
            self.open_menu()
            return True
        if action is Command.RULES:
            self._rules()
            return True
        if action is Command.CONFIRM:
            self.ready()
            return True
        if self.phase is None:
            return False
        return self._pointer(action)

    def _pointer(self, action: Action) -> bool:
        """Clicks and drags of figures between the tray and the back row (`POINTER`)."""
        kind = drag_pointer(action)
        if kind is None:
            return False
        what, pos = kind
        return POINTER[what](self, pos)

    def _press(self, pos: tuple[int, int]) -> bool:
        """A press picks a figure up from the tray or the board (it may be dragged), or
        places the held one."""
        if (setup := self.phase) is None:  # the CPU is choosing: nothing to pick up
            return False
        sq = self.board.square_at(pos)
        tray = setup.tray_at(pos)
        here = setup.figure_on(sq) if sq is not None else None
        grabbed: int | None
        if tray is not None:
            setup.click_tray(tray)
            grabbed = tray
        elif sq is not None:
            setup.click_square(sq)
            grabbed = here if setup.held == here else None
        else:
            return False
        self.drag = ({"kind": grabbed, "start": pos, "pos": pos, "active": False}
                     if grabbed is not None and setup.held == grabbed else None)
        if setup.refusal:
            self._refuse(setup.refusal, sq)
        else:
            self.refused = None
        self.refresh()
        return True

    def _drag_to(self, pos: tuple[int, int]) -> bool:
        """A drag follows the pointer once it has gone far enough (`common.ui.drag`)."""
        if self.drag is not None:
            self.drag["pos"] = pos
            if not self.drag["active"] and drag_started(self.drag["start"], pos):
                self.drag["active"] = True
        return True

    def _drop(self, pos: tuple[int, int]) -> bool:
        """A drag drops its figure on the square (a refusal says why not)."""
        drag, self.drag = self.drag, None
        if drag is None:
            return True
        setup, sq = self.phase, self.board.square_at(pos)
        if (drag["active"] and sq is not None and setup is not None and setup.held == drag["kind"]
                and setup.figure_on(sq) != drag["kind"]):
            setup.click_square(sq)
            if setup.refusal:
                self._refuse(setup.refusal, sq)
        self.refresh()
        return True


POINTER = {"down": SetupScene._press, "move": SetupScene._drag_to,  # a pointer action's kind
           "up": SetupScene._drop}  # (`drag_pointer`) -> its handler
