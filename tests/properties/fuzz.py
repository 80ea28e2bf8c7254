"""Fuzz the engine: throw random actions, legal and illegal, at random games.

Run ``python -m tests.properties.fuzz --actions 1000000 --seed 0``. About half the actions
are legal (drawn from ``legal_actions``), half are anything at all: every kind, any seat
(out-of-range ones too), zero, negative, huge and off-by-one amounts, discards of cards not
held or named twice. Tables vary in seats (2-10), stacks (from none to deep), ante, limit and
every variant switch; each table plays a run of games chained with ``next_game``. A third of
the tables (every one with ``--small-stacks``) are small-stacked: a few antes or limits a seat,
so that all-ins and short players are common, and most of them at 7 to 10 seats, where the
stock runs out at the draw (Law 41).

After every action it checks that no exception escaped, that ``apply`` agreed with
``legal_actions``, that a refusal cites a law and left the state as it was, that an accepted
action appended itself to the history, and that chips and cards are conserved; and at the
end of every game, that the cards served, the payouts and the show order are those of the
independent reference (``tests/reference_game.py``). Each table
draws everything from its own seed, so a failure is reproduced by that seed alone:
``python -m tests.properties.fuzz --table SEED``.

With ``--reports``, irregularities that ``reportable`` lists are reported between the
actions (a dozen a game at most, and two redeals): misdeals and redeals, foul hands and their
refunds, cards exposed, deposits out of turn at a recording table, foul hands found at the
show; the same checks follow each, and every game still agrees with the reference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import attrs

import pokerlaws as pl
from tests.properties._checks import (
    check_cards,
    check_chips,
    check_shape,
    chips,
    has_next_game,
    reports_to_try,
)
from tests.reference_game import replay_game

__all__ = ["FuzzFailure", "Report", "fuzz", "fuzz_table", "main"]

_FIELDS = tuple(field.name for field in attrs.fields(pl.GameState))
_KINDS: tuple[type, ...] = (
    pl.Pass,
    pl.Stake,
    pl.Discard,
    pl.Stand,
    pl.Straddle,
    pl.DeclineStraddle,
    pl.Shuffle,
    pl.Redeal,
)
_EVERY_CARD = pl.standard_deck(joker=True)
_DEEP_CHECK_EVERY = 64
"""Every so many states, also apply every listed action and check the state's shape."""


@attrs.frozen
class Report:
    """What a fuzz run did."""

    actions: int
    accepted: int
    refused: int
    games: int
    tables: int

    def __add__(self, other: Report) -> Report:
        return Report(
            self.actions + other.actions,
            self.accepted + other.accepted,
            self.refused + other.refused,
            self.games + other.games,
            self.tables + other.tables,
        )


class FuzzFailure(AssertionError):
    """An invariant broke or an exception escaped; the message names the table seed."""


def _switches(cls: type, rng: random.Random) -> dict[str, bool]:
    return {
        field.name: rng.random() < 0.5
        for field in attrs.fields(cls)
        if isinstance(field.default, bool)
    }


def random_rules(rng: random.Random) -> pl.Rules:
    """Any valid table: ante 1 to 5 (now and then up to 20), limit 2 to 8 antes, every
    variant switch drawn."""
    ante = rng.randint(1, 5) if rng.random() < 0.9 else rng.randint(6, 20)
    limit = rng.randint(2 * ante, 8 * ante)
    hands = pl.HandRules(**_switches(pl.HandRules, rng))
    return pl.Rules(ante=ante, limit=limit, hands=hands, **_switches(pl.Rules, rng))


def _random_stack(rng: random.Random, rules: pl.Rules) -> int:
    roll = rng.random()
    if roll < 0.08:
        return 0  # sits out
    if roll < 0.16:
        return rng.randint(1, 2 * rules.ante)  # short of the ante or a straddle
    if roll < 0.9:
        return rng.randint(1, 10 * rules.limit)
    return rng.randint(1, 60 * rules.limit)  # deep: long betting


def _small_stack(rng: random.Random, rules: pl.Rules) -> int:
    roll = rng.random()
    if roll < 0.05:
        return 0  # sits out
    if roll < 0.5:
        return rng.randint(1, 4 * rules.ante)  # all in before the draw, often short
    return rng.randint(1, 3 * rules.limit)


