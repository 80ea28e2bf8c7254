"""Tables.play: whole games by the ready bots in compiled code, held to stepping and to the
engine.

Two batches of the same tables (the same packs, stacks and dealers) are played, one by
``play(policies, rng)``, the other by ``legal_mask()`` -> ``random_ids`` / ``peel_ids`` ->
``step(ids, where=part)`` round after round, part by part, each part drawing on the child
of ``rng.spawn`` that ``play`` gives it: every array of the two must be equal where play
stops. Then each table's ids are replayed through the object engine (``Tables.state``), and
at every decision of a ``"peel"`` seat the id must be the one ``peel_bot`` returns in that
seat's view. Short stacks make players go all in and short (Law 60); ten seats make the
pack run short at the draw (the Law 41 shuffle, which ``play`` leaves its loop for); several
games a sitting bring jack-pots in a row (Laws 29-32); the tests count that each happened.
"""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest

from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

import pokerlaws as pl  # noqa: E402
from pokerlaws.agents.space import SHUFFLE  # noqa: E402
from pokerlaws.batch import Tables  # noqa: E402
from pokerlaws.batch import tables as tables_module  # noqa: E402
from pokerlaws.batch.bots import peel_ids, random_ids  # noqa: E402
from pokerlaws.batch.hands import _CARDS  # noqa: E402
from pokerlaws.bots import peel_bot  # noqa: E402
from pokerlaws.state import GameState, Phase  # noqa: E402

_PART = 8
"""The tables a part in these tests (``Tables.play`` plays 512): several parts at few tables."""
_NOBODY = random.Random(0)  # peel_bot draws on it only where no game takes it


@pytest.fixture(autouse=True)
def _small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables_module, "PART", _PART)


def _seated(rules: pl.Rules, seats: int, n: int, seed: int, threads: int = 1) -> Tables:
    """``n`` tables started from ``seed``: short stacks (a few seats empty), random dealers."""
    rng = np.random.default_rng(seed)
    tables = Tables(rules, seats, n, threads=threads)
    pack = 53 if rules.joker else 52
    stacks = rng.integers(0, 5 * rules.limit, size=(n, seats))
    stacks[:, :2] = np.maximum(stacks[:, :2], 1)
    dealers = rng.integers(0, seats, size=n)
    dealers = np.where(stacks[np.arange(n), dealers] > 0, dealers, 0)
    tables.reset(rng.permuted(np.tile(np.arange(pack), (n, 1)), axis=1), dealers, stacks)
    return tables


