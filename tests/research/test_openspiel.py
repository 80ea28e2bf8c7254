"""The book's game as an OpenSpiel game: OpenSpiel's own random simulation test at 2, 3, 6
and 10 players and under the variant switches, exact uniform chance nodes that are the
pack in dealing order and the Law 41 shuffle, the engine's own states and chip results,
perfect-recall information states, and OpenSpiel policies playing as pokerlaws policies."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import pokerlaws as pl
from pokerlaws.agents import ActionSpace, card_code, information_state_array, observation
from tests.skips import extra_reason

pyspiel = pytest.importorskip("pyspiel", reason=extra_reason("pyspiel", "openspiel"))
np = pytest.importorskip("numpy", reason=extra_reason("numpy", "openspiel"))

from open_spiel.python import policy as os_policy  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: E402

from pokerlaws import _spiel_seen, openspiel  # noqa: E402
from pokerlaws.openspiel import (  # noqa: E402
    GAME_NAME,
    PeelDrawPokerGame,
    PeelDrawPokerState,
    chip_results,
    policy_from_openspiel,
)

openspiel.register()


def load(**params: Any) -> Any:
    return pyspiel.load_game(GAME_NAME, params)


def playout(game: Any, rng: random.Random, visit: Any = None) -> Any:
    """Play one game to its end, chance and players choosing uniformly; ``visit(state)``
    is called at every node before its move."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if visit is not None:
            visit(state)
        if state.is_chance_node():
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# --- OpenSpiel's own checks -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "sims"), [(2, 30), (3, 20), (6, 8)])
def test_the_game_passes_openspiels_random_simulation_test(players: int, sims: int) -> None:
    """pyspiel.random_sim_test (OpenSpiel's C++ checks of a game: legal actions, chance
    outcomes, returns, clones, observations at every node) passes."""
    game = load(players=players)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3, "joker": True, "blaze": True, "skip_sequence": True},
        {"players": 2, "ace_high_sequences": True, "heart_flushes_first": False},
        {"players": 4, "heart_sequences_first": True, "odd_chip_carries": False},
        {"players": 3, "jackpot_round": 1, "openers_on_honour": True, "dealer": 2},
        {"players": 2, "jackpot_round": 2, "jackpot_straddles": False, "limit": 8},
        {"players": 10, "joker": True, "ante": 2, "limit": 6, "chips": 30},
    ],
)
def test_the_game_passes_the_random_simulation_test_under_the_variant_switches(
    params: dict[str, Any],
) -> None:
    game = load(**params)
    rules = game.table.rules
    for name, value in params.items():
        if name in openspiel.PARAMETERS and hasattr(rules.hands, name):
            assert getattr(rules.hands, name) is value
        elif hasattr(rules, name):
            assert getattr(rules, name) == value
    pyspiel.random_sim_test(game, num_sims=6, serialize=False, verbose=False)


def test_register_is_idempotent_and_the_game_loads_by_its_name_with_parameters() -> None:
    openspiel.register()
    openspiel.register()
    assert GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game(f"{GAME_NAME}(players=3,ante=2,limit=6,chips=40,joker=True)")
    assert isinstance(game, PeelDrawPokerGame)
    assert game.num_players() == 3
    assert game.table.rules == pl.Rules(ante=2, limit=6, joker=True)
    assert game.table.chips == 40


