"""The sitting: the cut (Law 2), the deal going round (Law 18), variants for the sitting
(Law 81), players coming and going, broke players and the kitty (Ambiguities 25-26),
settlement, what a table UI asks, and every refusal leaving the sitting as it was."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest

import pokerlaws as pl
from tests.sitting_play import (
    check_books,
    finish,
    pack_starting,
    passing,
    pick,
    play_games,
    total_in,
)

RULES = pl.Rules(ante=1, limit=4)
DECK = pl.shuffled_deck(11)


def sit(
    players: list[tuple[str, int]] | None = None,
    *,
    cut: str = "",
    rules: pl.Rules = RULES,
    terms: pl.SittingTerms | None = None,
    deck: tuple[pl.Card, ...] = DECK,
) -> pl.Sitting:
    players = players or [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    return pl.start_sitting(rules, players, cut=pack_starting(cut), deck=deck, terms=terms)


def over(sitting: pl.Sitting, seed: int = 0, policy: Any = pick) -> pl.Sitting:
    return finish(sitting, random.Random(seed), policy)


def unchanged(before: pl.Sitting, after: pl.Sitting) -> None:
    assert after == before
    assert hash(after) == hash(before)


# --- Law 2: the cut for the deal ------------------------------------------------------------


def test_law_2_the_lowest_card_deals_and_the_ace_is_lowest() -> None:
    """Law 2: each player draws a card; the lowest deals, the ace counting lowest."""
    sitting = sit(cut="2h Ac Kd")
    assert sitting.dealer == "Bob"
    assert sitting.game.dealer == 1
    assert sitting.cut == ((("Ann", pl.parse_cards("2h")[0]), ("Bob", pl.parse_cards("Ac")[0]),
                            ("Cy", pl.parse_cards("Kd")[0])),)  # fmt: skip
    # Law 20: the ante is on the dealer's left, No. 1 on his.
    assert (sitting.age, sitting.number_one) == ("Cy", "Ann")


def test_law_2_only_the_tied_lowest_cut_again_until_one_is_lowest() -> None:
    """Law 2: players tied for lowest, and only they, draw again from the following cards,
    as often as they tie; the suits never break a tie."""
    players = [("Ann", 9), ("Bob", 9), ("Cy", 9), ("Dee", 9)]
    sitting = sit(players, cut="3h Kd 3c 3s  5h 5c 9h  Qs Qh  Jd Js  4c 8d")
    drawn = [[(name, str(card)) for name, card in round_] for round_ in sitting.cut]
    assert drawn == [
        [("Ann", "3h"), ("Bob", "Kd"), ("Cy", "3c"), ("Dee", "3s")],
        [("Ann", "5h"), ("Cy", "5c"), ("Dee", "9h")],
        [("Ann", "Qs"), ("Cy", "Qh")],
        [("Ann", "Jd"), ("Cy", "Js")],
        [("Ann", "4c"), ("Cy", "8d")],
    ]
    assert sitting.dealer == "Ann"


def test_law_2_a_pack_that_runs_out_in_the_cut_is_a_value_error() -> None:
    """Law 2 with two players who tie at every draw: the 52 cards run out."""
    pack = tuple(card for rank in pl.Rank for card in pl.standard_deck() if card.rank is rank)
    with pytest.raises(ValueError, match="ran out in the cut"):
        pl.start_sitting(RULES, [("Ann", 5), ("Bob", 5)], cut=pack, deck=DECK)


def test_law_2_the_cut_is_made_with_the_pack_itself() -> None:
    """Law 2 (and Law 1): a pack missing a card, repeating one or holding the Joker is no
    pack to cut with; a pack that is no sequence of cards is a TypeError."""
    pack = pl.standard_deck()
    players = [("Ann", 5), ("Bob", 5)]
    for wrong, says in (
        (pack[1:], "missing: 2c"),
        ((pack[0], *pack[:-1]), "repeated: 2c"),
        (pl.standard_deck(joker=True), "not of the pack: Jk"),
    ):
        with pytest.raises(ValueError, match=says):
            pl.start_sitting(RULES, players, cut=wrong, deck=DECK)
    with pytest.raises(TypeError, match="sequence of cards"):
        pl.start_sitting(RULES, players, cut=set(pack), deck=DECK)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="holds cards"):
        pl.start_sitting(RULES, players, cut=["2c", *pack[1:]], deck=DECK)  # type: ignore[list-item]


def test_law_2_cut_for_deal_is_the_cut_on_its_own() -> None:
    """Law 2 with the cards alone: a king each, then the six is lower than the seven."""
    rounds, dealer = pl.cut_for_deal(["A", "B"], pl.parse_cards("Ks Kh 7c 6d"))
    assert dealer == 1
    assert len(rounds) == 2
    with pytest.raises(ValueError, match="Joker has no rank"):
        pl.cut_for_deal(["A", "B"], pl.parse_cards("Ks Jk 7c"))
    with pytest.raises(ValueError, match="nobody is there"):
        pl.cut_for_deal([], pl.standard_deck())
    with pytest.raises(TypeError, match="hold Cards"):
        pl.cut_for_deal(["A", "B"], ["Ks", "Kh"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="hold strs"):
        pl.cut_for_deal(["A", 2], pl.standard_deck())  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("players", "error", "says"),
    [
        ([("Ann", 5)], ValueError, "2 to 10 players"),
        ([(f"P{i}", 5) for i in range(11)], ValueError, "2 to 10 players"),
        ([("Ann", 5), ("Ann", 6)], ValueError, "share a name: 'Ann'"),
        ([("Ann", 5), ("Bob", 0)], ValueError, "Bob's chips must be 1 or more"),
        ([("Ann", 5), ("Bob", 2.5)], TypeError, "Bob's chips must be an int"),
        ([("Ann", 5), (7, 5)], TypeError, "name must be a str"),
        ([("Ann", 5), (" Bob", 5)], ValueError, "not empty nor padded"),
        ([("Ann", 5), ["Bob", 5]], TypeError, "a \\(name, chips\\) pair"),
        ({"Ann": 5, "Bob": 5}, TypeError, "sequence of \\(name, chips\\) pairs"),
    ],
)
def test_a_sitting_cannot_begin_with_impossible_players(
    players: Any, error: type[Exception], says: str
) -> None:
    with pytest.raises(error, match=says):
        pl.start_sitting(RULES, players, cut=pl.standard_deck(), deck=DECK)


def test_start_sitting_checks_its_rules_terms_and_deck() -> None:
    players = [("Ann", 5), ("Bob", 5)]
    with pytest.raises(TypeError, match="rules must be a Rules"):
        pl.start_sitting(None, players, cut=pl.standard_deck(), deck=DECK)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="terms must be a SittingTerms"):
        pl.start_sitting(RULES, players, cut=pl.standard_deck(), deck=DECK, terms=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deck"):
        pl.start_sitting(RULES, players, cut=pl.standard_deck(), deck=DECK[1:])
    with pytest.raises(ValueError, match="at most 100"):
        pl.SittingTerms(kitty_percent=101)
    with pytest.raises(TypeError, match="kitty_chips must be an int"):
        pl.SittingTerms(kitty_chips=True)
    with pytest.raises(TypeError, match="broke_players_leave must be a bool"):
        pl.SittingTerms(broke_players_leave=1)  # type: ignore[arg-type]


# --- Law 18: the deal goes round ----------------------------------------------------------


def test_law_18_the_deal_passes_left_over_many_games_with_seats_sitting_out() -> None:
    """Law 18 (Ambiguity 26): the deal goes to the first seat on the last dealer's left that
    has chips; a seat without chips sits out, neither dealing nor anteing."""
    rng = random.Random(0)
    players = [(f"P{i}", 2 if i % 3 == 0 else 12) for i in range(7)]
    sitting = finish(sit(players, cut="5c"), rng)
    outs = 0
    for _ in range(60):
        last = sitting.game
        try:
            deck = pl.shuffled_deck(rng.randrange(2**32))
            following = pl.deal_next(sitting, deck=deck)
        except pl.TableOver:
            break
        n = last.num_seats
        left = [(last.dealer + k) % n for k in range(1, n + 1)]
        assert following.game.dealer == next(s for s in left if last.stacks[s])
        assert following.game == pl.next_game(last, deck=deck)
        assert last.stacks[following.game.ante_seat] > 0
        outs += sum(1 for stack in last.stacks if not stack)
        assert all(last.stacks[s] for s in following.game.players)
        sitting = finish(following, rng)
        check_books(sitting)
    assert outs, "no seat ever sat out: the test needs smaller stacks"
    assert len(sitting.games) > 10


def test_law_18_a_departed_dealer_passes_the_deal_from_his_place() -> None:
    """Law 18: if the last dealer leaves, the next deal still goes to the player who sat on
    his left."""
    players = [("Ann", 20), ("Bob", 20), ("Cy", 20), ("Dee", 20)]
    sitting = over(sit(players, cut="9c 2d 9d 9h"))
    assert sitting.dealer == "Bob"
    sitting = pl.leave(sitting, "Bob")
    assert sitting.next_dealer == "Cy"
    sitting = pl.deal_next(sitting, deck=DECK)
    assert (sitting.dealer, sitting.age) == ("Cy", "Dee")


def test_law_18_a_newcomer_on_the_dealer_s_left_deals_next() -> None:
    """Law 18: the next dealer is the player on the last dealer's left, a newcomer too."""
    sitting = over(sit(cut="9c 2d 9d"))
    assert sitting.dealer == "Bob"
    sitting = pl.join(sitting, "Dee", 20, seat=2)
    assert sitting.seating == ("Ann", "Bob", "Dee", "Cy")
    assert sitting.next_dealer == "Dee"
    sitting = pl.join(sitting, "Eve", 20, seat=0)
    assert sitting.next_dealer == "Dee"
    assert pl.deal_next(sitting, deck=DECK).dealer == "Dee"


