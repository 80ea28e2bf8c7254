"""Issue 35, item 7: ``POST /sittings`` takes short documents, as a program in any language
writes them: ``rules`` and ``terms`` with any subset of their members (the rest the library's
defaults), ``games`` left out for a sitting that goes on until it is over, names of 1 to 40
characters; and a wrong member is refused with a sentence that names it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

import pokerlaws as pl
from pokerlaws.service import create_app
from pokerlaws.service.documents import _RULE_SWITCHES, NAME_LENGTH

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PLAYERS = [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app("sqlite://:memory:"))


def _made(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/sittings", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def _header(client: TestClient, made: dict[str, Any]) -> Any:
    app: Any = client.app
    return app.state.tables.table(made["id"]).header


def _refused(client: TestClient, body: object) -> dict[str, Any]:
    before = client.get("/sittings").json()
    answer = client.post("/sittings", json=body)
    assert answer.status_code == 422, answer.text
    refusal: dict[str, Any] = answer.json()
    assert set(refusal) == {"law", "message"}
    assert "$" not in refusal["message"], refusal  # a sentence, not a JSON path
    assert client.get("/sittings").json() == before  # nothing made
    return refusal


def test_law_19_a_rules_document_of_the_ante_and_limit_alone_takes_every_default(
    client: TestClient,
) -> None:
    """``{"ante": 1, "limit": 4}`` is Peel's table read literally: every switch the
    library's default, as ``Rules(ante=1, limit=4)``; the terms and games left out."""
    made = _made(client, {"rules": {"ante": 1, "limit": 4}, "players": PLAYERS})
    header = _header(client, made)
    assert header.rules == pl.Rules(ante=1, limit=4)
    assert header.terms == pl.SittingTerms()
    assert header.games is None
    assert made["table"]["games"] is None


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
            {"format": "pokerlaws/1", "type": "Rules", "ante": 2, "limit": 8},
            pl.Rules(ante=2, limit=8),
        ),
        ({"ante": 1, "limit": 4, "joker": True}, pl.Rules(ante=1, limit=4, joker=True)),
        (
            {"ante": 1, "limit": 4, "hands": {"blaze": True}},
            pl.Rules(ante=1, limit=4, hands=pl.HandRules(blaze=True)),
        ),
        ({"ante": 1, "limit": 4, "hands": {}}, pl.Rules(ante=1, limit=4)),
        (
            pl.to_data(pl.Rules(ante=1, limit=6, openers_on_honour=True)),
            pl.Rules(ante=1, limit=6, openers_on_honour=True),
        ),
    ],
)
def test_a_short_rules_document_fills_what_it_leaves_out_with_the_defaults(
    client: TestClient, given: dict[str, Any], expected: pl.Rules
) -> None:
    """The defaults are Peel read literally (Law 77); a member given departs from them, a
    member left out keeps them (the whole document ``to_data`` writes is one such)."""
    made = _made(client, {"rules": given, "players": PLAYERS, "games": 1})
    assert _header(client, made).rules == expected


@pytest.mark.parametrize(
    ("terms", "expected"),
    [
        ({}, pl.SittingTerms()),
        (None, pl.SittingTerms()),
        ({"kitty_percent": 5}, pl.SittingTerms(kitty_percent=5)),
        (
            {"type": "SittingTerms", "broke_players_leave": True},
            pl.SittingTerms(broke_players_leave=True),
        ),
    ],
)
def test_a_short_terms_document_fills_what_it_leaves_out_with_the_defaults(
    client: TestClient, terms: object, expected: pl.SittingTerms
) -> None:
    body = {"rules": {"ante": 1, "limit": 4}, "players": PLAYERS, "terms": terms}
    assert _header(client, _made(client, body)).terms == expected


