"""pokerlaws.batch.show: the end of a game, held to the engine's (Laws 29, 33, 58-61, 76).

Random games are played through the engine with short stacks (so that players go all in and
short, Law 60), under the variants that change the end (the Joker, odd chips shared,
openers on honour, jack-pots with carried pools). Each time the engine ends a game (the
uncalled win, the show, an unopened pool), the state it ended is copied into the batch
arrays, the batch ends it, and every field the end writes must equal the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.skips import extra_reason
from tests.where import At

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

import pokerlaws as pl  # noqa: E402
from pokerlaws import bots, engine  # noqa: E402
from pokerlaws.agents import card_code  # noqa: E402
from pokerlaws.batch import show as batch_show  # noqa: E402
from pokerlaws.batch._arrays import NONE, OVER, Arrays  # noqa: E402
from pokerlaws.laws import jackpot  # noqa: E402
from pokerlaws.laws import show as engine_show  # noqa: E402
from pokerlaws.state import GameState  # noqa: E402

Ended = tuple[str, GameState, GameState]


def _rules(rng: random.Random) -> pl.Rules:
    return pl.Rules(
        ante=1,
        limit=rng.choice((2, 4, 6)),
        joker=rng.random() < 0.3,
        odd_chip_carries=rng.random() < 0.5,
        openers_on_honour=rng.random() < 0.4,
        hands=pl.HandRules(heart_sequences_first=rng.random() < 0.3),
    )


def endings(games: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[Ended]:
    """The engine's game ends met in ``games`` random games: (how, the state it ended, the
    state it made)."""
    found: list[Ended] = []

    def recorder(name: str) -> Callable[..., GameState]:
        original = getattr(engine_show, name)

        def record(state: GameState, *args: Any) -> GameState:
            ended: GameState = original(state, *args)
            found.append((name, state, ended))
            return ended

        return record

    for name in ("showdown", "uncontested", "not_opened"):
        monkeypatch.setattr(engine_show, name, recorder(name))
    rng = random.Random(seed)
    for _ in range(games):
        rules = _rules(rng)
        seats = rng.randint(2, 6)
        stacks = [
            rng.randint(1, 12) if rng.random() < 0.6 else rng.randint(13, 40) for _ in range(seats)
        ]
        jackpot_round = rng.choice((0, 0, 1, 2, 3))
        state = engine.new_game(
            rules,
            stacks,
            dealer=rng.randrange(seats),
            deck=pl.shuffled_deck(rng.randrange(1 << 30), joker=rules.joker),
            carried=rng.randint(0, 7) if jackpot_round else rng.choice((0, 0, 1)),
            jackpot_round=jackpot_round,
        )
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = engine.apply_or_raise(state, bots.random_bot(pl.view(state, seat), rng))
    return found


def arrays_of(states: list[GameState]) -> Arrays:
    """The batch arrays of these states (one table each; all of one rules and size), as the
    end of a game reads them."""
    first = states[0]
    a = Arrays(first.rules, len(states), first.num_seats)
    for i, state in enumerate(states):
        a.phase[i] = list(pl.Phase).index(state.phase)
        a.to_act[i] = NONE if state.to_act is None else state.to_act
        a.dealer[i] = state.dealer
        a.ante_seat[i] = state.ante_seat
        a.pool[i] = state.pool
        a.carried[i] = state.carried
        a.jackpot_round[i] = state.jackpot_round
        a.openers_required[i] = state.openers_required or 0
        a.opener[i] = NONE if state.opener is None else state.opener
        a.last_staker[i] = NONE if state.last_staker is None else state.last_staker
        a.may_stand[i] = NONE if state.may_stand is None else state.may_stand
        for name in ("stacks", "stakes", "staked", "forced", "voluntary"):
            getattr(a, name)[i] = getattr(state, name)
        for seat in range(state.num_seats):
            a.players[i, seat] = seat in state.players
            a.seated[i, seat] = seat in state.seated
            a.all_in[i, seat] = seat in state.all_in
            a.pending[i, seat] = seat in state.pending
            hand = [card_code(card) for card in state.hands[seat]]
            a.hands[i, seat] = hand + [NONE] * (5 - len(hand))
            if state.openers_required is not None and len(state.dealt[seat]) == 5:
                a.openers[i, seat] = jackpot.qualifies(
                    state.dealt[seat], state.openers_required, state.rules.hands
                )
        for rank, short in enumerate(state.shorts):
            a.short_rank[i, short.seat] = rank
            for seat in short.live:
                a.short_live[i, short.seat, seat] = True
        a.short_count[i] = len(state.shorts)
    return a


def groups(found: list[Ended]) -> Iterator[tuple[str, list[tuple[GameState, GameState]]]]:
    """The endings by how they ended, rules and table size (one batch of arrays each)."""
    by: dict[tuple[str, pl.Rules, int], list[tuple[GameState, GameState]]] = {}
    for name, before, after in found:
        by.setdefault((name, before.rules, before.num_seats), []).append((before, after))
    for (name, _, _), pairs in by.items():
        yield name, pairs


def check(name: str, pairs: list[tuple[GameState, GameState]]) -> None:
    a = arrays_of([before for before, _ in pairs])
    s = a.state()
    for t in range(len(pairs)):
        if name == "not_opened":
            batch_show.not_opened(s, t)
        else:
            batch_show.end_of_game(s, t)  # it tells the uncalled win from the show
    for i, (before, after) in enumerate(pairs):
        where = At(f"table {i} ({name})", before)
        assert a.phase[i] == OVER, where
        assert a.to_act[i] == NONE, where
        assert a.pending[i].sum() == 0, where
        assert a.may_stand[i] == NONE, where
        assert a.stacks[i].tolist() == list(after.stacks), where
        assert int(a.pool[i]) == after.pool, where
        assert a.payouts[i].tolist() == list(after.payouts), where
        shown = a.show_order[i][: a.show_count[i]].tolist()
        assert shown == list(after.show_order), where
        assert (a.show_order[i][a.show_count[i] :] == NONE).all(), where
        false_opener = NONE if after.false_opener is None else after.false_opener
        assert a.false_opener[i] == false_opener, where


def test_laws_58_59_60_76_the_batch_ends_games_as_the_engine_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over 1,500 random games (short stacks, jack-pots, the Joker, odd chips shared or
    carried, openers on honour), every end the engine makes, the batch makes the same:
    payouts, stacks, the pool left, the show order, a false opener."""
    found = endings(1500, 26, monkeypatch)
    kinds = {name for name, _, _ in found}
    assert kinds == {"showdown", "uncontested", "not_opened"}
    # The cases that matter were met: shorts at a show, shared pools, a false opener.
    assert any(before.shorts and name == "showdown" for name, before, _ in found)
    assert any(len(after.winners) > 1 for _, _, after in found)
    assert any(after.false_opener is not None for _, _, after in found)
    for name, pairs in groups(found):
        check(name, pairs)


