"""pokerlaws.batch.Tables: every step of random batch games held to the object engine's.

The batch and the engine are two writings of the laws, so this test holds them together
(one law, one truth): each table's ids are applied to an engine state too, through
``ActionSpace.step`` (with the dealer's Law 41 ``Shuffle``, id 4, where it falls, as the
batch takes it inside ``step``), and at every step each table's legal mask must be
``space.legal_mask(state)``, its observation ``observation(view(state, to_act))``, and its
seat to act, stacks and pool the state's; at each game's end its stacks, payouts and pool,
and ``Tables.state(i)`` equal to the engine's state. Then ``next_games`` and ``next_game``
start the next game of each sitting (jack-pots in a row, the deal passing left) and the
comparison goes on. Play is random legal ids drawn from the mask, with short stacks so that
players go all in and short (Law 60), and every switch of ``Rules`` and ``HandRules``.
"""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest

from tests.skips import extra_reason
from tests.where import At

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

import pokerlaws as pl  # noqa: E402
from pokerlaws.agents import ActionSpace, observation  # noqa: E402
from pokerlaws.agents.space import SHUFFLE, STAKE  # noqa: E402
from pokerlaws.batch import Tables  # noqa: E402
from pokerlaws.batch.hands import _CARDS  # noqa: E402
from pokerlaws.state import GameState, Phase  # noqa: E402

_SWITCHES = ("blaze", "skip_sequence", "ace_high_sequences", "heart_flushes_first")


def random_rules(rng: random.Random) -> pl.Rules:
    """Rules with every switch drawn at random."""
    ante = rng.choice((1, 1, 2))
    limit = max(2 * ante, rng.choice((2, 4, 6, 10)))
    hands = pl.HandRules(
        **{name: rng.random() < 0.4 for name in _SWITCHES},
        heart_sequences_first=rng.random() < 0.3,
    )
    return pl.Rules(
        ante=ante,
        limit=limit,
        hands=hands,
        joker=rng.random() < 0.4,
        jackpot_straddles=rng.random() < 0.5,
        odd_chip_carries=rng.random() < 0.5,
        openers_on_honour=rng.random() < 0.4,
    )


def _deck(codes: Any) -> list[pl.Card]:
    return [_CARDS[code] for code in codes.tolist()]


def _step(space: ActionSpace, state: GameState, i: int) -> GameState:
    after = space.step(state, i)
    assert isinstance(after, GameState), after
    if after.phase is Phase.DRAW and not after.pending:
        after = space.step(after, SHUFFLE)
        assert isinstance(after, GameState), after
    return after


def _mask_bits(row: Any) -> int:
    return sum(1 << int(j) for j in np.flatnonzero(row))


def play(
    rules: pl.Rules,
    seats: int,
    n: int,
    seed: int,
    *,
    short: bool,
    games: int,
    passing: float = 0.0,
) -> collections.Counter[str]:
    """Play ``games`` games of a sitting at each of ``n`` tables in batch and in the engine,
    comparing them at every step; return how often the edges were met."""
    rng = np.random.default_rng(seed)
    tables = Tables(rules, seats, n)
    space = tables.space
    pack = 53 if rules.joker else 52
    packs = np.array([rng.permutation(pack) for _ in range(n)])
    if short:
        stacks = rng.integers(0, 4 * rules.limit, size=(n, seats))
        stacks[:, :2] = np.maximum(stacks[:, :2], 1)
    else:
        stacks = np.full((n, seats), 20 * rules.limit)
    dealers = rng.integers(0, seats, size=n)
    dealers = np.where(stacks[np.arange(n), dealers] > 0, dealers, 0)
    tables.reset(packs, dealers, stacks)
    states = [
        pl.new_game(rules, stacks[i].tolist(), dealer=int(dealers[i]), deck=_deck(packs[i]))
        for i in range(n)
    ]
    met: collections.Counter[str] = collections.Counter()
    playing = np.ones(n, bool)
    for game in range(games):
        while not tables.over.all():
            mask = tables.legal_mask()
            seen = tables.observation()
            to_act = tables.to_act
            stacks_now, pool = tables.stacks, tables.pool
            for i, state in enumerate(states):
                where = At(f"game {game}, table {i}", state)
                assert _mask_bits(mask[i]) == space.legal_mask(state), where
                assert to_act[i] == (-1 if state.to_act is None else state.to_act), where
                assert stacks_now[i].tolist() == list(state.stacks), where
                assert pool[i] == state.pool, where
                if state.to_act is None:
                    assert not seen[i].any(), where
                else:
                    want = observation(pl.view(state, state.to_act))
                    assert tuple(seen[i].tolist()) == want, where
            weights = rng.random(mask.shape) * mask
            if passing:
                weights[:, 0] += mask[:, 0] * (rng.random(n) < passing)
            ids = weights.argmax(axis=1)
            tables.step(ids)
            for i, state in enumerate(states):
                if state.to_act is not None:
                    states[i] = _step(space, state, int(ids[i]))
        payouts = tables.payouts
        for i, state in enumerate(states):
            if not playing[i]:
                continue
            where = At(f"game {game}, table {i}", state)
            assert tables.state(i) == state, where
            assert payouts[i].tolist() == list(state.payouts), where
            met["games"] += 1
            met["shuffled"] += any(isinstance(e, pl.Shuffle) for e in state.history)
            met["straddled"] += state.last_straddler is not None
            met["jackpot"] += state.jackpot_round > 0
            met["false opener"] += state.false_opener is not None
            met["short"] += bool(state.shorts)
            met["unopened"] += state.opener is None
            met["shown"] += len(state.show_order) > 1
            met["shared"] += sum(1 for p in state.payouts if p) > 1
        playing = (tables.stacks > 0).sum(axis=1) >= 2
        if game == games - 1 or not playing.any():
            break
        packs = np.array([rng.permutation(pack) for _ in range(n)])
        tables.next_games(packs, where=playing)
        for i in np.flatnonzero(playing).tolist():
            states[i] = pl.next_game(states[i], deck=_deck(packs[i]))
            assert tables.jackpot_round[i] == states[i].jackpot_round
    return met


