"""The table service's throughput measured at the server, with a baseline in the same run.

    python benchmarks/bench_service_load.py [--db sqlite|postgresql] [--workers N]
        [--sittings 200] [--actions 40] [--clients 2] [--rate max 25% 50% 80%]
        [--src SRC ...] [--no-baseline] [--quick]

The clients are lean and run in processes of their own (``--clients``), so that what is
measured is the server, not them: raw HTTP/1.1 over asyncio streams, one keep-alive
connection per sitting, and one websocket per seat (the ``websockets`` package; offering no
compression unless ``--deflate``, which offers permessage-deflate as browsers do). Every
sitting is created, every socket opened and its first push read before the clock starts;
then each sitting's seat to act waits for the push of its view on its own socket, sends
``POST .../actions`` with a random legal action and the view's ``seq``, and so on,
``--actions`` times (or to the sitting's end). An action thus costs the server one POST and
one push to every seat of its sitting.

That closed loop (``--rate max``, the default) saturates the server, so its latencies are
mostly the queue of the 200 sittings' requests, not the service's time. ``--rate R`` runs it
open-loop instead: R actions a second offered across the sittings, each sitting's actions due
every sittings/R seconds on average (from a random phase, each gap drawn from 0.5 to 1.5
times that: the sittings together offer very nearly a Poisson stream, and all of them end
at about the same time, not in the long tail of a Poisson process each), and each latency
counted from the moment its action was due (a late send counts against the server: no
coordinated omission); ``N%`` offers N % of the actions/s the last ``max`` run of that
server measured. The rate printed is the one served, which falls short of the offered
when the server falls behind.

Printed, for the measured phase only: actions/s; the POST's latency p50/p90/p99 (sent to
answered: applied, committed, answered); the turn's (POST sent to the next seat's push
received); the server's CPU per action, from ``/proc/<pid>/stat`` of the server and every
process under it (``--workers``), the kernel's share of it and the share of a core the
server was given; and the load average. The
baseline, in the same run unless ``--no-baseline``: a trivial Starlette app on the same
uvicorn, each POST one insert and one commit in an SQLite file (WAL, ``synchronous=FULL``),
driven by the same HTTP client at the same concurrency; the service's ratio to it is printed.
Servers listen on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# What the clients' websockets offer: None, no compression; "deflate", permessage-deflate as
# browsers offer it (--deflate; the client processes are forked, so they see it set).
COMPRESSION: str | None = None
TICK = os.sysconf("SC_CLK_TCK")
RULES = {"format": "pokerlaws/1", "type": "Rules", "ante": 1, "limit": 10}
RULES_WHOLE = {
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


# --- The server's processes and their CPU ---------------------------------------------------


def _tree(pid: int) -> list[int]:
    """``pid`` and every process under it (uvicorn's workers)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, ()))
    return found


def cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """The user and the system CPU the processes have used, in seconds."""
    user = system = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        user += int(fields[11])  # utime
        system += int(fields[12])  # stime: the kernel's work for it (sockets, fsync)
    return user / TICK, system / TICK


class Server:
    """A server process on 127.0.0.1 (the service, or the baseline), stopped at the end."""

    def __init__(self, command: list[str], port: int, source: Path = ROOT / "src") -> None:
        self.port = port
        environment = {**os.environ, "PYTHONPATH": str(source)}
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (read and closed at stop)
        self.process = subprocess.Popen(
            command, env=environment, stdout=subprocess.DEVNULL, stderr=self.log
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.05)
        time.sleep(0.5 if "--workers" in command else 0.1)  # every worker listening

    def pids(self) -> list[int]:
        return _tree(self.process.pid)

    def errors(self) -> str:
        """The end of what the server wrote on its standard error."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-int(os.environ.get("TAIL", 3000)) :]

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


# --- A lean HTTP/1.1 client -----------------------------------------------------------------


class Connection:
    """One keep-alive HTTP/1.1 connection, one request at a time."""

    def __init__(
        self, port: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.port, self.reader, self.writer = port, reader, writer
        self.retries = 0

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(port, reader, writer)

    async def post(self, path: str, body: bytes, token: str | None = None) -> tuple[int, bytes]:
        head = f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        if token is not None:
            head += f"authorization: Bearer {token}\r\n"
        head += f"content-length: {len(body)}\r\n\r\n"
        for attempt in range(3):
            try:
                self.writer.write(head.encode() + body)
                header = await self.reader.readuntil(b"\r\n\r\n")
                break
            except (asyncio.IncompleteReadError, ConnectionError) as error:
                if isinstance(error, asyncio.IncompleteReadError) and error.partial:
                    raise
                # The server closed the connection without answering: uvicorn closes one
                # idle past its keep-alive timeout, and when its loop lags it may do so with
                # the request unread. Sent again on a new connection: an action applied
                # already is then a 409 (its seq is taken), counted as refused.
                self.retries += 1
                if attempt == 2:
                    raise
                self.writer.close()
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        status = int(header[9:12])
        length = 0
        for line in header.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        self.writer.close()


# --- The service's clients --------------------------------------------------------------------


class Seat:
    """One seat's websocket: the latest push, read as it comes."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.latest: dict[str, Any] | None = None
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for message in self.connection:
                pushed = json.loads(message)
                if "error" in pushed:
                    continue
                self.latest = pushed
                self.arrived[pushed["seq"]] = time.perf_counter()
                self.changed.set()
        except ConnectionClosed:
            pass

    async def at_least(self, seq: int) -> dict[str, Any]:
        while self.latest is None or self.latest["seq"] < seq:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 120)
        return self.latest


