"""The table service under load, under SIGKILL, and as two processes on one PostgreSQL.

    python benchmarks/bench_service.py load [--db sqlite|postgresql] [--quick] [--transport T]
    python benchmarks/bench_service.py faults [--db sqlite|postgresql] [--quick] [--transport T]
    python benchmarks/bench_service.py concurrency [--quick]      # needs POKERLAWS_TEST_POSTGRES

The server is a real ``python -m pokerlaws serve`` process. Every sitting has 3 or 4 seats;
its seats are played in turn by one asyncio task, each with that seat's own token, over the
seat's transport (``--transport http|websocket|mixed``; ``mixed``, the default, puts half of
all the seats, chosen by the seeded random, on the websocket and the rest on HTTP):

* an HTTP seat reads ``GET /sittings/{id}/view`` when it is to act, then sends ``POST
  .../actions`` with a random action among the view's legal actions and the view's ``seq``;
  its latency is the POST's (applied, committed and answered).
* a websocket seat holds one ``WS /sittings/{id}/ws?token=...`` for the whole run, which
  pushes its view after every event; when the latest push says it is to act, it sends the
  same message ``{"seq": n, "action": ...}`` and waits for the push that answers it (the
  first of a later ``seq``) or the refusal ``{"error": status, ...}``; its latency is from
  the message sent to that answer received.

* load: sittings played until each has made its number of actions; actions/s and the p50
  and p99 of the latency, for each transport.
* faults: the same run with the server SIGKILLed at random moments and restarted. A client
  whose action got no answer (a POST without a response, or a socket closed before the push
  that answers the message) learns from the ``seq`` whether it was applied: an HTTP seat
  re-reads the view, a websocket seat reconnects and reads the first push, which is the
  current view. Only one seat of a sitting acts at a time, so a ``seq`` past the one sent
  means this action was applied, and an answer over the socket is exact: a push is sent
  only after its event is committed. Afterwards every sitting's stored events are checked
  against what its client saw acknowledged: each acknowledged action at its ``seq``,
  nothing else, no ``seq`` twice.
* concurrency: two server processes on one PostgreSQL; the same action with the same
  ``seq`` sent to both at once, round after round: exactly one 200 and one 409 each time,
  and the store holds one event per round.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

ROOT = Path(__file__).resolve().parents[1]
RULES = {
    "format": "pokerlaws/1",
    "type": "Rules",
    "ante": 1,
    "limit": 10,
    "hands": {
        "blaze": False,
        "skip_sequence": False,
        "ace_high_sequences": False,
        "heart_flushes_first": True,
        "heart_sequences_first": False,
    },
    "joker": False,
    "jackpot_straddles": True,
    "odd_chip_carries": True,
    "openers_on_honour": False,
    "recording_table": False,
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


STARTUP_SECONDS = 180


class Server:
    """One ``pokerlaws serve`` process on a fixed port, which can be killed and restarted."""

    def __init__(self, db: str, port: int) -> None:
        self.db, self.port = db, port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        command = [sys.executable, "-m", "pokerlaws", "serve", "--db", self.db]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port)],
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # A crowded machine (CI beside other jobs) takes tens of seconds to import the
        # server: measured 26-32 s at a load average of 17.
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                httpx.get(f"{self.url}/sittings", timeout=1).raise_for_status()
                return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not answer within {STARTUP_SECONDS} s")

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
            self.process = None


TRANSPORTS = ("http", "websocket")


class Counts:
    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = {transport: [] for transport in TRANSPORTS}
        self.acknowledged = 0
        self.unanswered_applied = 0
        self.unanswered_not_applied = 0
        self.conflicts = 0
        self.refusals = 0


async def create_sitting(client: httpx.AsyncClient, rng: random.Random) -> dict[str, Any]:
    seats = rng.choice((3, 4))
    players = [{"name": f"p{k}", "chips": 200} for k in range(seats)]
    body = {"rules": RULES, "players": players, "games": 50}
    while True:
        try:
            answer = await client.post("/sittings", json=body)
        except httpx.TransportError:
            await asyncio.sleep(0.1)  # a server being restarted
            continue
        if answer.status_code == 201:
            created: dict[str, Any] = answer.json()
            return created
        if answer.status_code < 500:
            raise RuntimeError(f"POST /sittings: {answer.status_code} {answer.text}")


async def read_view(client: httpx.AsyncClient, sitting: str, token: str) -> dict[str, Any]:
    """The seat's view, waiting out a server that is being restarted."""
    while True:
        try:
            answer = await client.get(
                f"/sittings/{sitting}/view", headers={"Authorization": f"Bearer {token}"}
            )
        except httpx.TransportError:
            await asyncio.sleep(0.1)
            continue
        if answer.status_code == 200:
            seen: dict[str, Any] = answer.json()
            return seen
        await asyncio.sleep(0.1)


