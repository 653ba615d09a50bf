"""The "Host game" screen: a network game on this machine.

First the form: the game, how many seats (Prepollency: 2 to 4), who plays each seat (Me,
Remote: a friend elsewhere, a bot program, or a CPU level played by this window; a bot's
command line is checked as in the new-game dialogs, `common.ui.bot_field`), and optionally a
hub (a hub's host URL: the game is registered there and this machine's server links out to it
as a leaf node, so a friend joins without any port forwarding). Host starts the bundled
nats-server as a child of the app (`common.net.host.Host`, in a worker thread: the window
never waits), advertises the game on the LAN (`common.net.lan.Advertiser`, when multicast
works here and there is no hub) and opens the log with its header. Then the waiting screen
(`common.ui.scenes.host_waiting`) shows the address and each remote seat's short join code
(and the spectators'), with Copy, and the waiting list, which fills as players join. The game
screen opens once every remote seat is there and set up; "Start now" opens it before (a
correspondence game: the others' moves come when they come). Back stops the server.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import random
from collections.abc import Callable
from typing import Any

import pygame

from common.games import GAMES
from common.i18n import N_, _
from common.net import wire
from common.seats import SeatSpec
from common.ui import clipboard, draw
from common.ui.bot_field import BotField
from common.ui.cpu import cpu_levels, level_label
from common.ui.focus import Focus
from common.ui.input import Action, PointerDown
from common.ui.net_table import NetTable
from common.ui.scenes.host_waiting import draw_waiting, place_waiting
from common.ui.scenes.net_form import NetForm
from common.ui.widgets import Button, Choice, TextField, Widget

ME, REMOTE, BOT = "me", "remote", "bot"
LISTEN = "0.0.0.0"  # every interface: friends on the LAN reach the game
# The servers start in this one thread, kept for the app's life: a server child dies with the
# thread that started it (its parent-death signal), so never in a thread that ends
STARTER = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="net-host")


def start_hosting(games: dict[str, Any], name: str, choices: list[str], listen: str,
                  seed: int, hub: str = "") -> tuple[Any, Any, Any, dict[str, SeatSpec]]:
    """In a worker thread: the hosted game, its running server, the LAN advertiser (or None)
    and this window's seats by label (ServerError, OSError or ValueError if the server cannot
    start or the hub refuses). `choices`: per seat "me", "remote" or a seat spec."""
    from common.net.host import Host, HostedGame, lan_address, seats_header

    game = games[name]
    initial = game.new_state(random.Random(seed), len(choices), None)
    labels = [str(game.player_label(p)) for p in game.players(initial)]
    mine = {lab: SeatSpec("human") if c == ME else SeatSpec.parse(c)
            for lab, c in zip(labels, choices, strict=True) if c != REMOTE}
    lan = listen not in ("127.0.0.1", "localhost") and not hub
    hosted = HostedGame.new(name, labels, list(mine), listen, 0, hub=hub)
    if lan:
        hosted.advertise = lan_address()
    hosted.specs = {lab: str(spec) for lab, spec in mine.items()}
    header = seats_header(game, initial, [(lab, mine.get(lab)) for lab in labels], seed)
    if hub:
        from common.net.hub import register

        register(hosted)
    host = Host(hosted)
    host.start()
    try:
        host.open(header)
    except BaseException:
        host.stop()
        raise
    advertiser = None
    if lan:
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
        options = [ME, REMOTE, BOT, *levels]
        labels = [N_("Me"), N_("Remote"), N_("Bot…"), *(level_label(lvl) for lvl in levels)]
        self.seat_choices = [Choice(options, ME if i == 0 else REMOTE, self._on_seat(i),
                                    labels) for i in range(4)]
        self.bot_fields = [BotField(app, _("Command line of the bot program (it runs on this "
                                           "computer)")) for _i in range(4)]
        self.hub = TextField("", lambda _t: self._hub_edited(),
                             _("Optional: a hub's host URL, nats://hubhost:KEY@…"), 400)
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.host_b = Button(N_("Host"), self.host, primary=True, hint="Enter")
        self.start_b = Button(N_("Start now"), self.start_now, primary=True)
        self.copy_buttons: list[tuple[Button, str]] = []
        self.error = ""
        self.working: concurrent.futures.Future | None = None
        self.table: NetTable | None = None
        self.hosted: Any = None
        self._handed = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[str, int]] = []
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
        for i, bot in enumerate(self.bot_fields):
            bot.show(i < int(self.count.value) and self.seat_choices[i].value == BOT)
            bot.field.focused = False
        self.layout(self.app.size)

    def _on_seat(self, index: int) -> Callable[[str], None]:
        return lambda _value: self._seat_changed(index)

    def _seat_changed(self, index: int) -> None:
        self._seats_changed()
        if self.seat_choices[index].value == BOT:
            self.bot_fields[index].field.focused = True  # ready to type its command

    def _hub_edited(self) -> None:
        self.error = ""
        self.hub.error = False

    def _shown_seats(self) -> list[Choice]:
        return self.seat_choices[:int(self.count.value)]

    def _seat_name(self, index: int) -> str:
        entry = GAMES[self.game.value]
        players = entry.seats_for(int(self.count.value))
        return entry.seat_names(players[index])

    def _fields(self) -> list[TextField]:
        return [*(b.field for b in self.bot_fields if b.shown), self.hub]

    def _focusable(self) -> list[Widget]:
        if self.table is None:
            seats: list[Widget] = []
            for choice, bot in zip(self._shown_seats(), self.bot_fields, strict=False):
                seats += [choice, *(bot.widgets if bot.shown else [])]
            return [self.game, self.count, *seats, self.hub, self.back, self.host_b]
        return [*(b for b, _role in self.copy_buttons), self.back, self.start_b]

    def _choices(self) -> list[str] | None:
        """Each seat's choice ("me", "remote", a spec), or None when a bot's command cannot
        run (its field says why)."""
        choices = []
        for choice, bot in zip(self._shown_seats(), self.bot_fields, strict=False):
            if choice.value != BOT:
                choices.append(choice.value)
                continue
            if not bot.check():
                for field in self._fields():
                    field.focused = field is bot.field
                return None
            self.app.bot_command = bot.field.value.strip()
            choices.append(bot.spec)
        return choices

    def _hub_url(self) -> str | None:
        """The hub's URL typed ("" for none), or None when it is no hub URL (said)."""
        text = self.hub.value.strip()
        if not text:
            return ""
        from common.net.hub import parse_hub_url

        try:
            parse_hub_url(text)
        except ValueError:
            self.error = _("That is not a hub's host URL: it looks like "
                           "nats://hubhost:KEY@hub.example.org:4222 (the hub prints it).")
            self.hub.error = True
            return None
        return text

    def host(self) -> None:
        """Start the server and open the game (in a worker thread)."""
        if self.working is not None or self.table is not None:
            return
        choices = self._choices()
        hub = self._hub_url()
        if choices is None or hub is None:
            self.app.invalidate()
            return
        if REMOTE not in choices:
            self.error = _("Make at least one seat Remote: a friend plays it from elsewhere.")
            self.app.invalidate()
            return
        self.error = ""
        self.working = STARTER.submit(start_hosting, self.app.games, self.game.value,
                                      choices, self.listen, random.randrange(2**31), hub)
        self.app.invalidate()

    def _started(self) -> None:
        from common.net.session import NetSession

        future, self.working = self.working, None
        assert future is not None  # (called once it is done)
        try:
            hosted, host, advertiser, mine = future.result()
        except Exception as err:  # noqa: BLE001 - the server could not start: say why
            self.error = _("The game could not be hosted: {why}").format(
                why=draw.drawable(err, 160))
            return
        self.hosted = hosted

        def stop() -> None:
            if advertiser is not None:
                advertiser.close()
            host.stop()

        session = NetSession(hosted.url(wire.HOST_ROLE, local=True), self.app.games,
                             domain=hosted.domain)
        self.table = NetTable(session, mine, on_close=stop, by_hand=self.by_hand)
        roles = [*hosted.header.get("remote", []), wire.WATCH_ROLE]
        self.copy_buttons = [(Button(N_("Copy"), self._copier(role), small=True), role)
                             for role in roles]
        self.layout(self.app.size)

    def _copier(self, role: str):
        """Copy a role's code and address (or its URL, for a game on a hub)."""
        def copy() -> None:
            if clipboard.copy(self.invitation(role)):
                self.app.toast(_("Copied: send it to your friend."), 2.5)
            else:
                self.app.toast(_("No clipboard here: read the code out from the screen."),
                               4.0)
        return copy

    def invitation(self, role: str) -> str:
        """What Copy puts on the clipboard for a role: the code, the address and the full
        URL (whichever the friend's program takes), or the URL alone on a hub."""
        from common.net import ticket

        url = self.hosted.url(role)
        code = self.hosted.codes.get(role)
        if not code:
            return str(url)
        where = url.server.split("://", 1)[1]
        return _("Join code {code} at {address}, or the URL {url}").format(
            code=ticket.shown(code), address=where, url=url)

    # waiting -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The server starting; then the table polled; the game opens when all are there."""
        if self.working is not None and self.working.done():
            self._started()
            self.app.invalidate()
        if self.table is None:
            return
        before = (len(self.table.joined), self.table.who())
        self.table.poll()
        everyone = set(self.table.remote_labels()) <= self.table.joined
        if everyone:  # the codes stay on screen until the friends are there
            self.ask_setup(self.table)
        if before != (len(self.table.joined), self.table.who()):
            self.app.invalidate()
        if self.table.ready and everyone:
            self.start_now()

    def wants_frames(self) -> bool:
        """While the server starts (a spinner would turn); the waiting list is polled at the
        loop's rest rate."""
        return self.working is not None

    def start_now(self) -> None:
        """Open the game screen (the remote seats play when they come)."""
        if self.table is not None and self.table.hand_setup() is not None:
            self.ask_setup(self.table)  # this window's figures first
            return
        if self.table is None or not self.table.ready:
            self.app.toast(_("The game is not ready yet: a seat still sets up."), 2.5)
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
        for bot in self.bot_fields:
            bot.show(False)

    @staticmethod
    def _started_late(result: tuple) -> None:
        _hosted, host, advertiser, _mine = result
        if advertiser is not None:
            advertiser.close()
        host.stop()

    # input and drawing ---------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """A click in a text field focuses it alone; then the form's keys and widgets."""
        if isinstance(action, PointerDown) and self.table is None:
            for field in self._fields():
                if field.visible and field.handle(action):
                    for other in self._fields():
                        other.focused = other is field
                    return True
        return super().handle(action)

    def confirm(self) -> None:
        """Enter hosts (or, once hosted, starts now)."""
        (self.host if self.table is None else self.start_now)()

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel: the rows, then Back and Host (or Start now)."""
        m = self.app.m
        self.panel = self.centred_panel(size, 700)
        x = self.panel.x + 2 * m.pad
        bottom = self.panel.bottom - 2 * m.pad - m.button_h
        bw = int(m.normal * 9)
        self.back.rect = pygame.Rect(x, bottom, bw, m.button_h)
        right = self.host_b if self.table is None else self.start_b
        right.rect = pygame.Rect(self.panel.right - 2 * m.pad - bw, bottom, bw, m.button_h)
        top = self.panel.y + 2 * m.pad + m.large + 2 * m.pad
        if self.table is None:
            self._place_form(x, top)
        else:
            place_waiting(self, x, top)

    def _place_form(self, x: int, y: int) -> None:
        m = self.app.m
        label_w = int(m.normal * 6)
        field_w = self.panel.w - 4 * m.pad - label_w
        gap = max(4, m.pad // 2) if self._crowded() else m.pad
        self.rows = []
        rows = [(_("Game"), self.game), (_("Players"), self.count),
                *((self._seat_name(i), c) for i, c in enumerate(self._shown_seats()))]
        for index, (text, widget) in enumerate(rows):
            widget.rect = pygame.Rect(x + label_w, y, field_w, m.button_h)
            self.rows.append((text, y + m.button_h // 2))
            y += m.button_h + gap
            bot = self.bot_fields[index - 2] if index >= 2 else None
            if bot is not None and bot.shown:
                y += bot.layout(x + label_w, y, field_w, m) + m.small + gap
        self.hub.rect = pygame.Rect(x + label_w, y, field_w, m.button_h)
        self.hub.px = m.small
        self.rows.append((_("Hub"), y + m.button_h // 2))

    def _crowded(self) -> bool:
        """True when the form's rows would not fit with the usual gaps."""
        m = self.app.m
        rows = 3 + int(self.count.value) + sum(b.shown for b in self.bot_fields) * 1.6
        room = self.panel.h - 6 * m.pad - m.large - 2 * m.button_h - 3 * m.small
        return rows * (m.button_h + m.pad) > room

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the form or the codes and the waiting list."""
        pal, m = self.app.pal, self.app.m
        x, width = self.draw_panel(surface, _("Host a network game"))
        if self.table is None:
            self._draw_form(surface, x)
        else:
            draw_waiting(self, surface, x)
        if self.error:
            for i, line in enumerate(draw.wrap(self.error, m.small, width, max_lines=3)):
                draw.blit_text(surface, line, m.small, pal.refusal,
                               (x, self.back.rect.y - (3 - i) * (m.small + 4) - m.pad))
        self.back.draw(surface, pal, m)
        (self.host_b if self.table is None else self.start_b).draw(surface, pal, m)

    def _draw_form(self, surface: pygame.Surface, x: int) -> None:
        pal, m = self.app.pal, self.app.m
        label_w = int(m.normal * 6) - m.pad
        for text, cy in self.rows:
            draw.blit_text(surface, text, draw.fit_text(text, m.normal, label_w), pal.text,
                           (x, cy), "midleft")
        for widget in [self.game, self.count, *self._shown_seats(), self.hub]:
            widget.draw(surface, pal, m)
        for bot in self.bot_fields:
            if bot.shown:
                for widget in bot.widgets:
                    widget.draw(surface, pal, m)
                bot.draw(surface, pal, m)
        if self.working is not None:
            text = _("Starting the server…") if not self.hub.value.strip() else \
                _("Registering the game on the hub and starting the server…")
            draw.blit_text(surface, text, m.normal, pal.text_dim,
                           (x, self.back.rect.y - m.pad), "bottomleft")
