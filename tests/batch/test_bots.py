"""pokerlaws.batch.bots: the batch forms of random_bot and peel_bot, held to the bots.

Random sittings are played through the object engine by ids (``ActionSpace.step``), at 2 to
10 seats under the switches that change what a bot sees or may do: jack-pots with escalating
openers (Laws 29-32, by ``next_game`` and by ``new_game(jackpot_round=k)``), openers on
honour (Law 33), the Joker, the Blaze, the skip sequence, the other hand rules, straddles
(Laws 21-22), and short stacks, so that players go all in and short (Law 60) and make their
stakes good in the draw (Law 36). At every decision the seat's observation, mask and whether
the game is opened are kept with the id of what ``peel_bot`` returns there; ``peel_ids``
must return exactly those ids, and ``random_ids`` only legal ids, each kind legal as often
as the others.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

import pokerlaws as pl  # noqa: E402
from pokerlaws.actions import Stake  # noqa: E402
from pokerlaws.agents import OBSERVATION_FIELDS, ActionSpace, observation  # noqa: E402
from pokerlaws.agents.space import DISCARD, STAKE  # noqa: E402
from pokerlaws.batch.bots import peel_ids, random_ids  # noqa: E402
from pokerlaws.bots import peel_bot, random_bot  # noqa: E402
from pokerlaws.state import GameState, Phase  # noqa: E402


@attrs.frozen
class Decisions:
    """The decisions met at one table size under one set of rules, row by row."""

    rules: pl.Rules
    seats: int
    observations: list[tuple[int, ...]] = attrs.field(factory=list)
    masks: list[int] = attrs.field(factory=list)
    opened: list[bool] = attrs.field(factory=list)
    peel: list[int] = attrs.field(factory=list)
    phases: list[Phase] = attrs.field(factory=list)
    met: set[str] = attrs.field(factory=set)
    """The cases met (see :func:`_cases`), so that a test knows it reached them."""

    def arrays(self) -> tuple[Any, Any, Any]:
        size = ActionSpace(self.rules, self.seats).size
        masks = np.array(
            [[mask >> i & 1 for i in range(size)] for mask in self.masks], dtype=np.bool_
        )
        return (
            np.array(self.observations, dtype=np.int64).reshape(-1, len(OBSERVATION_FIELDS)),
            masks.reshape(-1, size),
            np.array(self.opened, dtype=np.bool_),
        )


_HAND_RULES = (
    pl.HandRules(),
    pl.HandRules(blaze=True, skip_sequence=True),
    pl.HandRules(ace_high_sequences=True, heart_sequences_first=True),
    pl.HandRules(blaze=True, heart_flushes_first=False, ace_high_sequences=True),
)
"""The hand rules played: every switch on in one of them (a few, so that the tables of
each are built once)."""


def _rules(rng: random.Random) -> pl.Rules:
    ante = rng.choice((1, 1, 2))
    return pl.Rules(
        ante=ante,
        limit=rng.choice((2 * ante, 4, 6, 10)),
        joker=rng.random() < 0.3,
        jackpot_straddles=rng.random() < 0.7,
        odd_chip_carries=rng.random() < 0.5,
        openers_on_honour=rng.random() < 0.4,
        hands=rng.choice(_HAND_RULES),
    )


def _opened(state: GameState) -> bool:
    return any(isinstance(event, Stake) for event in state.history)


def _cases(state: GameState, mask: int, peel: int) -> Iterator[str]:
    """The cases a decision is one of, among those the bots' tests must reach."""
    phase = state.phase
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    category = pl.evaluate(hand, state.rules.hands).category if len(hand) == 5 else None
    if phase is Phase.STRADDLE:
        yield "straddle"
    if phase is Phase.DRAW and mask >> DISCARD & 1:
        yield "discard" if peel > DISCARD else "pat"
        if category is pl.HandCategory.SKIP_SEQUENCE:
            yield "skip sequence drawn to"
    if phase is Phase.DRAW and not mask >> DISCARD & 1 and mask >> STAKE & 1:
        yield "making good (Law 36)"
    if peel > STAKE:
        yield "raise"
    if category is pl.HandCategory.BLAZE:
        yield "blaze"
    if any(card.is_joker for card in hand):
        yield "joker"
    if phase is Phase.SAY and state.openers_required is not None and state.opener is None:
        yield "openers (Law 30)"
    if phase is Phase.SAY and state.opener is None and max(state.stakes) < state.rules.ante:
        yield "the ante seat short of the ante"
    amounts = pl.stake_range(state)
    if amounts and amounts.start == state.stacks[seat] and phase is not Phase.DRAW:
        yield "all in"
    if len(state.stacks) == 10:
        yield "ten seats"


