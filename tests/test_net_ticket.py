"""Short join codes (`common.net.ticket`), over a real nats-server on 127.0.0.1 (a free port):
a code opens its seat's URL and nothing else; a wrong code, a wrong address, an expired ticket
and a hostile ticket are refused with a reason; a code's user can read neither the game nor
another code's ticket; the window's Join game takes a code and an address and plays."""

from __future__ import annotations

import asyncio
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from common.net import ticket, wire  # noqa: E402
from tests.helpers.netplay import host_game  # noqa: E402


@pytest.fixture(scope="module")
def hosted():
    """A hosted Overlords game, Black remote; its server runs for the module's tests."""
    host = host_game("overlords", ["random", None])
    yield host.hosted
    host.stop()


def where(hosted) -> str:
    return f"127.0.0.1:{hosted.port}"


def test_codes_are_short_unambiguous_and_read_back_however_typed():
    code = ticket.new_code()
    assert len(code) == ticket.CODE_LENGTH and set(code) <= set(ticket.ALPHABET)
    assert not set("01ILOU") & set(ticket.ALPHABET)
    assert ticket.normal(f"  {ticket.shown(code).lower()} ") == code
    for bad in ["", "K7QM-3XT", "K7QM-3XTO", "K7QM 3XTP 9", "é" * 8, "x" * 10_000]:
        with pytest.raises(ValueError):
            ticket.normal(bad)


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.20:40123", ("192.168.1.20", 40123)),
    ("example.org", ("example.org", wire.DEFAULT_PORT)),
    ("[::1]:4222", ("::1", 4222)),
    ("nats://u:p@10.0.0.2:5000/abc", ("10.0.0.2", 5000)),
])
def test_an_address_is_read(text, expected):
    assert ticket.address(text) == expected


@pytest.mark.parametrize("text", ["", "host:0", "host:99999", "host:port", "a b:1", "x" * 300,
                                  "h/x:1", "\x00:1"])
def test_a_bad_address_says_why(text):
    with pytest.raises(ValueError):
        ticket.address(text)


def test_a_code_opens_its_seats_url_and_the_spectators_code_theirs(hosted):
    assert set(hosted.codes) == {"black", wire.WATCH_ROLE}  # remote seats and spectators
    url = ticket.redeem(where(hosted), ticket.shown(hosted.codes["black"]))
    assert url == hosted.url("black", local=True)
    watch = ticket.redeem(where(hosted), hosted.codes[wire.WATCH_ROLE].lower())
    assert watch.role == wire.WATCH_ROLE and watch.secret == hosted.secrets[wire.WATCH_ROLE]


def test_a_wrong_code_or_address_is_refused_with_a_reason(hosted):
    wrong = next(c for c in (ticket.new_code() for _ in range(10))
                 if c not in hosted.codes.values())
    with pytest.raises(ValueError, match="does not know this code"):
        ticket.redeem(where(hosted), wrong)
    from common.net.server import free_port

    with pytest.raises(ValueError, match="nothing answers"):
        ticket.redeem(f"127.0.0.1:{free_port()}", wrong, seconds=5)


def _as_code(hosted, code: str, attempt) -> str:
    """Run `attempt(nc)` connected as a code's user; what it returned or the refusal."""
    import nats

    async def run() -> str:
        names = ticket.names(code)
        nc = await nats.connect(f"nats://{names.user}:{code}@127.0.0.1:{hosted.port}",
                                inbox_prefix=names.inbox, allow_reconnect=False)
        try:
            return str(await attempt(nc))
        except Exception as err:  # noqa: BLE001 - the refusal is the answer
            return f"refused: {type(err).__name__} {err}"
        finally:
            await nc.close()
    return asyncio.run(run())


def test_a_codes_user_reads_neither_the_game_nor_another_codes_ticket(hosted):
    black, watch = hosted.codes["black"], hosted.codes[wire.WATCH_ROLE]

    async def other_ticket(nc):
        js = nc.jetstream(timeout=3)
        return await js.get_msg(ticket.STREAM, subject=ticket.names(watch).subject, direct=True)

    async def game_stream(nc):
        js = nc.jetstream(timeout=3)
        return await js.get_msg(wire.stream_name(hosted.game_id), seq=1, direct=True)

    async def publish_move(nc):
        js = nc.jetstream(timeout=3)
        return await js.publish(wire.seat_subject(hosted.game_id, "black"), b"{}")

    async def snoop(nc):
        sub = await nc.subscribe(">")
        await nc.flush(timeout=3)
        return await sub.next_msg(timeout=2)

    for attempt in (other_ticket, game_stream, publish_move, snoop):
        assert _as_code(hosted, black, attempt).startswith("refused"), attempt.__name__

    async def by_sequence(nc):  # its own subject's request, asking for other messages
        subject = f"$JS.API.DIRECT.GET.{ticket.STREAM}.{ticket.names(black).subject}"
        found = [await nc.request(subject, body, timeout=3) for body in
                 (b'{"seq": 1}', b'{"seq": 2}', b'{"next_by_subj": "ovpt.>", "seq": 1}')]
        return b"|".join(m.data for m in found).decode()

    assert hosted.secrets[wire.WATCH_ROLE] not in _as_code(hosted, black, by_sequence)


@pytest.mark.parametrize("data", [None, b"", b"x" * 5000, b"[1]", b"\xff",
                                  b'{"t":"ticket","game":"abc","role":"black","secret":"s"}',
                                  b'{"t":"ticket","game":"abcdefgh","role":"host",'
                                  b'"secret":"aaaaaaaaaaaaaaaaaaaa"}'])
def test_a_hostile_ticket_is_refused(data):
    with pytest.raises(ValueError):
        ticket.read_ticket(data)


def test_a_code_opens_nothing_once_its_ticket_is_dropped(monkeypatch):
    """The tickets' stream drops a ticket after TICKET_SECONDS (its max_age; one second
    here): the code then says it expired, and the full URL still works."""
    import time

    monkeypatch.setattr(ticket, "TICKET_SECONDS", 1)
    host = host_game("prepollency", ["random", None])
    h = host.hosted
    label = h.header["remote"][0]
    try:
        assert ticket.redeem(where(h), h.codes[label]).role == label
        deadline = time.monotonic() + 120
        while True:  # the server drops it on its own schedule: wait for it, generously
            try:
                ticket.redeem(where(h), h.codes[label])
            except ValueError as err:
                assert "expired" in str(err)
                break
            assert time.monotonic() < deadline, "the ticket was never dropped"
            time.sleep(0.2)
        from tests.helpers.netplay import Player, drive, session

        guest = Player(session(h.url(label, local=True)), {})
        try:
            drive([guest], lambda: guest.net.game.ready)
        finally:
            guest.close()
    finally:
        host.stop()
