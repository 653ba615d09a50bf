"""The "Join game" screen: the games found on the LAN (`common.net.lan.Browser`, started in a
worker thread and read without blocking), and two fields for what a host sent: the short join
code (``K7QM-3XTP``) and the host's address (``192.168.1.20:40123``; a LAN game picked fills
it), or a whole join URL (`nats://…`, pasted with Ctrl+V) in the code's field. A code is
redeemed for the seat's URL at the host's server (`common.net.ticket.redeem`, in a worker
thread). A seat's URL takes the seat (its secret is kept in the config folder, mode 0600,
never in the save); the spectators' URL opens a read-only game screen from the first move.
The game screen opens once the log is read; a URL that is wrong, or a server that refuses it,
is said on the screen, and nothing is lost.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import time
from typing import Any

import pygame

from common.i18n import N_, _
from common.net import ticket, wire
from common.seats import SeatSpec
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, PointerDown
from common.ui.net_table import NetTable
from common.ui.scenes.net_form import NetForm
from common.ui.widgets import Button, TextField, Widget

LAN_SHOWN = 5  # LAN games listed at most
REFRESH = 1.0  # seconds between two looks at the LAN list
CONNECT_SECONDS = 30.0  # a server not reached in this long: the screen says so


def url_of(text: str, picked: Any = None) -> wire.JoinUrl:
    """The URL typed, or the seat code typed for the LAN game picked (ValueError: why not)."""
    text = text.strip()
    if text.startswith(("nats://", "tls://")) or picked is None:
        return wire.parse_url(text)
    label, dash, secret = text.partition("-")
    if not dash or not wire.LABEL.fullmatch(label) or not wire.SECRET.fullmatch(secret):
        raise ValueError(_("A seat code is the seat and its secret, like black-… "
                           "(or paste the whole join URL)."))
    return wire.make_url(picked.host, picked.port, picked.game_id, label, secret)


def redeemer(text: str, where: str) -> Any:
    """What to do with a short code typed: a function that redeems it at the address (to run
    in a worker), or None when the text is no code. ValueError (translated) when it is a
    code but the address is missing or bad."""
    if not ticket.looks_like_code(text):
        return None
    if not where.strip():
        raise ValueError(_("Type the host's address too (it is on the host's screen, like "
                           "192.168.1.20:40123), or pick a game on this network."))
    try:
        ticket.address(where)
    except ValueError:
        raise ValueError(_("The address is the host's name or IP and its port, like "
                           "192.168.1.20:40123.")) from None
    code = ticket.normal(text)
    return lambda: ticket.redeem(where, code)


class JoinScene(NetForm):
    """The Join game screen (see the module docstring)."""

    def __init__(self, app: Any, lan: bool = True, keep: tuple[Any, str] | None = None
                 ) -> None:
        super().__init__(app)
        self.keep = keep  # the save file a continued game goes on writing (path, name)
        self._restarting: concurrent.futures.Future | None = None  # a host's server
        self.field = TextField("", lambda _t: self._typed(),
                               _("K7QM-3XTP, or paste the join URL (Ctrl+V)"), 400)
        self.field.focused = True
        self.address = TextField("", lambda _t: self._typed(), "192.168.1.20:40123",
                                 ticket.ADDRESS_CHARS)
        self._redeeming: concurrent.futures.Future | None = None
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.join_b = Button(N_("Join"), self.join, primary=True, hint="Enter")
        self.lan_buttons: list[Button] = []
        self.found: list[Any] = []
        self.picked: Any = None
        self.error = ""
        self.table: NetTable | None = None
        self._since = 0.0
        self._handed = False
        self._look = 0.0
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="lan")
        self._browser = self._pool.submit(_browser) if lan else None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.focus = Focus(self._focusable)

    def _focusable(self) -> list[Widget]:
        return [self.field, self.address, *self.lan_buttons, self.back, self.join_b]

    def _typed(self) -> None:
        self.error = ""
        self.field.error = self.address.error = False

    # joining -------------------------------------------------------------------------------

    def join(self) -> None:
        """Join with what is typed (the screen says what is wrong)."""
        if self.table is not None or self._redeeming is not None:
            return
        try:
            redeem = redeemer(self.field.value, self.address.value)
        except ValueError as err:
            self._refuse(err, self.address)
            return
        if redeem is not None:
            self.error = ""
            self._redeeming = self._pool.submit(redeem)
            self.app.invalidate()
            return
        if not self.field.value.strip():
            self._refuse(ValueError(_("Type the join code your host gave you (or paste the "
                                      "join URL).")), self.field)
            return
        try:
            url = url_of(self.field.value, self.picked)
            if url.role in (wire.HOST_ROLE, "leaf"):
                raise ValueError(_("That is the host's own URL: use a seat's or the "
                                   "spectators' URL."))
        except ValueError as err:
            self._refuse(err, self.field)
            return
        self.take(url)

    def _refuse(self, why: Exception, field: TextField) -> None:
        self.error = draw.drawable(why, 200)
        field.error = True
        field.focused = True
        (self.address if field is self.field else self.field).focused = False
        self.app.invalidate()

    def _redeemed(self) -> None:
        future, self._redeeming = self._redeeming, None
        assert future is not None  # (called once it is done)
        try:
            url = future.result()
        except ValueError as err:  # the code, the address or the server: said as it is
            self.error = _("Cannot join with this code: {why}").format(
                why=draw.drawable(err, 200))
            self.field.error = True
            self.app.invalidate()
            return
        self.take(url)

    def take(self, url: wire.JoinUrl) -> None:
        """Join with a URL: its secret kept, then the table."""
        self.field.error = self.address.error = False
        from common.net import keys

        try:  # a spectator's too: Continue watches on
            keys.save(url.game_id, url.role, url.secret)
        except (OSError, ValueError) as err:
            why = draw.drawable(err, 80)
            self.app.toast(_("The seat's secret is not kept ({why}): Continue will not "
                             "reconnect.").format(why=why), 4.0)
        self.connect(url, {} if url.role == wire.WATCH_ROLE else {url.role: SeatSpec("human")})

    def connect(self, url: wire.JoinUrl, mine: dict[str, SeatSpec],
                on_close: Any = None) -> None:
        """Connect to the table as `mine` (label -> spec; none for a spectator)."""
        from common.net.session import NetSession

        self.table = NetTable(NetSession(url, self.app.games), mine, on_close=on_close,
                              by_hand=self.by_hand)
        self._since = time.monotonic()
        self.app.invalidate()

    def restart_host(self, restarting: concurrent.futures.Future) -> None:
        """A hosted game continued: connect once its server runs again (`restarting` gives
        the host's URL, its seats and what stops the server)."""
        self._restarting = restarting
        self._since = time.monotonic()

    def _restarted(self) -> None:
        future, self._restarting = self._restarting, None
        assert future is not None  # (called once it is done)
        try:
            url, mine, stop = future.result()
        except Exception as err:  # noqa: BLE001 - no server here: say why
            self.error = _("This game cannot be continued: {why}").format(
                why=draw.drawable(err, 160))
            self.app.invalidate()
            return
        self.connect(url, mine, on_close=stop)

    def update(self, dt: float) -> None:
        """The LAN list (every REFRESH seconds); the table until its game is ready."""
        self._look -= dt
        if self._look <= 0:
            self._look = REFRESH
            self._refresh_lan()
        if self._restarting is not None and self._restarting.done():
            self._restarted()
        if self._redeeming is not None and self._redeeming.done():
            self._redeemed()
        table = self.table
        if table is None:
            return
        before = table.connection, table.waiting_for_setup()
        table.poll()
        self.ask_setup(table)
        problem = table.session.failed
        if not problem and not table.game.ready and \
                time.monotonic() - self._since > CONNECT_SECONDS:
            problem = _("no answer from the server ({status})").format(
                status=table.session.status)
        if problem:
            self.error = _("Cannot join: {why}").format(why=draw.drawable(problem, 200))
            self.table = None
            table.close()
            self.app.invalidate()
            return
        if table.ready:
            from common.ui.scenes.net_game_scene import open_game

            self._handed = True
            game = open_game(self.app, table)
            app = self.app
            game.again = lambda: JoinScene(app)
            if self.keep is not None:
                game.keep_in(*self.keep)
            self.app.replace(game)
        elif before != (table.connection, table.waiting_for_setup()):
            self.app.invalidate()

    def _refresh_lan(self) -> None:
        browser = self._lan()
        if browser is None:
            return
        found = browser.games()[:LAN_SHOWN]
        if found != self.found:
            self.found = found
            self.lan_buttons = [Button(self._lan_words(g), self._picker(g), small=True)
                                for g in found]
            self.layout(self.app.size)
            self.app.invalidate()

    def _lan(self) -> Any:
        if self._browser is None or not self._browser.done():
            return None
        try:
            return self._browser.result()
        except Exception:  # noqa: BLE001 - no multicast here: URLs still work
            self._browser = None
            return None

    @staticmethod
    def _lan_words(game: Any) -> str:
        seats = ", ".join(game.open_seats) or _("none")
        where = f"{game.host}:{game.port}"
        return draw.drawable(_("{game} at {address}, open seats: {seats}").format(
            game=game.game.title(), address=where, seats=seats), 80)

    def _picker(self, game: Any):
        def pick() -> None:
            self.picked = game
            self.address.set(f"{game.host}:{game.port}")
            self.field.focused = True
            self.address.focused = False
            self.app.invalidate()
        return pick

    def close(self) -> None:
        """Leaving: the LAN browser stops; a table not handed to a game disconnects."""
        if self._restarting is not None:  # a host's server that is starting: stopped
            with contextlib.suppress(Exception):
                self._restarting.result(timeout=30)[2]()
        if self.table is not None and not self._handed:
            self.table.close()
        browser = self._lan()
        if browser is not None:
            browser.close()
        self._pool.shutdown(wait=False)

    # input and drawing ---------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Typing goes to the focused field; the LAN games and the buttons by mouse or keys."""
        if isinstance(action, PointerDown):
            for field, other in ((self.field, self.address), (self.address, self.field)):
                if field.handle(action):
                    other.focused = False
                    return True
        return super().handle(action)

    def confirm(self) -> None:
        """Enter joins."""
        self.join()

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel: the field, the LAN games, then Back and Join."""
        m = self.app.m
        self.panel = self.centred_panel(size, 640)
        x = self.panel.x + 2 * m.pad
        inner = self.panel.w - 4 * m.pad
        y = self.panel.y + 3 * m.pad + m.large + m.normal + m.pad
        self.field.rect = pygame.Rect(x, y, inner, m.button_h)
        self.field.px = m.normal
        y += m.button_h + 2 * m.pad + m.normal
        self.address.rect = pygame.Rect(x, y, inner, m.button_h)
        self.address.px = m.normal
        y += m.button_h + 3 * m.pad + m.normal
        self.lan_y = y - m.normal - m.pad // 2
        for button in self.lan_buttons:
            button.rect = pygame.Rect(x, y, inner, m.button_h)
            y += m.button_h + m.pad // 2
        bottom = self.panel.bottom - 2 * m.pad - m.button_h
        bw = int(m.normal * 9)
        self.back.rect = pygame.Rect(x, bottom, bw, m.button_h)
        self.join_b.rect = pygame.Rect(self.panel.right - 2 * m.pad - bw, bottom, bw,
                                       m.button_h)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the field, the LAN games, the connection or the error."""
        pal, m = self.app.pal, self.app.m
        x, width = self.draw_panel(surface, _("Join a network game"))
        for field, words in ((self.field, _("The join code (or the join URL) your host sent "
                                            "you:")),
                             (self.address, _("The host's address (on the host's screen):"))):
            draw.blit_text(surface, words, draw.fit_text(words, m.normal, width), pal.text,
                           (x, field.rect.y - m.pad // 2), "bottomleft")
            field.draw(surface, pal, m)
        lan = _("Games on this network:") if self.lan_buttons else \
            _("Games on this network: none found yet (looking…)")
        lan_px = draw.fit_text(lan, m.normal, width)
        draw.blit_text(surface, lan, lan_px, pal.text, (x, self.lan_y), "bottomleft")
        for button in self.lan_buttons:
            button.draw(surface, pal, m)
        note = self.error or ((self.table.waiting_for_setup() or self.table.connection)
                              if self.table is not None else
                              _("Starting the game's server again…") if self._restarting else
                              _("Asking the host's server for the game…") if self._redeeming
                              else "")
        for i, line in enumerate(draw.wrap(note, m.small, width, max_lines=3)):
            draw.blit_text(surface, line, m.small, pal.refusal if self.error else pal.text,
                           (x, self.back.rect.y - m.pad - (3 - i) * (m.small + 4)))
        self.back.draw(surface, pal, m)
        self.join_b.draw(surface, pal, m)


def _browser() -> Any:
    from common.net.lan import Browser

    return Browser()
