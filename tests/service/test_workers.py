"""``pokerlaws serve --workers N`` on PostgreSQL: N server processes on one port, any of them
serving any sitting, each socket pushed every event whichever process took it."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))
pytest.importorskip("websockets", reason=extra_reason("websockets", "service"))

import httpx
from websockets.sync.client import connect

from tests.service.test_app import PLAYERS, RULES, _auth, _choose
from tests.service.test_store import _postgres_url

ROOT = Path(__file__).parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _workers_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            if parent == pid:
                found.append(int(entry))
    return found


@pytest.fixture
def served() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    schema = _postgres_url()
    url = next(schema)
    port = _free_port()
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "pokerlaws", "serve", "--db", url, "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--workers", "2"],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not answer in 60 s"
            try:
                if httpx.get(f"{base}/sittings", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for _ in schema:  # drops the test's schema
            pass


def test_two_workers_serve_one_sitting_and_push_every_event_to_every_seat(
    served: tuple[str, subprocess.Popen[bytes]],
) -> None:
    base, server = served
    made = httpx.post(
        f"{base}/sittings", json={"rules": RULES, "players": PLAYERS, "games": 2}
    ).json()
    sitting, tokens = made["id"], {s["name"]: s["token"] for s in made["seats"]}
    assert len(_workers_of(server.pid)) >= 2
    sockets = {
        name: connect(f"ws{base[4:]}/sittings/{sitting}/ws?token={token}", open_timeout=30)
        for name, token in tokens.items()
    }
    try:
        for opened in sockets.values():
            assert json.loads(opened.recv(30))["seq"] == 0
        rng = random.Random(4)
        for seq in range(1, 9):
            # A new connection each time: each may reach either worker.
            public = httpx.get(f"{base}/sittings/{sitting}").json()
            if public["to_act"] is None:  # a game's show: a player says "next"
                said = public["waiting"][0]
                answer = httpx.post(
                    f"{base}/sittings/{sitting}/next",
                    json={"seq": public["seq"]},
                    headers=_auth(tokens[said]),
                )
                assert answer.status_code == 200, answer.text
            else:
                actor = public["to_act"]["name"]
                seen = httpx.get(f"{base}/sittings/{sitting}/view", headers=_auth(tokens[actor]))
                message = {
                    "seq": seen.json()["seq"],
                    "action": _choose(seen.json()["view"]["legal_actions"], rng),
                }
                answer = httpx.post(
                    f"{base}/sittings/{sitting}/actions",
                    json=message,
                    headers=_auth(tokens[actor]),
                )
            assert answer.status_code == 200, answer.text
            for name, opened in sockets.items():
                pushed = json.loads(opened.recv(20))  # the poll, without NOTIFY, is 30 s
                assert pushed["seq"] == seq
                assert pushed["name"] == name
    finally:
        for opened in sockets.values():
            opened.close()
