#!/usr/bin/env python3
"""Network play figures, all on loopback with the bundled nats-server (common/net).

    python3 bootstrap.py bench net [--games 200] [--turns 40] [--procs 2]

Prints

- **latency**: from a move published by one client (`NetSession.play`) to its being applied
  by another (`NetSession.poll` judging it): median and p99 over whole games (2-player
  Prepollency, random moves, two sessions in this process);
- **server**: the time `NatsServer.start` takes until the server takes connections, and its
  memory (RSS) after the start and after the games;
- **client**: the memory of this process before and after one `NetSession` connected (the
  nats-py client, its thread, the judge);
- **hub**: a hub (`common.net.hub.Hub`) with `--games` simultaneous 4-seat Prepollency games,
  every seat its own connection and its own judge (asyncio clients in `--procs` worker
  processes, each game's four seats in one), random moves for `--turns` turns a game:
  registration time, moves applied per second (counted by the seat that moves next: the
  games' pace), the median and p99 latency from publish to applied (every other seat's), and
  the CPU time the server and the clients spent (on two cores the clients' judging is the
  limit, not the server).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _rss() -> int:
    """This process's resident memory (/proc, else psutil)."""
    try:
        with open("/proc/self/status") as file:
            for line in file:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import psutil

    return int(psutil.Process().memory_info().rss)


def _mb(value: float) -> str:
    return f"{value / (1024 * 1024):.1f} MB"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latency_and_server(games_to_play: int) -> None:
    from common.games import engines
    from common.net.host import Host, HostedGame, header_message
    from common.net.session import NetSession

    games = engines()
    game = games["prepollency"]
    before = _rss()
    samples: list[float] = []
    starts, server_rss = [], []
    client_rss = 0
    for number in range(games_to_play):
        initial = game.new_state(random.Random(number), 2, 1)
        hosted = HostedGame.new("prepollency", ["1", "3"], ["1"])
        host = Host(hosted)
        started = time.perf_counter()
        host.start()
        starts.append(time.perf_counter() - started)
        assert host.server is not None
        server_rss.append(host.server.rss())
        host.open(header_message(game, initial, {"1": "random", "3": "human"}, ["3"]))
        a = NetSession(hosted.url("host", local=True), games)
        b = NetSession(hosted.url("3"), games)
        if number == 0:
            a.client.wait_connected(30)
            client_rss = _rss() - before
        rng = random.Random(number)
        sent: dict[int, float] = {}
        sessions = {1: a, 3: b}
        deadline = time.monotonic() + 300
        while not (a.game.over and b.game.over) and time.monotonic() < deadline:
            for seat, mine in sessions.items():
                for event in mine.poll():
                    if event.kind == "move" and event.player != seat and event.ply in sent:
                        samples.append(time.perf_counter() - sent.pop(event.ply))
                net = mine.game
                if net.to_move() == seat and net.plies not in sent and not mine.pending():
                    sent[net.plies] = time.perf_counter()
                    mine.play(seat, game.random_move(net.match.state, rng))
            time.sleep(0.0002)
        server_rss.append(host.server.rss())
        a.close(), b.close()
        host.stop()
    print(f"latency publish -> applied on the other client: median "
          f"{statistics.median(samples) * 1000:.2f} ms, p99 {_pct(samples, 0.99) * 1000:.2f} ms"
          f" ({len(samples)} moves, {games_to_play} games)")
    print(f"server start: median {statistics.median(starts) * 1000:.0f} ms, max "
          f"{max(starts) * 1000:.0f} ms; server RSS {_mb(min(server_rss))} after start, "
          f"{_mb(max(server_rss))} at most")
    print(f"client: this process grew {_mb(client_rss)} for its first session (nats-py, its "
          f"thread, the judge); process RSS now {_mb(_rss())}")


class _Seat:
    """One seat of a hub game: its own connection, consumer and judge."""

    def __init__(self, game_id: str, label: str, secret: str, port: int, games: dict) -> None:
        from common.net import wire
        from common.net.judge import NetGame

        self.url = wire.make_url("127.0.0.1", port, game_id, label, secret)
        self.net = NetGame(games)
        self.label = label
        self.nc = None
        self.js = None


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (/proc), 0 where it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _clients(job: tuple[list[tuple[str, dict]], int, int]) -> tuple[int, list[float], float]:
    """In a worker process: play these games, every seat its own client (asyncio); the moves
    applied, the latencies, the CPU time this process spent."""
    sys.path.insert(0, str(ROOT))
    games_secrets, port, turns = job
    return asyncio.run(_play(games_secrets, port, turns))