async def _sitting(
    port: int, rng: random.Random, actions: int, ready: Any, go: Any, rate: float | None = None
) -> tuple[list[float], list[float], int, int, int]:
    """One sitting played ``actions`` times: closed-loop (each action sent as soon as its seat
    is shown its view), or open-loop at ``rate`` actions a second (each action due a gap of
    0.5 to 1.5 times 1/rate after the last was due, sent then or as soon as it can be; its
    latencies counted from that moment, so that a server falling behind shows it)."""
    from websockets.asyncio.client import connect

    http = await Connection.open(port)
    players = [{"name": f"p{k}", "chips": 200} for k in range(rng.choice((3, 4)))]
    body = {"rules": RULES_WHOLE, "players": players, "games": 1000}
    status, answer = await http.post("/sittings", json.dumps(body).encode())
    if status != 201:
        raise RuntimeError(f"POST /sittings: {status} {answer[:200]!r}")
    created = json.loads(answer)
    sitting, tokens = created["id"], {s["name"]: s["token"] for s in created["seats"]}
    seats = {}
    for name, token in tokens.items():
        uri = f"ws://127.0.0.1:{port}/sittings/{sitting}/ws?token={token}"
        connection = await connect(
            uri, compression=COMPRESSION, ping_interval=None, open_timeout=120
        )
        seats[name] = Seat(connection)
    for seat in seats.values():
        await seat.at_least(0)
    http.close()
    ready()
    await go()
    # A new connection for the play: the one of the creation may have idled past uvicorn's
    # keep-alive timeout while the other sittings were made.
    http = await Connection.open(port)
    began_play = time.perf_counter()
    due: float | None = None  # when the last action was due (open loop)
    scheduled: float | None = None  # when the action about to be sent was due (open loop)
    posts: list[float] = []
    turns: list[float] = []
    refused = 0
    table, known = created["table"], 0
    done = 0
    while done < actions and not table["over"]:
        if table["to_act"] is None and table.get("waiting"):  # the show: every "next" said
            for name in table["waiting"]:
                said = json.dumps({"seq": table["seq"]}).encode()
                status, answer = await http.post(f"/sittings/{sitting}/next", said, tokens[name])
                if status != 200:
                    raise RuntimeError(f"POST /next: {status} {answer[:200]!r}")
                table = json.loads(answer)["table"]
            known = table["seq"]
            if table["to_act"] is not None:
                await seats[table["to_act"]["name"]].at_least(known)
            continue
        if table["to_act"] is None:
            break
        name = table["to_act"]["name"]
        if rate is not None and scheduled is None:
            # The first from a random phase, then gaps of 0.5 to 1.5 times the mean.
            gap = rng.uniform(0.5, 1.5) if due is not None else rng.uniform(0.0, 1.0)
            due = (began_play if due is None else due) + gap / rate
            scheduled = due
            if due > time.perf_counter():
                await asyncio.sleep(due - time.perf_counter())
        current = await seats[name].at_least(known)
        legal = (current["view"] or {}).get("legal_actions") or []
        if current["seq"] != known or not legal:
            table, known = current["table"], current["seq"]
            continue
        message = json.dumps({"seq": known, "action": rng.choice(legal)}).encode()
        began = time.perf_counter() if scheduled is None else scheduled
        status, answer = await http.post(f"/sittings/{sitting}/actions", message, tokens[name])
        posts.append(time.perf_counter() - began)
        if status != 200:
            refused += 1
            continue
        scheduled = None
        done += 1
        answered = json.loads(answer)
        table, known = answered["table"], answered["seq"]
        following = table["to_act"]
        if following is not None and not table["over"]:
            await seats[following["name"]].at_least(known)
            turns.append(seats[following["name"]].arrived[known] - began)
    http.close()
    for seat in seats.values():
        await seat.connection.close()
        seat.task.cancel()
    return posts, turns, done, refused, http.retries