def sittings(count: int, seed: int) -> Iterator[Decisions]:
    """The decisions of ``count`` random sittings of a few games each: every seat plays
    ``peel_bot`` or ``random_bot`` at each turn, so the bots meet the says, stakes and
    hands that either makes (peel_bot alone would rarely go all in)."""
    rng = random.Random(seed)
    for _ in range(count):
        rules = _rules(rng)
        seats = rng.randint(2, 10)
        space = ActionSpace(rules, seats)
        found = Decisions(rules, seats)
        stacks = [
            rng.randint(1, 15) if rng.random() < 0.5 else rng.randint(16, 99) for _ in range(seats)
        ]
        state = pl.new_game(
            rules,
            stacks,
            dealer=rng.randrange(seats),
            deck=pl.shuffled_deck(rng.randrange(1 << 30), joker=rules.joker),
            carried=rng.randint(0, 6),
            jackpot_round=rng.choice((0, 0, 1, 2, 3, 4)),
        )
        for _game in range(rng.randint(1, 4)):
            loose = rng.random() < 0.5  # random_bot's share of the turns
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                seen = pl.view(state, seat)
                found.observations.append(observation(seen))
                found.masks.append(space.legal_mask(state))
                found.opened.append(_opened(state))
                found.peel.append(space.encode(state, peel_bot(seen, rng)))
                found.phases.append(state.phase)
                found.met.update(_cases(state, found.masks[-1], found.peel[-1]))
                bot = random_bot if rng.random() < loose else peel_bot
                step = space.step(state, space.encode(state, bot(seen, rng)))
                assert isinstance(step, GameState)
                state = step
            try:
                state = pl.next_game(
                    state, deck=pl.shuffled_deck(rng.randrange(1 << 30), joker=rules.joker)
                )
            except pl.TableOver:
                break
        yield found


def check_peel(found: Decisions, seed: int) -> None:
    observations, masks, opened = found.arrays()
    got = peel_ids(observations, masks, opened, found.rules, np.random.default_rng(seed))
    for i, want in enumerate(found.peel):
        assert int(got[i]) == want, (
            f"decision {i} ({found.phases[i].value}, {found.seats} seats, {found.rules}): "
            f"peel_ids gave {int(got[i])}, peel_bot {want}; observation {found.observations[i]}"
        )


def test_peel_ids_return_what_peel_bot_returns() -> None:
    """Laws 21-36, 52-60 as peel_bot plays them: over a few hundred decisions of random
    sittings at 2 to 10 seats, every id peel_ids returns is the id of peel_bot's action."""
    all_found = list(sittings(60, 26))
    assert sum(len(found.peel) for found in all_found) >= 300
    for i, found in enumerate(all_found):
        check_peel(found, i)


@pytest.mark.slow
def test_peel_ids_return_what_peel_bot_returns_in_many_sittings() -> None:
    """The same over 6,000 sittings (some 130,000 decisions), every case met."""
    all_found = list(sittings(6000, 2026))
    met = set().union(*(found.met for found in all_found))
    assert met == {
        "straddle",
        "discard",
        "pat",
        "skip sequence drawn to",
        "making good (Law 36)",
        "raise",
        "blaze",
        "joker",
        "openers (Law 30)",
        "the ante seat short of the ante",
        "all in",
        "ten seats",
    }
    for i, found in enumerate(all_found):
        check_peel(found, i)


def _chi_square(found: list[Decisions], draws: int, seed: int) -> tuple[float, int]:
    """Draw ``draws`` ids for every decision in ``found``, and give the chi-square statistic
    of the kinds drawn against equal shares of the kinds legal, with its degrees of freedom;
    every id drawn must be legal."""
    rng = np.random.default_rng(seed)
    statistic, freedom = 0.0, 0
    for decisions in found:
        _, masks, _ = decisions.arrays()
        rows = np.repeat(masks, draws, axis=0)
        ids = random_ids(rows, rng)
        assert rows[np.arange(len(ids)), ids].all(), "random_ids drew an illegal id"
        kind = np.minimum(ids, DISCARD) + (ids >= STAKE)  # 0..5, 6 a discard, 7 a stake
        for row in range(len(masks)):
            legal = np.flatnonzero(masks[row])
            kinds = np.unique(np.minimum(legal, DISCARD) + (legal >= STAKE))
            if len(kinds) < 2:
                continue
            drawn = kind[row * draws : (row + 1) * draws]
            counts = (drawn[:, None] == kinds).sum(axis=0)
            assert counts.sum() == draws
            expected = draws / len(kinds)
            statistic += float(((counts - expected) ** 2 / expected).sum())
            freedom += len(kinds) - 1
    return statistic, freedom