# --- Law 81: variants for the sitting -------------------------------------------------------


JOKER_RULES = pl.Rules(ante=1, limit=4, joker=True, hands=pl.HandRules(blaze=True))


def test_law_81_a_variant_agreed_at_the_start_holds_through_the_sitting() -> None:
    """Law 81: rules set aside by common consent before play stay set aside for the
    sitting while the same players remain, whoever buys more chips."""
    deck = pl.shuffled_deck(5, joker=True)
    sitting = sit(rules=JOKER_RULES, deck=deck)
    sitting = play_games(sitting, random.Random(81), 12)
    sitting = pl.buy_chips(sitting, "Ann", 5)
    sitting = play_games(pl.deal_next(sitting, deck=deck), random.Random(82), 3)
    assert len(sitting.games) >= 4
    assert all(game.rules == JOKER_RULES for game in sitting.games)
    assert sitting.rules == sitting.agreed == JOKER_RULES


def _unopened(sitting: pl.Sitting) -> pl.Sitting:
    finished = over(sitting, policy=passing)
    assert not finished.game.opened
    return finished


def test_law_81_a_change_of_players_ends_the_variants_and_the_jackpot_stays() -> None:
    """Law 81: the variants hold only while the same players remain. A newcomer ends them
    (Peel's laws as written from the next game, the same ante and limit), while an unopened
    game's pool and the jack-pot round stay with the table (Laws 29-30)."""
    sitting = _unopened(sit(rules=JOKER_RULES, deck=pl.shuffled_deck(5, joker=True)))
    pool = sitting.game.pool
    joined = pl.join(sitting, "Dee", 20)
    assert joined.rules == pl.Rules(ante=1, limit=4)
    assert joined.agreed == JOKER_RULES
    following = pl.deal_next(joined, deck=DECK)
    game = following.game
    assert game.rules == pl.Rules(ante=1, limit=4)
    assert game.jackpot_round == 1
    assert game.openers_required is pl.Rank.JACK
    # Law 30: every player antes into the jack-pot, the newcomer too.
    assert game.pool == pool + 4 * RULES.ante
    with pytest.raises(ValueError, match="Jk"):
        pl.deal_next(joined, deck=pl.shuffled_deck(5, joker=True))
    # A player leaving is a change of players too.
    left = pl.leave(_unopened(sit(rules=JOKER_RULES, deck=pl.shuffled_deck(5, joker=True))), "Cy")
    assert left.rules == pl.Rules(ante=1, limit=4)
    assert pl.deal_next(left, deck=DECK).game.carried == sitting.game.pool


