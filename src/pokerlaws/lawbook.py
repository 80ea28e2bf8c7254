"""The 81 laws of Peel's *Round Games with Cards* (1891) as data, and how the engine treats each.

Every law is restated in the project's own words and tagged with a :class:`Treatment`: whether
the engine enforces it, applies its remedy, can only record it, or leaves it out (and why).
The docs' law index (``docs/laws.md``) is generated from :data:`LAWS`, and the test suite checks
that every :class:`~pokerlaws.violations.RuleViolation` cites a law the engine models.

Example:
    >>> from pokerlaws.lawbook import Treatment, law
    >>> law(27).section
    'The Play'
    >>> law(27).treatment is Treatment.ENFORCED
    True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from types import MappingProxyType

import attrs

__all__ = ["LAWS", "SECTIONS", "Law", "Treatment", "cited_laws", "law"]

SECTIONS: Mapping[str, range] = MappingProxyType(
    {
        "The Deal": range(1, 19),
        "The Ante": range(19, 25),
        "The Play": range(25, 29),
        "The Jack-pot": range(29, 34),
        "The Draw": range(34, 52),
        "The Betting": range(52, 65),
        "The Hands": range(65, 77),
        "Disputes": range(77, 82),
    }
)
"""The book's eight sections, in order, each mapped to the numbers of its laws."""


class Treatment(enum.Enum):
    """How the engine deals with a law.

    Attributes:
        ENFORCED: the engine refuses what the law forbids, or computes what it prescribes.
        REMEDIED: the engine applies the law's prescribed consequence to a reported
            irregularity.
        RECORDED: conduct the engine cannot check, only record.
        NOT_MODELLED: left out of the engine; the law's note gives the reason.
    """

    ENFORCED = "enforced"
    REMEDIED = "remedied"
    RECORDED = "recorded"
    NOT_MODELLED = "not modelled"


@attrs.frozen(kw_only=True)
class Law:
    """One numbered law, restated, with the engine's treatment of it.

    Attributes:
        number: the law's number in the book, 1 to 81.
        section: the book's section holding it, a key of :data:`SECTIONS`.
        title: a short name for the law.
        summary: the law restated in a sentence or two.
        treatment: how the engine deals with it.
        note: how the engine does so; for a law not modelled, the reason.
    """

    number: int
    section: str
    title: str
    summary: str
    treatment: Treatment
    note: str

    def __str__(self) -> str:
        return f"Law {self.number}: {self.title}"


_E = Treatment.ENFORCED
_R = Treatment.REMEDIED
_C = Treatment.RECORDED
_N = Treatment.NOT_MODELLED

_DECK_IS_INPUT = "The engine never shuffles the pack: the deck is an input."


def _law(*, number: int, title: str, summary: str, treatment: Treatment, note: str) -> Law:
    # The section follows from the number, so the table below need not repeat it.
    section = next(name for name, numbers in SECTIONS.items() if number in numbers)
    return Law(
        number=number,
        section=section,
        title=title,
        summary=summary,
        treatment=treatment,
        note=note,
    )