def random_table(rng: random.Random, *, small_stacks: bool = False) -> pl.GameState:
    """A new game at a random table: 2 to 10 seats, at least two with chips; with
    ``small_stacks`` (or by chance, a third of the time) small stacks at mostly full
    tables."""
    rules = random_rules(rng)
    small = small_stacks or rng.random() < 1 / 3
    n = rng.choice((2, 3, 4, 5, 6, 7, 8, 9, 10, 7, 8, 9, 10, 10)) if small else rng.randint(2, 10)
    stack_of = _small_stack if small else _random_stack
    while True:
        stacks = [stack_of(rng, rules) for _ in range(n)]
        if sum(1 for stack in stacks if stack > 0) >= 2:
            break
    deck = pl.shuffled_deck(rng.randrange(2**32), joker=rules.joker)
    dealer = rng.choice([seat for seat in range(n) if stacks[seat]])  # one dealt in (Law 18)
    return pl.new_game(rules, stacks, dealer=dealer, deck=deck)


def _random_seat(rng: random.Random, state: pl.GameState, actor: int) -> int:
    roll = rng.random()
    if roll < 0.5:
        return actor
    if roll < 0.9:
        return rng.randint(-1, state.num_seats)
    return rng.choice((-(2**63), -2, state.num_seats + 1, 2**63))


def _random_amount(rng: random.Random, state: pl.GameState, seat: int) -> int:
    known = 0 <= seat < state.num_seats
    stack = state.stacks[seat] if known else 0
    short = max(state.stakes) - state.stakes[seat] if known else 0
    limit = state.rules.limit
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(
            (
                0,
                1,
                -1,
                stack,
                stack + 1,
                stack - 1,
                short,
                short + 1,
                short - 1,
                short + limit,
                short + limit + 1,
                2 * state.straddle_level,
                2 * state.straddle_level - 1,
            )
        )
    if roll < 0.9:
        return rng.randint(-limit, stack + 2 * limit)
    return rng.choice((-(10**30), 10**30, -(2**63), 2**63))


def random_action(rng: random.Random, state: pl.GameState) -> pl.Action:
    """Any action at all: every kind, any seat, any amount, any cards; mostly illegal."""
    actor = state.to_act if state.to_act is not None else rng.randrange(state.num_seats)
    seat = _random_seat(rng, state, actor)
    kind = rng.choice(_KINDS)
    if kind is pl.Stake:
        return pl.Stake(seat=seat, amount=_random_amount(rng, state, seat))
    if kind is pl.Discard:
        hand = state.hands[seat] if 0 <= seat < state.num_seats else ()
        count = rng.randint(0, 7)
        cards = [
            rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(_EVERY_CARD)
            for _ in range(count)
        ]
        return pl.Discard(seat=seat, cards=tuple(cards))
    if kind is pl.Shuffle and rng.random() < 0.5:
        # An order of the wrong cards, or the right ones (the gathered pile, a card exposed
        # on the stock's last included: Ambiguity 18) in a random order.
        thrown = list(state.discards)
        cards = thrown if rng.random() < 0.5 else rng.sample(_EVERY_CARD, len(thrown) or 1)
        return pl.Shuffle(seat=seat, order=tuple(rng.sample(cards, len(cards))))
    action: pl.Action = kind(seat=seat)
    return action


def _legal_choice(rng: random.Random, listed: Sequence[pl.Action]) -> pl.Action:
    """A legal action, a kind first (so passing is as likely as staking), then one of it."""
    kinds = sorted({type(action) for action in listed}, key=_KINDS.index)
    kind = rng.choice(kinds)
    return rng.choice([action for action in listed if type(action) is kind])


def _an_order_of_the_discards(
    state: pl.GameState, action: pl.Action, listed: Sequence[pl.Action]
) -> bool:
    """Whether ``action`` is the listed Law 41 shuffle with an order of the caller's: API.md
    lists only ``Shuffle(seat=dealer)``, but any order of exactly the gathered discards is
    accepted. The pile is the state's (the discards, and a card exposed on the stock's last,
    Ambiguity 18); the reference tests check that pile on their own."""
    if not isinstance(action, pl.Shuffle) or action.order is None:
        return False
    if pl.Shuffle(seat=action.seat) not in listed:
        return False
    thrown = list(state.discards)
    return sorted(map(str, action.order)) == sorted(map(str, thrown))


def _check_refusal(state: pl.GameState, action: pl.Action, result: object) -> None:
    assert isinstance(result, pl.RuleViolation), f"{action} is not listed but was accepted"
    assert 1 <= result.law <= 81, f"{result!r} cites no law"
    assert result.action == action, f"{result!r} names another action than {action}"
    assert result.seat == action.seat


def _deep_check(state: pl.GameState, listed: Sequence[pl.Action]) -> None:
    check_shape(state)
    assert len(set(listed)) == len(listed), "legal_actions lists an action twice"
    for action in listed:
        after = pl.apply(state, action)
        assert isinstance(after, pl.GameState), f"{action} is listed but refused: {after}"