_QUICK = [(seats, seed) for seats in range(2, 11) for seed in range(3)]


@pytest.mark.parametrize(("seats", "seed"), _QUICK)
def test_batch_games_are_the_engines_at_every_step(seats: int, seed: int) -> None:
    rng = random.Random(seats * 100 + seed)
    met = play(random_rules(rng), seats, 12, rng.randrange(1 << 30), short=seed != 0, games=3)
    assert met["games"] >= 12


def test_law_41_the_shuffle_at_ten_seats_is_the_engines() -> None:
    # At ten seats the deal leaves a stock of two cards: the pack runs short at most draws.
    met = play(pl.Rules(ante=1, limit=4), 10, 20, 41, short=False, games=2)
    assert met["shuffled"] >= 10, met


def test_laws_29_to_32_jackpots_in_a_row_are_the_engines() -> None:
    # Passing mostly in the say leaves games unopened, so jack-pots follow one another.
    met = play(pl.Rules(ante=1, limit=4), 3, 30, 29, short=False, games=6, passing=0.9)
    assert met["jackpot"] >= 30, met
    tables = Tables(pl.Rules(ante=1, limit=4), 3, 1)
    rng = np.random.default_rng(3)
    tables.reset(rng.permutation(52)[None, :])
    seen = []
    for _ in range(5):
        while not tables.over.all():
            tables.step(np.zeros(1, np.int64) + (3 if tables.phase[0] == 0 else 0))
        tables.next_games(rng.permutation(52)[None, :])
        seen.append(int(tables.observation()[0, 7]) if not tables.over[0] else None)
    # Laws 30-32: knaves, queens, kings, then knaves again.
    assert seen[:4] == [11, 12, 13, 11], seen


def test_law_33_false_openers_and_law_60_shorts_are_the_engines() -> None:
    met: collections.Counter[str] = collections.Counter()
    for seed in range(4):
        rules = pl.Rules(ante=1, limit=4, openers_on_honour=True, joker=seed % 2 == 1)
        met += play(rules, 4, 25, 33 + seed, short=True, games=5, passing=0.5)
    assert met["false opener"] >= 1, met
    assert met["short"] >= 20, met
    assert met["shared"] >= 1, met


def _sittings(seed: int, games: int) -> collections.Counter[str]:
    """Random sittings under random rules until ``games`` games are played and checked."""
    rng = random.Random(seed)
    met: collections.Counter[str] = collections.Counter()
    while met["games"] < games:
        rules = random_rules(rng)
        # Law 21: a straddle doubles the ante and the opener doubles the straddle, so none is
        # possible where the limit is under four antes (ante 2 and limit 6, say).
        met["straddles possible"] += rules.limit >= 4 * rules.ante
        met += play(
            rules,
            rng.randint(2, 10),
            200,
            rng.randrange(1 << 30),
            short=rng.random() < 0.6,
            games=4,
            passing=rng.choice((0.0, 0.0, 0.5)),
        )
    return met


_PARTS = 20
"""The slow run's parts: 5,000 games each, spread over pytest-xdist's workers (``-n``)."""


