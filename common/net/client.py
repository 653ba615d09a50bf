"""`NetClient`: one connection to a game's server, run by an asyncio loop in a daemon thread.

The caller's thread never waits on the network: messages read from the stream wait in a
queue (`take`), publishing returns a `concurrent.futures.Future`, and `status` says in words
what the connection is doing ("connecting…", "reconnecting…", "resumed from message 12").

Reading is an ordered JetStream consumer starting at a sequence; after a drop (nats-py
reconnects by itself) the consumer is made again from the last sequence read + 1, so a client
resumes where it was. Publishing sends the compare-and-set header
``Nats-Expected-Last-Sequence``; the future's `Published` says whether the message landed, lost
the race (another message came first: read on, then decide again) or failed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
from dataclasses import dataclass
from typing import Any

from common.i18n import _
from common.net import wire

RETRY_SECONDS = 0.25  # between two connection attempts, and two tries to read again
PUBLISH_SECONDS = 5.0  # a publish unanswered this long failed (a refused subject, a drop)
CAS_CODE = 10071  # JetStream: "wrong last sequence"


@dataclass(frozen=True)
class Published:
    """What became of a publish: "ok" (at sequence `seq`), "race" (another message landed
    first) or "error" (`text` says why)."""

    outcome: str
    seq: int = 0
    text: str = ""


class NetClient:
    """A connection to one game's stream (see the module docstring)."""

    def __init__(self, url: wire.JoinUrl, start_seq: int = 1, domain: str | None = None
                 ) -> None:
        self.url = url
        self.domain = domain  # the JetStream domain (a host's own clients on a hub's leaf)
        self.stream = wire.stream_name(url.game_id)
        self.next_seq = max(1, start_seq)  # the first sequence not read yet
        self.status = "connecting…"
        self.connected = False
        self.failed = ""  # why the client gave up (bad credentials): final
        self.notes: queue.SimpleQueue[str] = queue.SimpleQueue()
        # subject -> when the server stored its latest message (seconds since the epoch): the
        # last time a seat was heard from, whatever the order the log is read in
        self.stored: dict[str, float] = {}
        self._inbox: queue.SimpleQueue[tuple[int, str, bytes]] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._nc: Any = None
        self._sub: Any = None
        self._connect_task: asyncio.Task | None = None
        self._closing = False
        self._resubscribing = False
        self._ready: concurrent.futures.Future[bool] = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._connect(), self._loop)

    # the caller's side ---------------------------------------------------------------------

    def take(self, limit: int = 1000) -> list[tuple[int, str, bytes]]:
        """The messages read since the last call (sequence, subject, bytes), oldest first."""
        out: list[tuple[int, str, bytes]] = []
        while len(out) < limit:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def publish(self, subject: str, data: bytes, expected: int | None
                ) -> concurrent.futures.Future[Published]:
        """Publish to the stream; `expected` is the last sequence read (compare-and-set), or
        None for no condition."""
        return asyncio.run_coroutine_threadsafe(self._publish(subject, data, expected),
                                                self._loop)

    def wait_connected(self, seconds: float) -> bool:
        """Wait (only tests and the command line do) until connected once or failed."""
        try:
            return self._ready.result(seconds)
        except concurrent.futures.TimeoutError:
            return False

    def close(self) -> None:
        """Disconnect and stop the thread (waits at most a few seconds)."""
        if self._closing:
            return
        self._closing = True
        future = asyncio.run_coroutine_threadsafe(self._close(), self._loop)
        with contextlib.suppress(Exception):
            future.result(5.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)

    # the network thread --------------------------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()
        with contextlib.suppress(Exception):
            self._loop.close()

    def _say(self, text: str) -> None:
        self.status = text
        self.notes.put(text)

    async def _connect(self) -> None:
        import nats
        from nats.errors import NoServersError

        self._connect_task = asyncio.current_task()

        while not self._closing:
            try:
                self._nc = await nats.connect(
                    self.url.connect_url(), name=f"ovp {self.url.role}",
                    inbox_prefix=wire.inbox_prefix(self.url.game_id, self.url.role),
                    allow_reconnect=True, max_reconnect_attempts=-1,
                    reconnect_time_wait=RETRY_SECONDS, connect_timeout=2,
                    ping_interval=2, max_outstanding_pings=3,
                    disconnected_cb=self._disconnected, reconnected_cb=self._reconnected,
                    error_cb=self._error, closed_cb=self._closed)
                break
            except (NoServersError, OSError, TimeoutError) as err:
                if "authorization" in str(err).lower():
                    return self._give_up(_("the server refused these credentials"))
                self.status = "connecting…"
                await asyncio.sleep(RETRY_SECONDS)
            except Exception as err:  # noqa: BLE001 - nats-py raises many kinds
                if "authorization" in str(err).lower():
                    return self._give_up(_("the server refused these credentials"))
                self.status = "connecting…"
                await asyncio.sleep(RETRY_SECONDS)
        if self._closing:
            return None
        self.connected = True
        await self._subscribe(first=True)
        if not self._ready.done():
            self._ready.set_result(True)
        return None

    def _give_up(self, why: str) -> None:
        """Final: `failed` says why (the caller shows it once) and no attempt goes on."""
        self.failed = why
        self.status = why
        if not self._ready.done():
            self._ready.set_result(False)
        task = self._connect_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()  # nats-py would go on trying the refused credentials

    async def _subscribe(self, first: bool = False) -> None:
        """(Re)make the ordered consumer from `next_seq`, trying until it works."""
        from nats.js import api

        if self._resubscribing:
            return
        self._resubscribing = True
        try:
            while not self._closing:
                old, self._sub = self._sub, None
                if old is not None:
                    with contextlib.suppress(Exception):
                        await old.unsubscribe()
                try:
                    js = self._nc.jetstream(timeout=PUBLISH_SECONDS, domain=self.domain)
                    self._sub = await js.subscribe(
                        wire.game_subjects(self.url.game_id), stream=self.stream,
                        cb=self._message, ordered_consumer=True, idle_heartbeat=2.0,
                        deliver_policy=api.DeliverPolicy.BY_START_SEQUENCE,
                        config=api.ConsumerConfig(opt_start_seq=self.next_seq))
                except Exception as err:  # noqa: BLE001 - the stream not there yet, a drop
                    if "authorization" in str(err).lower() or "permission" in str(err).lower():
                        self._give_up(_("the server refused to show this game"))
                        return
                    self.status = _("waiting for the game…")
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                if first:
                    self._say("connected")
                else:
                    self._say(f"connected again: resumed from message {self.next_seq}")
                return
        finally:
            self._resubscribing = False

    async def _message(self, msg: Any) -> None:
        seq = msg.metadata.sequence.stream
        if seq < self.next_seq:
            return  # a repeat after a restart of the consumer
        self.next_seq = seq + 1
        with contextlib.suppress(AttributeError, TypeError, ValueError, OverflowError):
            stamp = msg.metadata.timestamp.timestamp()
            self.stored[msg.subject] = max(stamp, self.stored.get(msg.subject, 0.0))
        data = msg.data if len(msg.data) <= wire.MAX_PAYLOAD else msg.data[: wire.MAX_PAYLOAD + 1]
        self._inbox.put((seq, msg.subject, bytes(data)))

    async def _publish(self, subject: str, data: bytes, expected: int | None) -> Published:
        import nats.js.errors

        if self._nc is None or not self.connected:
            return Published("error", text=_("not connected"))
        headers = {wire.CAS_HEADER: str(expected)} if expected is not None else None
        try:
            js = self._nc.jetstream(domain=self.domain)
            ack = await js.publish(subject, data, timeout=PUBLISH_SECONDS, headers=headers)
        except nats.js.errors.APIError as err:
            if getattr(err, "err_code", None) == CAS_CODE:
                return Published("race", text=_("another message came first"))
            return Published("error", text=str(getattr(err, "description", "") or err)[:200])
        except Exception as err:  # noqa: BLE001 - a timeout, a drop, a refused subject
            return Published("error", text=(type(err).__name__ + ": " + str(err))[:200])
        return Published("ok", seq=int(ack.seq))

    async def _disconnected(self) -> None:
        if not self._closing:
            self.connected = False
            self._say("reconnecting…")

    async def _reconnected(self) -> None:
        self.connected = True
        self._loop.create_task(self._subscribe())

    async def _error(self, err: Exception) -> None:
        text = str(err)
        if "permissions violation" in text.lower():
            self.notes.put(_("the server refused a message: {problem}").format(
                problem=text[:160]))
        elif "authorization" in text.lower() and not self.connected:
            self._give_up(_("the server refused these credentials"))

    async def _closed(self) -> None:
        self.connected = False

    async def _close(self) -> None:
        task = self._connect_task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.close()