def check_reference(state: pl.GameState, carried: int) -> None:
    """The finished game ``state`` pays, shows and holds what the reference says."""
    ref = replay_game(
        state.rules,
        state.starting_stacks,
        dealer=state.dealer,
        deck=state.deck,
        carried=carried,
        jackpot_round=state.jackpot_round,
        actions=state.history,
    )
    assert state.payouts == ref.payouts, f"paid {state.payouts}, reference {ref.payouts}"
    assert state.pool == ref.pool, f"pool {state.pool} left, reference {ref.pool}"
    assert state.stacks == ref.stacks
    if ref.show_order:
        assert state.show_order == ref.show_order, f"{state.show_order} != {ref.show_order}"
    for seat in ref.players:
        assert frozenset(state.hands[seat]) == ref.hands[seat], f"seat {seat}'s cards"


def _report_now(rng: random.Random, state: pl.GameState, reported: int) -> pl.Report | None:
    """Sometimes, a report ``reportable`` lists (a dozen a game at most, two redeals).

    In the deal (nobody has acted since it) reports come more often, and half of them lift
    a hand, which the next report finds foul half the time (Laws 13-14): so the refunds
    that end a game in the deal, before anyone acts, come up (Ambiguity 17). Just after the
    dealer's Law 41 shuffle reports come as often, and half expose a card (Law 40,
    Ambiguity 18).
    """
    in_deal = state.phase in (pl.Phase.SAY, pl.Phase.OVER) and not any(
        isinstance(event, _KINDS) for event in _since_the_deal(state)
    )
    last = state.history[-1] if state.history else None
    if rng.random() >= (0.4 if in_deal or isinstance(last, pl.Shuffle) else 0.15):
        return None
    listed = reports_to_try(state, reported)
    if not listed:
        return None
    if isinstance(last, pl.Lift) and rng.random() < 0.5:
        foul = pl.WrongHandSize(seat=last.seat)
        if foul in listed:
            return foul
    exposures = [report for report in listed if isinstance(report, pl.ExposedCard)]
    if isinstance(last, pl.Shuffle) and exposures and rng.random() < 0.5:
        # Law 40 just after the Law 41 shuffle: only its pile's cards (Ambiguity 18).
        return rng.choice(exposures)
    lifts = [report for report in listed if isinstance(report, pl.Lift)]
    if in_deal and lifts and rng.random() < 0.5:
        return rng.choice(lifts)
    return rng.choice(listed)


_BEFORE_THE_DEAL = (pl.Straddle, pl.DeclineStraddle, pl.Redeal)


def _since_the_deal(state: pl.GameState) -> tuple[pl.Event, ...]:
    """The events since the latest deal (inside the last straddling action or redeal)."""
    history = tuple(state.history)
    starts = [i + 1 for i, event in enumerate(history) if isinstance(event, _BEFORE_THE_DEAL)]
    return history[max(starts, default=0) :]


def _check_new_readings(state: pl.GameState, report: pl.Report, after: pl.GameState) -> None:
    """Ambiguities 17 and 18, on public facts: a game over is opened again only by a misdeal
    when reports alone ended it before anyone acted; after the dealer's Law 41 shuffle, only
    a card of the shuffled pile is reported exposed."""
    since = _since_the_deal(state)
    if state.phase is pl.Phase.OVER and after.phase is not pl.Phase.OVER:
        assert after.phase is pl.Phase.MISDEAL, f"{report} reopened the game as {after.phase}"
        assert isinstance(report, pl.MissingCut | pl.FacedCard | pl.WrongHandSize)
        assert not any(isinstance(event, _KINDS) for event in since), "a player had acted"
        assert any(isinstance(event, pl.WrongHandSize) for event in since), "no report ended it"
        assert pl.legal_actions(after) == (pl.Redeal(seat=after.dealer),)
    if isinstance(report, pl.ExposedCard):
        shuffles = [event for event in since if isinstance(event, pl.Shuffle)]
        if shuffles:
            assert shuffles[-1].order is not None
            assert report.card in shuffles[-1].order, f"{report}: served before the shuffle"


def _apply_report(state: pl.GameState, report: pl.Report, total: int) -> pl.GameState:
    after = pl.apply(state, report)
    assert isinstance(after, pl.GameState), f"{report} is reportable but refused: {after}"
    assert after.history == (*state.history, report)
    _check_new_readings(state, report, after)
    check_chips(after, total)
    check_cards(after)
    return after


