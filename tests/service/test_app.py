"""The table service's routes over a SQLite file: play, refusals, secrecy and restart."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

import pokerlaws as pl
from pokerlaws.service import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RULES = pl.to_data(pl.Rules(ante=1, limit=4))
PLAYERS = [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}, {"name": "Cy", "chips": 20}]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _choose(menu: Any, rng: random.Random) -> dict[str, Any]:
    if isinstance(menu, dict):
        stake = {"type": "Stake", "seat": menu["seat"], "amount": menu["least"]}
        return dict(rng.choice([*menu["others"], stake]))
    return dict(rng.choice(menu))


def _hidden_cards_absent(seen: dict[str, Any], own: set[str], text: str) -> None:
    shown = {card for hand in seen["shown"] for card in hand["cards"]}
    for card in pl.standard_deck():
        code = str(card)
        if code not in own and code not in shown:
            assert f'"{code}"' not in text, code


def _play_out(client: TestClient, made: dict[str, Any], seed: int) -> None:
    sid = made["id"]
    tokens = {seat["name"]: seat["token"] for seat in made["seats"]}
    rng = random.Random(seed)
    for _ in range(500):
        public = client.get(f"/sittings/{sid}").json()
        if public["over"]:
            return
        for waiting in public["waiting"] or ():  # the show: each player says "next"
            said = client.post(
                f"/sittings/{sid}/next",
                json={"seq": public["seq"]},
                headers=_auth(tokens[waiting]),
            )
            assert said.status_code == 200, said.text
            public = said.json()["table"]
        if public["waiting"] is not None:
            continue
        name = public["to_act"]["name"]
        answer = client.get(f"/sittings/{sid}/view", headers=_auth(tokens[name]))
        seen = answer.json()
        _hidden_cards_absent(
            seen["view"], set(seen["view"]["hand"]) | set(seen["view"]["discarded"]), answer.text
        )
        action = _choose(seen["view"]["legal_actions"], rng)
        other = next(n for n in tokens if n != name)
        refused = client.post(
            f"/sittings/{sid}/actions",
            json={"seq": seen["seq"], "action": action},
            headers=_auth(tokens[other]),
        )
        assert refused.status_code == 403, refused.text
        done = client.post(
            f"/sittings/{sid}/actions",
            json={"seq": seen["seq"], "action": action},
            headers=_auth(tokens[name]),
        )
        assert done.status_code == 200, done.text
        again = client.post(
            f"/sittings/{sid}/actions",
            json={"seq": seen["seq"], "action": action},
            headers=_auth(tokens[name]),
        )
        assert again.status_code == 409, again.text
    raise AssertionError("the sitting did not end")


def test_a_sitting_is_played_refused_and_replayed_after_a_restart(tmp_path: Path) -> None:
    """Every route answers as API.md says, and a new app over the same file replays all."""
    url = f"sqlite:///{tmp_path / 'service.db'}"
    client = TestClient(create_app(url))
    answer = client.post("/sittings", json={"rules": RULES, "players": PLAYERS, "games": 2})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    sid = made["id"]
    assert client.get(f"/sittings/{sid}/record").status_code == 403
    assert client.get(f"/sittings/{sid}/record", headers=_auth(made["referee"])).status_code == 200
    assert client.get("/sittings/nosuch").status_code == 404
    assert client.get(f"/sittings/{sid}/view", headers=_auth("wrong")).status_code == 403
    _play_out(client, made, seed=7)
    record = client.get(f"/sittings/{sid}/record")
    assert record.status_code == 200
    parsed = pl.parse_sitting_record(record.text)
    assert len(pl.replay_sitting(parsed).games) == 2
    views = [
        client.get(f"/sittings/{sid}/view", headers=_auth(seat["token"])).json()
        for seat in made["seats"]
    ]
    restarted = TestClient(create_app(url))
    assert restarted.get(f"/sittings/{sid}/record").text == record.text
    assert [
        restarted.get(f"/sittings/{sid}/view", headers=_auth(seat["token"])).json()
        for seat in made["seats"]
    ] == views
    for page in ("/", f"/sittings/{sid}/play", "/static/table.js"):
        shown = client.get(page)
        assert shown.status_code == 200
        assert "'unsafe-inline'" not in shown.headers["content-security-policy"]


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[" * 5000,
        b'{"seq": 0, "action": {"type": "Stake", "seat": 0, "amount": true}}',
        b'{"seq": true, "action": {"type": "Pass", "seat": 0}}',
        b'{"seq": 0, "action": {"type": "Rules"}}',
        b'{"seq": 0, "seq": 0, "action": {}}',
        b"x" * (70 * 1024),
    ],
)
def test_hostile_bodies_are_refused_without_a_500(tmp_path: Path, body: bytes) -> None:
    """A body that is no action message is a 400 or 413, and changes nothing."""
    client = TestClient(create_app("sqlite://:memory:"))
    made = client.post("/sittings", json={"rules": RULES, "players": PLAYERS}).json()
    token = made["seats"][0]["token"]
    for route in ("/sittings", f"/sittings/{made['id']}/actions"):
        answer = client.post(route, content=body, headers=_auth(token))
        assert answer.status_code in (400, 413, 422), (route, answer.text)
        assert set(answer.json()) == {"law", "message"}
    assert client.get(f"/sittings/{made['id']}").json()["seq"] == 0


def test_law_41_the_dealer_may_not_order_the_shuffle() -> None:
    """Law 41: a Shuffle with an order of the sender's choosing is refused (422, law 41)."""
    client = TestClient(create_app("sqlite://:memory:"))
    made = client.post("/sittings", json={"rules": RULES, "players": PLAYERS}).json()
    public = client.get(f"/sittings/{made['id']}").json()
    name = public["to_act"]["name"]
    token = next(seat["token"] for seat in made["seats"] if seat["name"] == name)
    seat = public["to_act"]["seat"]
    action = {"type": "Shuffle", "seat": seat, "order": ["Ah", "Kh"]}
    answer = client.post(
        f"/sittings/{made['id']}/actions", json={"seq": 0, "action": action}, headers=_auth(token)
    )
    assert answer.status_code == 422
    assert answer.json()["law"] == 41


