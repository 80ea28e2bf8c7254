"""The ready bots take only legal actions, see only their own view, and peel_bot plays
better than chance."""

from __future__ import annotations

import random

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

import pokerlaws as pl
import pokerlaws.strategies as ps
from pokerlaws.bots import Policy, peel_bot, random_bot

GAMES = settings.get_profile("games")
"""Every example plays games action by action (tests/conftest.py)."""

BOTS = [pytest.param(random_bot, id="random_bot"), pytest.param(peel_bot, id="peel_bot")]


@pytest.mark.parametrize("bot", BOTS)
@GAMES
@given(state=ps.game_states(), seed=st.integers(0, 2**32))
def test_bot_plays_every_game_to_its_end_with_legal_actions(
    bot: Policy, state: pl.GameState, seed: int
) -> None:
    """From any reachable state, every action the bot takes from its own view is one that
    legal_actions lists, and the game ends."""
    rng = random.Random(seed)
    for _ in range(2_000):
        if state.phase is pl.Phase.OVER:
            return
        assert state.to_act is not None
        action = bot(pl.view(state, state.to_act), rng)
        assert action in pl.legal_actions(state), f"{bot.__name__} chose {action}"
        after = pl.apply(state, action)
        assert isinstance(after, pl.GameState)
        state = after
    raise AssertionError("the game did not end within 2,000 actions")


@pytest.mark.parametrize("bot", BOTS)
def test_bot_refuses_to_act_out_of_its_turn(bot: Policy) -> None:
    """A bot asked for an action when its view lists none says whose turn it is."""
    rules = pl.Rules(ante=1, limit=4)
    state = pl.new_game(rules, (20, 20, 20), dealer=0, deck=pl.shuffled_deck(3))
    assert state.to_act is not None
    other = (state.to_act + 1) % 3
    with pytest.raises(ValueError, match=f"seat {other} has no action to take now"):
        bot(pl.view(state, other), random.Random(0))


def test_random_bot_chooses_a_kind_first() -> None:
    """random_bot passes about as often as it stakes, however many amounts are legal."""
    rules = pl.Rules(ante=1, limit=20)
    state = pl.new_game(rules, (200, 200), dealer=0, deck=pl.shuffled_deck(5))
    while state.phase is not pl.Phase.SAY:
        state = pl.apply_or_raise(state, pl.legal_actions(state)[-1])
    assert state.to_act is not None
    seen = pl.view(state, state.to_act)
    rng = random.Random(1)
    passes = sum(isinstance(random_bot(seen, rng), pl.Pass) for _ in range(400))
    assert 150 < passes < 250


@pytest.mark.parametrize("bot", BOTS)
def test_bot_takes_a_legal_stake_from_a_long_run_without_listing_it(bot: Policy) -> None:
    """At a table with a huge limit (a view holds its stakes as a range) the bot still
    takes a legal action, through the say and the betting."""
    rules = pl.Rules(ante=1, limit=10**9)
    state = pl.new_game(rules, (10**12, 10**12), dealer=0, deck=pl.shuffled_deck(5))
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    rng = random.Random(2)
    for _ in range(200):
        if state.to_act is None:
            return
        seen = pl.view(state, state.to_act)
        assert isinstance(seen.legal_actions, pl.LegalActions) or state.phase is not pl.Phase.SAY
        action = bot(seen, rng)
        assert pl.is_legal(state, action)
        state = pl.apply_or_raise(state, action)


@pytest.mark.parametrize("honour", [False, True], ids=["openers_proved", "openers_on_honour"])
@pytest.mark.parametrize(
    ("dealt", "opens"),
    [("2c 3c 4c 9d Kh", False), ("Jh Jd 4c 9d Kh", True), ("Th Td 4c 9d Kh", False)],
)
def test_law_30_peel_bot_opens_a_jackpot_only_on_knaves_or_better(
    dealt: str, opens: bool, honour: bool
) -> None:
    """Law 30: in a jack-pot peel_bot, first to say, opens on a pair of knaves and passes
    on tens or nothing. At a table that takes openers on honour (Law 33) the engine lists
    every stake, yet the bot still decides from its own hand as dealt: opening on king high
    would be a false opening."""
    state = _first_jackpot(dealt, rules=pl.Rules(ante=1, limit=4, openers_on_honour=honour))
    action = peel_bot(pl.view(state, 0), random.Random(0))
    assert isinstance(action, pl.Stake) == opens


@pytest.mark.parametrize(("dealt", "opens"), [("Jh Jd 4c 9d Kh", False), ("Qh Qd 4c 9d Kh", True)])
def test_law_31_peel_bot_on_honour_opens_the_second_jackpot_only_on_queens(
    dealt: str, opens: bool
) -> None:
    """Law 31: the second jack-pot in a row needs queens; on honour (Law 33) the bot does not
    open it on knaves."""
    rules = pl.Rules(ante=1, limit=4, openers_on_honour=True)
    state = _first_jackpot(dealt, rules=rules, jackpot_round=2)
    assert state.openers_required is pl.Rank.QUEEN
    action = peel_bot(pl.view(state, 0), random.Random(0))
    assert isinstance(action, pl.Stake) == opens


def _first_jackpot(dealt: str, *, rules: pl.Rules, jackpot_round: int = 1) -> pl.GameState:
    """A two-seat jack-pot in its say, seat 0 (No. 1, first to say) dealt ``dealt``."""
    # Two seats, dealer 0: seat 1 is dealt first, so seat 0 (No. 1) gets every second card.
    others = pl.parse_cards("2d 3d 5s 6s 8s")
    mine = pl.parse_cards(dealt)
    top = [card for pair in zip(others, mine, strict=True) for card in pair]
    pack = (*top, *(card for card in pl.standard_deck() if card not in top))
    state = pl.new_game(
        rules, (20, 20), dealer=0, deck=pack, carried=2, jackpot_round=jackpot_round
    )
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    assert state.phase is pl.Phase.SAY
    assert state.to_act == 0
    assert set(state.hands[0]) == set(mine)
    return state


def _net(bots: list[Policy], games: int, seed: int) -> list[int]:
    rules = pl.Rules(ante=1, limit=4)
    rng = random.Random(f"bots-{seed}")
    net = [0] * len(bots)
    for game in range(games):
        deck = list(pl.standard_deck())
        rng.shuffle(deck)
        state = pl.new_game(rules, (100,) * len(bots), dealer=game % len(bots), deck=deck)
        while state.to_act is not None:
            state = pl.apply_or_raise(state, bots[state.to_act](pl.view(state, state.to_act), rng))
        for seat, stack in enumerate(state.stacks):
            net[seat] += stack - 100
    return net


def test_peel_bot_wins_chips_from_random_bot_over_seeded_games() -> None:
    """Over 200 seeded games, two peel_bots win what two random_bots lose."""
    peel_a, chance_a, peel_b, chance_b = _net([peel_bot, random_bot, peel_bot, random_bot], 200, 1)
    assert peel_a > 0
    assert peel_b > 0
    assert chance_a < 0
    assert chance_b < 0