def test_law_81_the_ante_and_the_limit_are_never_changed() -> None:
    """Law 81 (description 2.3): the ante and limit are fixed before play, and a variant is
    agreed only before play begins: asking for either mid-sitting is refused, nothing
    changed; asking for the rules in force changes nothing either."""
    sitting = over(sit())
    before = copy.deepcopy(sitting)
    refused = pl.change_rules(sitting, pl.Rules(ante=1, limit=8), name="Bob")
    assert isinstance(refused, pl.RulesFixed)
    assert isinstance(refused, pl.RuleViolation)
    assert refused.law == 81
    assert refused.seat == 1
    assert refused.action == pl.ChangeRules(name="Bob", rules=pl.Rules(ante=1, limit=8))
    assert refused.message.startswith("Law 81: Bob (seat 1) may not change the ante and limit")
    variant = pl.change_rules(sitting, pl.Rules(ante=1, limit=4, joker=True), name="Ann")
    assert isinstance(variant, pl.RulesFixed)
    assert "variants" in variant.message
    assert pl.change_rules(sitting, pl.Rules(ante=1, limit=4), name="Ann") is sitting
    unchanged(before, sitting)
    with pytest.raises(ValueError, match="no player named 'Zed'"):
        pl.change_rules(sitting, RULES, name="Zed")
    with pytest.raises(TypeError, match="rules must be a Rules"):
        pl.change_rules(sitting, "ante 2", name="Ann")  # type: ignore[arg-type]


# --- Players coming and going: refusals -----------------------------------------------------


