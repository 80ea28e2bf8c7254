"""What a researcher reads from ``simulate``: each test names one wrong outcome a one-line
change to ``simulation.py`` once produced unnoticed (sittings that all played alike, a
jack-pot count of every game, the Joker pack, the players' random streams)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import pytest

import pokerlaws as pl
from pokerlaws._extras import install_commands
from pokerlaws.bots import Policy, peel_bot, random_bot
from pokerlaws.simulation import simulate

PLAYERS: dict[str, Policy] = {"Ann": random_bot, "Bob": random_bot, "Cy": random_bot}


def _passing(view: pl.PlayerView, rng: random.Random) -> pl.Action:
    """Never straddles, never opens (Law 29: every game after the first is a jack-pot)."""
    kinds = (pl.Pass, pl.DeclineStraddle)
    return next((a for a in view.legal_actions if isinstance(a, kinds)), view.legal_actions[0])


def _opening(view: pl.PlayerView, rng: random.Random) -> pl.Action:
    """Stakes, stands or discards wherever it may: the first game is opened, and so is
    every game after it, so none is a jack-pot."""
    legal = view.legal_actions
    return next((a for a in legal if not isinstance(a, pl.Pass | pl.Straddle)), legal[0])


def test_each_sitting_is_dealt_its_own_packs() -> None:
    """Sitting ``i`` is dealt from packs drawn from ``(seed, i)``: twenty sittings among
    players who leave nothing to chance are not one sitting played twenty times."""
    peel = dict.fromkeys(("Ann", "Bob", "Cy"), peel_bot)
    result = simulate(peel, sittings=20, games=4, seed=3)
    assert len(set(result.per_sitting)) > 10


def test_law_29_jackpots_counts_the_games_that_were_jackpots() -> None:
    """Law 29: when nobody ever opens, every game after a sitting's first is a jack-pot;
    when somebody always opens, none is."""
    never = simulate(dict.fromkeys(("Ann", "Bob", "Cy"), _passing), sittings=3, games=5, seed=1)
    assert never.games == 15
    assert never.jackpots == 3 * 4
    always = simulate(dict.fromkeys(("Ann", "Bob", "Cy"), _opening), sittings=3, games=5, seed=1)
    assert always.games == 15
    assert always.jackpots == 0


def test_law_81_the_joker_pack_is_dealt_in_every_game_of_a_sitting() -> None:
    """Law 81: a table agreed on the Joker deals from the 53-card pack in every game, the
    second and later too."""
    rules = pl.Rules(ante=1, limit=4, joker=True)
    result = simulate(PLAYERS, sittings=2, games=4, seed=5, rules=rules, chips=200)
    assert result.games == 8


def _noting(seen: dict[str, list[tuple[object, ...]]], name: str) -> Policy:
    def policy(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        seen.setdefault(name, []).append((id(rng), rng.getstate()))
        return random_bot(view, rng)

    return policy


def test_each_player_draws_from_a_generator_of_his_own() -> None:
    """Each player's chances come from his own generator, seeded apart from the others':
    no two players share one, nor begin from the same state."""
    seen: dict[str, list[tuple[object, ...]]] = {}
    policies: dict[str, Callable[[pl.PlayerView, random.Random], pl.Action]] = {
        name: _noting(seen, name) for name in ("Ann", "Bob", "Cy")
    }
    simulate(policies, sittings=1, games=2, seed=7)
    firsts = [seen[name][0] for name in ("Ann", "Bob", "Cy")]
    assert len({identity for identity, _ in firsts}) == 3
    assert len({state for _, state in firsts}) == 3


def test_a_tally_names_the_player_it_does_not_hold() -> None:
    """Looking up a name that did not play is a KeyError naming it."""
    result = simulate(PLAYERS, sittings=1, games=1, seed=2)
    with pytest.raises(KeyError, match="'Zed'"):
        result.results["Zed"]


def test_progress_without_tqdm_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """progress=True without tqdm is an ImportError that names the progress extra and
    both commands that install it (tests/test_extras.py holds every edge to the same)."""
    monkeypatch.setitem(sys.modules, "tqdm", None)
    with pytest.raises(ImportError) as raised:
        simulate(PLAYERS, sittings=1, games=1, seed=2, progress=True)
    message = str(raised.value)
    assert message.startswith("simulate(progress=True) needs the progress extra (")
    assert all(command in message for command in install_commands("progress"))
    assert isinstance(raised.value.__cause__, ImportError)