def _stepped(tables: Tables, bots: list[str], rng: Any) -> None:
    """What ``play`` must do, step by step: each part's rounds, ``random_ids`` and
    ``peel_ids`` on the part's generator, ``step(ids, where=part)``."""
    n = tables.n
    parts = -(-n // _PART)
    peel_seat = np.array([bot == "peel" for bot in bots])
    for part, gen in enumerate(rng.spawn(parts)):
        chosen = np.zeros(n, bool)
        chosen[part * _PART : (part + 1) * _PART] = True
        while (live := chosen & ~tables.over).any():
            mask = tables.legal_mask()
            ids = np.zeros(n, np.int64)
            peel = live & peel_seat[np.maximum(tables.to_act, 0)]
            loose = live & ~peel
            ids[peel] = peel_ids(
                tables.observation()[peel], mask[peel], tables.opened[peel], tables.rules, gen
            )
            ids[loose] = random_ids(mask[loose], gen)
            tables.step(ids, where=chosen)


def _same_arrays(played: Tables, stepped: Tables) -> None:
    a, b = played._a, stepped._a
    for name, value in vars(a).items():
        if isinstance(value, np.ndarray) and name != "log":
            assert (value == getattr(b, name)).all(), name
    for i in range(played.n):
        length = a.log_len[i]
        assert a.log[i, :length].tolist() == b.log[i, :length].tolist(), f"table {i}"


def _replay(tables: Tables, i: int, bots: list[str], met: collections.Counter[str]) -> None:
    """Table ``i``'s ids through the engine, a ``"peel"`` seat's each peel_bot's choice;
    the state reached is ``tables.state(i)``, its payouts and stacks the table's."""
    a = tables._a
    space = tables.space
    state = pl.new_game(
        tables.rules,
        a.starting_stacks[i].tolist(),
        dealer=int(a.dealer[i]),
        deck=[_CARDS[code] for code in a.deck[i].tolist()],
        carried=int(a.carried[i]),
        jackpot_round=int(a.jackpot_round[i]),
    )
    for j in a.log[i, : a.log_len[i]].tolist():
        seat = state.to_act
        assert seat is not None
        if bots[seat] == "peel":
            want = space.encode(state, peel_bot(pl.view(state, seat), _NOBODY))
            assert j == want, f"table {i}: seat {seat} played id {j}, peel_bot {want}"
            met["peel decisions"] += 1
        after = space.step(state, j)
        assert isinstance(after, GameState), f"table {i}: id {j} refused: {after}"
        state = after
        if state.phase is Phase.DRAW and not state.pending:
            shuffled = space.step(state, SHUFFLE)
            assert isinstance(shuffled, GameState)
            state = shuffled
            met["Law 41 shuffles"] += 1
    assert state.is_over, f"table {i}"
    assert state == tables.state(i), f"table {i}"
    assert tables.payouts[i].tolist() == list(state.payouts), f"table {i}"
    assert tables.stacks[i].tolist() == list(state.stacks), f"table {i}"
    met["short (Law 60)"] += bool(state.shorts)
    met["jack-pots"] += state.jackpot_round > 0
    met["games"] += 1


def _sitting(
    rules: pl.Rules, seats: int, n: int, policies: Any, seed: int, games: int
) -> collections.Counter[str]:
    """Play ``games`` games of a sitting at ``n`` tables both ways, holding them together
    after every game, and replay every game through the engine."""
    bots = [policies] * seats if isinstance(policies, str) else list(policies)
    played, stepped = _seated(rules, seats, n, seed), _seated(rules, seats, n, seed)
    packs = np.random.default_rng(seed + 1)
    met: collections.Counter[str] = collections.Counter()
    for game in range(games):
        played.play(policies, np.random.default_rng([seed, game]))
        _stepped(stepped, bots, np.random.default_rng([seed, game]))
        assert played.over.all()
        _same_arrays(played, stepped)
        for i in range(n):
            _replay(played, i, bots, met)
        playing = (played.stacks > 0).sum(axis=1) >= 2
        if not playing.any():
            break
        pack = 53 if rules.joker else 52
        deck = packs.permuted(np.tile(np.arange(pack), (n, 1)), axis=1)
        played.next_games(deck, where=playing)
        stepped.next_games(deck, where=playing)
    met["log widened"] += played._a.log.shape[1] > 32
    return met


_RULES = {
    2: pl.Rules(ante=1, limit=4),
    6: pl.Rules(ante=1, limit=6, joker=True, openers_on_honour=True),
    10: pl.Rules(ante=2, limit=4, hands=pl.HandRules(blaze=True), jackpot_straddles=False),
}


@pytest.mark.parametrize("seats", [2, 6, 10])
@pytest.mark.parametrize("policies", ["peel", "random", "mixed"])
def test_laws_29_to_60_play_is_stepping_by_the_same_bots(seats: int, policies: str) -> None:
    """Laws 29-33 (jack-pots in a row), 36, 41 (the shuffle), 58-60 (all in and short): the
    games ``play`` leaves are those of stepping by the same bots, the engine's by its ids,
    every ``"peel"`` seat's id peel_bot's."""
    chosen: Any = policies
    if policies == "mixed":
        chosen = ["peel" if seat % 2 else "random" for seat in range(seats)]
    met = _sitting(_RULES[seats], seats, 30, chosen, seats * 7, 4)
    assert met["games"] >= 60, met
    assert met["short (Law 60)"] >= 3, met
    assert met["jack-pots"] >= 3, met
    if policies != "random":
        assert met["peel decisions"] >= 100, met
    if seats == 10:
        # The stock holds two cards after the deal: most draws run short.
        assert met["Law 41 shuffles"] >= 10, met


def test_play_widens_the_id_log_where_a_game_outgrows_it() -> None:
    """Long bettings (peel_bot raising to its cap at ten seats, deep stacks) pass the log's
    32 ids: play leaves its loop to widen it and goes on, the games still the engine's."""
    rules = pl.Rules(ante=1, limit=4)
    tables = Tables(rules, 10, 120)
    rng = np.random.default_rng(3)
    tables.reset(rng.permuted(np.tile(np.arange(52), (120, 1)), axis=1), stacks=400)
    tables.play("peel", rng)
    long = np.flatnonzero(tables._a.log_len > 32)
    assert len(long) >= 2
    met: collections.Counter[str] = collections.Counter()
    for i in long.tolist():
        _replay(tables, i, ["peel"] * 10, met)
    assert met["peel decisions"] > 64


def test_threads_play_the_same_games_as_one() -> None:
    rules = pl.Rules(ante=1, limit=4)
    one, two = _seated(rules, 10, 50, 5), _seated(rules, 10, 50, 5, threads=2)
    one.play(["random", "peel"] * 5, np.random.default_rng(8))
    two.play(["random", "peel"] * 5, np.random.default_rng(8))
    assert one._a.shuffled.sum() >= 5
    _same_arrays(one, two)


def test_stop_at_leaves_each_table_at_that_seats_turn_or_over() -> None:
    tables = _seated(pl.Rules(ante=1, limit=4), 4, 30, 9)
    tables.play("random", np.random.default_rng(1), stop_at=2)
    waiting = ~tables.over
    assert waiting.any()
    assert (tables.to_act[waiting] == 2).all()
    tables.play("random", np.random.default_rng(2))
    assert tables.over.all()


def test_play_refuses_what_is_not_a_ready_bot_and_changes_nothing() -> None:
    tables = _seated(pl.Rules(ante=1, limit=4), 3, 5, 2)
    before = [tables.state(i) for i in range(5)]
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="'strangers' is not a ready bot"):
        tables.play("strangers", rng)
    with pytest.raises(ValueError, match="one bot a seat, 3"):
        tables.play(["peel", "random"], rng)
    with pytest.raises(ValueError, match="seat 2's policy 'Peel'"):
        tables.play(["peel", "random", "Peel"], rng)
    with pytest.raises(TypeError, match="seat 1's policy"):
        tables.play(["peel", peel_bot, "peel"], rng)
    with pytest.raises(TypeError, match="policies must be"):
        tables.play(peel_bot, rng)
    with pytest.raises(TypeError, match="Generator"):
        tables.play("peel", random.Random(0))
    with pytest.raises(ValueError, match="stop_at"):
        tables.play("peel", rng, stop_at=3)
    with pytest.raises(TypeError, match="stop_at"):
        tables.play("peel", rng, stop_at=True)
    assert [tables.state(i) for i in range(5)] == before
    assert not tables.over.all()