def test_the_hot_routes_answer_with_the_headers_and_refusals_of_every_route() -> None:
    """The POSTs of actions and "next" are answered outside Starlette's stack
    (``service/hot.py``): each answer, taken or refused, has the headers every answer has;
    a path that only looks like theirs goes to the application's routes."""
    client = TestClient(create_app("sqlite://:memory:"))
    made = client.post("/sittings", json={"rules": RULES, "players": PLAYERS}).json()
    sid = made["id"]
    public = client.get(f"/sittings/{sid}").json()
    name = public["to_act"]["name"]
    tokens = {seat["name"]: seat["token"] for seat in made["seats"]}
    seen = client.get(f"/sittings/{sid}/view", headers=_auth(tokens[name])).json()
    action = _choose(seen["view"]["legal_actions"], random.Random(3))
    elsewhere = client.get("/sittings")
    policy = elsewhere.headers["content-security-policy"]
    answers = {
        "taken": client.post(
            f"/sittings/{sid}/actions",
            json={"seq": 0, "action": action},
            headers=_auth(tokens[name]),
        ),
        "stale": client.post(
            f"/sittings/{sid}/actions",
            json={"seq": 0, "action": action},
            headers=_auth(tokens[name]),
        ),
        "no game to deal": client.post(
            f"/sittings/{sid}/next", json={"seq": 1}, headers=_auth(tokens[name])
        ),
        "no token": client.post(f"/sittings/{sid}/next", json={"seq": 1}),
        "no sitting": client.post("/sittings/nosuch/actions", json={"seq": 0, "action": action}),
    }
    statuses = {what: answer.status_code for what, answer in answers.items()}
    assert statuses == {
        "taken": 200,
        "stale": 409,
        "no game to deal": 409,
        "no token": 403,
        "no sitting": 404,
    }
    for what, answer in answers.items():
        assert answer.headers["content-type"] == "application/json", what
        assert answer.headers.get_list("content-security-policy") == [policy], what
        for header in ("x-content-type-options", "referrer-policy", "x-frame-options"):
            assert answer.headers[header] == elsewhere.headers[header], (what, header)
        if what != "taken":
            assert set(answer.json()) == {"law", "message"}, what
    taken = answers["taken"]
    assert taken.headers["cache-control"] == "no-store"
    assert taken.json()["seq"] == 1
    assert taken.json()["name"] == name
    for path in (f"/sittings/{sid}/x/actions", "/sittings//next", f"/sittings/{sid}/actions/"):
        # Starlette's own answers: no route, or its redirect of a path ending in "/".
        answer = client.post(path, json={}, follow_redirects=False)
        assert answer.status_code in (404, 405, 307), path
        assert answer.headers["content-security-policy"] == policy
    assert client.get(f"/sittings/{sid}/actions").status_code == 405
