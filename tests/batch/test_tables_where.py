"""Tables.step(ids, where=...): only the tables chosen take their ids, the rest wait.

A learner's tables wait so while the other seats play at the rest (VectorSeatEnv). Random
games at eight tables, each step taken at a random part of them, are held to the engine's
games by the same ids, table by table: a table left out is exactly where it was.
"""

from __future__ import annotations

import pytest

from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

import pokerlaws as pl  # noqa: E402
from pokerlaws.agents import ActionSpace, observation  # noqa: E402
from pokerlaws.agents.space import SHUFFLE  # noqa: E402
from pokerlaws.batch import Tables  # noqa: E402
from pokerlaws.batch.bots import random_ids  # noqa: E402
from pokerlaws.batch.hands import _CARDS  # noqa: E402
from pokerlaws.state import GameState  # noqa: E402


def _after(space: ActionSpace, state: GameState, i: int) -> GameState:
    state = space.step(state, i)  # type: ignore[assignment]
    assert isinstance(state, GameState)
    if state.phase is pl.Phase.DRAW and not state.pending:
        # Law 41: the batch takes the dealer's shuffle inside its step.
        state = space.step(state, SHUFFLE)  # type: ignore[assignment]
        assert isinstance(state, GameState)
    return state


def test_only_the_tables_of_where_take_their_ids() -> None:
    """Each table's game is the engine's by the ids it took, and only those of its steps
    where it was chosen (the Law 41 shuffle taken inside the step as ever)."""
    rules = pl.Rules(ante=1, limit=4)
    n, seats = 8, 4
    rng = np.random.default_rng(41)
    tables = Tables(rules, seats, n)
    space = tables.space
    packs = rng.permuted(np.tile(np.arange(52), (n, 1)), axis=1)
    tables.reset(packs, stacks=20)
    games = [
        pl.new_game(rules, (20,) * seats, dealer=0, deck=[_CARDS[c] for c in packs[i].tolist()])
        for i in range(n)
    ]
    left_out = 0
    while not tables.over.all():
        mask = tables.legal_mask()
        live = ~tables.over
        ids = np.zeros(n, np.int64)
        ids[live] = random_ids(mask[live], rng)
        where = rng.random(n) < 0.5
        # An id no batch table takes (a redeal) at a table left out: it is not looked at.
        ids[~where & live] = 5
        tables.step(ids, where=where)
        for i in range(n):
            if where[i] and not games[i].is_over:
                games[i] = _after(space, games[i], int(ids[i]))
            elif not games[i].is_over:
                left_out += 1
            assert tables.state(i) == games[i], f"table {i}"
            if not games[i].is_over:
                seat = games[i].to_act
                assert seat is not None
                seen = tuple(tables.observation()[i].tolist())
                assert seen == observation(pl.view(games[i], seat))
    assert left_out > 50


def test_an_illegal_id_at_a_table_of_where_is_refused_and_nothing_changes() -> None:
    """An id refused at a chosen table raises ValueError naming it, and no table changes;
    a ``where`` not a bool array of the tables is refused."""
    rules = pl.Rules(ante=1, limit=4)
    tables = Tables(rules, 3, 4)
    rng = np.random.default_rng(2)
    tables.reset(rng.permuted(np.tile(np.arange(52), (4, 1)), axis=1), stacks=20)
    before = [tables.state(i) for i in range(4)]
    mask = tables.legal_mask()
    ids = mask.argmax(axis=1)
    ids[2] = int(np.flatnonzero(~mask[2])[0])
    where = np.array([True, False, True, False])
    with pytest.raises(ValueError, match="table 2"):
        tables.step(ids, where=where)
    assert [tables.state(i) for i in range(4)] == before
    with pytest.raises(TypeError, match="where"):
        tables.step(ids, where=[True, False, True, False])
    with pytest.raises(ValueError, match="where"):
        tables.step(ids, where=np.ones(3, bool))


def test_tables_on_two_threads_play_the_games_of_one() -> None:
    """threads=2 (numba's prange over the tables): every step's arrays equal one thread's,
    at six seats and at ten (where the Law 41 shuffle falls at most draws)."""
    for seats in (6, 10):
        rules = pl.Rules(ante=1, limit=4)
        one, two = Tables(rules, seats, 300), Tables(rules, seats, 300, threads=2)
        rng = np.random.default_rng(seats)
        packs = rng.permuted(np.tile(np.arange(52), (300, 1)), axis=1)
        for tables in (one, two):
            tables.reset(packs, stacks=20)
        while not one.over.all():
            mask = one.legal_mask()
            assert (two.legal_mask() == mask).all()
            ids = (rng.random(mask.shape) * mask).argmax(axis=1)
            one.step(ids)
            two.step(ids)
            for name in ("stacks", "pool", "to_act", "payouts", "hands"):
                assert (getattr(one, name) == getattr(two, name)).all(), name
        assert [one.state(i) for i in range(5)] == [two.state(i) for i in range(5)]
    with pytest.raises(ValueError, match="threads"):
        Tables(pl.Rules(ante=1, limit=4), 3, 2, threads=0)
