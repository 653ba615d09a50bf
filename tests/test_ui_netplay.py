"""The window at a network table, over a real nats-server on 127.0.0.1 (a free port): the Host
game screen hosts, a headless client (the `join` command's seats) joins and plays to the end,
both records agree and the window's save keeps the network details but never the secret; a
spectator's screen replays the finished game; an undo request refused, then accepted, both
ways."""

from __future__ import annotations

import contextlib
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.net import wire  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.scenes.host_scene import HostScene  # noqa: E402
from common.ui.scenes.join_scene import JoinScene  # noqa: E402
from common.ui.scenes.net_game_scene import NetGameScene  # noqa: E402
from common.ui.scenes.undo_request_scene import UndoRequest  # noqa: E402
from tests.helpers.netplay import DEADLINE, Player, session  # noqa: E402


@pytest.fixture
def app(tmp_path):
    a = App(main.games())
    a.saves_folder = tmp_path  # the window saves its games there
    a.settings.animation = "off"
    yield a
    a.close()


def run(app: App, until, players=(), seconds: float = DEADLINE) -> None:
    """Step the app (and the headless players) until `until()` (a generous deadline)."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "the window did not get there in time"
        app.step(0.02)
        for player in players:
            player.step()
        time.sleep(0.002)


def host(app: App, game: str, seats: list[str]) -> HostScene:
    scene = HostScene(app, listen="127.0.0.1")
    app.push(scene)
    scene.game.value = game
    scene._game_changed()
    scene.count.value = str(len(seats))
    scene._seats_changed()
    for choice, value in zip(scene.seat_choices, seats, strict=False):
        choice.value = value
    scene.host()
    run(app, lambda: scene.table is not None or scene.error)
    assert not scene.error
    return scene


def strip(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("net", "players", "names")}


def test_window_hosts_a_cpu_joins_both_records_agree_and_a_spectator_replays(app):
    scene = host(app, "overlords", ["novice", "remote"])
    hosted = scene.hosted
    assert app.top is scene  # the waiting list, until Black joins
    black = Player(session(hosted.url("black")), {"black": "random"}, seed=3)
    try:
        run(app, lambda: isinstance(app.top, NetGameScene), [black])
        game = app.top
        # the window's CPU seat set up as a CPU does at one table (its own choice, chosen off
        # the window's thread), not the header's random arrangement
        from common.net.local import cpu_setup
        from common.seats import SeatSpec

        log = game.table.game.match
        header = log.game.initial_state({"game": "overlords", "version": rec.VERSION,
                                         **hosted.header["record"]})
        chosen = cpu_setup(log.game, header, 0, SeatSpec.parse("novice"),
                           hosted.header["info"]["seed"])
        assert chosen is not None and log.game.record_header(log.initial)["setup"]["white"] \
            == chosen
        run(app, lambda: game.match.over and black.net.game.over and game.game_over_shown
            and game.table.game.over, [black])
        mine, theirs = game.table.record(), black.net.record()
        assert strip(mine) == strip(theirs)
        assert game.match.moves == game.table.game.match.moves
        rec.replay(mine, main.games())
        assert mine["net"]["seat"] == "host" and mine["net"]["last_seq"] > 3
        game.autosave()
        game.saver.flush()
        saved = game.saver.path.read_text()
        assert '"net"' in saved and hosted.secrets["black"] not in saved
        assert hosted.secrets["host"] not in saved

        # a spectator's window: every move from the first, then the result; no seat played
        watch = JoinScene(app, lan=False)
        app.push(watch)
        watch.field.set(str(hosted.url(wire.WATCH_ROLE)))
        watch.join()
        run(app, lambda: isinstance(app.top, NetGameScene) and app.top is not game)
        spectator = app.top
        run(app, lambda: spectator.match.over)
        assert spectator.table.spectator and spectator.match.humans == 0
        assert spectator.match.moves == game.match.moves
        spectator.start_review(0)  # looking back works; nothing else does
        assert spectator.match.review == 0
    finally:
        black.close()


def test_join_screen_says_what_is_wrong_with_a_url(app):
    scene = JoinScene(app, lan=False)
    app.push(scene)
    scene.field.set("nats://nobody@example.org/xyz")
    scene.join()
    assert scene.error and scene.table is None and scene.field.error
    scene.field.set("  ")  # nothing typed: what to type
    scene.join()
    assert "join code" in scene.error and scene.field.error and scene.table is None


@contextlib.contextmanager
def started_with_a_remote(app):
    """A hosted Prepollency game, this window's person against a remote seat played by a
    headless session, started once both have read it: (the remote's session, the helper
    that plays it, the window's game screen); the helper is closed after."""
    scene = host(app, "prepollency", ["me", "remote"])
    hosted = scene.hosted
    remote = session(hosted.url(hosted.header["remote"][0]))
    helper = Player(remote, {})
    try:
        run(app, lambda: remote.game.ready and scene.table.ready, [helper])  # both read it
        scene.start_now()
        run(app, lambda: isinstance(app.top, NetGameScene), [helper])
        yield remote, helper, app.top
    finally:
        helper.close()


def _legal(scene) -> object:
    m = scene.match
    return random.Random(len(m.moves)).choice(list(m.game.legal_moves(m.state)))


def test_undo_requests_refused_then_accepted_both_ways(app):
    with started_with_a_remote(app) as (remote, helper, game):
        me, them = game.match.players[0], game.match.players[1]

        def turn() -> None:
            """One turn, whoever's it is: the window's person clicks, the remote publishes."""
            count = len(game.match.moves)
            if game.match.to_move == me:
                run(app, lambda: game.my_turn, [helper])
                game.play(_legal(game))
            else:
                log = remote.game.match
                move = random.Random(count).choice(list(log.game.legal_moves(log.state)))
                remote.play(them, move)
            run(app, lambda: len(game.match.moves) == count + 1
                and remote.game.plies == count + 1 and not game.animator.busy, [helper])

        for _ in range(4):
            turn()
        # the remote asks: the window shows the question; Refuse keeps the game
        remote.ask_undo(them, max(i for i in range(4) if game.match.mover(i) == them))
        run(app, lambda: isinstance(app.top, UndoRequest), [helper])
        app.top.buttons[1].on_click()  # Refuse
        run(app, lambda: any(e.kind == "undo-refused" for e in helper.events), [helper])
        assert len(game.match.moves) == 4
        # asked again: Accept takes the turns back in the window and in the log
        to = max(i for i in range(4) if game.match.mover(i) == them)
        remote.ask_undo(them, to)
        run(app, lambda: isinstance(app.top, UndoRequest), [helper])
        app.top.buttons[0].on_click()  # Accept
        run(app, lambda: len(game.match.moves) == to and remote.game.plies == to, [helper])
        # the window asks: the remote refuses, then accepts
        while game.match.to_move != me or not any(
                game.match.mover(i) == me for i in range(len(game.match.moves))):
            turn()
        game.undo()
        run(app, lambda: remote.game.undo is not None, [helper])
        remote.answer_undo(them, False)
        run(app, lambda: remote.game.undo is None and game.table.game.undo is None, [helper])
        kept = len(game.match.moves)
        assert kept == remote.game.plies
        game.undo()
        run(app, lambda: remote.game.undo is not None, [helper])
        target = remote.game.undo.to
        remote.answer_undo(them, True)
        run(app, lambda: len(game.match.moves) == target and remote.game.plies == target,
            [helper])
        assert target < kept


def test_continue_restarts_the_hosts_server_and_the_others_play_on(app):
    from common.saves.folder import scan
    from common.ui import resume, saves

    with started_with_a_remote(app) as (remote, helper, game):
        me, them = game.match.players[0], game.match.players[1]
        if game.match.to_move == me:
            run(app, lambda: game.my_turn, [helper])
            game.play(_legal(game))
        run(app, lambda: remote.game.plies == len(game.match.moves) == game.table.game.plies
            and remote.game.to_move() == them, [helper])
        played = len(game.match.moves)
        app.main_menu()  # the host leaves: its server stops, the save stays
        run(app, lambda: not remote.client.connected, [helper])
        files = scan(app.saves_folder)
        assert len(files) == 1
        # the main menu lists it, with whose turn it is (the remote seat's)
        from common.ui.net_games import find

        rows = find(app.saves_folder, main.games())
        assert [r.path for r in rows] == [files[0].path]
        assert not rows[0].yours and rows[0].turn == f"{game.match.name(them)}'s turn"
        menu = app.top
        run(app, lambda: menu.net_games.buttons, [helper])
        entry = saves.Entry(files[0])
        resume.open_entry(app, entry)
        run(app, lambda: isinstance(app.top, NetGameScene), [helper])
        again = app.top
        assert len(again.match.moves) == played and again.table.mine
        # the remote client reconnects by itself and plays on; the window sees it
        run(app, lambda: remote.client.connected and remote.game.plies == played, [helper])
        log = remote.game.match
        remote.play(them, random.Random(1).choice(list(log.game.legal_moves(log.state))))
        run(app, lambda: len(again.match.moves) == played + 1, [helper])
        assert any(e.kind == "status" and "again" in e.text for e in helper.events)


def ready_and_play(app: App, placing, other: Player) -> NetGameScene:
    """Ready on a network setup screen: the game opens, and the side's setup is the one
    placed, in the window's log and in the other player's."""
    from overlords.setup import setup_of

    chosen, side = dict(placing.phase.mine), placing.side
    placing.ready(checked=True)
    run(app, lambda: isinstance(app.top, NetGameScene), [other])
    game = app.top
    assert setup_of(game.table.game.match.initial)[side] == chosen
    assert setup_of(other.net.game.match.initial)[side] == chosen
    return game


def test_join_game_takes_a_short_code_and_the_hosts_address(app):
    from common.net import keys, ticket
    from tests.helpers.netplay import host_game

    host = host_game("overlords", ["random", None], seed=5)
    h = host.hosted
    white = Player(session(h.url(wire.HOST_ROLE, local=True)), {"white": "random"}, seed=1)
    scene = JoinScene(app, lan=False)
    app.push(scene)
    try:
        # a code without the address, a wrong address: the screen says which field to mend
        scene.field.set(ticket.shown(h.codes["black"]).lower())
        scene.join()
        assert scene.address.error and "address" in scene.error and scene.table is None
        scene.address.set("127.0.0.1:0")
        scene.join()
        assert scene.address.error and scene.table is None
        # a code the server does not know: said once the server answered
        scene.address.set(f"127.0.0.1:{h.port}")
        scene.field.set(next(c for c in (ticket.new_code() for _ in range(9))
                             if c not in h.codes.values()))
        scene.join()
        run(app, lambda: scene._redeeming is None, [white])
        assert "code" in scene.error and scene.field.error and scene.table is None
        # the right code: the seat's URL comes back, its secret is kept; once White has set
        # up, Black places the figures on the setup screen, seeing White's, as at one table
        scene.field.set(ticket.shown(h.codes["black"]))
        scene.join()
        from overlords.setup import setup_of
        from overlords.ui.net_setup import NetSetupScene

        run(app, lambda: isinstance(app.top, NetSetupScene), [white])
        placing = app.top
        log = white.net.game.match
        assert placing.placed[0] == setup_of(log.initial)[0]  # White's figures, as set up
        assert placing.phase is not None and placing.phase.side == 1
        placing.phase.use_default(placing.features)
        game = ready_and_play(app, placing, white)
        assert game.table.session.url == h.url("black", local=True)
        assert keys.load(h.game_id, "black") == h.secrets["black"]
        assert [game.match.name(p) for p in game.table.mine] == [game.match.name(1)]
        run(app, lambda: "White was last heard from" in game.table.who()
            and "Black" not in game.table.who(), [white])
    finally:
        white.close()
        app.main_menu()
        host.stop()


def test_host_game_gives_a_seat_to_a_bot_and_the_header_keeps_its_command_line_home(app):
    from common.ui.bots import example_command

    scene = HostScene(app, listen="127.0.0.1")
    app.push(scene)
    scene.seat_choices[0].value = "bot"
    scene._seat_changed(0)
    assert scene.bot_fields[0].shown and scene.bot_fields[0].field in scene._focusable()
    scene.bot_fields[0].field.set("/no/such/program --x")
    scene.host()
    assert scene.working is None and scene.bot_fields[0].problem  # said on the field
    scene.bot_fields[0].field.set(example_command())
    scene.host()
    run(app, lambda: scene.table is not None or scene.error)
    assert not scene.error
    hosted = scene.hosted
    assert hosted.specs["white"].startswith("cmd:")
    assert hosted.header["players"]["white"] == "human"  # no peer sees the command line
    assert example_command() not in str(hosted.header)
    from common.net import ticket

    invitation = scene.invitation("black")  # what Copy gives: the code, the address, the URL
    assert ticket.shown(hosted.codes["black"]) in invitation
    assert f"127.0.0.1:{hosted.port}" in invitation and str(hosted.url("black")) in invitation
    black = Player(session(hosted.url("black")), {"black": "random"}, seed=2)
    try:
        run(app, lambda: isinstance(app.top, NetGameScene), [black])
        game = app.top
        net = game.table.game
        run(app, lambda: len(net.match.moves) >= 4 or net.over, [black])  # the bot plays
        assert net.match.moves and net.match.mover(0) == 0
    finally:
        black.close()
        app.main_menu()


def test_host_game_on_a_hub_links_out_and_a_friend_joins_the_hub(app, tmp_path):
    from common.net.hub import Hub
    from common.net.server import free_port

    hub = Hub(tmp_path / "hub", "127.0.0.1", free_port(), free_port())
    hub.start()
    try:
        scene = HostScene(app, listen="127.0.0.1")
        app.push(scene)
        scene.seat_choices[0].value = "novice"
        scene.hub.set("not a hub")
        scene.host()
        assert scene.hub.error and scene.working is None
        scene.hub.set(hub.host_url)
        scene.host()
        run(app, lambda: scene.table is not None or scene.error)
        assert not scene.error
        hosted = scene.hosted
        assert hosted.url("black").port == hub.port and not hosted.codes
        assert scene.invitation("black") == str(hosted.url("black"))  # no code on a hub
        black = Player(session(hosted.url("black")), {"black": "random"}, seed=4)
        try:
            run(app, lambda: isinstance(app.top, NetGameScene), [black])
            game = app.top
            net = game.table.game  # (a random first setup may lose at once: over counts)
            run(app, lambda: len(net.match.moves) >= 3 or net.over, [black])
            assert net.match.moves and net.match.mover(0) == 0  # the window's CPU played
        finally:
            black.close()
            app.main_menu()
    finally:
        hub.stop()


def test_the_hosts_person_places_the_figures_once_the_friend_is_there(app):
    from overlords.ui.net_setup import NetSetupScene

    scene = host(app, "overlords", ["me", "remote"])
    hosted = scene.hosted
    run(app, lambda: scene.table.hand_setup() == 0)  # White's setup is due, and yet
    for _ in range(20):  # nobody joined: the codes stay on screen, no setup asked yet
        app.step(0.02)
    assert app.top is scene and scene.table.hand_setup() == 0
    black = Player(session(hosted.url("black")), {"black": "random"}, seed=6)
    try:
        run(app, lambda: isinstance(app.top, NetSetupScene), [black])
        placing = app.top
        assert placing.side == 0 and placing.placed == {0: {}}  # White first, nothing placed
        assert not black.net.game.match.moves and black.net.game.setting_up() == 0
        placing.phase.shuffle(random.Random(8), placing.features)
        ready_and_play(app, placing, black)
    finally:
        black.close()
        app.main_menu()