def test_law_60_several_short_players_are_settled_level_by_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The levels: with several players short at one show, the batch pays each level as the
    engine does (the games of the random run with two shorts or more)."""
    found = endings(3000, 60, monkeypatch)
    several = [(n, b, e) for n, b, e in found if n == "showdown" and len(b.shorts) >= 2]
    assert several
    for name, pairs in groups(several):
        check(name, pairs)


def _codes(text: str) -> list[int]:
    return [card_code(card) for card in pl.parse_cards(text)]


def test_law_60_ambiguity_14s_first_worked_check() -> None:
    """Ante 5, dealer 0, three seats; seat 2 short with 30 (all voluntary), seat 0 staked
    35, seat 1, the ante, 35 (5 forced): seat 2's best hand takes 5 + 30 + 30 + 30 = 95 and
    the better of the others the 5 left; the show begins left of the last to stake."""
    a = Arrays(pl.Rules(ante=5, limit=10), 1, 3)
    a.players[0] = a.seated[0] = True
    a.staked[0] = [35, 35, 30]
    a.forced[0] = [0, 5, 0]
    a.voluntary[0] = [35, 30, 30]
    a.pool[0] = 100
    a.all_in[0, 2] = True
    a.short_rank[0, 2] = 0
    a.short_live[0, 2] = True
    a.short_count[0] = 1
    a.last_staker[0] = 1
    a.hands[0] = [_codes("Kc Kd 7h 5s 2c"), _codes("Qc Qd 7c 5d 2d"), _codes("Ac Ad 7d 5c 3h")]
    batch_show.end_of_game(a.state(), 0)
    assert a.payouts[0].tolist() == [5, 0, 95]
    assert a.show_order[0].tolist() == [2, 0, 1]
    assert int(a.pool[0]) == 0


def test_law_76_odd_chips_stay_or_go_from_the_dealers_left() -> None:
    """Two equal hands share 7 chips: 3 each and the odd chip stays in the pool (Ambiguity
    16), or, with odd_chip_carries off, goes to the first sharer on the dealer's left."""
    for carries, payouts, pool in ((True, [3, 0, 3], 1), (False, [4, 0, 3], 0)):
        a = Arrays(pl.Rules(ante=1, limit=4, odd_chip_carries=carries), 1, 3)
        a.players[0] = [True, False, True]
        a.seated[0] = True
        a.staked[0] = a.voluntary[0] = [3, 1, 3]
        a.pool[0] = 7
        a.dealer[0] = 2
        a.last_staker[0] = 0
        a.hands[0, 0] = _codes("5s 6d 7h 8c 9s")
        a.hands[0, 2] = _codes("5d 6c 7d 8h 9c")
        batch_show.end_of_game(a.state(), 0)
        assert a.payouts[0].tolist() == payouts
        assert int(a.pool[0]) == pool