@pytest.mark.slow
@pytest.mark.parametrize("part", range(_PARTS))
def test_a_hundred_thousand_batch_games_are_the_engines(part: int) -> None:
    met = _sittings(100_000 + part, 100_000 // _PARTS)
    assert met["games"] >= 100_000 // _PARTS, met
    # Over the whole run every edge is met many times; each part meets the common ones, and
    # straddles wherever its rules allowed them (part 18 drew none that did).
    for edge in ("jackpot", "short", "shared"):
        assert met[edge] >= 1, met
    if met["straddles possible"]:
        assert met["straddled"] >= 1, met


# --- Bad input: a clear answer, and nothing changed --------------------------------------


def _started(seats: int = 3, n: int = 4) -> Any:
    tables = Tables(pl.Rules(ante=1, limit=4), seats, n)
    rng = np.random.default_rng(0)
    tables.reset(np.array([rng.permutation(52) for _ in range(n)]))
    return tables


def test_an_illegal_id_names_its_table_and_changes_nothing() -> None:
    tables = _started()
    before = [tables.state(i) for i in range(tables.n)], tables.legal_mask()
    ids = tables.legal_mask().argmax(axis=1)
    ids[2] = tables.space.size - 1 if tables.phase[2] != 0 else 0
    if tables.legal_mask()[2, ids[2]]:
        ids[2] = 5  # a redeal: never legal at a batch table
    with pytest.raises(ValueError, match="table 2"):
        tables.step(ids)
    assert [tables.state(i) for i in range(tables.n)] == before[0]
    assert (tables.legal_mask() == before[1]).all()


def test_ids_of_the_wrong_type_or_shape_are_refused() -> None:
    tables = _started()
    with pytest.raises(TypeError, match="numpy array"):
        tables.step([0, 0, 0, 0])
    with pytest.raises(TypeError, match="ints"):
        tables.step(np.zeros(4))
    with pytest.raises(ValueError, match="shape"):
        tables.step(np.zeros(3, np.int64))


def test_reset_refuses_impossible_tables_and_changes_nothing() -> None:
    tables = _started()
    before = [tables.state(i) for i in range(tables.n)]
    rng = np.random.default_rng(1)
    packs = np.array([rng.permutation(52) for _ in range(4)])
    bad = packs.copy()
    bad[1, 0] = bad[1, 1]
    with pytest.raises(ValueError, match="table 1's pack"):
        tables.reset(bad)
    with pytest.raises(ValueError, match="shape"):
        tables.reset(packs[:, :51])
    with pytest.raises(ValueError, match="two seats need chips"):
        tables.reset(packs, stacks=np.array([[5, 0, 0]] * 4))
    with pytest.raises(ValueError, match="no chips"):
        tables.reset(packs, dealers=np.array([0, 0, 1, 0]), stacks=np.array([[5, 0, 5]] * 4))
    with pytest.raises(ValueError, match="dealer"):
        tables.reset(packs, dealers=np.array([0, 0, 3, 0]))
    with pytest.raises(TypeError):
        tables.reset(packs.tolist())
    with pytest.raises(ValueError, match="not over"):
        tables.next_games(packs)
    assert [tables.state(i) for i in range(tables.n)] == before


def test_tables_refuse_wrong_arguments() -> None:
    with pytest.raises(TypeError):
        Tables("rules", 3, 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="2 to 10"):
        Tables(pl.Rules(ante=1, limit=4), 11, 2)
    with pytest.raises(ValueError, match="1 table or more"):
        Tables(pl.Rules(ante=1, limit=4), 3, 0)
    with pytest.raises(ValueError, match="limits up to"):
        Tables(pl.Rules(ante=1, limit=10**9), 3, 2)
    with pytest.raises(ValueError, match="64-bit"):
        _started().reset(np.array([np.arange(52)] * 4), stacks=np.array([[2**62, 1, 1]] * 4))
    with pytest.raises(IndexError, match="no table 4"):
        _started().state(4)


def test_law_25_a_stake_id_one_past_the_limit_is_refused_and_changes_no_table() -> None:
    """The opening stake may add at most the limit (Law 25): at ante 1 and limit 4 the
    opener's ids run from 2 chips to 6, and the next id (7 chips) must raise ValueError and
    leave every table as it was.

    Mutant killed: ``ids - STAKE < count`` read ``ids - STAKE <= count`` in
    ``Tables._refusals`` (the id one past the last legal stake taken, over the limit).
    """
    tables = _started()
    # Play the first legal id until table 0 reaches the say.
    for _ in range(20):
        mask = tables.legal_mask()
        if mask[0, STAKE:].any():
            break
        tables.step(mask.argmax(axis=1))
    mask = tables.legal_mask()
    stakes = np.flatnonzero(mask[0, STAKE:])
    assert len(stakes) == tables.rules.limit + 1, stakes  # an opening: 2 to 6 chips
    past = STAKE + int(stakes[-1]) + 1
    assert past == tables.space.size  # the opener's menu ends the space: 43 here
    before = [tables.state(i) for i in range(tables.n)]
    ids = mask.argmax(axis=1)
    ids[0] = past
    with pytest.raises(ValueError, match=f"table 0: action id {past}"):
        tables.step(ids)
    assert [tables.state(i) for i in range(tables.n)] == before
    assert (tables.legal_mask() == mask).all()