def test_joining_or_leaving_mid_game_is_refused_nothing_changed() -> None:
    sitting = sit()
    before = copy.deepcopy(sitting)
    for attempt in (
        lambda: pl.join(sitting, "Dee", 10),
        lambda: pl.leave(sitting, "Ann"),
        lambda: pl.buy_chips(sitting, "Ann", 10),
        lambda: pl.deal_next(sitting, deck=DECK),
        lambda: pl.settle(sitting),
    ):
        with pytest.raises(ValueError, match="only between games: the game in play is in the"):
            attempt()
    unchanged(before, sitting)


@pytest.mark.parametrize(
    ("change", "error", "says"),
    [
        (lambda s: pl.join(s, "Bob", 10), ValueError, "'Bob' already sits at the table"),
        (lambda s: pl.join(s, "Dee", 0), ValueError, "Dee's chips must be 1 or more"),
        (lambda s: pl.join(s, "Dee", "10"), TypeError, "Dee's chips must be an int"),  # type: ignore[arg-type]
        (lambda s: pl.join(s, "Dee", 10, seat=4), ValueError, "seat from 0 to 3, not 4"),
        (lambda s: pl.join(s, "Dee", 10, seat=-1), ValueError, "the seat must be 0 or more"),
        (lambda s: pl.join(s, None, 10), TypeError, "name must be a str"),  # type: ignore[arg-type]
        (lambda s: pl.join(s, "", 10), ValueError, "printable text"),
        (lambda s: pl.leave(s, "Zed"), ValueError, "no player named 'Zed' sits at this table"),
        (lambda s: pl.buy_chips(s, "Zed", 5), ValueError, "no player named 'Zed'"),
        (lambda s: pl.buy_chips(s, "Ann", 0), ValueError, "must be 1 or more"),
        (lambda s: pl.join("table", "Dee", 10), TypeError, "join takes a Sitting"),  # type: ignore[arg-type]
        (lambda s: pl.deal_next(s, deck=DECK[1:]), ValueError, "deck"),
        (lambda s: s.seat_of("Zed"), ValueError, "no seat in the current game"),
        (lambda s: pl.sitting_view(s, "Zed"), ValueError, "no player named 'Zed'"),
    ],
)
def test_a_bad_table_change_is_refused_precisely_nothing_changed(
    change: Any, error: type[Exception], says: str
) -> None:
    sitting = over(sit(cut="9c 2d 9d"))
    before = copy.deepcopy(sitting)
    with pytest.raises(error, match=says):
        change(sitting)
    unchanged(before, sitting)


def test_a_full_table_refuses_an_eleventh_player() -> None:
    """Ambiguity 24: ten hands of five are all the pack deals."""
    players = [(f"P{i}", 5) for i in range(10)]
    sitting = over(sit(players))
    with pytest.raises(ValueError, match="the table is full: 10 seats"):
        pl.join(sitting, "P10", 5)
    assert len(pl.join(pl.leave(sitting, "P3"), "P10", 5).seating) == 10


