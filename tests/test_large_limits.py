"""No small input makes a large allocation: a table with a limit of a billion (issue 16).

A 584-byte record with ``rule limit 1000000000`` is legal, and ``view`` once built a
``Stake`` for each of the billion amounts its player could stake. A view now holds them as a
range (:class:`pokerlaws.LegalActions`); these tests check what it holds by its type and
length, never by time, and that it is exactly ``legal_actions`` wherever that can be listed.
"""

from __future__ import annotations

import json
import random

import pytest
from jsonschema import Draft202012Validator

import pokerlaws as pl

BILLION = 10**9
DECK = pl.shuffled_deck(3)
VALIDATOR = Draft202012Validator(pl.json_schema())


def _say_at(rules: pl.Rules, chips: int) -> pl.GameState:
    """Three seats with ``chips`` each, the straddle declined: seat 2 has the first say."""
    state = pl.new_game(rules, [chips] * 3, dealer=0, deck=DECK)
    return pl.apply_or_raise(state, pl.DeclineStraddle(seat=2))


def test_a_small_record_at_a_limit_of_a_billion_gives_a_view_at_once() -> None:
    """The record is a few hundred bytes; its view holds the billion stakes as a range, and
    its JSON stays under a kilobyte and reads back equal."""
    text = pl.format_record(pl.record(_say_at(pl.Rules(ante=1, limit=BILLION), 10**12)))
    assert len(text.encode()) < 700
    state = pl.replay(pl.parse_record(text))
    seen = pl.view(state, 2)
    menu = seen.legal_actions
    assert isinstance(menu, pl.LegalActions)
    amounts = pl.stake_range(state)
    assert len(amounts) > BILLION
    assert menu.amounts == amounts
    assert len(menu) == 1 + len(amounts)
    assert menu[0] == pl.Pass(seat=2)
    assert menu[1] == pl.Stake(seat=2, amount=amounts[0])
    assert menu[-1] == pl.Stake(seat=2, amount=amounts[-1])
    assert pl.Stake(seat=2, amount=BILLION) in menu
    assert pl.Stake(seat=2, amount=amounts[-1] + 1) not in menu
    assert menu.index(pl.Stake(seat=2, amount=amounts[-1])) == len(amounts)
    assert hash(seen) == hash(pl.view(state, 2))
    document = pl.to_json(seen)
    assert len(document) < 1500
    VALIDATOR.validate(json.loads(document))
    assert pl.from_json(document) == seen
    assert json.loads(document)["legal_actions"] == {
        "type": "LegalActions",
        "others": [{"type": "Pass", "seat": 2}],
        "seat": 2,
        "least": amounts[0],
        "most": amounts[-1],
    }
    assert isinstance(pl.legal_menu(state), pl.LegalActions)
    assert pl.view(state, 0).legal_actions == ()


def test_a_sitting_at_a_limit_of_a_billion_gives_a_view_at_once() -> None:
    """The sitting's view holds the same range as the game view in it."""
    names = [("Ann", 10**12), ("Bob", 10**12), ("Cy", 10**12)]
    sitting = pl.start_sitting(
        pl.Rules(ante=1, limit=BILLION), names, cut=pl.standard_deck(), deck=DECK
    )
    to_act = sitting.to_act
    assert to_act is not None
    declined = pl.play(sitting, pl.DeclineStraddle(seat=to_act.seat))
    assert isinstance(declined, pl.Sitting)
    sitting = declined
    to_act = sitting.to_act
    assert to_act is not None
    mine = pl.sitting_view(sitting, to_act.name)
    assert isinstance(mine.legal_actions, pl.LegalActions)
    assert mine.game is not None
    assert mine.legal_actions == mine.game.legal_actions
    assert len(mine.legal_actions) > BILLION
    document = pl.to_json(mine)
    assert len(document) < 4000
    VALIDATOR.validate(json.loads(document))
    assert pl.from_json(document) == mine


