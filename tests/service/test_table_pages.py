"""The pages of the table for people (docs/service.md, "In a browser"): the spectator's page
and socket, a finished game's replay under its own policy, the story's words and laws, and
the referee's end at a show."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerlaws.service import app as service_app
from pokerlaws.service import create_app
from tests.service._sockets import receive_json
from tests.service.test_app import _auth
from tests.service.test_show import _made, _to_the_show

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _over(client: TestClient) -> dict[str, Any]:
    made = _made(client, games=1)
    public = _to_the_show(client, made)
    assert public["over"]
    return made


def test_law_58_a_finished_games_replay_is_anyones_under_its_own_policy() -> None:
    client = TestClient(create_app("sqlite://:memory:"))
    playing = _made(client, games=1)
    assert client.get(f"/sittings/{playing['id']}/games/1").status_code == 403
    made = _over(client)
    page = client.get(f"/sittings/{made['id']}/games/1")
    assert page.status_code == 200, page.text
    policy = page.headers["content-security-policy"]
    assert "'unsafe-inline'" not in policy
    assert page.headers.get_list("content-security-policy") == [policy]  # one policy only
    for kind, body in re.findall(r"<(style|script)>(.*?)</\1>", page.text, re.S):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in policy, kind
    for n in ("0", "2", "x"):
        assert client.get(f"/sittings/{made['id']}/games/{n}").status_code == 404


def test_law_6_the_spectators_page_and_socket_hold_the_public_table_only() -> None:
    with TestClient(create_app("sqlite://:memory:")) as client:
        made = _made(client, games=2)
        page = client.get(f"/sittings/{made['id']}/watch")
        assert page.status_code == 200
        assert 'data-role="watch"' in page.text
        assert client.get("/sittings/nosuch/watch").status_code == 404
        with client.websocket_connect(f"/sittings/{made['id']}/watch") as watcher:
            seen = receive_json(watcher)
            assert (seen["view"], seen["name"], seen["seat"]) == (None, None, None)
            assert not re.search(r'"[2-9TJQKA][cdhs]"', str(seen).replace("'", '"'))


def test_a_sittings_spectators_sockets_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_app, "SPECTATORS", 2)
    with TestClient(create_app("sqlite://:memory:")) as client:
        made = _made(client)
        path = f"/sittings/{made['id']}/watch"
        with client.websocket_connect(path) as first:
            receive_json(first)
            with client.websocket_connect(path) as second, client.websocket_connect(path) as third:
                receive_json(second)
                receive_json(third)
                with pytest.raises(WebSocketDisconnect) as closed:
                    first.receive_json()
                assert closed.value.code == service_app.CLOSE_SUPERSEDED


def test_law_59_the_story_tells_each_step_with_its_law_and_the_hands_shown() -> None:
    client = TestClient(create_app("sqlite://:memory:"))
    made = _made(client, games=2)
    story = client.get(f"/sittings/{made['id']}/story").json()
    assert (story["game"], story["over"], story["shown"]) == (1, False, [])
    assert story["steps"][0]["law"] == 20
    assert story["steps"][0]["title"]
    public = _to_the_show(client, made)
    told = client.get(f"/sittings/{made['id']}/story").json()
    assert told["over"]
    assert told["seq"] == public["seq"]
    assert told["game"] == 1
    names = {seat["name"] for seat in made["seats"]}
    assert {hand["name"] for hand in told["shown"]} <= names
    assert set(told["winners"]) <= names
    assert sum(told["payouts"]) > 0


def test_law_18_the_referees_end_at_a_show_ends_the_sitting_with_the_game_shown() -> None:
    client = TestClient(create_app("sqlite://:memory:"))
    made = _made(client, games=3)
    public = _to_the_show(client, made)
    ended = client.post(
        f"/sittings/{made['id']}/end", json={"seq": public["seq"]}, headers=_auth(made["referee"])
    )
    assert ended.status_code == 200, ended.text
    assert (ended.json()["over"], ended.json()["games"], ended.json()["waiting"]) == (
        True,
        1,
        None,
    )
