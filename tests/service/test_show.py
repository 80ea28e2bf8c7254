"""The show before the next deal (docs/service.md, "The show"): at a game's end the next
is dealt only when every player with chips has said "next" (``POST .../next`` or the
websocket's ``{"seq": n, "next": true}``), or when the sitting's ``pause`` has passed; the
finished game stays on the table meanwhile, its hands shown as the laws show them, and its
story tells each step with its law."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

from pokerlaws.service import create_app
from tests.service._sockets import receive_json
from tests.service.test_app import PLAYERS, RULES, _auth, _choose

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _made(client: TestClient, **extra: Any) -> dict[str, Any]:
    answer = client.post("/sittings", json={"rules": RULES, "players": PLAYERS, **extra})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def _to_the_show(client: TestClient, made: dict[str, Any], seed: int = 3) -> dict[str, Any]:
    """Play the first game to its end by legal actions; the public table then."""
    sid = made["id"]
    tokens = {seat["name"]: seat["token"] for seat in made["seats"]}
    rng = random.Random(seed)
    for _ in range(200):
        public: dict[str, Any] = client.get(f"/sittings/{sid}").json()
        if public["to_act"] is None:
            return public
        name = public["to_act"]["name"]
        seen = client.get(f"/sittings/{sid}/view", headers=_auth(tokens[name])).json()
        action = _choose(seen["view"]["legal_actions"], rng)
        done = client.post(
            f"/sittings/{sid}/actions",
            json={"seq": seen["seq"], "action": action},
            headers=_auth(tokens[name]),
        )
        assert done.status_code == 200, done.text
    raise AssertionError("the game did not end")


def test_law_59_the_next_deal_waits_for_every_players_next() -> None:
    client = TestClient(create_app("sqlite://:memory:"))
    made = _made(client, games=3)
    sid, tokens = made["id"], {seat["name"]: seat["token"] for seat in made["seats"]}
    public = _to_the_show(client, made)
    assert (public["phase"], public["games_played"], public["over"]) == ("over", 1, False)
    assert sorted(public["waiting"]) == sorted(tokens)
    assert public["pause"] == 0
    story = client.get(f"/sittings/{sid}/story").json()
    assert story["over"]
    assert story["steps"][-1]["law"] in (58, 59, 60, 29, 33, 76)
    assert all(isinstance(step["law"], int) and step["says"] for step in story["steps"])
    shown = {hand["name"] for hand in story["shown"]}
    for token in tokens.values():
        seen = client.get(f"/sittings/{sid}/view", headers=_auth(token)).json()
        assert seen["view"]["phase"] == "over"  # the finished game stays: the show
        seats = seen["table"]["game_seating"]
        assert {seats[hand["seat"]] for hand in seen["view"]["shown"]} == shown
    first, *others = tokens
    said = client.post(
        f"/sittings/{sid}/next", json={"seq": public["seq"]}, headers=_auth(tokens[first])
    )
    assert said.status_code == 200, said.text
    after = said.json()["table"]
    assert (after["phase"], after["games_played"]) == ("over", 1)
    assert first not in after["waiting"]
    again = client.post(
        f"/sittings/{sid}/next", json={"seq": after["seq"]}, headers=_auth(tokens[first])
    )
    assert again.status_code == 200
    assert again.json()["table"]["seq"] == after["seq"]  # said twice: nothing stored
    stale = client.post(f"/sittings/{sid}/next", json={"seq": 0}, headers=_auth(tokens[others[0]]))
    assert stale.status_code == 409  # a seq from before the show
    # Two players saying "next" at once, both at the show's seq: both count.
    both = client.post(
        f"/sittings/{sid}/next", json={"seq": public["seq"]}, headers=_auth(tokens[others[0]])
    )
    assert both.status_code == 200, both.text
    others = others[1:]
    assert client.post(f"/sittings/{sid}/next", json={"seq": after["seq"]}).status_code == 403
    for name in others:
        seq = client.get(f"/sittings/{sid}").json()["seq"]
        said = client.post(f"/sittings/{sid}/next", json={"seq": seq}, headers=_auth(tokens[name]))
        assert said.status_code == 200, said.text
    dealt = client.get(f"/sittings/{sid}").json()
    assert (dealt["phase"], dealt["games_played"], dealt["waiting"]) == ("straddle", 1, None)
    nothing = client.post(
        f"/sittings/{sid}/next", json={"seq": dealt["seq"]}, headers=_auth(tokens[first])
    )
    assert nothing.status_code == 409


def test_law_59_the_websocket_says_next_and_a_spectator_watches_the_deal() -> None:
    with TestClient(create_app("sqlite://:memory:")) as client:
        made = _made(client, games=2)
        sid, tokens = made["id"], {seat["name"]: seat["token"] for seat in made["seats"]}
        public = _to_the_show(client, made, seed=5)
        with client.websocket_connect(f"/sittings/{sid}/watch") as watcher:
            seen = receive_json(watcher)
            assert seen["view"] is None
            assert seen["table"]["waiting"] == public["waiting"]
            for name in public["waiting"]:
                with client.websocket_connect(f"/sittings/{sid}/ws?token={tokens[name]}") as ws:
                    current = receive_json(ws)
                    ws.send_json({"seq": current["seq"], "next": True})
                    receive_json(ws)
                seen = receive_json(watcher)
            table = seen["table"]
            assert (table["phase"], table["games_played"], table["waiting"]) == (
                "straddle",
                1,
                None,
            )
            watcher.send_json({"seq": seen["seq"], "next": True})
            assert receive_json(watcher)["error"] == 403  # a spectator says nothing


def test_a_sittings_pause_deals_the_next_game_without_every_next() -> None:
    with TestClient(create_app("sqlite://:memory:")) as client:
        made = _made(client, games=2, pause=1)
        sid = made["id"]
        public = _to_the_show(client, made)
        assert public["pause"] == 1
        assert public["waiting"]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            now = client.get(f"/sittings/{sid}").json()
            if now["seq"] > public["seq"]:
                break
            time.sleep(0.1)
        assert now["seq"] == public["seq"] + 1
        assert (now["phase"], now["games_played"], now["waiting"]) == ("straddle", 1, None)


@pytest.mark.parametrize(
    ("pause", "said"),
    [(-1, "pause must be 0 to 3600 seconds"), ("5", "pause must be a whole number of seconds")],
)
def test_a_pause_out_of_bounds_is_refused_in_a_sentence(pause: object, said: str) -> None:
    client = TestClient(create_app("sqlite://:memory:"))
    answer = client.post("/sittings", json={"rules": RULES, "players": PLAYERS, "pause": pause})
    assert answer.status_code == 422, answer.text
    assert answer.json()["message"].startswith(said)