def test_the_game_type_and_sizes_are_openspiels_for_a_poker_game() -> None:
    game = load(players=4, limit=6)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_string
    assert kind.provides_observation_tensor
    assert (kind.min_num_players, kind.max_num_players) == (2, 10)
    assert set(kind.parameter_specification) == set(openspiel.PARAMETERS)
    assert game.num_distinct_actions() == ActionSpace(pl.Rules(ante=1, limit=6), 4).size
    assert game.max_chance_outcomes() == 52
    assert load(joker=True).max_chance_outcomes() == 53
    assert game.utility_sum() == 0
    assert (game.min_utility(), game.max_utility()) == (-100, 300)


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"players": 11}, ValueError),
        ({"players": 1}, ValueError),
        ({"seats": 3}, ValueError),
        ({"chips": 0}, ValueError),
        ({"dealer": 2}, ValueError),
        ({"jackpot_round": -1}, ValueError),
        ({"ante": 3, "limit": 4}, pl.InvalidRules),
        ({"joker": 1}, TypeError),
    ],
)
def test_an_impossible_parameter_is_refused_with_its_name(
    params: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        PeelDrawPokerGame(params)


# --- Chance ---------------------------------------------------------------------------------


def test_every_chance_node_is_a_uniform_choice_with_exact_probabilities() -> None:
    game = load(players=10, joker=True)
    rng = random.Random(3)
    kinds: Counter[str] = Counter()

    def check(state: Any) -> None:
        if not state.is_chance_node():
            return
        outcomes = state.chance_outcomes()
        probabilities = {p for _, p in outcomes}
        assert probabilities == {1.0 / len(outcomes)}
        assert [a for a, _ in outcomes] == sorted({a for a, _ in outcomes})
        engine = state.engine
        if state._dealer < 0:
            kinds["cut"] += 1
            assert [a for a, _ in outcomes] == list(range(10))
        elif state._order is not None:
            kinds["shuffle"] += 1
            left = [c for c in engine.discards if c not in state._order]
            assert [a for a, _ in outcomes] == sorted(map(card_code, left))
        else:
            kinds["pack"] += 1
            placed = state._kept.placed
            unplaced = [c for c in pl.standard_deck(joker=True) if c not in placed]
            assert [a for a, _ in outcomes] == sorted(map(card_code, unplaced))

    for _ in range(15):
        playout(game, rng, check)
    assert kinds["cut"] == 15
    assert kinds["pack"] > 15 * 50
    assert kinds["shuffle"] > 0


def test_law_7_the_deals_chance_outcomes_are_the_pack_dealt_one_at_a_time_from_the_left() -> None:
    game = load(players=3, dealer=1, limit=2)  # no straddle: the deal comes at once
    state = game.new_initial_state()
    codes = [7, 51, 0, 13, 22, 30, 41, 2, 9, 18, 27, 36, 45, 4, 48]
    for code in codes:
        assert state.is_chance_node()
        state.apply_action(code)
    engine = state.engine
    assert engine.phase is pl.Phase.SAY
    cards = {card_code(card): card for card in pl.standard_deck()}
    order = [2, 0, 1]  # from the dealer's left, five rounds (Law 7)
    for k, code in enumerate(codes):
        assert engine.hands[order[k % 3]][k // 3] == cards[code]
    assert engine.dealer == 1
    assert engine.deck[:15] == tuple(cards[code] for code in codes)


def test_law_39_a_discard_is_served_by_the_chance_outcomes_that_follow_it() -> None:
    game = load(players=2, dealer=0)
    rng = random.Random(11)
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            engine = state.engine
            seat = state.current_player()
            legal = state.legal_actions()
            discards = [i for i in legal if 6 < i < 38]
            if engine.phase is not pl.Phase.DRAW or not discards:
                state.apply_action(rng.choice(legal))
                continue
            i = rng.choice(discards)
            kept = [c for k, c in enumerate(engine.hands[seat]) if not (i - 6) >> k & 1]
            state.apply_action(i)
            served = []
            while state.is_chance_node():
                code = rng.choice(state.chance_outcomes())[0]
                served.append(code)
                state.apply_action(code)
            assert len(served) == bin(i - 6).count("1")
            hand = state.engine.hands[seat]
            assert [card_code(c) for c in hand] == [*map(card_code, kept), *served]
            return
    pytest.fail("no discard reached in 40 games")


def test_law_41_the_shuffle_is_chances_and_the_engine_uses_its_order() -> None:
    game = load(players=10, ante=1, limit=4)
    rng = random.Random(5)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and state._order is not None:
                gathered = state.engine.discards
                order = []
                while state._order is not None:
                    code = rng.choice(state.chance_outcomes())[0]
                    order.append(code)
                    state.apply_action(code)
                shuffles = [a for a in state.engine.history if type(a) is pl.Shuffle]
                assert len(shuffles) == 1
                assert shuffles[0].order is not None
                used = [card_code(c) for c in shuffles[0].order]
                # Each place but the last was a chance node; the last card took the last.
                assert used[: len(order)] == order
                assert len(used) == len(gathered) == len(order) + 1
                assert sorted(used) == sorted(map(card_code, gathered))
                return
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no Law 41 shuffle in 30 games of ten players")


# --- The engine's game and its results ------------------------------------------------------


def test_every_state_is_the_engines_replayed_from_its_record_and_players_move_by_ids() -> None:
    game = load(players=3)
    rng = random.Random(8)
    space = game.table.space

    def check(state: Any) -> None:
        engine = state.engine
        if engine is None or state.is_chance_node():
            return
        assert state.current_player() == engine.to_act
        assert state.legal_actions() == list(space.legal_ids(engine))
        assert pl.replay(pl.record(engine)) == engine

    for _ in range(10):
        playout(game, rng, check)


def test_returns_are_the_chip_results_and_sum_to_zero() -> None:
    game = load(players=4, chips=20)
    rng = random.Random(2)
    for _ in range(30):
        state = playout(game, rng)
        engine = state.engine
        assert engine.phase is pl.Phase.OVER
        returns = state.returns()
        assert sum(returns) == 0
        assert returns == [float(c) for c in chip_results(engine, 20)]
        assert all(r >= -20 for r in returns)


def test_an_unopened_game_shares_its_pool_among_the_seats_as_settle_does() -> None:
    """Law 29: nobody opens, the pool would carry to a jack-pot; one game shares it
    equally, odd chips one each from the dealer's left."""
    game = load(players=3, dealer=0, jackpot_round=1, ante=1, limit=2, chips=10)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        elif 3 in state.legal_actions():  # decline the straddle
            state.apply_action(3)
        else:
            state.apply_action(0)  # pass
    engine = state.engine
    assert not engine.winners
    assert engine.pool == 3
    assert state.returns() == [0.0, 0.0, 0.0]
    odd = load(players=3, dealer=0, ante=1, limit=2)
    state = odd.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(3 if 3 in state.legal_actions() else 0)
    # The ante seat (1) paid the pool's one chip; the dealer's left (seat 1) takes it back.
    assert state.engine.pool == 1
    assert state.returns() == [0.0, 0.0, 0.0]


def test_a_clone_is_independent_and_a_state_serializes_as_its_history() -> None:
    game = load(players=3)
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(25):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = str(state)
    while not copy.is_terminal():
        if copy.is_chance_node():
            copy.apply_action(rng.choice(copy.chance_outcomes())[0])
        else:
            copy.apply_action(rng.choice(copy.legal_actions()))
    assert str(state) == before
    assert not state.is_terminal()
    text = pyspiel.serialize_game_and_state(game, copy)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == copy.history()
    assert back.returns() == copy.returns()
    assert back.engine == copy.engine


# --- Observations ---------------------------------------------------------------------------


def test_tensors_and_strings_are_the_views_information_state_and_observation() -> None:
    game = load(players=3)
    rng = random.Random(6)

    def check(state: PeelDrawPokerState) -> None:
        for player in range(3):
            seen = state.view(player)
            if seen is None:
                assert state.information_state_string(player) == "the deal"
                assert not any(state.observation_tensor(player))
                continue
            info = _spiel_seen.information(seen)
            tensor = information_state_array(seen).tolist()
            assert state.information_state_tensor(player) == pytest.approx(tensor)
            assert state.information_state_string(player) == " ".join(map(str, info))
            assert state.observation_tensor(player) == [float(x) for x in observation(seen)]
            assert state.observation_string(player) == " ".join(map(str, observation(seen)))
        assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()
        assert len(state.observation_tensor(0)) == game.observation_tensor_size()

    for _ in range(4):
        playout(game, rng, check)


def test_information_states_have_perfect_recall_and_fix_the_legal_actions() -> None:
    """States a player cannot tell apart (one information-state string) offer him the same
    ids, and his string tells his own past: every string he acted at before, and what he
    did there (perfect recall)."""
    game = load(players=2, ante=1, limit=2, chips=6)
    rng = random.Random(9)
    legal: dict[str, list[int]] = {}
    past: dict[str, tuple[tuple[str, int], ...]] = {}
    for _ in range(300):
        state = game.new_initial_state()
        mine: dict[int, list[tuple[str, int]]] = {0: [], 1: []}
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            key = state.information_state_string(player)
            ids = state.legal_actions()
            assert legal.setdefault(key, ids) == ids
            assert past.setdefault(key, tuple(mine[player])) == tuple(mine[player])
            i = rng.choice(ids)
            mine[player].append((key, i))
            state.apply_action(i)
    assert len(legal) > 1000


def test_only_the_default_observation_types_are_offered() -> None:
    game = load()
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="one player's private cards"):
        game.make_py_observer(public)
    with pytest.raises(ValueError, match="no observation parameters"):
        game.make_py_observer(None, {"x": 1})


# --- OpenSpiel policies as pokerlaws policies -----------------------------------------------


def test_a_views_ids_and_strings_are_the_games_own_at_every_decision() -> None:
    """What the policy wrapper reads from a view (the legal ids, each naming the action
    ActionSpace.decode names, and the information-state string) is what the game's state
    gives there."""
    game = load(players=3, limit=6)
    rng = random.Random(12)
    space = game.table.space

    def check(state: Any) -> None:
        if state.is_chance_node():
            return
        player = state.current_player()
        seen = state.view(player)
        ids = _spiel_seen.ids_of(seen)
        assert sorted(ids) == state.legal_actions()
        assert all(ids[i] == space.decode(state.engine, i) for i in ids)
        stand_in = _spiel_seen.ViewState(seen, sorted(ids), space.size)
        assert stand_in.information_state_string() == state.information_state_string(player)
        assert stand_in.observation_tensor() == state.observation_tensor(player)
        assert stand_in.information_state_tensor() == pytest.approx(
            state.information_state_tensor(player)
        )

    for _ in range(10):
        playout(game, rng, check)


class Highest(os_policy.Policy):  # type: ignore[misc]
    """Always the highest legal id (the largest stake, else the widest discard)."""

    def action_probabilities(self, state: Any, player_id: Any = None) -> dict[int, float]:
        legal = state.legal_actions()
        return {i: float(i == max(legal)) for i in legal}


def test_an_openspiel_policy_plays_through_simulate_as_it_chooses() -> None:
    game = load(ante=1, limit=4, chips=30)
    rules = game.table.rules
    highest = policy_from_openspiel(game, Highest(game, [0, 1]))
    uniform = policy_from_openspiel(game, os_policy.UniformRandomPolicy(game))
    result = pl.simulate(
        {"highest": highest, "uniform": uniform},
        sittings=20,
        games=1,
        seed=3,
        rules=rules,
        chips=30,
    )
    assert result.games == 20
    assert sum(dict(result.results.pairs).values()) == 0
    space = game.table.space
    state = pl.new_game(rules, (30, 30), dealer=0, deck=pl.shuffled_deck(1))
    while state.phase is not pl.Phase.OVER:
        seat = state.to_act
        assert seat is not None
        action = highest(pl.view(state, seat), random.Random(0))
        assert action == space.decode(state, max(space.legal_ids(state)))
        after = pl.apply(state, action)
        assert isinstance(after, pl.GameState)
        state = after
    other = pl.new_game(pl.Rules(ante=1, limit=2), (30, 30), dealer=0, deck=pl.standard_deck())
    elsewhere = pl.view(other, 1)
    with pytest.raises(ValueError, match="another table"):
        highest(elsewhere, random.Random(0))


@pytest.mark.parametrize(
    "params", [{"players": 2}, {"players": 3, "chips": 1, "ante": 2}, {"players": 10, "chips": 3}]
)
def test_the_random_simulation_test_passes_with_states_serialized(params: dict[str, Any]) -> None:
    """With ``serialize=True`` OpenSpiel also writes each state and reads it back (as its
    history) and compares; a seat short of the ante (Law 20: he posts what he has) too."""
    pyspiel.random_sim_test(load(**params), num_sims=5, serialize=True, verbose=False)


def test_no_game_is_longer_than_the_games_max_game_length() -> None:
    rng = random.Random(13)
    for params in ({"players": 2, "chips": 12}, {"players": 6, "chips": 5, "limit": 8}):
        game = load(**params)
        longest = max(len(playout(game, rng).history()) for _ in range(60))
        assert longest <= game.max_game_length()
