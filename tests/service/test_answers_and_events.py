"""What the service answers and stores, beyond a game's moves (issue 33, the mutation sample
of service/): the answers that change as a sitting goes are never cached, a body not an
object is a 400, the public table tells each player's result, each stored action says who
sent it, and the referee's end takes any seq a sitting can reach.

The mutant each test kills is named in its docstring."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

from pokerlaws.service import create_app
from tests.service.test_sitting_over import TWO, _act, _auth, _game, _misdealt, _one_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _stored(client: TestClient, sid: str) -> list[Any]:
    app: Any = client.app
    return [json.loads(event) for event in app.state.tables.store.load(sid).events]


def test_the_answers_that_change_as_a_sitting_goes_are_never_cached() -> None:
    """Mutant killed: ``headers={"Cache-Control": "no-store"}`` turned
    ``{"XXCache-ControlXX": "no-store"}`` in ``pages.told`` (GET .../story)."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        sid, tokens = _one_game(client, TWO)
        seat, referee = _auth(tokens["Ann"]), _auth(tokens["referee"])
        for path, headers in (
            ("/sittings", {}),
            (f"/sittings/{sid}", {}),
            (f"/sittings/{sid}/story", {}),
            (f"/sittings/{sid}/view", seat),
            (f"/sittings/{sid}/table.svg", seat),
            (f"/sittings/{sid}/record", referee),
            (f"/sittings/{sid}/play", {}),
            (f"/sittings/{sid}/watch", {}),
        ):
            answer = client.get(path, headers=headers)
            assert answer.status_code == 200, (path, answer.text)
            assert answer.headers.get("cache-control") == "no-store", path


@pytest.mark.parametrize(("body", "seen"), [([], "an array"), ("rules", "the text 'rules'")])
def test_a_new_sitting_s_body_not_a_json_object_is_a_400_saying_what_came(
    body: object, seen: str
) -> None:
    """Mutant killed: ``Refusal(400, f"the body must be a JSON object, not ...")`` turned
    ``Refusal(401, ...)`` in ``documents.read_new_sitting``."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        answer = client.post("/sittings", json=body)
        assert answer.status_code == 400, answer.text
        assert answer.json() == {
            "law": None,
            "message": f"the body must be a JSON object, not {seen}",
        }
        assert client.get("/sittings").json()["sittings"] == []


def test_the_public_table_tells_each_player_s_result_summing_to_zero_with_the_kitty() -> None:
    """After the sitting's one game, each player's result is his chips less the 20 he
    brought, and they sum to zero with the kitty.

    Mutant killed: ``"results": [...]`` turned ``"RESULTS": [...]`` in ``Table._public``."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        sid, tokens = _one_game(client, TWO)
        first = client.get(f"/sittings/{sid}").json()["results"]
        assert [entry["name"] for entry in first] == ["Ann", "Bob"]
        rng = random.Random(2)
        while not client.get(f"/sittings/{sid}").json()["over"]:
            _act(client, sid, tokens, rng)
        public = client.get(f"/sittings/{sid}").json()
        results = {entry["name"]: entry["result"] for entry in public["results"]}
        assert set(results) == {"Ann", "Bob"}
        assert sum(results.values()) + public["kitty"] == 0
        stacks = _game(client, sid).stacks
        assert [results["Ann"], results["Bob"]] == [stacks[0] - 20, stacks[1] - 20]
        assert any(results.values())


def test_each_stored_action_says_whether_a_seat_or_the_referee_sent_it() -> None:
    """The referee's report of a missing cut (Law 8) is stored as the referee's; every
    other action, the players', as a seat's.

    Mutant killed: ``_event_text("referee" if who == REFEREE else "seat", ...)`` turned
    ``"referee" if (who == REFEREE) and False else "seat"`` in ``Tables._play``."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        sid, _, _ = _misdealt(client)
        events = _stored(client, sid)
    actions = [(event["by"], event["action"]["type"]) for event in events]
    assert actions[-1] == ("referee", "MissingCut")
    assert actions[:-1]
    assert all(by == "seat" for by, _ in actions[:-1]), actions


def test_the_referees_end_takes_any_seq_up_to_2_to_the_62_and_names_the_current_one() -> None:
    """A referee's end at a seq the sitting has not reached is a 409 naming the current
    seq, however far it is (a long sitting passes seq 124 soon); only past 2**62 is it a
    400, and nothing is stored by either.

    Mutant killed: ``_whole("seq", members["seq"], 0, 2**62)`` turned ``2 * 62`` in
    ``Tables.end``."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        sid, tokens = _one_game(client, TWO)
        referee = _auth(tokens["referee"])
        for seq in (125, 1000, 2**62):
            far = client.post(f"/sittings/{sid}/end", json={"seq": seq}, headers=referee)
            assert far.status_code == 409, far.text
            assert far.json()["message"] == f"seq {seq} is not the current one, 0"
        past = client.post(f"/sittings/{sid}/end", json={"seq": 2**62 + 1}, headers=referee)
        assert past.status_code == 400, past.text
        assert _stored(client, sid) == []
        ended = client.post(f"/sittings/{sid}/end", json={"seq": 0}, headers=referee)
        assert ended.status_code == 200, ended.text
        assert [event["type"] for event in _stored(client, sid)] == ["end"]
