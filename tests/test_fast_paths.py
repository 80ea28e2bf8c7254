"""The fast paths of the core held to their plain versions, and the core's import order."""

from __future__ import annotations

import ast
import base64
import itertools
import operator
import pickle
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest

import pokerlaws
import pokerlaws as pl
from pokerlaws import engine
from pokerlaws.actions import canonical_discards
from pokerlaws.history import History
from pokerlaws.laws import betting, draw, say
from pokerlaws.ruling import notes
from pokerlaws.rulings import start_rulings, transition_rulings

PACKAGE = Path(pokerlaws.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    """Every pokerlaws module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == "pokerlaws":
                found.update(f"pokerlaws.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("pokerlaws")}


def test_hand_tables_never_import_the_evaluator() -> None:
    # hands imports the tables (on first use); the reverse would close an import circle.
    assert "pokerlaws.hands" not in _imported_modules(PACKAGE / "_hand_tables.py")
    assert "pokerlaws.hands" not in _imported_modules(PACKAGE / "_hand_values.py")
    assert "pokerlaws._hand_tables" not in _imported_modules(PACKAGE / "_hand_values.py")


def test_hand_values_keep_their_public_home() -> None:
    # Pickles and reprs name the classes where users import them from.
    assert pokerlaws.HandValue.__module__ == "pokerlaws.hands"
    assert pokerlaws.HandCategory.__module__ == "pokerlaws.hands"
    assert pokerlaws.hands.HandValue is pokerlaws.HandValue


# --- Pickles ------------------------------------------------------------------------------

OLD_PICKLES = Path(__file__).parent / "data" / "old_state_pickles.txt"


def _pickled_games() -> list[list[pl.GameState]]:
    """The games whose states tests/data/old_state_pickles.txt holds, played again: the same
    seeds and the same random choices among the legal actions."""
    out = []
    for seed, rules, seats in (
        (1, pl.Rules(ante=1, limit=4), 5),
        (2, pl.Rules(ante=1, limit=4, joker=True, hands=pl.HandRules(blaze=True)), 6),
        (3, pl.Rules(ante=2, limit=8, recording_table=True), 4),
    ):
        rng = random.Random(seed)
        state = pl.new_game(
            rules,
            (50,) * seats,
            dealer=seed % seats,
            deck=pl.shuffled_deck(seed, joker=rules.joker),
        )
        states = [state]
        while state.phase is not pl.Phase.OVER:
            state = pl.apply_or_raise(state, rng.choice(pl.legal_actions(state)))
            states.append(state)
        out.append(states)
    return out


def test_states_pickled_before_compact_pickles_still_load() -> None:
    games = _pickled_games()
    lines = OLD_PICKLES.read_text(encoding="ascii").splitlines()[1:]
    assert len(lines) == 18
    for line in lines:
        game, at, protocol, data = line.split()
        loaded = pickle.loads(base64.b64decode(data))
        expected = games[int(game)][int(at)]
        assert type(loaded) is pl.GameState, protocol
        assert loaded == expected
        assert hash(loaded) == hash(expected)
        assert isinstance(loaded.history, History)
        assert loaded.history == expected.history
        assert loaded.rulings == expected.rulings  # made again from the history
        # A loaded state plays on as the original does.
        assert pl.legal_actions(loaded) == pl.legal_actions(expected)


def _random_games(seed: int, games: int, *, reports: bool = False) -> Iterator[list[pl.GameState]]:
    """Random games at 2-10 seats, every state kept; with ``reports``, now and then a
    report of an irregularity the table may make instead of an action."""
    rng = random.Random(seed)
    for _ in range(games):
        seats = rng.randint(2, 10)
        joker = rng.random() < 0.3
        rules = pl.Rules(
            ante=rng.randint(1, 2),
            limit=rng.choice((4, 8)),
            joker=joker,
            recording_table=rng.random() < 0.3,
            hands=pl.HandRules(blaze=rng.random() < 0.5),
        )
        state = pl.new_game(
            rules,
            [rng.randint(0, 30) or 5 for _ in range(seats)],
            dealer=rng.randrange(seats),
            deck=pl.shuffled_deck(rng.getrandbits(32), joker=joker),
        )
        states = [state]
        while state.phase is not pl.Phase.OVER and len(states) < 200:
            options: Sequence[pl.Event] = pl.legal_actions(state)
            if reports and rng.random() < 0.15:
                options = pl.reportable(state) or options
            result = pl.apply(state, rng.choice(options))
            assert isinstance(result, pl.GameState)
            state = result
            states.append(state)
        yield states


def test_a_pickled_state_comes_back_equal_and_plays_on_the_same() -> None:
    for states in _random_games(18, 60, reports=True):
        for state in states:
            legal, reportable = pl.legal_actions(state), pl.reportable(state)
            for protocol in (2, pickle.HIGHEST_PROTOCOL):
                loaded = pickle.loads(pickle.dumps(state, protocol))
                assert loaded == state
                assert hash(loaded) == hash(state)
                assert isinstance(loaded.history, History)
                assert tuple(loaded.history) == tuple(state.history)
                assert all(map(operator.is_, loaded.hands[0], state.hands[0]))
                assert pl.legal_actions(loaded) == legal
                assert pl.reportable(loaded) == reportable
        # The rulings replay the whole game: the last state's hold every earlier one's, and
        # reading them at every state made this test quadratic (100 s on a loaded machine).
        assert pickle.loads(pickle.dumps(states[-1])).rulings == states[-1].rulings


def test_a_state_pickles_its_cards_as_bytes_not_text() -> None:
    state = next(_random_games(3, 1))[-1]
    data = pickle.dumps(state)
    assert b"parse_card" not in data
    assert len(data) < 1024


def test_the_pickle_layout_is_checked_when_loaded() -> None:
    state = next(_random_games(4, 1))[-1]
    restore, (layout, packed) = state.__reduce__()
    with pytest.raises(ValueError, match="layout 99"):
        restore(99, packed)
    assert restore(layout, packed) == state


# --- The engine's fast paths against their plain versions ------------------------------


def _state_fields(state: pl.GameState) -> dict[str, object]:
    return {name: getattr(state, name) for name in sorted(attrs.fields_dict(pl.GameState))}


def test_a_game_begun_on_the_fast_path_is_the_game_begun_plainly() -> None:
    rng = random.Random(20)
    for _ in range(400):
        seats = rng.randint(2, 10)
        rules = pl.Rules(ante=rng.randint(1, 3), limit=rng.choice((6, 8, 12)))
        stacks = [rng.choice((0, 1, 2, 3, 5, 40)) for _ in range(seats)]
        stacks[0] = stacks[1] = 40
        dealer = rng.choice([seat for seat in range(seats) if stacks[seat]])
        deck = pl.shuffled_deck(rng.getrandbits(32))
        carried, jackpot_round = rng.choice(((0, 0), (7, 0), (9, 1), (3, 4)))
        arguments = {
            "dealer": dealer,
            "deck": deck,
            "carried": carried,
            "jackpot_round": jackpot_round,
        }
        fast = engine._start(rules, stacks, **arguments)  # type: ignore[arg-type]
        plain = engine._start(rules, stacks, plain=True, **arguments)  # type: ignore[arg-type]
        assert _state_fields(fast) == _state_fields(plain)
        assert start_rulings(fast) == start_rulings(plain)
        assert notes(fast) == notes(plain)
        assert fast == pl.new_game(rules, stacks, **arguments)  # type: ignore[arg-type]


def test_shuffled_deck_is_random_random_shuffle_written_out() -> None:
    seeds = [*range(-50, 2000), 2**64 + 7, -(2**70), 12345678901234567890]
    for seed in seeds:
        for joker in (False, True):
            plain = list(pl.standard_deck(joker=joker))
            random.Random(seed).shuffle(plain)
            assert pl.shuffled_deck(seed, joker=joker) == tuple(plain), seed


def test_the_draw_menu_is_every_subset_built_plainly() -> None:
    rng = random.Random(34)
    pack = pl.standard_deck(joker=True)
    for _ in range(2000):
        hand = tuple(rng.sample(pack, rng.choice((5, 5, 5, 3, 4, 6))))
        seat = rng.randrange(10)
        menu = draw._discards(seat, hand)
        assert tuple(menu) == tuple(canonical_discards(seat, draw._subsets_plain(hand)))
        plain = [
            pl.Discard(seat=seat, cards=cards)
            for size in range(len(hand) + 1)
            for cards in itertools.combinations(hand, size)
        ]
        assert list(menu) == plain
        assert [discard.cards for discard in menu] == [discard.cards for discard in plain]


def _same_result(
    fast: object,
    plain: object,
    before: pl.GameState | None = None,
    action: pl.Action | None = None,
) -> None:
    if isinstance(plain, pl.GameState):
        assert isinstance(fast, pl.GameState)
        assert _state_fields(fast) == _state_fields(plain)
        assert notes(fast) == notes(plain)
        if before is not None and action is not None:
            # The engine rules a transition alike whichever path made it.
            ruled = transition_rulings(before, action, fast)
            assert ruled == transition_rulings(before, action, plain)
    else:
        assert fast == plain


def test_the_say_and_the_betting_book_a_stake_as_their_plain_versions() -> None:
    handlers = {
        pl.Phase.SAY: (say.apply_say, say.apply_say_plain),
        pl.Phase.BETTING: (betting.apply_betting, betting.apply_betting_plain),
    }
    rng = random.Random(53)
    compared = 0
    for states in _random_games(53, 300):
        for state in states:
            if state.phase not in handlers or state.to_act is None or state.deposits:
                continue
            fast, plain = handlers[state.phase]
            seat = state.to_act
            tries: list[pl.Action] = [*pl.legal_actions(state), pl.Pass(seat=seat)]
            if state.phase is pl.Phase.BETTING:
                tries.append(pl.Stand(seat=seat))
            limit = state.rules.limit
            tries += [pl.Stake(seat=seat, amount=rng.randint(-2, 3 * limit)) for _ in range(6)]
            tries.append(pl.Stake(seat=seat, amount=state.stacks[seat]))
            for action in tries:
                _same_result(fast(state, action), plain(state, action), state, action)
                compared += 1
    assert compared > 5000


def test_the_say_and_the_betting_list_the_menus_of_their_plain_versions() -> None:
    legal = {
        pl.Phase.SAY: (say.legal, say.legal_plain),
        pl.Phase.BETTING: (betting.legal, betting.legal_plain),
    }
    compared = 0
    for states in _random_games(26, 400):
        for state in states:
            if state.phase in legal and state.to_act is not None:
                fast, plain = legal[state.phase]
                assert fast(state) == plain(state)
                compared += 1
    assert compared > 2000
    # A long run of stakes, past the cached menus, and one past LegalActions.FEWEST.
    for limit in (40, 2000):
        state = pl.new_game(
            pl.Rules(ante=1, limit=limit), (10**5,) * 3, dealer=0, deck=pl.shuffled_deck(8)
        )
        if state.phase is pl.Phase.STRADDLE:
            state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
        assert state.phase is pl.Phase.SAY
        assert say.legal(state) == say.legal_plain(state)
        assert len(say.legal(state)) > 40