class Socket:
    """One seat's websocket: a task reads every push into a queue, kept in order.

    The socket is reopened when the server has closed it (killed, restarted); the first push
    of a new socket is the seat's current view.
    """

    def __init__(self, url: str, sitting: str, token: str) -> None:
        self.uri = f"ws{url.removeprefix('http')}/sittings/{sitting}/ws?token={token}"
        self.connection: ClientConnection | None = None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.latest: dict[str, Any] | None = None  # the last view pushed

    async def open(self) -> None:
        while self.connection is None:
            try:
                # No client pings: a busy server answers late, and a socket it closes is
                # reopened anyway.
                self.connection = await connect(self.uri, ping_interval=None, open_timeout=60)
            except (OSError, WebSocketException, TimeoutError):
                await asyncio.sleep(0.1)  # a server being restarted
        self.reader = asyncio.create_task(self._read(self.connection, self.queue))

    @staticmethod
    async def _read(
        connection: ClientConnection, queue: asyncio.Queue[dict[str, Any] | None]
    ) -> None:
        try:
            async for message in connection:
                queue.put_nowait(json.loads(message))
        except ConnectionClosed:
            pass
        finally:
            queue.put_nowait(None)  # closed: nothing more will come

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()
        if self.reader is not None:
            await self.reader
        self.connection, self.reader, self.queue = None, None, asyncio.Queue()
        self.latest = None

    async def _next(self, seconds: float) -> dict[str, Any] | None:
        """The next message, or None if the socket closed or nothing came in ``seconds``."""
        try:
            return await asyncio.wait_for(self.queue.get(), seconds)
        except TimeoutError:
            return None

    async def view(self, known: int) -> dict[str, Any]:
        """The latest push, once one of ``seq`` ``known`` or later has come (reopening).

        The push that answered the seat's own last action may be the latest: nothing else
        is pushed while the seat is still to act.
        """
        while True:
            if self.connection is None:
                await self.open()
            closed = False
            while not self.queue.empty():
                got = self.queue.get_nowait()
                closed = closed or got is None
                if got is not None and "error" not in got:
                    self.latest = got
            if closed:
                await self.close()  # a view from a closed socket may be old: reopen
                continue
            if self.latest is not None and self.latest["seq"] >= known:
                return self.latest
            waited = await self._next(60)
            if waited is None:
                await self.close()
                continue
            self.queue.put_nowait(waited)  # read with the rest, in order, above

    async def act(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to the action message ``body``, or None if none came."""
        if self.connection is None:
            return None
        try:
            await self.connection.send(json.dumps(body))
        except ConnectionClosed:
            return None
        while True:
            got = await self._next(60)
            if got is None or "error" in got:
                return got
            self.latest = got
            if got["seq"] > body["seq"]:
                return got


async def play(
    client: httpx.AsyncClient,
    created: dict[str, Any],
    actions: int,
    rng: random.Random,
    counts: Counts,
    seen_by_client: dict[int, Any],
    sockets: dict[str, Socket],
) -> None:
    """Play ``actions`` acknowledged actions of the sitting ``created`` (or to its end).

    The seats named in ``sockets`` play over their websocket, the others over HTTP.
    """
    sitting = created["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    table = created["table"]
    known = 0  # the latest seq that an answer told
    while len(seen_by_client) < actions and not table["over"]:
        turn = table["to_act"]
        if turn is None and table.get("waiting"):  # a game's show: each player says "next"
            table = await say_next(client, sitting, tokens, table, seen_by_client)
            known = table["seq"]
            continue
        if turn is None:
            return
        token, socket_ = tokens[turn["name"]], sockets.get(turn["name"])
        if socket_ is None:
            current = await read_view(client, sitting, token)
        else:
            current = await socket_.view(known)
        table, known = current["table"], current["seq"]
        legal = (current["view"] or {}).get("legal_actions") or []
        if table["to_act"] is None or table["to_act"]["name"] != turn["name"] or not legal:
            continue
        seq, action = current["seq"], rng.choice(legal)
        began = time.perf_counter()
        if socket_ is not None:
            pushed = await socket_.act({"seq": seq, "action": action})
            if pushed is None:
                # No answer (the server was killed): the new socket's first push tells.
                await socket_.close()
                after = await socket_.view(seq)
                table, known = after["table"], after["seq"]
                if after["seq"] > seq:
                    counts.unanswered_applied += 1
                    seen_by_client[seq] = action
                else:
                    counts.unanswered_not_applied += 1
            elif "error" not in pushed:
                counts.latencies["websocket"].append(time.perf_counter() - began)
                counts.acknowledged += 1
                seen_by_client[seq] = action
                table, known = pushed["table"], pushed["seq"]
            elif pushed["error"] == 409:
                counts.conflicts += 1
            else:
                counts.refusals += 1
            continue
        try:
            answer = await client.post(
                f"/sittings/{sitting}/actions",
                json={"seq": seq, "action": action},
                headers={"Authorization": f"Bearer {token}"},
            )
        except httpx.TransportError:
            # No answer (the server was killed): the view's seq tells whether it was applied.
            after = await read_view(client, sitting, token)
            table, known = after["table"], after["seq"]
            if after["seq"] > seq:
                counts.unanswered_applied += 1
                seen_by_client[seq] = action
            else:
                counts.unanswered_not_applied += 1
            continue
        if answer.status_code == 200:
            counts.latencies["http"].append(time.perf_counter() - began)
            counts.acknowledged += 1
            seen_by_client[seq] = action
            answered = answer.json()
            table, known = answered["table"], answered["seq"]
        elif answer.status_code == 409:
            counts.conflicts += 1
        else:
            counts.refusals += 1


async def say_next(
    client: httpx.AsyncClient,
    sitting: str,
    tokens: dict[str, str],
    table: dict[str, Any],
    seen_by_client: dict[int, Any],
) -> dict[str, Any]:
    """Each player waiting at a game's show says "next" (over HTTP); the public table after.
    A "next" acknowledged (or found applied after a kill) is known as None: no action."""
    for name in table["waiting"]:
        seq = table["seq"]
        try:
            answer = await client.post(
                f"/sittings/{sitting}/next",
                json={"seq": seq},
                headers={"Authorization": f"Bearer {tokens[name]}"},
            )
        except httpx.TransportError:
            answer = None
        if answer is not None and answer.status_code == 200:
            seen_by_client[seq] = None
            table = answer.json()["table"]
            continue
        table = await read_public(client, sitting)
        if answer is None and table["seq"] > seq:
            seen_by_client[seq] = None
        return table
    return table


async def read_public(client: httpx.AsyncClient, sitting: str) -> dict[str, Any]:
    """The public table, asked again until the server answers (it may be restarting)."""
    while True:
        try:
            answer = await client.get(f"/sittings/{sitting}")
        except httpx.TransportError:
            await asyncio.sleep(0.1)
            continue
        if answer.status_code == 200:
            document: dict[str, Any] = answer.json()
            return document
        await asyncio.sleep(0.1)


def websocket_seats(
    created: list[dict[str, Any]], transport: str, rng: random.Random
) -> set[tuple[str, str]]:
    """The (sitting, name) of the seats that play over the websocket."""
    seats = [(c["id"], seat["name"]) for c in created for seat in c["seats"]]
    if transport == "http":
        return set()
    if transport == "websocket":
        return set(seats)
    return set(rng.sample(seats, len(seats) // 2))


async def run_load(
    url: str, sittings: int, actions: int, seed: int, connections: int, transport: str
) -> tuple[Counts, float, list[tuple[str, dict[int, Any]]]]:
    rng = random.Random(seed)
    counts = Counts()
    limits = httpx.Limits(max_connections=connections)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        created = [await create_sitting(client, rng) for _ in range(sittings)]
        chosen = websocket_seats(created, transport, random.Random(rng.random()))
        sockets: list[dict[str, Socket]] = []
        for c in created:
            tokens = {seat["name"]: seat["token"] for seat in c["seats"]}
            mine = {name: Socket(url, c["id"], tokens[name]) for s, name in chosen if s == c["id"]}
            for socket_ in mine.values():
                await socket_.open()
            sockets.append(mine)
        logs: list[tuple[str, dict[int, Any]]] = [(c["id"], {}) for c in created]
        began = time.perf_counter()
        await asyncio.gather(
            *(
                play(client, c, actions, random.Random(rng.random()), counts, log, mine)
                for c, (_, log), mine in zip(created, logs, sockets, strict=True)
            )
        )
        elapsed = time.perf_counter() - began
        for mine in sockets:
            for socket_ in mine.values():
                await socket_.close()
    return counts, elapsed, logs


def database(kind: str, directory: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{directory}/service.db"
    url = os.environ.get("POKERLAWS_TEST_POSTGRES")
    if not url:
        raise SystemExit('POKERLAWS_TEST_POSTGRES is not set: eval "$(bash .ci/postgres start)"')
    schema = f"bench_{os.getpid()}_{int(time.time())}"
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}"


def _bare(document: Any) -> Any:
    if isinstance(document, dict):
        return {key: value for key, value in document.items() if key != "format"}
    return document


def check_records(db: str, logs: list[tuple[str, dict[int, Any]]]) -> list[str]:
    """What is wrong between the store and what the clients saw acknowledged (nothing: [])."""
    sys.path.insert(0, str(ROOT / "src"))
    from pokerlaws.service.store import open_store

    store = open_store(db)
    wrong = []
    try:
        for sitting, seen in logs:
            stored = store.load(sitting)
            if stored is None:
                wrong.append(f"{sitting}: not in the store")
                continue
            # An event's action is a whole document (with its format); a view's menu entry
            # is one nested in the view, without it.
            actions = [_bare(json.loads(text).get("action")) for text in stored.events]
            if sorted(seen) != list(range(len(actions))):
                wrong.append(
                    f"{sitting}: {len(actions)} events stored, the client knows of {len(seen)}"
                )
            for seq, action in seen.items():
                if seq >= len(actions) or actions[seq] != _bare(action):
                    wrong.append(f"{sitting}: event {seq} is not the action acknowledged")
    finally:
        store.close()
    return wrong


def _percentiles(latencies: list[float]) -> tuple[float, float]:
    """The p50 and p99 in milliseconds."""
    ordered = sorted(latencies) or [0.0]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


def summary(counts: Counts, elapsed: float) -> str:
    done = counts.acknowledged + counts.unanswered_applied
    names = {"http": "HTTP POST", "websocket": "websocket"}
    figures = []
    for transport in TRANSPORTS:
        latencies = counts.latencies[transport]
        if latencies:
            p50, p99 = _percentiles(latencies)
            figures.append(
                f"{names[transport]} ({len(latencies)} acknowledged) p50 {p50:.1f} ms, "
                f"p99 {p99:.1f} ms"
            )
    return (
        f"{done} actions in {elapsed:.1f} s: {done / elapsed:.0f} actions/s, "
        f"{'; '.join(figures) or 'nothing acknowledged'}; 409s {counts.conflicts}, "
        f"other refusals {counts.refusals}; load average {os.getloadavg()[0]:.2f}"
    )


def load(kind: str, quick: bool, seed: int, transport: str = "mixed") -> int:
    sittings, actions = (20, 15) if quick else (200, 40)
    with tempfile.TemporaryDirectory() as directory:
        db = database(kind, directory)
        server = Server(db, free_port())
        server.start()
        try:
            counts, elapsed, logs = asyncio.run(
                run_load(server.url, sittings, actions, seed, 64, transport)
            )
        finally:
            server.stop()
        wrong = check_records(db, logs)
    print(f"load on {kind} over {transport}, {sittings} sittings: {summary(counts, elapsed)}")
    for line in wrong[:10]:
        print("WRONG", line)
    return 1 if wrong else 0


async def _killer(server: Server, kills: int, every: float, rng: random.Random) -> int:
    done = 0
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.2, 2 * every))
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        done += 1
    return done


def faults(kind: str, quick: bool, seed: int, kills: int = 20, transport: str = "mixed") -> int:
    sittings, actions = (12, 40) if quick else (200, 40)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as directory:
        db = database(kind, directory)
        server = Server(db, free_port())
        server.start()

        async def run() -> tuple[Counts, float, list[tuple[str, dict[int, Any]]], int]:
            task = asyncio.create_task(_killer(server, kills, 0.4 if quick else 1.5, rng))
            playing = asyncio.create_task(
                run_load(server.url, sittings, actions, seed, 32, transport)
            )
            # A killer that failed (a server that would not restart) ends the run, rather
            # than leave the clients waiting for a server that never comes.
            await asyncio.wait({task, playing}, return_when=asyncio.FIRST_EXCEPTION)
            if task.done() and task.exception() is not None:
                playing.cancel()
                await task
            counts, elapsed, logs = await playing
            killed = await task
            return counts, elapsed, logs, killed

        try:
            counts, elapsed, logs, killed = asyncio.run(run())
        finally:
            server.stop()
        wrong = check_records(db, logs)
    print(
        f"faults on {kind} over {transport}, {sittings} sittings, {killed} SIGKILLs: "
        f"{summary(counts, elapsed)}; "
        f"acknowledged {counts.acknowledged}, unanswered but applied "
        f"{counts.unanswered_applied}, unanswered and not applied "
        f"{counts.unanswered_not_applied}; records wrong: {len(wrong)}"
    )
    for line in wrong[:10]:
        print("WRONG", line)
    return 1 if wrong or killed != kills else 0


async def _race(urls: list[str], rounds: int, seed: int) -> tuple[int, list[str]]:
    rng = random.Random(seed)
    problems = []
    async with (
        httpx.AsyncClient(base_url=urls[0], timeout=60) as first,
        httpx.AsyncClient(base_url=urls[1], timeout=60) as second,
    ):
        created = await create_sitting(first, rng)
        sitting = created["id"]
        tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
        table = created["table"]
        applied = 0
        for round_ in range(rounds):
            if table["over"] or table["to_act"] is None:
                created = await create_sitting(first, rng)
                sitting, table = created["id"], created["table"]
                tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
            token = tokens[table["to_act"]["name"]]
            # Each server reads the sitting first, so that both hold it cached at this seq.
            views = await asyncio.gather(
                *(
                    c.get(
                        f"/sittings/{sitting}/view", headers={"Authorization": f"Bearer {token}"}
                    )
                    for c in (first, second)
                )
            )
            current = views[0].json()
            body = {"seq": current["seq"], "action": rng.choice(current["view"]["legal_actions"])}
            answers = await asyncio.gather(
                *(
                    c.post(
                        f"/sittings/{sitting}/actions",
                        json=body,
                        headers={"Authorization": f"Bearer {token}"},
                    )
                    for c in (first, second)
                )
            )
            statuses = sorted(a.status_code for a in answers)
            if statuses != [200, 409]:
                problems.append(f"round {round_}: {statuses}")
            applied += statuses.count(200)
            winner = next((a for a in answers if a.status_code == 200), None)
            table = winner.json() if winner else (await first.get(f"/sittings/{sitting}")).json()
            table = table.get("table", table)
    return applied, problems


def concurrency(quick: bool, seed: int) -> int:
    rounds = 60 if quick else 500
    db = database("postgresql", "")
    servers = [Server(db, free_port()), Server(db, free_port())]
    for server in servers:
        server.start()
    try:
        applied, problems = asyncio.run(_race([s.url for s in servers], rounds, seed))
    finally:
        for server in servers:
            server.stop()
    print(
        f"concurrency: {rounds} rounds of one action sent to two servers at once: "
        f"{applied} applied, {len(problems)} rounds not exactly one 200 and one 409"
    )
    for line in problems[:10]:
        print("WRONG", line)
    return 1 if problems or applied != rounds else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", choices=("load", "faults", "concurrency"))
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--quick", action="store_true", help="the small scale of CI")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument(
        "--transport",
        choices=("http", "websocket", "mixed"),
        default="mixed",
        help="how the seats play: mixed puts half of them, chosen at random, on the websocket",
    )
    arguments = parser.parse_args(argv)
    if arguments.run == "load":
        return load(arguments.db, arguments.quick, arguments.seed, arguments.transport)
    if arguments.run == "faults":
        return faults(
            arguments.db, arguments.quick, arguments.seed, arguments.kills, arguments.transport
        )
    return concurrency(arguments.quick, arguments.seed)


if __name__ == "__main__":
    sys.exit(main())