def test_random_ids_draw_legal_ids_each_kind_alike() -> None:
    """random_bot's choice: every id drawn is legal, and each kind of action legal in a row
    (pass, stand, straddle, decline, a discard, a stake) is drawn about equally often,
    however many stakes or discards there are: the chi-square statistic of the kinds over
    every decision stays within five standard deviations of its mean (seeded, so it can
    only fail if the draw is unequal)."""
    found = list(sittings(6, 7))
    statistic, freedom = _chi_square(found, 200, 7)
    assert freedom > 50
    assert abs(statistic - freedom) < 5 * (2 * freedom) ** 0.5, (statistic, freedom)


def test_random_ids_draw_each_id_of_a_kind_alike() -> None:
    """Within a kind the ids are drawn alike: a row of a stake and three legal amounts and
    a pass draws the pass about half the time and each amount a sixth."""
    mask = np.zeros((60_000, STAKE + 5), dtype=np.bool_)
    mask[:, 0] = True
    mask[:, STAKE : STAKE + 3] = True
    ids = random_ids(mask, np.random.default_rng(1))
    counts = np.bincount(ids, minlength=mask.shape[1])
    assert counts[0] == pytest.approx(30_000, abs=600)
    for k in range(3):
        assert counts[STAKE + k] == pytest.approx(10_000, abs=500)
    assert counts.sum() == 60_000


def test_random_ids_and_peel_ids_refuse_bad_input() -> None:
    """A mask of another type or shape, a row without a legal id, a stranger's generator
    or observations of the wrong shape are refused with a message, not played."""
    rules = pl.Rules(ante=1, limit=2)
    size = ActionSpace(rules, 2).size
    good = np.zeros((1, size), dtype=np.bool_)
    good[0, 0] = True
    gen = np.random.default_rng(0)
    with pytest.raises(TypeError, match="bools"):
        random_ids(good.astype(np.int64), gen)
    with pytest.raises(TypeError, match="Generator"):
        random_ids(good, random.Random(0))
    with pytest.raises(ValueError, match="no legal id"):
        random_ids(np.zeros((2, size), dtype=np.bool_), gen)
    with pytest.raises(ValueError, match="shape"):
        random_ids(np.ones(size, dtype=np.bool_), gen)
    observations = np.zeros((1, len(OBSERVATION_FIELDS)), dtype=np.int64)
    opened = np.zeros(1, dtype=np.bool_)
    with pytest.raises(ValueError, match="ids a row"):
        peel_ids(observations, good, opened, pl.Rules(ante=1, limit=4), gen)
    with pytest.raises(ValueError, match="shape"):
        peel_ids(observations[:, :10], good, opened, rules, gen)
    with pytest.raises(ValueError, match="shape"):
        peel_ids(observations, good, np.zeros(2, dtype=np.bool_), rules, gen)
    with pytest.raises(TypeError, match="Rules"):
        peel_ids(observations, good, opened, "rules", gen)  # type: ignore[arg-type]
    assert peel_ids(observations, good, opened, rules, gen).tolist() == [0]


def test_random_ids_draw_on_the_callers_generator_and_hold_no_reference_to_it() -> None:
    """The compiled choice draws on the Generator given: its state advances, the next call
    draws other ids, the same seed draws the same ids; and the call keeps no reference to
    it (a compiled kernel without numba's counting would leak one a call)."""
    import sys

    _, masks, _ = next(iter(sittings(3, 11))).arrays()
    masks = np.repeat(masks, 20, axis=0)
    gen = np.random.default_rng(17)
    before = gen.bit_generator.state
    first = random_ids(masks, gen)
    assert gen.bit_generator.state != before
    assert (random_ids(masks, gen) != first).any()
    assert (random_ids(masks, np.random.default_rng(17)) == first).all()
    references = sys.getrefcount(gen)
    for _ in range(50):
        random_ids(masks, gen)
    assert sys.getrefcount(gen) == references