async def _baseline_client(
    port: int, rng: random.Random, actions: int, ready: Any, go: Any, rate: float | None = None
) -> tuple[list[float], list[float], int, int, int]:
    http = await Connection.open(port)
    ready()
    await go()
    posts = []
    for seq in range(actions):
        body = json.dumps({"seq": seq, "action": {"type": "Pass", "seat": rng.randrange(4)}})
        began = time.perf_counter()
        status, _ = await http.post("/actions", body.encode())
        posts.append(time.perf_counter() - began)
        if status != 200:
            raise RuntimeError(f"the baseline answered {status}")
    http.close()
    return posts, [], actions, 0, http.retries


def _client_process(
    kind: str,
    port: int,
    sittings: int,
    actions: int,
    seed: int,
    barrier: Any,
    result: Any,
    rate: float | None,
) -> None:
    """One client process: its share of the sittings, all at once on one event loop."""

    async def run() -> None:
        loop = asyncio.get_running_loop()
        left = [sittings]
        all_ready = asyncio.Event()
        started = asyncio.Event()

        def ready() -> None:
            left[0] -= 1
            if left[0] == 0:
                all_ready.set()

        async def go() -> None:
            await started.wait()

        player = _sitting if kind == "service" else _baseline_client
        rng = random.Random(seed)
        tasks = [
            asyncio.create_task(
                player(port, random.Random(rng.random()), actions, ready, go, rate)
            )
            for _ in range(sittings)
        ]
        await all_ready.wait()
        await loop.run_in_executor(None, barrier.wait)  # every process ready
        await loop.run_in_executor(None, barrier.wait)  # the clock has started
        started.set()
        outcomes = await asyncio.gather(*tasks)
        posts = [x for o in outcomes for x in o[0]]
        turns = [x for o in outcomes for x in o[1]]
        done = sum(o[2] for o in outcomes)
        refused = sum(o[3] for o in outcomes)
        resent = sum(o[4] for o in outcomes)
        result.put((posts, turns, done, refused, resent))

    asyncio.run(run())