@pytest.mark.parametrize(
    ("rules", "terms", "sentence"),
    [
        (
            {"ante": "1", "limit": 4},
            {},
            "rules.ante must be a whole number of chips, not the text '1'",
        ),
        (
            {"ante": 1, "limit": 4.0},
            {},
            "rules.limit must be a whole number of chips, not the number 4.0",
        ),
        ({"ante": True, "limit": 4}, {}, "rules.ante must be a whole number of chips, not true"),
        (
            {"ante": 1, "limit": 4, "joker": 1},
            {},
            "rules.joker must be true or false, not the number 1",
        ),
        (
            {"ante": 1, "limit": 4, "hands": {"blaze": "yes"}},
            {},
            "rules.hands.blaze must be true or false, not the text 'yes'",
        ),
        ({"ante": 1, "limit": 4, "hands": []}, {}, "rules.hands must be an object"),
        ([1, 4], {}, "rules must be an object of the table's rules"),
        (
            {"ante": 1, "limit": 4, "type": "HandRules"},
            {},
            "rules.type must be 'Rules' or left out",
        ),
        (
            {"ante": 1, "limit": 4, "format": "pokerlaws/2"},
            {},
            "rules.format must be 'pokerlaws/1'",
        ),
        (
            {"ante": 1, "limit": 4},
            {"kitty_percent": "5"},
            "terms.kitty_percent must be a whole number of percent",
        ),
        (
            {"ante": 1, "limit": 4},
            {"kitty_percent": 101},
            "terms.kitty_percent must be 0 to 100 percent, not 101",
        ),
        (
            {"ante": 1, "limit": 4},
            {"broke_players_leave": None},
            "terms.broke_players_leave must be true or false, not null",
        ),
    ],
)
def test_a_member_of_the_wrong_type_is_refused_with_a_sentence_naming_it(
    client: TestClient, rules: object, terms: object, sentence: str
) -> None:
    refusal = _refused(client, {"rules": rules, "players": PLAYERS, "terms": terms})
    assert sentence in refusal["message"], refusal


@pytest.mark.parametrize(
    ("rules", "terms", "named"),
    [
        ({"ante": 1, "limit": 4, "jokers": True}, {}, "'jokers'"),
        ({"ante": 1, "limit": 4, "hands": {"blazes": True}}, {}, "'blazes'"),
        ({"ante": 1, "limit": 4}, {"kitty": 5}, "'kitty'"),
    ],
)
def test_an_unknown_member_is_refused_by_name_never_dropped(
    client: TestClient, rules: object, terms: object, named: str
) -> None:
    """A misspelt switch left silently at its default would be a table the players did not
    agree (Law 81): it is refused, named, beside the members there are."""
    refusal = _refused(client, {"rules": rules, "players": PLAYERS, "terms": terms})
    assert named in refusal["message"], refusal
    assert "its members are" in refusal["message"], refusal


def test_law_19_the_ante_and_the_limit_have_no_default(client: TestClient) -> None:
    for rules in ({"limit": 4}, {"ante": 1}, {}):
        refusal = _refused(client, {"rules": rules, "players": PLAYERS})
        assert refusal["law"] == 19, refusal
        assert "missing" in refusal["message"], refusal


def test_law_19_an_ante_over_half_the_limit_is_refused_with_the_law(client: TestClient) -> None:
    refusal = _refused(client, {"rules": {"ante": 3, "limit": 4}, "players": PLAYERS})
    assert refusal["law"] == 19, refusal


@pytest.mark.parametrize("length", [1, NAME_LENGTH])
def test_a_name_of_1_to_40_characters_is_seated(client: TestClient, length: int) -> None:
    players = [{"name": "é" * length, "chips": 5}, {"name": "B", "chips": 5}]
    made = _made(client, {"rules": {"ante": 1, "limit": 4}, "players": players})
    assert made["seats"][0]["name"] == "é" * length


@pytest.mark.parametrize("length", [0, NAME_LENGTH + 1, 30_000])
def test_a_name_of_other_lengths_is_refused_with_a_sentence(
    client: TestClient, length: int
) -> None:
    """A stranger's 30 KB name would be copied into every view, listing and record."""
    players = [{"name": "x" * length, "chips": 5}, {"name": "B", "chips": 5}]
    refusal = _refused(client, {"rules": {"ante": 1, "limit": 4}, "players": players})
    assert (
        f"players[0].name must be 1 to {NAME_LENGTH} characters, not {length}"
        in refusal["message"]
    )