LAWS: tuple[Law, ...] = (
    # The Deal (Laws 1-18)
    _law(
        number=1,
        title="The pack",
        summary="A game uses the ordinary pack of fifty-two cards.",
        treatment=_E,
        note="A game is dealt only from a deck holding every card of the pack exactly once; the "
        "Joker joins it only through Rules(joker=True), an agreed variant (Law 81).",
    ),
    _law(
        number=2,
        title="Cutting for the first deal",
        summary="Each player cuts a card and the lowest, the ace counting low, deals first; "
        "players tied for lowest cut again.",
        treatment=_E,
        note="start_sitting cuts for the first deal from the pack given: each player in seat "
        "order draws from the top, the lowest deals (the ace lowest, suits not counting), and "
        "only the players tied for lowest draw again from the following cards; the cut is "
        "recorded on the Sitting and in its record. new_game still takes any dealer.",
    ),
    _law(
        number=3,
        title="The right to shuffle",
        summary="Anyone may ask to shuffle, but the dealer has the final shuffle.",
        treatment=_N,
        note=f"{_DECK_IS_INPUT} shuffled_deck builds one from a seed, outside the rules.",
    ),
    _law(
        number=4,
        title="Shuffle and cut each deal",
        summary="Before every deal the dealer shuffles and his right-hand neighbour cuts.",
        treatment=_N,
        note=f"{_DECK_IS_INPUT} Its order is the caller's, taken as shuffled and cut, top "
        "first; nothing in a game shuffles or cuts it. A pack dealt uncut is reported as "
        "MissingCut, whose remedy is Laws 8-9. (start_sitting's cut decides the first dealer, "
        "Law 2, and is not this cut.)",
    ),
    _law(
        number=5,
        title="Shuffling face down",
        summary="The pack is shuffled over the table with no face showing.",
        treatment=_N,
        note=_DECK_IS_INPUT,
    ),
    _law(
        number=6,
        title="A face-down deal",
        summary="Each card goes face down onto the table before the player it is meant for.",
        treatment=_E,
        note="Each dealt card joins its own seat's hand, which is never in shown before the "
        "end; a seat's view (pokerlaws.view) holds his own cards and the hands shown, and of "
        "another player's discard only its count.",
    ),
    _law(
        number=7,
        title="Order of the deal",
        summary="The dealer gives one card at a time from the top, beginning on his left and "
        "going round to the left, five rounds in all, himself included.",
        treatment=_E,
        note="The engine deals five rounds of one card from the top of the deck, starting with "
        "the seat on the dealer's left.",
    ),
    _law(
        number=8,
        title="Uncut pack, objected to in time",
        summary="An objection, raised while the cards are still going round, that the pack "
        "was never cut makes a misdeal; the same dealer deals once more.",
        treatment=_R,
        note="MissingCut(during_deal=True), reported while the deal is in progress (dealt, "
        "nobody has acted yet), is a misdeal: Phase.MISDEAL, and the dealer's Redeal deals again "
        "from a new deck the caller gives (Ambiguity 17: the ante and straddles stand, later "
        "stakes and Law 14 refunds go back). A game that reports alone ended before anyone "
        "acted (refunds that retired players) is over for actions only, and takes the "
        "objection as during the deal.",
    ),
    _law(
        number=9,
        title="Uncut pack, objected to too late",
        summary="Once the deal is finished, a missing cut can no longer be objected to and the "
        "deal stands.",
        treatment=_R,
        note="MissingCut(during_deal=False) is recorded and the deal stands; during_deal=True "
        "once play has begun is refused (NotAtThisMoment).",
    ),
    _law(
        number=10,
        title="A faced card in the pack",
        summary="A card lying face up in the pack, found during the deal, makes a misdeal; the "
        "same dealer deals again.",
        treatment=_R,
        note="FacedCard, reported while the deal is in progress (in a game that reports alone "
        "ended before anyone acted too, Ambiguity 17), is a misdeal and a Redeal by the same "
        "dealer; afterwards it is refused.",
    ),
    _law(
        number=11,
        title="A card exposed in dealing",
        summary="A card the dealer shows by accident stays with the player it fell to, who can "
        "be rid of it only by discarding it in the draw.",
        treatment=_R,
        note="ExposedCard while the deal is in progress: the player keeps the card, which every "
        "view then shows in the history (the card is public); he may throw it only at the draw.",
    ),
    _law(
        number=12,
        title="Wrong count, reported in time",
        summary="A hand found to hold other than five cards before any of it is picked up "
        "makes a misdeal; the same dealer deals once more.",
        treatment=_R,
        note="WrongHandSize for a hand not yet lifted (no Lift, no action of his since the deal) "
        "is a misdeal and a Redeal by the same dealer, also in a game that reports alone ended "
        "before anyone acted: the misdeal gives back the refunds that ended it and seats the "
        "players they retired (Ambiguity 17).",
    ),
    _law(
        number=13,
        title="Wrong count, found too late",
        summary="If nobody reports a wrong-sized hand before it is picked up, it is foul: its "
        "holder throws it in, retires and loses what he has staked.",
        treatment=_R,
        note="WrongHandSize for a dealt hand already lifted: the hand is foul (GameState.foul), "
        "its holder retires as by a pass and loses his stake.",
    ),
    _law(
        number=14,
        title="Refund for a foul deal",
        summary="A player put out by a foul hand from the deal leaves his stake in the pool, but "
        "the dealer pays him, from his own chips, the amount of his ante or straddle.",
        treatment=_R,
        note="A hand foul as dealt, whenever found (a pat hand at a bet or at the show "
        "included), is paid its ante or straddle (a straddler in a jack-pot, his straddle) out of "
        "the dealer's own chips (all he has, if less; at the show, after the pool is settled "
        "again); the pool is untouched. A hand made foul by the draw gets nothing. A dealer the "
        "refund leaves broke retires if he has not staked, else plays on all in; a misdeal gives "
        "the refund back (Ambiguity 17).",
    ),
    _law(
        number=15,
        title="Silence during the deal",
        summary="No one may talk to the dealer while he is dealing.",
        treatment=_C,
        note="Distraction, reported while the deal is in progress, records who spoke to or "
        "distracted the dealer.",
    ),
    _law(
        number=16,
        title="Distracting the dealer",
        summary="A player who talks to or distracts the dealer during the deal pays the Law 14 "
        "refund for any foul hand of that deal instead of the dealer.",
        treatment=_R,
        note="When a Distraction was reported in this deal, the first reported distracter, not "
        "the dealer, pays the Law 14 refund.",
    ),
    _law(
        number=17,
        title="End of the deal",
        summary="The deal is over when every player holds five cards.",
        treatment=_E,
        note="The say begins (Phase.SAY) as soon as the fifth round is dealt.",
    ),
    _law(
        number=18,
        title="The deal passes left",
        summary="The deal goes to the left-hand neighbour of the last dealer; a dealer who has "
        "passed still serves the draw in that game.",
        treatment=_E,
        note="next_game gives the deal to the first seat on the last dealer's left that is "
        "dealt into the next game, passing over a seat without chips (Ambiguity 26), and "
        "raises TableOver when fewer than two seats have chips; new_game refuses a dealer who "
        "sits out. A dealer who has passed still shuffles and serves the draw (Law 41).",
    ),
    # The Ante (Laws 19-24)
    _law(
        number=19,
        title="The ante at most half the limit",
        summary="The ante can be no larger than half the limit.",
        treatment=_E,
        note="Rules refuses such a table, raising InvalidRules with law 19.",
    ),
    _law(
        number=20,
        title="Putting up the ante",
        summary="Before any card is dealt, the seat to the dealer's left puts up the ante.",
        treatment=_E,
        note="new_game posts the ante for the seat on the dealer's left before the deal; it "
        "counts in that seat's stake.",
    ),
    _law(
        number=21,
        title="Who may straddle",
        summary="Only No. 1 may start straddling, and if he declines nobody may; if he straddles, "
        "each later player up to the dealer may add one more ante.",
        treatment=_E,
        note="Straddle is offered to No. 1 alone, then to each later seat through the dealer, "
        "each adding one ante; StraddleNotAllowed refuses any other.",
    ),
    _law(
        number=22,
        title="The straddle ceiling",
        summary="However many straddles are made, they may not lift the ante above half the "
        "limit.",
        treatment=_E,
        note="StraddleAboveHalfLimit refuses a straddle beyond Rules.highest_straddle; when none "
        "is possible the cards are dealt at once.",
    ),
    _law(
        number=23,
        title="Say order without a straddle",
        summary="With no straddle, No. 1 speaks first after the deal and the ante speaks last.",
        treatment=_E,
        note="The say runs from No. 1 round to the ante seat; NotYourTurn refuses anyone else.",
    ),
    _law(
        number=24,
        title="Say order after a straddle",
        summary="After straddling, the player left of the last straddler speaks first and the "
        "last straddler speaks last.",
        treatment=_E,
        note="The say runs from the seat after the last straddler round to him; NotYourTurn "
        "refuses anyone else.",
    ),
    # The Play (Laws 25-28)
    _law(
        number=25,
        title="Opening the game",
        summary="The say goes round to the left, and a player who opens must stake at least "
        "twice the ante.",
        treatment=_E,
        note="StakeTooSmall refuses an opening under twice the ante, or twice the straddle level "
        "after a straddle (Ambiguity 2), whoever is first to open.",
    ),
    _law(
        number=26,
        title="Keeping up with the stake",
        summary="Each later player who plays must bring his stake at least level with the one "
        "before him.",
        treatment=_E,
        note="StakeTooSmall refuses a stake short of the highest so far (Ambiguity 5); "
        "StakeOverLimit refuses a raise above the limit.",
    ),
    _law(
        number=27,
        title="Passing",
        summary="A player who passes lays his cards face down for good and loses both his stake "
        "and his part in the game.",
        treatment=_E,
        note="Pass removes the seat from players and leaves its stake in the pool; NotAPlayer "
        "refuses any later action from it.",
    ),
    _law(
        number=28,
        title="A passed hand stays secret",
        summary="A player who has dropped out must not reveal what the hand he threw away held.",
        treatment=_N,
        note="Conduct: a retired player's silence cannot be checked. The engine never lays a "
        "passed hand face up, and no view shows it (Law 6).",
    ),
    # The Jack-pot (Laws 29-33)
    _law(
        number=29,
        title="A game nobody opens",
        summary="When the say ends without an opening, the ante and straddles remain in the "
        "pool and a jack-pot follows.",
        treatment=_E,
        note="An unopened game ends with no winners and its pool carried; next_game makes the "
        "next game a jack-pot opened on knaves.",
    ),
    _law(
        number=30,
        title="The first jack-pot",
        summary="Every player antes into a jack-pot, and only one whose hand as dealt holds a "
        "pair of knaves or better may open it.",
        treatment=_E,
        note="next_game takes an ante from every seat; OpenersRequired refuses an opening on a "
        "dealt hand below a pair of knaves.",
    ),
    _law(
        number=31,
        title="The second jack-pot",
        summary="When a jack-pot goes unopened, everyone antes again, and opening the next one "
        "takes queens or better as dealt.",
        treatment=_E,
        note="next_game takes a fresh ante from every seat and sets openers_required to QUEEN; "
        "OpenersRequired enforces it.",
    ),
    _law(
        number=32,
        title="Third and later jack-pots",
        summary="A third jack-pot running needs kings or better to open; after that the "
        "requirement goes round knaves, queens, kings again.",
        treatment=_E,
        note="openers_required cycles JACK, QUEEN, KING, JACK while jack-pots go unopened.",
    ),
    _law(
        number=33,
        title="The opener proves his openers",
        summary="A jack-pot opener who wins must show his hand first; without the required pair "
        "or better he forfeits the pool, pays twice the ante into it, and the jack-pot is "
        "played again as if never opened.",
        treatment=_E,
        note="A winning opener's hand is laid face up even when uncalled. By default an "
        "opening without openers is refused (Laws 30-32); under Rules(openers_on_honour=True) "
        "anyone may open, and an opener paid anything at the end (alone, sharing or a Law 60 "
        "level) whose hand as dealt lacks the openers is paid nothing: the pool stays, he "
        "pays twice the ante into it (all he has if less), his hand is shown, false_opener "
        "names him, and next_game deals the next jack-pot with fresh antes (Ambiguity 13). "
        "An opener without openers who wins nothing incurs nothing.",
    ),
    # The Draw (Laws 34-51)
    _law(
        number=34,
        title="The first draw",
        summary="The draw begins with the first player on the dealer's left.",
        treatment=_E,
        note="The draw starts with the first player after the dealer.",
    ),
    _law(
        number=35,
        title="Order of the draw",
        summary="The turn to draw passes round to the left.",
        treatment=_E,
        note="Each player draws in turn to the left, the dealer last if he is still in; "
        "NotYourTurn refuses anyone else.",
    ),
    _law(
        number=36,
        title="Make good, then discard",
        summary="Before drawing, a player brings his stake up to the highest on the table, and "
        "he throws out exactly as many cards as he means to receive.",
        treatment=_E,
        note="MustMakeGoodFirst refuses a discard on a short stake and StakeNotExact a making "
        "good that is not exact; a Discard receives as many cards as it lays out.",
    ),
    _law(
        number=37,
        title="Discards are final",
        summary="Discarded cards lie face down and never go back to the player who threw them "
        "out.",
        treatment=_E,
        note="A Discard takes the cards out of the hand for good, and the Law 41 service "
        "passes over a player's own discards, leaving them in place for the next player; only "
        "when too few other cards are left does he get some of his own back (Ambiguity 19).",
    ),
    _law(
        number=38,
        title="Drawing only in turn",
        summary="A player who lets his turn to draw go by without discarding has given up his "
        "exchange for that game.",
        treatment=_E,
        note="Each player draws once, at his turn (Discard with no cards plays pat); there is no "
        "later draw.",
    ),
    _law(
        number=39,
        title="Serving the draw",
        summary="A player who has discarded asks for as many cards, and the dealer deals them to "
        "him face down from the top of the pack.",
        treatment=_E,
        note="The replacements come from the top of the stock as part of the Discard.",
    ),
    _law(
        number=40,
        title="A card exposed in the draw",
        summary="A card the dealer shows while serving a draw goes back into the pack, and the "
        "player gets the following card instead.",
        treatment=_R,
        note="ExposedCard for a card just served (the player's draw was the last action and he "
        "has not lifted it): it goes to the bottom of the stock (Ambiguity 18) and he is served "
        "the next card that is not one of his own discards (Law 37); if it was the stock's last, "
        "he is owed a card under Law 41 and passed over it at the dealer's shuffle. After that "
        "shuffle only a card served from the shuffled pile can be reported exposed: the cards "
        "the stock gave him before it were served then (NotAtThisMoment).",
    ),
    _law(
        number=41,
        title="When the pack runs short",
        summary="If the pack cannot serve every draw, the players still to draw discard at once, "
        "and all the discards are gathered, shuffled and cut to serve them.",
        treatment=_E,
        note="The player the stock cannot cover gets its last cards and is owed the rest; "
        "each later player discards in turn and is owed; then the dealer (even one who "
        "passed) gathers every discard of this draw and shuffles them with Shuffle, whose "
        "order the caller gives (or, left to the engine, a hash keyed on the whole original "
        "deck, which no single player knows); the owed are served in draw order from the top, "
        "each passing over his own discards (Ambiguity 19). A Shuffle by anyone but the dealer, "
        "at another moment, or of the wrong cards is refused citing this law.",
    ),
    _law(
        number=42,
        title="Too many cards served",
        summary="Cards given beyond the number asked for go back to the pack if this is noticed "
        "before any of them is picked up.",
        treatment=_R,
        note="WrongHandSize after a draw, before the drawn cards are lifted: the dealer takes "
        "the extra cards back, which leaves the hand the engine holds; recorded.",
    ),
    _law(
        number=43,
        title="Too few cards served",
        summary="The dealer makes up a short delivery if it is noticed before the cards given "
        "are picked up.",
        treatment=_R,
        note="WrongHandSize after a draw, before the drawn cards are lifted: the dealer makes up "
        "the shortfall from the top, which leaves the hand the engine holds; recorded.",
    ),
    _law(
        number=44,
        title="Asking for the wrong number",
        summary="A player who asks for a number of cards that differs from his discard need not "
        "get it: the dealer may count the discards and give that many.",
        treatment=_R,
        note="WrongNumberAsked(served_as_asked=False): the dealer gave the number discarded "
        "instead, so the draw stands as the Discard records it; recorded.",
    ),
    _law(
        number=45,
        title="The wrong number given as asked",
        summary="A player served the wrong number he asked for holds a foul hand, lifted or not, "
        "and retires, losing his stake.",
        treatment=_R,
        note="WrongNumberAsked(served_as_asked=True): the hand is foul whether lifted or not; he "
        "retires and loses his stake, with no refund. Refused for a player still owed cards "
        "under Law 41, and after a Law 44 report on the same draw (Ambiguity 18).",
    ),
    _law(
        number=46,
        title="A disputed request",
        summary="When player and dealer differ on the number asked for, the neighbours are asked "
        "in a set order, and if nobody knows, the player is taken to have asked rightly.",
        treatment=_E,
        note="Inside the engine a Discard records its own cards, so the question cannot arise; "
        "for a physical table, pokerlaws.disputes.count_witnesses gives the order of "
        "witnesses and settled_count the number taken as asked, the correct one when nobody "
        "can say.",
    ),
    _law(
        number=47,
        title="The dealer's wrong draw",
        summary="A dealer who helps himself to a different number of cards than he threw out "
        "holds a foul hand and retires, losing his stake.",
        treatment=_R,
        note="WrongNumberAsked for the dealer, who always serves himself as he asks: his hand is "
        "foul, he retires and loses his stake (he still serves, Law 18).",
    ),
    _law(
        number=48,
        title="Wrong size found after lifting",
        summary="A hand found, once picked up after the draw, to hold more or fewer than five "
        "cards is foul; its holder retires and loses his stake.",
        treatment=_R,
        note="WrongHandSize after a draw whose cards were lifted (a Lift, or his first action "
        "since): foul, he retires and loses his stake.",
    ),
    _law(
        number=49,
        title="Asking how many the dealer drew",
        summary="Until he picks up his new cards, a player who has drawn may ask how many the "
        "dealer took, and the dealer must say truly.",
        treatment=_E,
        note="AskDealerCount by a player who has drawn, after the dealer has drawn: recorded, "
        "and the true count appears in that player's view only (PlayerView.told).",
    ),
    _law(
        number=50,
        title="When the question lapses",
        summary="A player who has picked up his drawn cards or made a bet may no longer ask the "
        "dealer's draw.",
        treatment=_E,
        note="AskDealerCount is refused (DealerQueryRefused) once the asker has lifted his drawn "
        "cards or bet.",
    ),
    _law(
        number=51,
        title="Other draws stay private",
        summary="The dealer may not tell anyone how many cards another player drew.",
        treatment=_E,
        note="The question has one form, about the dealer's own draw, so nobody can learn "
        "another player's count from the dealer.",
    ),
    # The Betting (Laws 52-64)
    _law(
        number=52,
        title="Bets go into the pool",
        summary="Whatever is bet is put into the pool.",
        treatment=_E,
        note="Each Stake moves chips from the seat's stack into the pool and its stake.",
    ),
    _law(
        number=53,
        title="Betting after the draw",
        summary="The first bet after the draw falls to the player left of the ante seat, in the "
        "game or not, and each after him in turn must put up at least as much as the last.",
        treatment=_E,
        note="Betting starts at the first player after the ante seat; StakeTooSmall refuses a "
        "stake short of the highest, and only the first bettor may Stand, once (Ambiguity 6).",
    ),
    _law(
        number=54,
        title="Failing to match",
        summary="A player who will not put up as much as the one before him throws in his cards "
        "and forfeits his stake.",
        treatment=_E,
        note="A player who does not match can only Pass; his stake stays in the pool.",
    ),
    _law(
        number=55,
        title="Bets stand",
        summary="A bet once made cannot be withdrawn, even one made out of turn.",
        treatment=_R,
        note="No undo: a stake is final. In strict play an action out of turn is refused "
        "(NotYourTurn). Under Rules(recording_table=True) a Deposit reported out of turn, by a "
        "player still to act in the say or the betting, goes into the pool at once and counts "
        "toward the stake he makes at his turn; passing loses it (Ambiguity 21).",
    ),
    _law(
        number=56,
        title="What makes a bet",
        summary="A bet is made, past recall, when the chips are put down, and it is what is put "
        "down, whatever the bettor says he meant.",
        treatment=_E,
        note="A Stake is exactly its amount; AmountNotPositive and NotEnoughChips refuse one "
        "that puts down nothing or more than the seat holds.",
    ),
    _law(
        number=57,
        title="Announcements do not bind",
        summary="Saying beforehand that one will or will not bet does not bind a player when his "
        "turn comes.",
        treatment=_N,
        note="Conduct: announcements bind nobody, and the engine takes none: only actions in "
        "turn count (Law 38), so there is nothing to record.",
    ),
    _law(
        number=58,
        title="An uncalled bet",
        summary="A bettor or raiser whom nobody calls or raises takes the pool and need not show.",
        treatment=_E,
        note="When all the others pass, the last player takes the pool and his hand stays out of "
        "shown, unless he opened a jack-pot (Law 33).",
    ),
    _law(
        number=59,
        title="The show",
        summary="Once the stakes left in the game are level, every remaining player shows in "
        "turn, from the left of the last to stake, and the best hand wins.",
        treatment=_E,
        note="Every remaining hand goes into shown, and show_order records the order, from "
        "the left of the last to stake (Ambiguity 7); the hands are valued by Laws 65-76 to "
        "find the winners.",
    ),
    _law(
        number=60,
        title="Showing for what one has",
        summary="A raised player who cannot afford to call may stake all he has and claim a show "
        "for that much; if best, he takes the ante and straddles and, from each player still "
        "in, as much as he staked, the next best hand taking the rest.",
        treatment=_E,
        note="A seat that stakes its last chip is all in; he is short only while his whole "
        "stake is below the highest, and demands the show when he becomes so. At the show each "
        "short player claims a level of the pool, smallest whole stake first, exactly as "
        "Ambiguity 14 reads this law for any shortfall; a player all in level with the highest "
        "is paid like anyone else.",
    ),
    _law(
        number=61,
        title="Play goes on after the claim",
        summary="The others may keep betting after such a claim, and the short player shows only "
        "when the game ends.",
        treatment=_E,
        note="An all-in seat is passed over in later turns and shows only at the end.",
    ),
    _law(
        number=62,
        title="Borrowing",
        summary="A player who borrows in order to raise must borrow in order to call as well.",
        treatment=_N,
        note="Not modelled, as Ambiguity 15 allows: a game's chips are the stacks it began with, "
        "and money from outside the table never enters a game, so nobody borrows to raise or "
        "call. A sitting adds chips between games (buy_chips).",
    ),
    _law(
        number=63,
        title="Betting on a foul hand",
        summary="A player who bets while holding a foul hand loses his stake.",
        treatment=_R,
        note="WrongHandSize reported once the player has bet on his lifted draw: foul, he "
        "retires and forfeits everything he staked.",
    ),
    _law(
        number=64,
        title="A foul hand found at the end",
        summary="A foul hand discovered at the end loses its stake, and the pool goes to the one "
        "other player left or to the best of the others.",
        treatment=_R,
        note="WrongHandSize reported after a show, for a hand shown: the game is settled again "
        "without it (Law 60 levels included), the pool going to the best other hand, or to the "
        "one other player left.",
    ),
    # The Hands (Laws 65-76)
    _law(
        number=65,
        title="The order of the hands",
        summary="From the top, the hands are: sequence flush, fours, full, flush, sequence, "
        "threes, two pairs, one pair.",
        treatment=_E,
        note="HandCategory ranks them so; the Blaze and the skip sequence join only when "
        "HandRules enables them.",
    ),
    _law(
        number=66,
        title="Sequence flush against sequence flush",
        summary="The one with the higher top card wins, the ace counting low.",
        treatment=_E,
        note="Compared by the top card, A-5 lowest and 9-K highest; hearts break an exact tie.",
    ),
    _law(
        number=67,
        title="Fours against fours",
        summary="The four of higher rank wins.",
        treatment=_E,
        note="Compared by the rank of the four, ace high; the fifth card is ignored.",
    ),
    _law(
        number=68,
        title="Full against full",
        summary="The higher three wins; the pair does not count.",
        treatment=_E,
        note="Compared by the rank of the three alone.",
    ),
    _law(
        number=69,
        title="Flush against flush",
        summary="A heart flush beats any other flush; between others, the highest card that one "
        "holds and the other does not decides.",
        treatment=_E,
        note="Heart flushes outrank the rest, then cards compare from the top (Ambiguity 8); "
        "HandRules(heart_flushes_first=False) lets hearts break exact ties only.",
    ),
    _law(
        number=70,
        title="Sequence against sequence",
        summary="The higher top card wins, the ace counting low; between equal sequences one in "
        "hearts wins, all else being equal.",
        treatment=_E,
        note="Compared by the top card, ace low; equal plain sequences tie (Ambiguity 9) unless "
        "HandRules(heart_sequences_first=True).",
    ),
    _law(
        number=71,
        title="The ace in a sequence",
        summary="The ace may only begin a sequence, never follow the king or link king to two; "
        "a footnote adds that some Americans let it end one too.",
        treatment=_E,
        note="A-5 is a sequence, 10-A and K-A-2-3-4 are not; HandRules(ace_high_sequences=True) "
        "is the American custom, an agreed variant (Law 81).",
    ),
    _law(
        number=72,
        title="Threes against threes",
        summary="The higher three wins.",
        treatment=_E,
        note="Compared by the rank of the three, ace high; the other two cards are ignored.",
    ),
    _law(
        number=73,
        title="Two pairs against two pairs",
        summary="The higher top pair wins, and if those match, the lower pair decides.",
        treatment=_E,
        note="The odd card is never looked at, so hands equal in both pairs tie (Law 76).",
    ),
    _law(
        number=74,
        title="Pair against pair",
        summary="The higher pair wins; with equal pairs, the highest card held by one hand and "
        "not matched in the other decides.",
        treatment=_E,
        note="Compared by the pair, then by the three odd cards from the highest down.",
    ),
    _law(
        number=75,
        title="No pair",
        summary="When nobody holds a pair, the highest card not matched in a rival hand wins.",
        treatment=_E,
        note="The five cards compare from the highest down, ace high.",
    ),
    _law(
        number=76,
        title="Equal hands share",
        summary="Players whose shown hands are of exactly equal value split the pool evenly.",
        treatment=_E,
        note="Tied winners share evenly; an odd chip stays in the pool for the next game unless "
        "Rules(odd_chip_carries=False) (Ambiguity 16).",
    ),
    # Disputes (Laws 77-81)
    _law(
        number=77,
        title="The dealer rules",
        summary="The dealer settles any dispute he is not party to: his finding of fact is "
        "final, and he reads the laws by their letter, not by inference.",
        treatment=_E,
        note="The engine applies the laws literally, with variants only as Rules agreed before "
        "play. A Dispute report records a dispute between seats and is accepted only if the laws "
        "name someone to settle it.",
    ),
    _law(
        number=78,
        title="When the dealer is a party",
        summary="A dispute involving the dealer goes to the player on his left, or, if he too "
        "is involved, to the player on his right.",
        treatment=_E,
        note="The engine itself rules on every action; for a physical table, "
        "pokerlaws.disputes.arbiter names who rules on a dispute among given parties: the "
        "dealer, else the player on his left, else the player on his right.",
    ),
    _law(
        number=79,
        title="Giving evidence",
        summary="Whoever settles a dispute may call on anyone at the table for evidence, and "
        "those who can must give it.",
        treatment=_C,
        note="A Dispute is recorded in the history; what evidence the arbiter takes is the "
        "table's.",
    ),
    _law(
        number=80,
        title="A waiver sets no precedent",
        summary="Letting a law go once by agreement gives nobody a right to the same leniency "
        "later.",
        treatment=_E,
        note="No waiver can outlive its occasion: Rules are fixed for the sitting "
        "(GameState.evolve refuses a change, Law 81) and no report changes them, so a concession "
        "made at the table leaves no trace in the configuration.",
    ),
    _law(
        number=81,
        title="Binding force and variants",
        summary="The laws bind everyone unless all agree before play to set one aside, and that "
        "holds only for the sitting and while the same players remain.",
        treatment=_E,
        note="Variants are Rules switches agreed at start_sitting and frozen through each game. "
        "change_rules refuses any change mid-sitting (RulesFixed: the ante and limit never, a "
        "variant only before play begins); a player joining or leaving ends the variants, the "
        "table playing on under Peel's laws with the same ante and limit.",
    ),
)
"""All 81 laws in order: ``LAWS[n - 1]`` is law ``n``."""


def law(number: int) -> Law:
    """Return law ``number`` of the book.

    Args:
        number: the law's number, 1 to 81.

    Returns:
        The lawbook's entry for that law.

    Raises:
        ValueError: if no law has that number.
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LAWS):
        raise ValueError(f"no law {number!r}: Peel's laws are numbered 1 to {len(LAWS)}")
    return LAWS[number - 1]


# "Law 27", "Laws 30-32", "Laws 21, 25, 35, 53", "Laws 26 and 53".
_CITATION = re.compile(r"\bLaws?\s+(\d+(?:\s*(?:[-–,]|and)\s*\d+)*)")
_CITED_NUMBER = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?")


def cited_laws(text: str) -> list[int]:
    """Return every law number ``text`` cites, ranges expanded, in order of citation.

    Reads the forms the project writes: ``Law 27``, ``Laws 30-32``, ``Laws 21, 25, 35``,
    ``Laws 26 and 53``.
    """
    numbers: list[int] = []
    for citation in _CITATION.finditer(text):
        for first, last in _CITED_NUMBER.findall(citation.group(1)):
            numbers.extend(range(int(first), int(last or first) + 1))
    return numbers