def _play(rules: pl.Rules, chips: int, seed: int) -> list[pl.GameState]:
    """Every state of a game played by random legal actions (a recording table's deposit
    made out of turn where it can be)."""
    rng = random.Random(seed)
    state = pl.new_game(rules, [chips] * 4, dealer=0, deck=pl.shuffled_deck(seed))
    states = [state]
    while state.phase is not pl.Phase.OVER:
        deposits = [r for r in pl.reportable(state) if isinstance(r, pl.Deposit)]
        if deposits and rng.random() < 0.3:
            state = pl.apply_or_raise(state, rng.choice(deposits))
        else:
            amounts = pl.stake_range(state)
            choices: list[pl.Action] = [
                a for a in pl.legal_menu(state) if not isinstance(a, pl.Stake)
            ]
            if amounts and (not choices or rng.random() < 0.7):
                amount = rng.choice([amounts[0], amounts[-1], rng.choice(amounts)])
                choices = [pl.Stake(seat=state.to_act or 0, amount=amount)]
            state = pl.apply_or_raise(state, rng.choice(choices))
        states.append(state)
    return states


@pytest.mark.parametrize("recording", [False, True], ids=["plain", "recording"])
@pytest.mark.parametrize("seed", range(4))
def test_a_view_lists_exactly_the_legal_actions_at_any_limit(seed: int, recording: bool) -> None:
    """At a limit of 2,000 (more stakes than a view lists) and of 20 (fewer): the view's
    actions, listed, are ``legal_actions`` in order, every sequence operation agrees with
    the tuple's, and a short menu is the very tuple."""
    for limit in (2_000, 20):
        rules = pl.Rules(ante=2, limit=limit, recording_table=recording)
        long_menus = 0
        for state in _play(rules, 5 * limit, seed):
            listed = pl.legal_actions(state)
            menu = pl.legal_menu(state)
            seat = state.to_act
            assert (seat is not None and pl.view(state, seat).legal_actions == menu) or not listed
            if len(pl.stake_range(state)) <= pl.LegalActions.FEWEST:
                assert menu == listed
                continue
            long_menus += 1
            assert isinstance(menu, pl.LegalActions)
            assert tuple(menu) == listed
            assert len(menu) == len(listed)
            assert list(reversed(menu)) == list(reversed(listed))
            for i in (0, 1, 2, -1, -2, len(listed) // 2, -len(listed)):
                assert menu[i] == listed[i]
            for part in (
                slice(None, 4),
                slice(-3, None),
                slice(5, 100, 7),
                slice(None, None, -500),
            ):
                assert menu[part] == listed[part]
            for action in (*listed[:3], listed[-1], pl.Stand(seat=seat or 0), pl.Pass(seat=9)):
                assert (action in menu) == (action in listed)
                assert menu.count(action) == listed.count(action)
                if action in listed:
                    at = listed.index(action)
                    assert menu.index(action) == at
                    assert menu.index(action, at, at + 1) == at
            with pytest.raises(IndexError):
                menu[len(listed)]
            with pytest.raises(ValueError, match="not in the legal actions"):
                menu.index(pl.Pass(seat=9))
        assert long_menus or limit == 20


def test_a_menu_of_stakes_is_refused_in_a_wrong_shape() -> None:
    """LegalActions checks its fields' shape when built, as the actions do."""
    good = {"others": (pl.Pass(seat=1),), "seat": 1, "amounts": range(2, 5000)}
    assert len(pl.LegalActions(**good)) == 4999  # type: ignore[arg-type]
    for wrong in (
        {"others": [pl.Pass(seat=1)]},
        {"others": ("pass",)},
        {"seat": True},
        {"seat": "1"},
        {"amounts": range(5, 5)},
        {"amounts": range(2, 10, 2)},
        {"amounts": (2, 3)},
    ):
        with pytest.raises(TypeError):
            pl.LegalActions(**{**good, **wrong})  # type: ignore[arg-type]
    document = json.loads(pl.to_json(pl.view(_say_at(pl.Rules(ante=1, limit=BILLION), 10**12), 2)))
    document["legal_actions"]["most"] = 1
    with pytest.raises(pl.NotationError, match=r"\$\.legal_actions\.most"):
        pl.from_json(json.dumps(document))
    document["legal_actions"] = {"type": "Stakes"}
    with pytest.raises(pl.NotationError):
        pl.from_json(json.dumps(document))