def test_play_passes_actions_through_apply() -> None:
    """A refused action returns apply's violation, the sitting untouched; a non-action is
    apply's own TypeError."""
    sitting = sit()
    before = copy.deepcopy(sitting)
    turn = sitting.to_act
    assert turn is not None
    wrong = pl.DeclineStraddle(seat=(turn.seat + 1) % 3)
    refused = pl.play(sitting, wrong)
    assert refused == pl.apply(sitting.game, wrong)
    assert isinstance(refused, pl.NotYourTurn)
    with pytest.raises(TypeError, match="apply takes an action"):
        pl.play(sitting, "2 stake 2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="play takes a Sitting"):
        pl.play(sitting.game, wrong)  # type: ignore[arg-type]
    unchanged(before, sitting)
    done = over(sitting)
    assert pl.play(done, pl.Pass(seat=0)) == pl.apply(done.game, pl.Pass(seat=0))


def test_the_table_cannot_go_on_with_one_player_with_chips() -> None:
    """Ambiguity 26: TableOver, with what is left in the pool; chips bought, or a newcomer,
    let it go on, the pool carrying into the jack-pot (Law 29)."""
    sitting = sit([("Ann", 1), ("Bob", 1)], cut="2c 3c")
    # Bob, the ante, stakes his only chip; Ann can only pass, so nobody opens.
    sitting = over(sitting, policy=passing)
    assert (sitting.chips, sitting.game.pool) == ((1, 0), 1)
    with pytest.raises(pl.TableOver) as error:
        pl.deal_next(sitting, deck=DECK)
    assert (error.value.with_chips, error.value.pool) == ((0,), 1)
    assert sitting.next_dealer is None
    again = pl.deal_next(pl.buy_chips(sitting, "Bob", 3), deck=DECK)
    assert (again.dealer, again.game.jackpot_round, again.game.carried) == ("Bob", 1, 1)
    assert pl.deal_next(pl.join(sitting, "Cy", 3), deck=DECK).game.jackpot_round == 1
    # Settled now, the pool goes back: its odd chip to Bob, on the dealer's left.
    settled = pl.settle(sitting)
    assert settled.shares == (("Bob", 1), ("Ann", 0))
    assert settled.results == (("Ann", 0), ("Bob", 0))


# --- Broke players (Ambiguity 26) and buying chips -------------------------------------------


def _with_a_broke_player(terms: pl.SittingTerms | None = None) -> pl.Sitting:
    rng = random.Random(26)
    players = [("Ann", 2), ("Bob", 30), ("Cy", 30)]
    for _ in range(200):
        sitting = finish(sit(players, terms=terms, deck=pl.shuffled_deck(rng.randrange(999))), rng)
        if not sitting.game.stacks[0]:
            return sitting
    raise AssertionError("Ann never went broke")


def test_a_player_without_chips_sits_out_by_default() -> None:
    """Ambiguity 26: he keeps his seat, is dealt nothing and antes nothing; the variants hold
    (the same players remain); chips bought put him back in the game."""
    sitting = _with_a_broke_player()
    assert sitting.seating == ("Ann", "Bob", "Cy")
    following = pl.deal_next(sitting, deck=DECK)
    assert 0 not in following.game.players
    assert following.game.hands[0] == ()
    assert following.rules == RULES
    assert following.legal_actions("Ann") == ()
    bought = pl.buy_chips(sitting, "Ann", 4)
    assert bought.chips_of("Ann") == 4
    assert bought.accounts[0] == pl.Account(name="Ann", brought=6)
    assert 0 in pl.deal_next(bought, deck=DECK).game.players
    check_books(bought)


def test_a_player_without_chips_leaves_under_the_terms() -> None:
    """SittingTerms(broke_players_leave=True): a player left without chips leaves as the game
    ends, which is a change of players (Law 81)."""
    sitting = _with_a_broke_player(pl.SittingTerms(broke_players_leave=True))
    assert sitting.seating == ("Bob", "Cy")
    assert sitting.game_seating == ("Ann", "Bob", "Cy")
    assert sitting.result("Ann") == -2
    assert sitting.rules == RULES  # the agreed rules were Peel's already
    check_books(sitting)
    assert pl.deal_next(sitting, deck=DECK).game.num_seats == 2


# --- The kitty (Ambiguity 25) --------------------------------------------------------------


def test_the_kitty_is_off_by_default() -> None:
    sitting = play_games(sit(), random.Random(1), 10)
    assert sitting.kitty == 0
    assert not sitting.terms.kitty


def test_the_kitty_takes_its_share_of_each_won_pool() -> None:
    """Ambiguity 25: a percentage of each payout, rounded down, then a fixed number of chips
    from the largest payout as paid (Ambiguity 27: before the percentage, a tie going to the
    seat nearer the dealer's left); never more than the pool paid; conserved with the
    chips."""
    terms = pl.SittingTerms(kitty_percent=10, kitty_chips=1)
    rng = random.Random(25)
    sitting = finish(sit(terms=terms), rng)
    taken = 0
    for _ in range(30):
        game = sitting.game
        takes = [paid // 10 for paid in game.payouts]
        if sum(game.payouts) > sum(takes):
            left = [(game.dealer + step) % 3 for step in range(1, 4)]
            best = max(left, key=lambda s: game.payouts[s])  # the first of equals
            takes[best] += 1
        taken += sum(takes)
        assert sitting.chips == tuple(s - t for s, t in zip(game.stacks, takes, strict=True))
        assert sitting.kitty == taken
        check_books(sitting)
        try:
            sitting = finish(pl.deal_next(sitting, deck=pl.shuffled_deck(rng.randrange(99))), rng)
        except pl.TableOver:
            break
    assert taken > 0
    settled = pl.settle(sitting)
    assert settled.kitty == taken
    assert sum(result for _, result in settled.results) + settled.kitty == 0


def test_the_kitty_never_takes_more_than_was_paid() -> None:
    terms = pl.SittingTerms(kitty_percent=100, kitty_chips=50)
    assert terms.kitty_takes((0, 7, 3), dealer=0) == (0, 7, 3)
    assert pl.SittingTerms(kitty_chips=5).kitty_takes((0, 3, 3), dealer=0) == (0, 3, 2)
    assert pl.SittingTerms(kitty_chips=1).kitty_takes((0, 0, 0), dealer=0) == (0, 0, 0)


def test_the_kitty_s_fixed_chips_come_from_the_largest_payout_as_the_laws_paid_it() -> None:
    """Ambiguity 27: the largest payout before the percentage, not after it; a tie goes to
    the seat nearer the dealer's left."""
    terms = pl.SittingTerms(kitty_percent=50, kitty_chips=1)
    assert terms.kitty_takes((3, 4, 0), 2) == (1, 3, 0)
    assert terms.kitty_takes((4, 3, 0), 2) == (3, 1, 0)
    one = pl.SittingTerms(kitty_chips=1)
    assert one.kitty_takes((4, 4, 0), 0) == (0, 1, 0)
    assert one.kitty_takes((4, 4, 0), 1) == (1, 0, 0)
    assert one.kitty_takes((4, 4, 4), 2) == (1, 0, 0)
    # What that payout cannot give comes from the next largest, never more than was paid.
    assert pl.SittingTerms(kitty_percent=50, kitty_chips=4).kitty_takes((3, 4, 0), 0) == (
        3,
        4,
        0,
    )


# --- Settling -----------------------------------------------------------------------------


def test_settling_divides_an_unwon_pool_among_the_last_game_s_players_still_seated() -> None:
    """Ambiguity 26: a pool nobody won is shared by the last game's players who remain,
    odd chips from the last dealer's left; results and kitty sum to zero."""
    sitting = _unopened(sit([("Ann", 20), ("Bob", 20), ("Cy", 20), ("Dee", 20)], cut="9c 2d"))
    assert sitting.game.pool == 1
    settled = pl.settle(sitting)
    assert settled.pool == 1
    assert settled.shares == (("Cy", 1), ("Dee", 0), ("Ann", 0), ("Bob", 0))
    # Cy, the ante, put in the one chip and has it back: nobody won or lost.
    assert settled.results == (("Ann", 0), ("Bob", 0), ("Cy", 0), ("Dee", 0))
    assert sum(r for _, r in settled.results) + settled.kitty == 0
    # A player who left forfeits his share; a newcomer had no part in the pool.
    later = pl.join(pl.leave(sitting, "Cy"), "Eve", 5)
    shares = pl.settle(later).shares
    assert shares == (("Dee", 1), ("Ann", 0), ("Bob", 0))
    assert pl.settle(later).result("Cy") == -1
    with pytest.raises(ValueError, match="no player named 'Zed' sat"):
        settled.result("Zed")


def test_settling_counts_what_players_brought_and_took_away() -> None:
    sitting = play_games(sit(), random.Random(3), 5)
    sitting = pl.leave(sitting, "Bob")
    sitting = pl.join(sitting, "Bob", 7)
    sitting = play_games(pl.deal_next(sitting, deck=DECK), random.Random(4), 5)
    account = next(a for a in sitting.accounts if a.name == "Bob")
    assert account.brought == 27
    settled = pl.settle(sitting)
    chips = dict(zip(sitting.seating, sitting.chips, strict=True))
    shares = dict(settled.shares)
    for name, result in settled.results:
        a = next(a for a in sitting.accounts if a.name == name)
        assert result == chips.get(name, 0) + shares.get(name, 0) + a.taken - a.brought
    assert sum(r for _, r in settled.results) + settled.kitty == 0
    assert total_in(sitting) == sum(sitting.chips) + sitting.game.pool + sitting.kitty


# --- What a table UI asks -------------------------------------------------------------------


def test_a_table_ui_learns_who_deals_whose_turn_and_what_each_may_do() -> None:
    sitting = sit([("Ann", 20), ("Bob", 20), ("Cy", 20), ("Dee", 20)], cut="9c 2d 9d 9h")
    assert (sitting.dealer, sitting.age, sitting.number_one) == ("Bob", "Cy", "Dee")
    turn = sitting.to_act
    assert turn == pl.Turn(name="Dee", seat=3)
    assert sitting.legal_actions("Dee") == pl.legal_actions(sitting.game)
    assert sitting.legal_actions("Ann") == ()
    assert sitting.seat_of("Cy") == 2
    assert sitting.results == (("Ann", 0), ("Bob", 0), ("Cy", -1), ("Dee", 0))
    assert sitting.result("Cy") == -1
    assert sitting.next_dealer is None
    mine = pl.sitting_view(sitting, "Ann")
    assert mine.game == pl.view(sitting.game, 0)
    assert mine.to_act == turn
    assert mine.legal_actions == ()
    assert mine.results == sitting.results
    assert pl.sitting_view(sitting, "Dee").legal_actions == pl.legal_actions(sitting.game)
    # A newcomer sees the table, not the last game, in which he had no seat.
    done = pl.join(over(sitting), "Eve", 5)
    newcomer = pl.sitting_view(done, "Eve")
    assert (newcomer.seat, newcomer.game) == (None, None)
    assert newcomer.seating == ("Ann", "Bob", "Cy", "Dee", "Eve")
    assert newcomer.next_dealer == "Cy"


# --- Records: text and JSON ----------------------------------------------------------------


def _busy_sitting() -> pl.Sitting:
    """Games with players joining, leaving and buying, a kitty, and a game left unfinished."""
    rng = random.Random(7)
    sitting = sit(terms=pl.SittingTerms(kitty_percent=5, kitty_chips=1))
    sitting = play_games(sitting, rng, 4)
    sitting = pl.join(sitting, 'Dee "the Dean"', 15, seat=1)
    sitting = play_games(pl.deal_next(sitting, deck=pl.shuffled_deck(8)), rng, 3)
    sitting = pl.leave(sitting, "Ann")
    sitting = pl.buy_chips(sitting, "Cy", 9)
    sitting = play_games(pl.deal_next(sitting, deck=pl.shuffled_deck(9)), rng, 3)
    sitting = pl.deal_next(sitting, deck=pl.shuffled_deck(10))
    return pl.play(sitting, pl.legal_actions(sitting.game)[0])  # type: ignore[return-value]


def test_a_sitting_record_replays_to_the_same_sitting() -> None:
    sitting = _busy_sitting()
    record = pl.record_sitting(sitting)
    assert pl.replay_sitting(record) == sitting
    assert record.players == (("Ann", 20), ("Bob", 20), ("Cy", 20))
    kinds = [type(entry).__name__ for entry in record.entries]
    assert {"Join", "Leave", "BuyChips", "GameRecord"} == set(kinds)
    assert isinstance(record.entries[-1], pl.GameRecord)
    assert not sitting.between_games


def test_a_sitting_record_round_trips_through_text_and_json() -> None:
    sitting = _busy_sitting()
    record = pl.record_sitting(sitting)
    text = pl.format_sitting_record(record)
    assert text.startswith("pokerlaws-sitting 1\n")
    assert text.endswith("end sitting\n")
    assert 'join "Dee \\"the Dean\\"" 15 seat 1\n' in text
    assert pl.parse_sitting_record(text) == record
    for value in (record, sitting, pl.settle(over(sitting)), pl.sitting_view(sitting, "Bob")):
        assert pl.from_json(pl.to_json(value)) == value


def test_a_sitting_read_from_json_is_its_record_replayed() -> None:
    import json

    sitting = over(_busy_sitting())
    document = json.loads(pl.to_json(sitting))
    document["kitty"] += 1
    with pytest.raises(pl.NotationError, match=r"^\$\.kitty: replaying the record gives"):
        pl.from_json(json.dumps(document))
    document = json.loads(pl.to_json(sitting))
    document["record"]["entries"][1]["stacks"][0] += 1
    with pytest.raises(pl.NotationError, match=r"\$\.record\.entries\[1\]: refused"):
        pl.from_json(json.dumps(document))


def test_a_record_whose_game_begins_otherwise_is_refused() -> None:
    """Each game must begin as the sitting deals it: its dealer, stacks, carried chips,
    jack-pot round and rules."""
    record = pl.record_sitting(over(sit()))
    sitting = pl.deal_next(pl.replay_sitting(record), deck=DECK)
    good = pl.record_sitting(sitting)
    game = good.entries[1]
    assert isinstance(game, pl.GameRecord)
    wrong = attrs.evolve(
        good, entries=(good.entries[0], attrs.evolve(game, dealer=game.dealer + 1))
    )
    with pytest.raises(pl.IllegalSittingRecord, match="entry 1: the game does not begin") as error:
        pl.replay_sitting(wrong)
    assert (error.value.entry, error.value.index, error.value.violation) == (1, None, None)


def test_a_refused_action_in_a_sitting_record_is_named_with_its_law() -> None:
    sitting = sit()
    record = pl.record_sitting(sitting)
    game = record.entries[0]
    assert isinstance(game, pl.GameRecord)
    bad = attrs.evolve(
        record, entries=(attrs.evolve(game, actions=(pl.Stake(seat=0, amount=99),)),)
    )
    with pytest.raises(pl.IllegalSittingRecord) as error:
        pl.replay_sitting(bad)
    assert error.value.index == 0
    assert isinstance(error.value.violation, pl.RuleViolation)


@pytest.mark.parametrize(
    ("spoil", "line", "says"),
    [
        (lambda t: t.replace("pokerlaws-sitting 1", "pokerlaws-sitting 2"), 1, "version 2"),
        (lambda t: t.replace('player "Bob" 20', "player Bob 20"), 6, "quoted string"),
        (lambda t: t.replace('player "Bob" 20', 'player "Bob" x'), 6, "whole number"),
        (lambda t: t.replace("term kitty_chips 0", "term kitty_cash 0"), 3, "unknown term"),
        (lambda t: t.replace("\nend sitting\n", "\n"), None, "without its `end sitting`"),
        (lambda t: t.replace("game 1", "game 3"), 9, "numbered in order"),
        (lambda t: t + "more\n", None, "text after `end sitting`"),
    ],
)
def test_malformed_sitting_text_names_its_line(spoil: Any, line: int | None, says: str) -> None:
    text = spoil(pl.format_sitting_record(pl.record_sitting(sit())))
    with pytest.raises(pl.NotationError, match=says) as error:
        pl.parse_sitting_record(text)
    if line is not None:
        assert error.value.line == line


def test_a_game_s_own_error_is_named_at_its_line_in_the_sitting_text() -> None:
    text = pl.format_sitting_record(pl.record_sitting(sit()))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("dealer "))
    lines[at] = "dealer x"
    with pytest.raises(pl.NotationError) as error:
        pl.parse_sitting_record("\n".join(lines))
    assert error.value.line == at + 1


def test_the_sitting_record_in_the_docs_is_one_that_replays() -> None:
    """docs/notation.md's example is a sitting record the laws allow, read as it says."""
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    text = page.split("## Sitting records", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    sitting = pl.replay_sitting(pl.parse_sitting_record(text))
    assert [name for name, _ in sitting.cut[-1]] == ["Bob", "Cy"]
    assert sitting.seating == ("Ann", "Dee", "Bob", "Cy")
    assert (sitting.dealer, sitting.game.jackpot_round) == ("Ann", 1)
    assert pl.format_sitting_record(pl.record_sitting(sitting)) == text


def _places(node: Any, path: str) -> Any:
    """Every (path, object, member) of a JSON document."""
    if isinstance(node, dict):
        for key, inner in node.items():
            yield f"{path}.{key}", node, key
            yield from _places(inner, f"{path}.{key}")
    elif isinstance(node, list):
        for index, inner in enumerate(node):
            yield from _places(inner, f"{path}[{index}]")


def test_every_sitting_document_validates_and_a_wrong_shape_is_refused_by_both() -> None:
    """The schema covers the sitting's documents: each validates, and a member dropped or
    added anywhere is refused by the schema and by from_json, naming the place."""
    import json

    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(pl.json_schema())
    sitting = pl.join(over(sit([("Ann", 3), ("Bob", 3)])), "Cy", 2)
    refused = pl.change_rules(sitting, pl.Rules(ante=1, limit=2), name="Ann")
    documents = [
        sitting,
        pl.record_sitting(sitting),
        pl.settle(sitting),
        pl.sitting_view(sitting, "Ann"),
        pl.SittingTerms(kitty_percent=3),
        pl.Leave(name="Ann"),
        pl.BuyChips(name="Ann", chips=2),
        refused,
    ]
    rng = random.Random(0)
    spoilt = 0
    for value in documents:
        document = json.loads(pl.to_json(value))
        validator.validate(document)
        assert document["type"] == type(value).__name__
        places = list(_places(document, "$"))
        for path, container, key in rng.sample(places, min(40, len(places))):
            if key in ("format", "type"):
                continue
            saved = container.pop(key)
            assert not validator.is_valid(document), path
            with pytest.raises(pl.NotationError):
                pl.from_json(json.dumps(document))
            container[key] = saved
            spoilt += 1
    assert spoilt > 100


def test_law_64_a_foul_hand_found_at_the_show_settles_the_sitting_again() -> None:
    """Law 64 through the sitting: the game is settled anew, and so is the kitty's share;
    the sitting's record holds the game once, as finally settled."""
    terms = pl.SittingTerms(kitty_percent=10, kitty_chips=1)
    for seed in range(200):
        ended = over(sit(terms=terms), seed)
        game = ended.game
        if len(game.show_order) >= 2 and game.winners:
            break
    else:
        pytest.fail("no game reached a show of two hands")
    winner = game.winners[0]
    again = pl.play(ended, pl.WrongHandSize(seat=winner))
    assert isinstance(again, pl.Sitting)
    assert again.game.foul == frozenset({winner})
    assert again.game.payouts[winner] == 0
    takes = terms.kitty_takes(again.game.payouts, again.game.dealer)
    assert again.kitty == sum(takes)
    assert again.chips == tuple(s - t for s, t in zip(again.game.stacks, takes, strict=True))
    assert again.history[-1] == pl.record(again.game)
    assert len(again.history) == len(ended.history)
    check_books(again)
    assert pl.replay_sitting(pl.record_sitting(again)) == again
