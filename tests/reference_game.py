"""A slow, plainly written reference for what a game's actions lead to.

Given how a game began (rules, stacks, dealer, deck, carried chips, jack-pot round) and the
actions the engine accepted (``GameState.history``, every ``Shuffle`` with the order used),
:func:`replay_game` keeps its own simple books and returns:

- the cards dealt to each seat, and every card served at the draw: to whom, at which action,
  in which order (Laws 7, 37, 39, 41 and Ambiguity 19);
- what each seat is paid when the game ends (Laws 29, 58, 59, 60, 76; Ambiguities 14, 16);
- the order of the show (Law 59, Ambiguity 7);
- how the next game of the sitting begins (Laws 18, 29-32; Ambiguity 26).

It shares no code with ``pokerlaws.laws`` and was written from LAWS.md and API.md alone. It
checks no legality (the actions were accepted); it only asserts that its own books stay
consistent. Hand values come from :func:`pokerlaws.evaluate`, which has its own reference
(``tests/reference_hands.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import attrs

import pokerlaws as pl

__all__ = ["Outcome", "Service", "ShortPlayer", "over_before", "replay_game"]


@dataclass(frozen=True)
class Service:
    """Cards served to one player at the draw.

    Attributes:
        index: the position in the actions of the action that served them (his ``Discard``,
            or the dealer's ``Shuffle`` for cards owed under Law 41).
        seat: the player served.
        cards: the cards, in the order the dealer gave them.
        own: how many of them the player had thrown out himself (only at a Law 41 service,
            when too few other cards were left).
    """

    index: int
    seat: int
    cards: tuple[pl.Card, ...]
    own: int = 0


@dataclass(frozen=True)
class ShortPlayer:
    """A player whose whole stake is below the highest with no chips left (Law 60).

    Attributes:
        seat: the player.
        whole: his whole stake in the game (ante and straddles included).
        moment: the index of the action after which he became short (-1: before any action,
            at the antes).
        live: the players still in the game at that moment.
    """

    seat: int
    whole: int
    moment: int
    live: frozenset[int]


@dataclass
class Outcome:
    """What the reference found; see :func:`replay_game`."""

    dealt: dict[int, tuple[pl.Card, ...]]
    services: list[Service]
    hands: dict[int, frozenset[pl.Card]]
    """Each seat's cards after the last action (passed players' dead hands included)."""
    players: tuple[int, ...]
    """Seats still in the game after the last action."""
    opened: bool
    over: bool
    payouts: tuple[int, ...]
    pool: int
    """What the pool holds after the last action (what carries, once the game is over)."""
    stacks: tuple[int, ...]
    show_order: tuple[int, ...]
    shorts: list[ShortPlayer]
    """Every player who became short, in the order it happened (passed later or not)."""
    law41: bool
    """Whether the stock ran out at the draw (Law 41)."""
    shuffled: bool
    forced: int
    whole: tuple[int, ...]
    voluntary: tuple[int, ...]
    jackpot_round: int
    dealer: int
    thrown: dict[int, frozenset[pl.Card]] = field(default_factory=dict)
    false_opener: int | None = None
    """Law 33: the jack-pot opener who won without his openers (the pool then stays)."""

    def next_start(self) -> tuple[tuple[int, ...], int, int, int]:
        """How the next game begins: (stacks, dealer, carried, jack-pot round).

        Law 18 and Ambiguity 26: the deal passes to the first seat on the dealer's left that
        has chips. Laws 29-32: after an unopened game the pool carries into the next
        jack-pot; after an opened one the next game is ordinary, carrying any odd chip.
        """
        n = len(self.stacks)
        dealer = next(
            (self.dealer + k) % n for k in range(1, n + 1) if self.stacks[(self.dealer + k) % n]
        )
        round_ = 0 if self.opened and self.false_opener is None else self.jackpot_round + 1
        return self.stacks, dealer, self.pool, round_


def _from_left_of(seat: int, seats: Sequence[int], n: int) -> list[int]:
    """``seats`` in turn order, beginning with the first one on the left of ``seat``."""
    return sorted(seats, key=lambda s: (s - seat - 1) % n)


def replay_game(
    rules: pl.Rules,
    stacks: Sequence[int],
    *,
    dealer: int,
    deck: Sequence[pl.Card],
    carried: int = 0,
    jackpot_round: int = 0,
    actions: Sequence[pl.Event],
    finished: bool = True,
) -> Outcome:
    """Replay ``actions`` from the game's start with the reference's own books.

    ``finished`` says the actions are a whole game, so that an opened game with two or more
    players left has reached its show; pass ``False`` for part of a game (no payouts then).

    Reports of irregularities are followed too (LAWS.md, Laws 8-16, 40, 42-48, 63-64,
    Ambiguities 17, 18, 20): a misdeal gives back what was staked since the deal and the
    redeal deals the recorded deck; a foul hand retires, a foul hand dealt being refunded
    its ante or straddle by the dealer or the first distracter; a card exposed in serving
    goes under the stock; a hand found foul after the show loses it. Whether the game was
    over before a report (a public fact) is asked of the engine, nothing else.
    """
    n = len(stacks)
    ante = rules.ante
    stack = list(stacks)
    seated = [s for s in range(n) if stacks[s] > 0]
    # Law 20, Ambiguity 26: the ante is the first seat with chips on the dealer's left.
    ante_seat = _from_left_of(dealer, seated, n)[0]

    whole = [0] * n  # each seat's whole stake (Law 60 compares these)
    voluntary = [0] * n  # what he staked of his own choosing
    forced = carried  # "the ante and the straddles": every forced chip, carried ones too
    pool = carried

    def post_forced(seat: int, amount: int, *, in_stake: bool) -> None:
        nonlocal forced, pool
        assert 0 <= amount <= stack[seat], (seat, amount, stack[seat])
        stack[seat] -= amount
        forced += amount
        pool += amount
        if in_stake:
            whole[seat] += amount

    # Law 20 (ordinary game): the ante seat posts the ante, or what he has.
    # Law 30 (jack-pot): every seat with chips antes; only the ante seat's is in his stake.
    ante_paid = [0] * n
    for seat in seated if jackpot_round else [ante_seat]:
        ante_paid[seat] = min(ante, stack[seat])
        post_forced(seat, ante_paid[seat], in_stake=seat == ante_seat)
    straddle_paid = [0] * n

    # Law 7: five rounds of one card, from the dealer's left, among the seats dealt in.
    deal_order = _from_left_of(dealer, seated, n)
    hands: dict[int, list[pl.Card]] = {s: [] for s in range(n)}
    for i in range(5 * len(seated)):
        hands[deal_order[i % len(seated)]].append(deck[i])
    stock = list(deck[5 * len(seated) :])
    dealt = {s: tuple(hands[s]) for s in seated}

    players = list(seated)
    staked_since_deal: set[int] = set()  # who has made a Stake of his own since the deal
    exposed_to: dict[int, list[pl.Card]] = {}  # Law 40: cards exposed in serving a draw
    show_refunds: list[int] = []  # Law 64 on a pat hand: refunded after the settlement
    straddle_level = 0
    thrown: dict[int, list[pl.Card]] = {}
    gathered: list[pl.Card] = []  # every discard of this draw, for the Law 41 shuffle
    owed: list[tuple[int, int]] = []  # (seat, cards still owed), in draw order
    shortage = False
    shuffled = False
    pile_cards: frozenset[pl.Card] = frozenset()  # the cards the Law 41 shuffle gathered
    services: list[Service] = []
    shorts: list[ShortPlayer] = []
    last_staker: int | None = None
    opened = False
    opener: int | None = None

    deposit = [0] * n  # Law 55: chips put down out of turn, not yet counted

    def note_shorts(moment: int) -> None:
        # Ambiguity 14: short from the moment his whole stake, with no chips left, is below
        # the highest stake anyone has put up (a passed player's stake still counts).
        highest = max(whole)
        already = {short.seat for short in shorts}
        for seat in players:
            # A deposit not yet counted is his still, to stake at his turn (Law 55).
            broke = stack[seat] == 0 and deposit[seat] == 0
            if seat not in already and broke and whole[seat] < highest:
                shorts.append(ShortPlayer(seat, whole[seat], moment, frozenset(players)))

    refunds: list[tuple[int, int, int]] = []  # Law 14: (payer, foul seat, chips)

    def misdeal() -> None:
        # Ambiguity 17: the ante and straddles stand; what was staked since goes back, and
        # so does a refund paid for a hand of the voided deal.
        nonlocal pool, opened, opener, last_staker
        for payer, paid_to, amount in refunds:
            stack[payer] += amount
            stack[paid_to] -= amount
        refunds.clear()
        staked_since_deal.clear()
        for seat in seated:
            stack[seat] += voluntary[seat] + deposit[seat]
            pool -= voluntary[seat] + deposit[seat]
            deposit[seat] = 0
            whole[seat] -= voluntary[seat]
            voluntary[seat] = 0
        players[:] = seated
        opened, opener, last_staker = False, None, None
        highest = max(whole)
        shorts[:] = [s for s in shorts if stack[s.seat] == 0 and whole[s.seat] < highest]

    def deal(pack: Sequence[pl.Card]) -> None:
        nonlocal stock, owed, shortage, shuffled, dealt
        for seat in seated:
            hands[seat] = []
        for i in range(5 * len(seated)):
            hands[deal_order[i % len(seated)]].append(pack[i])
        stock = list(pack[5 * len(seated) :])
        dealt = {s: tuple(hands[s]) for s in seated}
        thrown.clear()
        gathered.clear()
        drew.clear()
        services.clear()
        staked_since_deal.clear()
        exposed_to.clear()
        owed, shortage, shuffled = [], False, False

    note_shorts(-1)
    record = pl.GameRecord(
        rules=rules,
        stacks=tuple(stacks),
        dealer=dealer,
        deck=tuple(deck),
        carried=carried,
        jackpot_round=jackpot_round,
        actions=tuple(actions),
    )
    # Ambiguity 20: cards lie untouched until a Lift or their holder's next action.
    lifted = dict.fromkeys(seated, False)
    drew: dict[int, int] = {}
    acted = False  # has anyone acted since the (latest) deal?
    distracter: int | None = None
    fouled_at_show: set[int] = set()

    def retire(seat: int) -> None:
        nonlocal owed
        players.remove(seat)
        owed = [(s, c) for s, c in owed if s != seat]

    for index, action in enumerate(actions):
        seat = action.seat
        if isinstance(action, _PLAYER_ACTIONS):
            lifted[seat] = True
            acted = True
        if isinstance(action, pl.Lift):
            lifted[seat] = True
        elif isinstance(action, pl.Deposit):
            # Law 55, Ambiguity 21: in the pool at once, kept apart until his turn.
            assert 0 < action.amount <= stack[seat]
            stack[seat] -= action.amount
            pool += action.amount
            deposit[seat] += action.amount
        elif isinstance(action, pl.Distraction):
            distracter = seat if distracter is None else distracter
        elif isinstance(action, pl.MissingCut | pl.FacedCard) and not acted:
            if isinstance(action, pl.FacedCard) or action.during_deal:
                misdeal()
        elif isinstance(action, pl.ExposedCard) and acted:
            # Law 40, Ambiguity 18: under the stock; the next card neither his own nor
            # exposed in serving him takes its place. After the Law 41 shuffle only a card
            # of the shuffled pile is being served.
            assert not shuffled or action.card in pile_cards, "served before the shuffle"
            mine = thrown.get(seat, [])
            exposed_to.setdefault(seat, []).append(action.card)
            seen = exposed_to[seat]
            hand = hands[seat]
            others = [card for card in stock if card not in mine and card not in seen]
            if not others and not shuffled:
                # The stock's last card: he is owed one, served after the Law 41 shuffle,
                # which gathers the exposed card.
                hand.remove(action.card)
                gathered.append(action.card)
                owed.append((seat, 1))
                shortage = True
            else:
                # After the shuffle Law 41 gives him his own discard when nothing else is
                # left, then a card exposed before, and this one when nothing at all is.
                choice = others or [c for c in stock if c in mine] or stock or [action.card]
                replacement = choice[0]
                if replacement != action.card:
                    stock.remove(replacement)
                    stock.append(action.card)
                    hand[hand.index(action.card)] = replacement
        elif isinstance(action, pl.WrongNumberAsked) and action.served_as_asked:
            retire(seat)  # Laws 45, 47: foul, no refund
        elif isinstance(action, pl.WrongHandSize):
            # Ambiguity 17: a game that reports alone ended before anyone acted is over for
            # actions only, so a hand still untouched is Law 12's below, as in the deal.
            if over_before(record, index) and acted:
                fouled_at_show.add(seat)  # Law 64
                if drew.get(seat, 0) == 0:
                    # Ambiguity 17: a pat hand is the hand dealt, refunded after the pool
                    # is settled again.
                    show_refunds.append(seat)
            elif drew.get(seat, 0) == 0:
                if not lifted[seat]:
                    misdeal()  # Law 12
                else:
                    retire(seat)  # Law 13, and the Law 14 refund (Law 16: the distracter)
                    payer = dealer if distracter is None else distracter
                    due = straddle_paid[seat] or ante_paid[seat]
                    paid = min(due, stack[payer]) if payer != seat else 0
                    stack[payer] -= paid
                    stack[seat] += paid
                    if paid:
                        refunds.append((payer, seat, paid))
                    if paid and stack[payer] == 0 and deposit[payer] == 0 and payer in players:
                        # Did the foul hand's leaving end the game? One player left (Law
                        # 58), or, unopened, nobody but the last to say left to speak (a
                        # player all in from his ante has nothing to say): Ambiguity 13.
                        straddlers = [s for s in seated if straddle_paid[s]]
                        last = max(straddlers, key=straddle_paid.__getitem__, default=ante_seat)
                        speakers = [s for s in players if s == payer or stack[s] or deposit[s]]
                        ended = len(players) == 1 or (
                            not opened and all(s == last for s in speakers)
                        )
                        if not ended and payer not in staked_since_deal:
                            # Ambiguity 17: broke before he staked, he cannot come in.
                            retire(payer)
            elif lifted[seat]:
                retire(seat)  # Laws 48, 63 (before lifting, Laws 42-43 correct it)
        elif isinstance(action, pl.Redeal):
            assert action.deck is not None, "the history records the deck used"
            deal(action.deck)
            distracter = None
            lifted = dict.fromkeys(seated, False)
            acted = False
        if isinstance(action, pl.Straddle):
            # Laws 21-22: the first straddle is double the ante, each later one an ante more;
            # the straddler's stake is the new level.
            straddle_level = 2 * ante if straddle_level == 0 else straddle_level + ante
            straddle_paid[seat] = straddle_level
            post_forced(seat, straddle_level - whole[seat], in_stake=True)
        elif isinstance(action, pl.Stake):
            # Law 55: chips deposited out of turn count toward the stake made at his turn.
            extra = action.amount - deposit[seat]
            assert 0 <= extra <= stack[seat]
            assert action.amount > 0
            stack[seat] -= extra
            voluntary[seat] += action.amount
            whole[seat] += action.amount
            pool += extra
            deposit[seat] = 0
            last_staker = seat
            staked_since_deal.add(seat)
            if not opened:
                opener = seat
            opened = True
        elif isinstance(action, pl.Pass):
            players.remove(seat)  # a deposit out of turn stays in the pool, lost
        elif isinstance(action, pl.Discard):
            cards = list(action.cards)
            for card in cards:
                hands[seat].remove(card)
            thrown[seat] = cards
            gathered.extend(cards)
            drew[seat] = len(cards)
            if cards:
                lifted[seat] = False  # new cards lie untouched; a pat hand is the one dealt
            if shortage and not stock:
                # Ambiguity 19: after the short player, each one discards and is owed.
                if cards:
                    owed.append((seat, len(cards)))
            elif len(cards) <= len(stock):
                # (After a Law 40 exposure left a player owed, the stock may still hold
                # cards exposed to him: the next players are served them, Ambiguity 18.)
                # Law 39: from the top of the stock.
                served, stock = stock[: len(cards)], stock[len(cards) :]
                hands[seat].extend(served)
                if served:
                    services.append(Service(index, seat, tuple(served)))
            else:
                # Law 41, Ambiguity 19: the stock's last cards, and the rest is owed.
                served, stock = stock, []
                hands[seat].extend(served)
                if served:
                    services.append(Service(index, seat, tuple(served)))
                owed.append((seat, len(cards) - len(served)))
                shortage = True
        elif isinstance(action, pl.Shuffle):
            assert action.order is not None, "the history records the order used"
            assert shortage
            assert not shuffled
            assert sorted(map(str, action.order)) == sorted(map(str, gathered)), (
                "the Law 41 shuffle must gather exactly the discards of this draw"
            )
            shuffled = True
            pile = list(action.order)
            pile_cards = frozenset(pile)
            # Ambiguity 19: owed players in draw order, each from the top of the pile,
            # passing over his own discards (they stay for the next player); his own only
            # when too few other cards are left.
            for owed_seat, count in owed:
                own = set(thrown[owed_seat])
                passed_over = set(exposed_to.get(owed_seat, []))
                others = [card for card in pile if card not in own | passed_over]
                if len(others) >= count:
                    take = others[:count]
                    own_taken = 0
                else:
                    # Too few others: his own discards, then cards exposed to him (Law 40).
                    mine = [card for card in pile if card in own]
                    mine += [card for card in pile if card in passed_over]
                    take = others + mine[: count - len(others)]
                    own_taken = sum(card in own for card in take)
                for card in take:
                    pile.remove(card)
                hands[owed_seat].extend(take)
                lifted[owed_seat] = False
                services.append(Service(index, owed_seat, tuple(take), own_taken))
            owed = []
            stock = pile  # what is left of the pile is the stock from now on
        note_shorts(index)

    over = not opened or len(players) == 1 or finished
    payouts = [0] * n
    show_order: tuple[int, ...] = ()
    left = pool
    if opened and len(players) == 1:
        # Law 58: the uncalled bettor takes the pool.
        payouts[players[0]] = pool
        left = 0
    elif opened and over:
        # Law 59: the show, starting on the left of the last player to stake.
        assert last_staker is not None
        show_order = tuple(_from_left_of(last_staker, players, n))
        # Law 64: a hand found foul after the show takes no part in the settlement.
        judged = [s for s in players if s not in fouled_at_show]
        values = {s: pl.evaluate(hands[s], rules.hands) for s in judged}
        assert all(len(hands[s]) == 5 for s in players)
        left = _settle(
            rules, n, dealer, judged, values, whole, voluntary, forced, shorts, pool, payouts
        )
        players = judged

    false_opener = None
    if (
        rules.openers_on_honour
        and jackpot_round
        and opener is not None
        and payouts[opener]
        and not _holds_openers(dealt[opener], jackpot_round, rules.hands)
    ):
        # Law 33: a jack-pot opener who wins without the openers in his hand as dealt takes
        # nothing; nobody does, the pool stays, and he pays twice the ante into it.
        false_opener = opener
        penalty = min(2 * rules.ante, stack[opener])
        stack[opener] -= penalty
        left = pool + penalty
        payouts = [0] * n
        show_order = show_order or (opener,)

    final = [stack[s] + payouts[s] for s in range(n)]
    for seat in show_refunds:
        # Law 14 after Law 64 (Ambiguity 17): from the payer's chips as they then stand.
        payer = dealer if distracter is None else distracter
        if payer != seat:
            paid = min(straddle_paid[seat] or ante_paid[seat], final[payer])
            final[payer] -= paid
            final[seat] += paid

    return Outcome(
        dealt=dealt,
        services=services,
        hands={s: frozenset(hands[s]) for s in range(n)},
        players=tuple(players),
        opened=opened,
        over=over,
        payouts=tuple(payouts),
        pool=left,
        stacks=tuple(final),
        show_order=show_order,
        shorts=shorts,
        law41=shortage,
        shuffled=shuffled,
        forced=forced,
        whole=tuple(whole),
        voluntary=tuple(voluntary),
        jackpot_round=jackpot_round,
        dealer=dealer,
        thrown={s: frozenset(cards) for s, cards in thrown.items()},
        false_opener=false_opener,
    )


_PLAYER_ACTIONS = (pl.Pass, pl.Stake, pl.Stand, pl.Discard)


def over_before(game: pl.GameRecord, index: int) -> bool:
    """Whether ``game`` was over before its ``index``-th event: a public fact, asked of the
    engine (the references keep no turn order of their own)."""
    return pl.replay(attrs.evolve(game, actions=game.actions[:index])).phase is pl.Phase.OVER


def _holds_openers(hand: Sequence[pl.Card], jackpot_round: int, rules: pl.HandRules) -> bool:
    """Laws 30-32: a pair of knaves, queens or kings (by the jack-pot's round, cycling) or
    any better hand; the Joker pairs with any card (Ambiguity 12)."""
    least = (pl.Rank.JACK, pl.Rank.QUEEN, pl.Rank.KING)[(jackpot_round - 1) % 3]
    ranks = [card.rank for card in hand if card.rank is not None]
    joker = len(ranks) < len(hand)
    if any(rank >= least and (ranks.count(rank) >= 2 or joker) for rank in ranks):
        return True
    return pl.evaluate(tuple(hand), rules).category > pl.HandCategory.PAIR


def _settle(
    rules: pl.Rules,
    n: int,
    dealer: int,
    players: list[int],
    values: dict[int, pl.HandValue],
    whole: list[int],
    voluntary: list[int],
    forced: int,
    shorts: list[ShortPlayer],
    pool: int,
    payouts: list[int],
) -> int:
    """Pay the pool at the show (Laws 59, 60, 76); return what stays in the pool."""
    left = 0
    highest = max(whole)
    at_show = [short for short in shorts if short.seat in players]
    # Every player at the show who is all in below the highest stake was noted short.
    for seat in players:
        is_short = any(short.seat == seat for short in at_show)
        assert is_short == (whole[seat] < highest), (seat, whole, at_show)

    def award(amount: int, eligible: list[int]) -> None:
        nonlocal left
        best = max(values[s] for s in eligible)
        sharers = [s for s in eligible if values[s] == best]
        share, odd = divmod(amount, len(sharers))
        for s in sharers:
            payouts[s] += share
        if rules.odd_chip_carries:
            left += odd  # Ambiguity 16: the odd chips stay in the pool
        else:
            for s in _from_left_of(dealer, sharers, n)[:odd]:
                payouts[s] += 1

    # Ambiguity 14: nested levels, smallest whole stake first.
    taken_forced = 0
    taken = [0] * n
    claimed = 0
    for level_stake in sorted({short.whole for short in at_show}):
        level = [short for short in at_show if short.whole == level_stake]
        first = min(level, key=lambda short: short.moment)
        paying = first.live | {short.seat for short in level}
        claim = forced - taken_forced
        taken_forced = forced
        for seat in range(n):
            due = min(level_stake, voluntary[seat]) if seat in paying else 0
            take = max(0, due - taken[seat])
            taken[seat] += take
            claim += take
        claimed += claim
        eligible = [short.seat for short in level]
        eligible += [s for s in players if whole[s] > level_stake]
        award(claim, eligible)
    assert claimed <= pool
    not_short = [s for s in players if all(short.seat != s for short in at_show)]
    award(pool - claimed, not_short or list(players))
    return left
