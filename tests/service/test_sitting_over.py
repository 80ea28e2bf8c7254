"""Issue 33, item 3: the service's survivors of the mutation probe, as scenarios. A sitting
that is over takes no more actions nor reports (409), the table orders a redeal's pack (Law 8),
and the record, which holds every pack, is the referee's until the sitting is over."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

import pokerlaws as pl
from pokerlaws.reports import MissingCut
from pokerlaws.service import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RULES = {"ante": 1, "limit": 4}
TWO = [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}]
THREE = [*TWO, {"name": "Cy", "chips": 20}]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _game(client: TestClient, sid: str) -> pl.GameState:
    """The game in play, as the service holds it (what a referee at the table sees)."""
    app: Any = client.app
    game: pl.GameState = app.state.tables.table(sid).sitting.game
    return game


def _post(client: TestClient, sid: str, token: str, action: object) -> Any:
    seq = client.get(f"/sittings/{sid}").json()["seq"]
    body = {"seq": seq, "action": pl.to_data(action)}
    return client.post(f"/sittings/{sid}/actions", json=body, headers=_auth(token))


def _one_game(client: TestClient, players: list[dict[str, Any]]) -> tuple[str, dict[str, str]]:
    made = client.post("/sittings", json={"rules": RULES, "players": players, "games": 1})
    assert made.status_code == 201, made.text
    tokens = {seat["name"]: seat["token"] for seat in made.json()["seats"]}
    return made.json()["id"], {**tokens, "referee": made.json()["referee"]}


def _act(client: TestClient, sid: str, tokens: dict[str, str], rng: random.Random) -> None:
    """The player to act plays a legal action drawn at random, passing only when he must."""
    game = _game(client, sid)
    menu: list[object] = list(pl.legal_actions(game))
    staying = [action for action in menu if not isinstance(action, pl.Pass)] or menu
    name = client.get(f"/sittings/{sid}").json()["to_act"]["name"]
    done = _post(client, sid, tokens[name], rng.choice(staying))
    assert done.status_code == 200, done.text


def test_law_64_a_sitting_over_refuses_a_seats_action_and_a_referees_report_with_409() -> None:
    """After the sitting's last game, a seat's action and a referee's report (a foul hand
    found at the show, which would settle the game again under Law 64) are both refused with
    409 "the sitting is over": the chips and the record stay as they were.

    Mutant killed: ``if table.over:`` read ``if False:`` in ``service.tables.Tables._play``
    (the action then reached the laws, 422, and the report re-settled the finished game).
    """
    client = TestClient(create_app("sqlite://:memory:"))
    sid, tokens = _one_game(client, TWO)
    rng = random.Random(0)
    while not client.get(f"/sittings/{sid}").json()["over"]:
        _act(client, sid, tokens, rng)
    public = client.get(f"/sittings/{sid}").json()
    record = client.get(f"/sittings/{sid}/record").text
    game = _game(client, sid)
    winner = max(range(2), key=lambda seat: game.stacks[seat])
    assert game.stacks[winner] > 20, game.stacks  # a showdown or a pass won him chips
    late = pl.WrongHandSize(seat=winner)
    assert late in pl.reportable(game)  # the laws alone would take it (Law 64)
    seat = _post(client, sid, tokens["Ann"], pl.Pass(seat=0))
    assert seat.status_code == 409, seat.text
    assert "the sitting is over" in seat.json()["message"]
    report = _post(client, sid, tokens["referee"], late)
    assert report.status_code == 409, report.text
    assert "the sitting is over" in report.json()["message"]
    assert client.get(f"/sittings/{sid}").json() == public
    assert client.get(f"/sittings/{sid}/record").text == record


def _misdealt(client: TestClient) -> tuple[str, dict[str, str], int]:
    """A sitting whose first deal the referee has called a misdeal (Law 8: the pack dealt
    uncut, objected to during the deal); the dealer is to deal again."""
    sid, tokens = _one_game(client, THREE)
    rng = random.Random(1)
    while _game(client, sid).phase is pl.Phase.STRADDLE:
        _act(client, sid, tokens, rng)
    called = _post(client, sid, tokens["referee"], MissingCut(seat=0, during_deal=True))
    assert called.status_code == 200, called.text
    game = _game(client, sid)
    assert game.phase is pl.Phase.MISDEAL
    (redeal,) = pl.legal_actions(game)
    assert isinstance(redeal, pl.Redeal)
    return sid, tokens, redeal.seat


def test_law_8_a_redeal_naming_its_own_pack_is_refused_and_a_plain_one_deals() -> None:
    """Law 8: after the misdeal the same dealer deals again, from a pack the table shuffles.
    A Redeal naming its own deck order is refused (422, law 8) and changes nothing; the
    Redeal with no deck is accepted and deals.

    Mutants killed: ``action.deck is not None`` read ``action.deck is None`` in
    ``service.sittings._own_choice`` (the plain Redeal refused, the stacked one dealt), and
    the Redeal's test dropped (``isinstance(action, Redeal) and ...`` read ``False and ...``).
    """
    client = TestClient(create_app("sqlite://:memory:"))
    sid, tokens, dealer = _misdealt(client)
    name = client.get(f"/sittings/{sid}").json()["to_act"]["name"]
    before = client.get(f"/sittings/{sid}").json()
    stacked = pl.Redeal(seat=dealer, deck=tuple(pl.standard_deck()))
    refused = _post(client, sid, tokens[name], stacked)
    assert refused.status_code == 422, refused.text
    assert refused.json()["law"] == 8
    assert "may not choose the pack" in refused.json()["message"]
    assert client.get(f"/sittings/{sid}").json() == before
    dealt = _post(client, sid, tokens[name], pl.Redeal(seat=dealer))
    assert dealt.status_code == 200, dealt.text
    assert _game(client, sid).phase is not pl.Phase.MISDEAL


def test_a_seats_token_may_not_read_the_record_before_the_sitting_is_over() -> None:
    """The record holds every pack, so every hidden card: a seat's token reading it before
    the end is refused (403), as is no token; the referee reads it at any time, anyone once
    the sitting is over. (The slow suite alone caught this leak before issue 33.)

    Mutant killed: ``table.holder(bearer(request)) != REFEREE`` read ``... is None`` in
    ``service.app._Service.record`` (any token of the sitting read every pack).
    """
    client = TestClient(create_app("sqlite://:memory:"))
    sid, tokens = _one_game(client, TWO)
    route = f"/sittings/{sid}/record"
    rng = random.Random(2)
    for _ in range(3):
        for name in ("Ann", "Bob"):
            refused = client.get(route, headers=_auth(tokens[name]))
            assert refused.status_code == 403, refused.text
            assert "referee's until the sitting is over" in refused.json()["message"]
        assert client.get(route).status_code == 403
        assert client.get(route, headers=_auth(tokens["referee"])).status_code == 200
        _act(client, sid, tokens, rng)
    while not client.get(f"/sittings/{sid}").json()["over"]:
        _act(client, sid, tokens, rng)
    for token in (tokens["Ann"], tokens["referee"]):
        assert client.get(route, headers=_auth(token)).status_code == 200
    assert client.get(route).status_code == 200


# --- Survivors of issue 33's mutmut sample (service/), each a one-line change ---------------


def test_an_action_without_a_token_is_403_and_its_refusals_say_why() -> None:
    """An action sent with no token is 403 (not 404: the sitting exists), a view asked
    with a token of another sitting 403 with its sentence, and the referee's second end
    409 with its own. (mutmut: ``Refusal(403, ...)`` read ``404`` in ``Tables._play``; the
    messages of ``_Service.seen`` and ``Tables.end`` upper-cased.)"""
    client = TestClient(create_app("sqlite://:memory:"))
    sid, tokens = _one_game(client, TWO)
    body = {"seq": 0, "action": {"type": "Pass", "seat": 0}}
    tokenless = client.post(f"/sittings/{sid}/actions", json=body)
    assert tokenless.status_code == 403, tokenless.text
    assert tokenless.json()["message"].startswith("this needs the token of a seat")
    other, _ = _one_game(client, TWO)
    stranger = client.get(f"/sittings/{other}/view", headers=_auth(tokens["Ann"]))
    assert stranger.status_code == 403
    assert stranger.json()["message"] == "this token is not one of this sitting's"
    ended = client.post(f"/sittings/{sid}/end", json={"seq": 0}, headers=_auth(tokens["referee"]))
    assert ended.status_code == 200, ended.text
    twice = client.post(f"/sittings/{sid}/end", json={"seq": 1}, headers=_auth(tokens["referee"]))
    assert twice.status_code == 409
    assert twice.json()["message"].startswith("the sitting is over, or ends with the game")


def test_the_public_table_and_the_lobby_name_their_members() -> None:
    """The public table has its ``pool``; the lobby's entry its ``games``; a sitting's
    ``kitty_chips`` term is read. (mutmut: the keys ``"pool"`` and ``"games"`` renamed in
    ``Table._public`` and ``Table.summary``; ``given["kitty_chips"]`` read as None in
    ``read_terms``.)"""
    client = TestClient(create_app("sqlite://:memory:"))
    terms = {"kitty_chips": 3}
    made = client.post(
        "/sittings", json={"rules": RULES, "players": TWO, "games": 2, "terms": terms}
    )
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    public = client.get(f"/sittings/{sid}").json()
    assert isinstance(public["pool"], int)
    lobby = client.get("/sittings").json()["sittings"]
    (listed,) = [entry for entry in lobby if entry["id"] == sid]
    assert listed["games"] == 2
    app: Any = client.app
    assert app.state.tables.table(sid).sitting.terms.kitty_chips == 3


@pytest.mark.parametrize(
    ("terms", "sentence"),
    [
        ({"rules": [1]}, "not an array"),
        (
            {"rules": {"ante": 1, "limit": 4, "hands": 3}},
            "an object of the hands' switches (blaze",
        ),
    ],
)
def test_a_wrong_document_is_refused_with_what_it_is(terms: dict[str, Any], sentence: str) -> None:
    """A refusal says what was sent instead: ``an array``; a wrong ``hands`` names its
    switches. (mutmut: those words upper-cased or wrapped in ``documents._seen`` and
    ``documents._hands``.)"""
    client = TestClient(create_app("sqlite://:memory:"))
    refused = client.post("/sittings", json={"players": TWO, **terms})
    assert refused.status_code == 422, refused.text
    assert sentence in refused.json()["message"]


def test_the_lobby_page_is_well_formed_html() -> None:
    """The lobby's page opens its body plainly: ``<body>``, then its header and the form.
    (mutmut: ``_page``'s default ``data=""`` read ``"XXXX"``, which wrote ``<bodyXXXX>``.)"""
    client = TestClient(create_app("sqlite://:memory:"))
    page = client.get("/").text
    assert page.count("<body") == 1
    assert "<body><header><h1>pokerlaws: a table of Peel" in page
    assert page.endswith("</body></html>\n")
