"""The "Host game" screen: a network game on this machine.

First the form: the game, how many seats (Prepollency: 2 to 4), and who plays each seat: Me,
Remote (a friend elsewhere), or a CPU level (played by this window). Host starts the bundled
nats-server as a child of the app (`common.net.host.Host`, in a worker thread: the window
never waits), advertises the game on the LAN (`common.net.lan.Advertiser`, when multicast
works here) and opens the log with its header. Then the screen shows each remote seat's join
URL and seat code (Copy puts it on the clipboard; they stay on screen to be read out), the
spectators' URL, and the waiting list, which fills as players join (their "hello"). The game
screen opens once every remote seat is there and set up; "Start now" opens it before (a
correspondence game: the others' moves come when they come). Back stops the server.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import random
from typing import Any

import pygame

from common.games import GAMES
from common.net import wire
from common.seats import SeatSpec
from common.ui import clipboard, draw
from common.ui.cpu import cpu_levels, level_label
from common.ui.focus import Focus
from common.ui.net_table import NetTable
from common.ui.scenes.net_form import NetForm
from common.ui.widgets import Button, Choice, Widget

ME, REMOTE = "me", "remote"
LISTEN = "0.0.0.0"  # every interface: friends on the LAN reach the game
# The servers start in this one thread, kept for the app's life: a server child dies with the
# thread that started it (its parent-death signal), so never in a thread that ends
STARTER = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="net-host")


def start_hosting(games: dict[str, Any], name: str, choices: list[str], listen: str,
                  seed: int) -> tuple[Any, Any, Any, dict[str, SeatSpec]]:
    """In a worker thread: the hosted game, its running server, the LAN advertiser (or None)
    and this window's seats by label (ServerError or OSError if the server cannot start)."""
    from common.net.host import Host, HostedGame, header_message, lan_address

    game = games[name]
    initial = game.new_state(random.Random(seed), len(choices), None)
    labels = [str(game.player_label(p)) for p in game.players(initial)]
    mine = {lab: SeatSpec("human") if c == ME else SeatSpec.parse(c)
            for lab, c in zip(labels, choices, strict=True) if c != REMOTE}
    remote = [lab for lab in labels if lab not in mine]
    hosted = HostedGame.new(name, labels, list(mine), listen, 0)
    if listen not in ("127.0.0.1", "localhost"):
        hosted.advertise = lan_address()
    hosted.specs = {lab: str(spec) for lab, spec in mine.items()}
    players = {lab: str(mine.get(lab, SeatSpec("human"))) for lab in labels}
    header = header_message(game, initial, players, remote, info={"seed": seed})
    host = Host(hosted)
    host.start()
    try:
        host.open(header)
    except BaseException:
        host.stop()
        raise
    advertiser = None
    if listen not in ("127.0.0.1", "localhost"):
        try:
            from common.net.lan import Advertiser

            advertiser = Advertiser(hosted)
        except Exception:  # noqa: BLE001 - no multicast here: the URLs still work
            advertiser = None
    return hosted, host, advertiser, mine