def fuzz_table(
    seed: int, budget: int, *, small_stacks: bool = False, reports: bool = False
) -> Report:
    """Play one table from ``seed`` for at most ``budget`` actions, checking every step;
    with ``reports``, irregularities ``reportable`` lists are reported between them.

    Raises:
        FuzzFailure: an invariant broke or an exception escaped; the message says where.
    """
    rng = random.Random(seed)
    state = random_table(rng, small_stacks=small_stacks)
    carried = 0
    checked = False
    total = chips(state)
    games_left = rng.randint(1, 12)
    done = accepted = refused = 0
    games = 1
    reported = 0
    try:
        check_cards(state)
        while done < budget:
            listed = pl.legal_actions(state)
            report = _report_now(rng, state, reported) if reports else None
            if report is not None and (listed or not checked):
                # Law 64 included: a foul hand found at the show, before the game is checked.
                state = _apply_report(state, report, total)
                done += 1
                accepted += 1
                reported += 1
                continue
            if not listed and not checked:
                check_reference(state, carried)
                checked = True
            if not listed:
                if rng.random() < 0.2:
                    action = random_action(rng, state)
                    _check_refusal(state, action, pl.apply(state, action))
                    done += 1
                    refused += 1
                    continue
                games_left -= 1
                if games_left <= 0 or not has_next_game(state):
                    break
                last = state
                deck = pl.shuffled_deck(rng.randrange(2**32), joker=state.rules.joker)
                state = pl.next_game(last, deck=deck)
                carried, checked, reported = last.pool, False, 0
                games += 1
                # Law 18, Ambiguity 26: the deal passes to the first seat on the left with chips.
                n = last.num_seats
                assert state.dealer == next(
                    (last.dealer + k) % n
                    for k in range(1, n + 1)
                    if last.stacks[(last.dealer + k) % n]
                )
                check_chips(state, total)
                check_cards(state)
                continue
            if done % _DEEP_CHECK_EVERY == 0:
                _deep_check(state, listed)
            if rng.random() < 0.5:
                action = _legal_choice(rng, listed)
            else:
                action = random_action(rng, state)
            before = [getattr(state, name) for name in _FIELDS]
            fingerprint = hash(state)
            result = pl.apply(state, action)
            done += 1
            if action in listed or _an_order_of_the_discards(state, action, listed):
                assert isinstance(result, pl.GameState), f"{action} is listed but refused"
                assert result.history[:-1] == state.history
                if action == pl.Shuffle(seat=action.seat):
                    # The history records the order the engine used (Law 41, API.md).
                    used = result.history[-1]
                    assert isinstance(used, pl.Shuffle)
                    assert used.seat == action.seat
                    assert used.order is not None
                elif action == pl.Redeal(seat=action.seat):
                    # The history records the deck the engine dealt from (Law 8).
                    used = result.history[-1]
                    assert isinstance(used, pl.Redeal)
                    assert used.deck is not None
                else:
                    assert result.history[-1] == action
                check_chips(result, total)
                check_cards(result)
                accepted += 1
                state = result
            else:
                _check_refusal(state, action, result)
                assert all(
                    getattr(state, name) is value
                    for name, value in zip(_FIELDS, before, strict=True)
                ), f"refusing {action} changed the state"
                assert hash(state) == fingerprint
                refused += 1
    except Exception as error:  # any escape is a finding: report where it happened
        raise FuzzFailure(
            f"table seed {seed}, game {games}, after {done} actions: "
            f"{type(error).__name__}: {error}\nhistory of this game: {state.history}"
        ) from error
    return Report(done, accepted, refused, games, 1)


def fuzz(actions: int, seed: int, *, small_stacks: bool = False, reports: bool = False) -> Report:
    """Throw ``actions`` random actions at random tables drawn from ``seed`` (every one
    small-stacked with ``small_stacks``).

    Raises:
        FuzzFailure: at the first broken invariant or escaped exception.
    """
    rng = random.Random(seed)
    report = Report(0, 0, 0, 0, 0)
    while report.actions < actions:
        report += fuzz_table(
            rng.randrange(2**63),
            actions - report.actions,
            small_stacks=small_stacks,
            reports=reports,
        )
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Run the fuzzer from the command line; print the report; 1 on a failure."""
    parser = argparse.ArgumentParser(prog="python -m tests.properties.fuzz", description=__doc__)
    parser.add_argument("--actions", type=int, default=100_000, help="actions to throw")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run")
    parser.add_argument("--table", type=int, help="replay one table from its seed")
    parser.add_argument(
        "--small-stacks",
        action="store_true",
        help="small stacks at every table (all-ins, short players, Law 41 at full tables)",
    )
    parser.add_argument(
        "--reports",
        action="store_true",
        help="report irregularities between the actions (misdeals, foul hands, deposits...)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        if args.table is not None:
            report = fuzz_table(
                args.table, args.actions, small_stacks=args.small_stacks, reports=args.reports
            )
        else:
            report = fuzz(
                args.actions, args.seed, small_stacks=args.small_stacks, reports=args.reports
            )
    except FuzzFailure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    print(
        f"{report.actions} actions ({report.accepted} accepted, {report.refused} refused) "
        f"in {report.games} games at {report.tables} tables, "
        f"{time.perf_counter() - started:.1f} s: "
        "no exception, no broken invariant"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