def drive(
    kind: str,
    server: Server,
    sittings: int,
    actions: int,
    clients: int,
    seed: int,
    offered: float | None = None,
) -> dict[str, Any]:
    """Run the clients against ``server``; the figures of the measured phase. ``offered``:
    the actions a second offered across all the sittings (open loop), None: closed loop."""
    rate = None if offered is None else offered / sittings
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(clients + 1)
    result = context.Queue()
    shares = [sittings // clients + (k < sittings % clients) for k in range(clients)]
    processes = [
        context.Process(
            target=_client_process,
            args=(kind, server.port, share, actions, seed * 100 + k, barrier, result, rate),
        )
        for k, share in enumerate(shares)
    ]
    for process in processes:
        process.start()
    barrier.wait(timeout=600)  # every sitting created, every socket open
    pids = server.pids()
    user, system = cpu_seconds(pids)
    began = time.perf_counter()
    barrier.wait()
    gathered: list[Any] = []
    while len(gathered) < len(processes):
        try:
            gathered.append(result.get(timeout=5))
        except queue.Empty:
            if sum(p.exitcode not in (None, 0) for p in processes):
                print(server.errors(), file=sys.stderr)
                raise RuntimeError("a client process failed") from None
    elapsed = time.perf_counter() - began
    user_after, system_after = cpu_seconds(pids)
    user, system = user_after - user, system_after - system
    cpu = user + system
    load = os.getloadavg()
    for process in processes:
        process.join()
    posts = sorted(x for g in gathered for x in g[0])
    turns = sorted(x for g in gathered for x in g[1])
    done = sum(g[2] for g in gathered)
    return {
        "actions": done,
        "refused": sum(g[3] for g in gathered),
        "resent": sum(g[4] for g in gathered),
        "seconds": elapsed,
        "rate": done / elapsed,
        "post": percentiles(posts),
        "turn": percentiles(turns),
        "cpu_ms": 1000 * cpu / max(done, 1),
        "system_share": system / cpu if cpu else 0.0,
        "cores": cpu / elapsed,
        "processes": len(pids),
        "load": load,
        "offered": offered,
    }


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p90, p99 in milliseconds."""
    if not values:
        return (0.0, 0.0, 0.0)
    pick = [values[min(len(values) - 1, int(len(values) * q))] for q in (0.5, 0.9, 0.99)]
    return (pick[0] * 1000, pick[1] * 1000, pick[2] * 1000)


def line(name: str, figures: dict[str, Any]) -> str:
    post, turn = figures["post"], figures["turn"]
    if figures["offered"] is not None:
        name += f", offered {figures['offered']:.0f} actions/s (latencies from when each was due)"
    text = (
        f"{name}: {figures['actions']} actions in {figures['seconds']:.1f} s, "
        f"{figures['rate']:.0f} actions/s; POST p50 {post[0]:.1f} p90 {post[1]:.1f} "
        f"p99 {post[2]:.1f} ms"
    )
    if figures["turn"][0]:
        text += f"; turn p50 {turn[0]:.1f} p90 {turn[1]:.1f} p99 {turn[2]:.1f} ms"
    return text + (
        f"; server CPU {figures['cpu_ms']:.3f} ms an action "
        f"({100 * figures['system_share']:.0f} % in the kernel; {figures['cores']:.2f} cores, "
        f"{figures['processes']} processes); refused {figures['refused']}, "
        f"resent {figures['resent']}; load average "
        + " ".join(f"{x:.2f}" for x in figures["load"])
    )


# --- The baseline: one insert and one commit per POST --------------------------------------


def baseline_app(path: str) -> Any:
    """A trivial Starlette app: each POST one insert and one commit in SQLite."""
    import sqlite3
    import threading

    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("CREATE TABLE IF NOT EXISTS events (n INTEGER PRIMARY KEY, body TEXT)")
    lock = threading.Lock()

    def insert(body: bytes) -> int:
        with lock:
            connection.execute("BEGIN IMMEDIATE")
            row = connection.execute("INSERT INTO events (body) VALUES (?)", (body.decode(),))
            connection.execute("COMMIT")
            return row.lastrowid or 0

    async def post(request: Request) -> JSONResponse:
        body = await request.body()
        json.loads(body)
        return JSONResponse({"n": await run_in_threadpool(insert, body)})

    return Starlette(routes=[Route("/actions", post, methods=["POST"])])


def serve_baseline(path: str, port: int) -> None:
    import uvicorn

    uvicorn.run(baseline_app(path), host="127.0.0.1", port=port, log_level="warning")


# --- The run ------------------------------------------------------------------------------------


def database(kind: str, directory: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{directory}/service.db"
    url = os.environ.get("POKERLAWS_TEST_POSTGRES")
    if not url:
        raise SystemExit('POKERLAWS_TEST_POSTGRES is not set: eval "$(bash .ci/postgres start)"')
    import psycopg

    schema = f"load_{os.getpid()}_{int(time.time())}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}"


def service_command(db: str, port: int, workers: int) -> list[str]:
    command = [sys.executable, "-m", "pokerlaws", "serve", "--db", db, "--port", str(port)]
    return [*command, "--workers", str(workers)] if workers > 1 else command


def runs(arguments: argparse.Namespace) -> Iterator[tuple[str, dict[str, Any]]]:
    with tempfile.TemporaryDirectory() as directory:
        if not arguments.no_baseline:
            port = free_port()
            command = [sys.executable, __file__, "baseline-server", f"{directory}/base.db"]
            server = Server([*command, str(port)], port)
            try:
                yield (
                    "baseline",
                    drive(
                        "baseline",
                        server,
                        arguments.sittings,
                        arguments.actions,
                        arguments.clients,
                        arguments.seed,
                    ),
                )
            finally:
                server.stop()
        for workers, source in [(w, s) for s in arguments.src for w in arguments.workers]:
            capacity: float | None = None  # the last closed-loop rate of this server
            for asked in arguments.rate:
                offered = offered_rate(asked, capacity)
                port = free_port()
                db = database(arguments.db, directory)
                server = Server(service_command(db, port, workers), port, source)
                try:
                    name = f"service on {arguments.db}, {workers} worker{'s' * (workers > 1)}"
                    if source != ROOT / "src":
                        name += f" ({source})"
                    figures = drive(
                        "service",
                        server,
                        arguments.sittings,
                        arguments.actions,
                        arguments.clients,
                        arguments.seed,
                        offered,
                    )
                finally:
                    server.stop()
                if offered is None:
                    capacity = figures["rate"]
                yield name, figures


def offered_rate(asked: str, capacity: float | None) -> float | None:
    """``--rate``'s value: ``max`` (closed loop: None), ``N%`` of the capacity measured by
    the last ``max`` run of the same server, or actions a second."""
    if asked == "max":
        return None
    if asked.endswith("%"):
        if capacity is None:
            raise SystemExit(f"--rate {asked}: a percentage follows a run at 'max'")
        return capacity * float(asked[:-1]) / 100
    return float(asked)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["baseline-server"]:
        serve_baseline(argv[1], int(argv[2]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, nargs="+", default=[1])
    parser.add_argument("--sittings", type=int, default=200)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument(
        "--src",
        type=Path,
        nargs="+",
        default=[ROOT / "src"],
        help="the service's source trees to compare in one run (this tree's by default)",
    )
    parser.add_argument(
        "--rate",
        nargs="+",
        default=["max"],
        help="the offered load of each run of the service: 'max' (closed loop: saturated), "
        "N%% of the last 'max' run's actions/s, or actions/s (open loop); e.g. max 25%% 80%%",
    )
    parser.add_argument(
        "--deflate",
        action="store_true",
        help="the websockets offer permessage-deflate, as browsers do (the server decides)",
    )
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--quick", action="store_true", help="20 sittings of 15 actions")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        arguments.sittings, arguments.actions = 20, 15
    global COMPRESSION
    COMPRESSION = "deflate" if arguments.deflate else None
    print(f"load average at the start: {os.getloadavg()}", flush=True)
    figures = []
    for name, measured in runs(arguments):
        figures.append((name, measured))
        print(line(name, measured), flush=True)
    baseline = dict(figures).get("baseline")
    if baseline is not None:
        for name, measured in figures:
            if name != "baseline" and measured["offered"] is None:
                ratio = measured["rate"] / baseline["rate"]
                print(f"{name}: {ratio:.2f} of the baseline's actions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