class HostScene(NetForm):
    """The Host game screen (see the module docstring)."""

    def __init__(self, app: Any, listen: str = LISTEN) -> None:
        super().__init__(app)
        self.listen = listen
        names = list(GAMES)
        self.game = Choice(names, names[0], lambda v: self._game_changed(),
                           [GAMES[n].title for n in names])
        self.count = Choice(["2"], "2", lambda v: self._seats_changed())
        levels = cpu_levels()
        options = [ME, REMOTE, *levels]
        labels = ["Me", "Remote", *(level_label(lvl) for lvl in levels)]
        self.seat_choices = [Choice(options, ME if i == 0 else REMOTE, lambda v: None, labels)
                             for i in range(4)]
        self.back = Button("Back", self.app.pop, hint="Esc")
        self.host_b = Button("Host", self.host, primary=True, hint="Enter")
        self.start_b = Button("Start now", self.start_now, primary=True)
        self.copy_buttons: list[tuple[Button, str]] = []
        self.error = ""
        self.working: concurrent.futures.Future | None = None
        self.table: NetTable | None = None
        self.hosted: Any = None
        self._handed = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.focus = Focus(self._focusable)
        self._game_changed()

    # the form ------------------------------------------------------------------------------

    def _game_changed(self) -> None:
        counts = [str(n) for n in GAMES[self.game.value].seat_counts]
        self.count.options = self.count.labels = counts
        if self.count.value not in counts:
            self.count.value = counts[0]
        self._seats_changed()

    def _seats_changed(self) -> None:
        self.layout(self.app.size)

    def _shown_seats(self) -> list[Choice]:
        return self.seat_choices[:int(self.count.value)]

    def _seat_name(self, index: int) -> str:
        entry = GAMES[self.game.value]
        players = entry.seats_for(int(self.count.value))
        return entry.seat_names(players[index])

    def _focusable(self) -> list[Widget]:
        if self.table is None:
            return [self.game, self.count, *self._shown_seats(), self.back, self.host_b]
        return [*(b for b, _ in self.copy_buttons), self.back, self.start_b]

    def host(self) -> None:
        """Start the server and open the game (in a worker thread)."""
        if self.working is not None or self.table is not None:
            return
        choices = [c.value for c in self._shown_seats()]
        if REMOTE not in choices:
            self.error = "Make at least one seat Remote: a friend plays it from elsewhere."
            self.app.invalidate()
            return
        self.error = ""
        self.working = STARTER.submit(start_hosting, self.app.games, self.game.value,
                                         choices, self.listen, random.randrange(2**31))
        self.app.invalidate()

    def _started(self) -> None:
        from common.net.session import NetSession

        future, self.working = self.working, None
        assert future is not None  # (called once it is done)
        try:
            hosted, host, advertiser, mine = future.result()
        except Exception as err:  # noqa: BLE001 - the server could not start: say why
            self.error = f"The game could not be hosted: {draw.drawable(err, 160)}"
            return
        self.hosted = hosted

        def stop() -> None:
            if advertiser is not None:
                advertiser.close()
            host.stop()

        session = NetSession(hosted.url(wire.HOST_ROLE, local=True), self.app.games)
        self.table = NetTable(session, mine, on_close=stop)
        self.copy_buttons = [(Button("Copy", self._copier(str(hosted.url(label))), small=True),
                              label) for label in hosted.header.get("remote", [])]
        self.copy_buttons.append((Button("Copy", self._copier(
            str(hosted.url(wire.WATCH_ROLE))), small=True), wire.WATCH_ROLE))
        self.layout(self.app.size)

    def _copier(self, text: str):
        def copy() -> None:
            if clipboard.copy(text):
                self.app.toast("Copied: send it to your friend.", 2.5)
            else:
                self.app.toast("No clipboard here: read the code out from the screen.", 4.0)
        return copy

    # waiting -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The server starting; then the table polled; the game opens when all are there."""
        if self.working is not None and self.working.done():
            self._started()
            self.app.invalidate()
        if self.table is None:
            return
        before = (len(self.table.joined), self.table.connection)
        self.table.poll()
        if before != (len(self.table.joined), self.table.connection):
            self.app.invalidate()
        if self.table.ready and set(self.table.remote_labels()) <= self.table.joined:
            self.start_now()

    def wants_frames(self) -> bool:
        """While the server starts (a spinner would turn); the waiting list is polled at the
        loop's rest rate."""
        return self.working is not None

    def start_now(self) -> None:
        """Open the game screen (the remote seats play when they come)."""
        if self.table is None or not self.table.ready:
            self.app.toast("The game is not ready yet: a seat still sets up.", 2.5)
            return
        from common.ui.scenes.net_game_scene import open_game

        self._handed = True
        game = open_game(self.app, self.table)
        app = self.app
        game.again = lambda: HostScene(app, self.listen)
        self.app.replace(game)

    def close(self) -> None:
        """Leaving without a game: the server stops (a game handed over keeps it)."""
        if self.working is not None:
            with contextlib.suppress(Exception):  # it never started: nothing to stop
                self._started_late(self.working.result(timeout=30))
        if self.table is not None and not self._handed:
            self.table.close()

    @staticmethod
    def _started_late(result: tuple) -> None:
        _hosted, host, advertiser, _mine = result
        if advertiser is not None:
            advertiser.close()
        host.stop()

    # input and drawing ---------------------------------------------------------------------

    def confirm(self) -> None:
        """Enter hosts (or, once hosted, starts now)."""
        (self.host if self.table is None else self.start_now)()

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel: the rows, then Back and Host (or Start now)."""
        m = self.app.m
        self.panel = self.centred_panel(size, 640)
        x = self.panel.x + 2 * m.pad
        label_w = int(m.normal * 6)
        field_w = self.panel.w - 4 * m.pad - label_w
        y = self.panel.y + 2 * m.pad + m.large + 2 * m.pad
        self.rows: list[tuple[str, int]] = []
        if self.table is None:
            for text, widget in [("Game", self.game), ("Players", self.count),
                                 *((self._seat_name(i), c)
                                   for i, c in enumerate(self._shown_seats()))]:
                widget.rect = pygame.Rect(x + label_w, y, field_w, m.button_h)
                self.rows.append((text, y + m.button_h // 2))
                y += m.button_h + m.pad
        else:
            copy_w = int(m.normal * 5)
            for button, _label in self.copy_buttons:
                button.rect = pygame.Rect(self.panel.right - 2 * m.pad - copy_w, y, copy_w,
                                          m.button_h)
                y += 2 * m.button_h + m.pad
        bottom = self.panel.bottom - 2 * m.pad - m.button_h
        bw = int(m.normal * 9)
        self.back.rect = pygame.Rect(x, bottom, bw, m.button_h)
        right = self.host_b if self.table is None else self.start_b
        right.rect = pygame.Rect(self.panel.right - 2 * m.pad - bw, bottom, bw, m.button_h)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the form or the codes and the waiting list."""
        pal, m = self.app.pal, self.app.m
        draw.blit_backdrop(surface, pal)
        draw.panel(surface, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        x = self.panel.x + 2 * m.pad
        draw.blit_text(surface, "Host a network game", m.large, pal.text,
                       (x, self.panel.y + 2 * m.pad), bold=True)
        if self.table is None:
            self._draw_form(surface, x)
        else:
            self._draw_waiting(surface, x)
        if self.error:
            width = self.panel.w - 4 * m.pad
            for i, line in enumerate(draw.wrap(self.error, m.small, width, max_lines=3)):
                draw.blit_text(surface, line, m.small, pal.refusal,
                               (x, self.back.rect.y - (3 - i) * (m.small + 4) - m.pad))
        self.back.draw(surface, pal, m)
        (self.host_b if self.table is None else self.start_b).draw(surface, pal, m)

    def _draw_form(self, surface: pygame.Surface, x: int) -> None:
        pal, m = self.app.pal, self.app.m
        for text, cy in self.rows:
            draw.blit_text(surface, text, m.normal, pal.text, (x, cy), "midleft")
        for widget in [self.game, self.count, *self._shown_seats()]:
            widget.draw(surface, pal, m)
        if self.working is not None:
            draw.blit_text(surface, "Starting the server…", m.normal, pal.text_dim,
                           (x, self.back.rect.y - m.pad), "bottomleft")

    def _draw_waiting(self, surface: pygame.Surface, x: int) -> None:
        pal, m = self.app.pal, self.app.m
        table, hosted = self.table, self.hosted
        assert table is not None
        width = self.panel.w - 6 * m.pad - int(m.normal * 5)
        for button, label in self.copy_buttons:
            y = button.rect.y
            if label == wire.WATCH_ROLE:
                title = "Spectators (watch only):"
                url = str(hosted.url(wire.WATCH_ROLE))
            else:
                player = table.game.player_of(label) if table.game.ready else None
                name = table.name(player) if player is not None else label
                state = "joined" if label in table.joined else "waiting…"
                title = f"{name} ({state}):"
                url = str(hosted.url(label))
            draw.blit_text(surface, title, m.normal, pal.text, (x, y), bold=True)
            for i, line in enumerate(draw.wrap(url, m.small, width, max_lines=2)):
                draw.blit_text(surface, line, m.small, pal.text_dim,
                               (x, y + m.normal + 6 + i * (m.small + 3)))
            button.draw(surface, pal, m)
        y = self.copy_buttons[-1][0].rect.bottom + 2 * m.button_h if self.copy_buttons else 0
        lines = [table.who(), *table.notes[-3:]]
        for line in lines:
            for part in draw.wrap(line, m.small, self.panel.w - 4 * m.pad, max_lines=2):
                if y + m.small > self.back.rect.y - m.pad:
                    return
                draw.blit_text(surface, part, m.small, pal.text, (x, y))
                y += m.small + 4