async def _play(games_secrets: list[tuple[str, dict]], port: int, turns: int
                ) -> tuple[int, list[float], float]:
    import nats
    from nats.js import api

    from common.games import engines
    from common.net import wire

    games = engines()
    game = games["prepollency"]
    cpu = time.process_time()
    seats = [_Seat(game_id, label, secrets[label], port, games)
             for game_id, secrets in games_secrets for label in ("1", "2", "3", "4")]
    sent: dict[tuple[str, int], float] = {}
    latencies: list[float] = []
    applied = 0
    done = asyncio.Event()
    finished = 0

    async def run(seat: _Seat, rng: random.Random) -> None:
        nonlocal applied, finished
        seat.nc = await nats.connect(seat.url.connect_url(), max_reconnect_attempts=-1,
                                     inbox_prefix=wire.inbox_prefix(seat.url.game_id,
                                                                    seat.label))
        seat.js = seat.nc.jetstream(timeout=60)
        me = int(seat.label)
        turn = asyncio.Event()

        async def on(msg) -> None:
            nonlocal applied, finished
            for event in seat.net.feed(msg.metadata.sequence.stream, msg.subject, msg.data):
                if event.kind == "move":
                    key = (seat.url.game_id, event.ply)
                    if event.player != me and key in sent:
                        latencies.append(time.perf_counter() - sent[key])
                    if seat.net.to_move() == me or (seat.net.over and event.player == me):
                        applied += 1  # counted once a move: by the next seat
            if seat.net.plies >= turns or seat.net.over:
                if not turn.is_set():
                    finished += 1
                    if finished == len(seats):
                        done.set()
                turn.set()
            elif seat.net.to_move() == me:
                turn.set()

        await seat.js.subscribe(wire.game_subjects(seat.url.game_id),
                                stream=wire.stream_name(seat.url.game_id), cb=on,
                                ordered_consumer=True,
                                deliver_policy=api.DeliverPolicy.BY_START_SEQUENCE,
                                config=api.ConsumerConfig(opt_start_seq=1))
        while True:
            await turn.wait()
            turn.clear()
            net = seat.net
            if net.plies >= turns or net.over:
                return
            if net.to_move() != me:
                continue
            move = game.random_move(net.match.state, rng)
            body = {"t": "move", "seat": seat.label, "ply": net.plies,
                    "move": game.move_data(move)}
            sent[(seat.url.game_id, net.plies)] = time.perf_counter()
            await seat.js.publish(wire.seat_subject(seat.url.game_id, seat.label),
                                  wire.encode(body),
                                  headers={wire.CAS_HEADER: str(net.last_seq)})

    tasks = [asyncio.create_task(run(seat, random.Random(i))) for i, seat in enumerate(seats)]
    await asyncio.wait_for(done.wait(), timeout=1200)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*(s.nc.close() for s in seats if s.nc is not None),
                         return_exceptions=True)
    return applied, latencies, time.process_time() - cpu


async def hub_load(count: int, turns: int, procs: int) -> None:
    import multiprocessing

    import nats

    from common.games import engines
    from common.net import wire
    from common.net.host import HostedGame, header_message
    from common.net.hub import Hub, register
    from common.net.server import free_port

    games = engines()
    game = games["prepollency"]
    folder = Path(tempfile.mkdtemp(prefix="ovp-hub-bench-"))
    hub = Hub(folder, "127.0.0.1", free_port(), free_port())
    hub.start()
    try:
        started = time.perf_counter()
        hosted_games = []
        for number in range(count):
            hosted = HostedGame.new("prepollency", ["1", "2", "3", "4"], [],
                                    hub=hub.host_url)
            await asyncio.to_thread(register, hosted)
            hosted_games.append((hosted, game.new_state(random.Random(number), 4, 1)))
        took = time.perf_counter() - started
        print(f"hub: {count} games registered in {took:.1f} s "
              f"({took / count * 1000:.0f} ms each: users added, configuration re-read)")
        admin = await nats.connect(f"nats://hubadmin:{hub.state['admin']}@127.0.0.1:"
                                   f"{hub.port}")
        ajs = admin.jetstream(timeout=30)
        for hosted, initial in hosted_games:
            header = header_message(game, initial, dict.fromkeys(hosted.labels, "human"),
                                    hosted.labels)
            await ajs.publish(wire.host_subject(hosted.game_id), wire.encode(header))
        await admin.close()
        jobs = [([(h.game_id, h.secrets) for h, _ in hosted_games[i::procs]], hub.port, turns)
                for i in range(procs)]
        server_cpu = _cpu_seconds(hub.server.pid or 0)
        started = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(procs) as pool:
            results = await asyncio.to_thread(pool.map, _clients, jobs)
        elapsed = time.perf_counter() - started
        server_cpu = _cpu_seconds(hub.server.pid or 0) - server_cpu
        applied = sum(r[0] for r in results)
        latencies = [x for r in results for x in r[1]]
        client_cpu = sum(r[2] for r in results)
        print(f"hub: {count} games x 4 seats ({count * 4} connections, each its own judge, in "
              f"{procs} client processes): {applied} moves in {elapsed:.1f} s = "
              f"{applied / elapsed:.0f} moves/s; latency publish -> applied median "
              f"{statistics.median(latencies) * 1000:.1f} ms, p99 "
              f"{_pct(latencies, 0.99) * 1000:.1f} ms")
        print(f"hub: CPU spent: server {server_cpu:.1f} s, clients {client_cpu:.1f} s (of "
              f"{elapsed * (os.cpu_count() or 1):.0f} s on {os.cpu_count()} cores); hub server "
              f"RSS {_mb(hub.server.rss())}")
    finally:
        hub.stop()
        shutil.rmtree(folder, ignore_errors=True)  # fd-based: never follows a link


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="hub games (200)")
    parser.add_argument("--turns", type=int, default=40, help="turns per hub game (40)")
    parser.add_argument("--latency-games", type=int, default=5,
                        help="2-player games for the latency figures (5)")
    parser.add_argument("--procs", type=int, default=2,
                        help="processes the hub's clients run in (2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ovp-bench-") as config:
        os.environ["OVERLORDS_CONFIG"] = config
        latency_and_server(args.latency_games)
        asyncio.run(hub_load(args.games, args.turns, args.procs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