def _play_out(client: TestClient, made: dict[str, Any], seed: int) -> dict[str, Any]:
    """Legal actions drawn at random until the sitting is over; the public table then."""
    sid = made["id"]
    tokens = {seat["name"]: seat["token"] for seat in made["seats"]}
    rng = random.Random(seed)
    public: dict[str, Any] = client.get(f"/sittings/{sid}").json()
    for _ in range(20_000):
        if public["over"]:
            return public
        auth = {"Authorization": f"Bearer {tokens[public['to_act']['name']]}"}
        seen = client.get(f"/sittings/{sid}/view", headers=auth).json()
        menu = seen["view"]["legal_actions"]
        if isinstance(menu, dict):
            stake = {"type": "Stake", "seat": menu["seat"], "amount": menu["least"]}
            menu = [*menu["others"], stake]
        done = client.post(
            f"/sittings/{sid}/actions",
            json={"seq": seen["seq"], "action": rng.choice(menu)},
            headers=auth,
        )
        assert done.status_code == 200, done.text
        public = done.json()["table"]
    raise AssertionError("the sitting did not end")


def test_law_18_a_sitting_without_games_goes_on_until_fewer_than_two_have_chips(
    client: TestClient,
) -> None:
    """Law 18 (Ambiguity 26): the deal passes on while two players have chips; with no
    ``games`` nothing else ends the sitting. Played by legal actions drawn at random until
    it is over: then exactly one player has chips: no bound of games ended it."""
    players = [{"name": "Ann", "chips": 6}, {"name": "Bob", "chips": 6}]
    made = _made(client, {"rules": {"ante": 1, "limit": 2}, "players": players})
    public = _play_out(client, made, seed=35)
    assert public["games"] is None
    with_chips = [player for player in public["players"] if player["chips"]]
    assert len(with_chips) == 1, public
    assert public["games_played"] >= 1


def test_the_referee_ends_a_sitting_without_games_after_the_game_in_play(tmp_path: Any) -> None:
    """A sitting without ``games`` ends when fewer than two have chips, or when the referee
    ends it (``POST /sittings/{id}/end``): the game in play is then its last. Only the
    referee's token ends it, at the current ``seq``; the end is an event of the store, so a
    restarted server replays it."""
    url = f"sqlite:///{tmp_path / 'service.db'}"
    client = TestClient(create_app(url))
    made = _made(client, {"rules": {"ante": 1, "limit": 4}, "players": PLAYERS})
    sid = made["id"]
    seat = {"Authorization": f"Bearer {made['seats'][0]['token']}"}
    referee = {"Authorization": f"Bearer {made['referee']}"}
    refused = client.post(f"/sittings/{sid}/end", json={"seq": 0}, headers=seat)
    assert refused.status_code == 403, refused.text
    stale = client.post(f"/sittings/{sid}/end", json={"seq": 1}, headers=referee)
    assert stale.status_code == 409, stale.text
    ended = client.post(f"/sittings/{sid}/end", json={"seq": 0}, headers=referee)
    assert ended.status_code == 200, ended.text
    assert ended.json()["games"] == 1
    assert not ended.json()["over"]
    twice = client.post(f"/sittings/{sid}/end", json={"seq": 1}, headers=referee)
    assert twice.status_code == 409, twice.text
    public = _play_out(client, made, seed=18)
    assert public["games_played"] == 1
    assert public["seq"] >= 2
    again = client.post(f"/sittings/{sid}/end", json={"seq": public["seq"]}, headers=referee)
    assert again.status_code == 409, again.text
    restarted = TestClient(create_app(url))
    assert restarted.get(f"/sittings/{sid}").json() == client.get(f"/sittings/{sid}").json()


def test_every_member_of_the_rules_but_the_chips_and_hands_is_a_switch() -> None:
    """The reader takes every member of ``Rules`` but the ante, the limit and the hands as
    a switch (true or false): a member of another kind added to ``Rules`` fails here until
    the reader knows it."""
    written = pl.to_data(pl.Rules(ante=1, limit=2))
    assert set(_RULE_SWITCHES) == set(written) - {"format", "type", "ante", "limit", "hands"}
    assert all(type(written[name]) is bool for name in _RULE_SWITCHES)
