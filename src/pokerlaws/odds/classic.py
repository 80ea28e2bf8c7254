"""The classic chances of the draw, worked out under Peel's rules and each agreed variant.

:data:`SITUATIONS` are the draws every book on the game tabulates (three cards to a pair, one
to a four-card flush, ...), with the few that Peel's rules change (ten to king open at one
end only, Law 71) or that only a variant makes (the Blaze, the skip sequence). :func:`render`
writes them as the Markdown page ``docs/odds.md`` (``docs/gen_odds.py`` writes the file),
every figure computed by :func:`~pokerlaws.odds.draw_chances` from a full pack.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from pokerlaws.cards import Card, format_cards, parse_cards
from pokerlaws.hands import HandCategory, HandRules
from pokerlaws.odds.draws import Chances, draw_chances
from pokerlaws.rules import Rules

__all__ = ["SITUATIONS", "VARIANTS", "Situation", "render"]


@attrs.frozen
class Situation:
    """A classic draw: the hand, the cards thrown, and the kind of hand the player wants.

    Attributes:
        name: the situation in the players' words.
        hand: the five cards held.
        discard: the cards thrown out.
        target: the kind of hand to finish with, or better.
    """

    name: str
    hand: tuple[Card, ...]
    discard: tuple[Card, ...]
    target: HandCategory


def _situation(name: str, hand: str, discard: str, target: HandCategory) -> Situation:
    return Situation(name, parse_cards(hand), parse_cards(discard), target)


Kind = HandCategory
SITUATIONS = (
    _situation("Three cards to a pair", "Jh Jd 8c 5s 2d", "8c 5s 2d", Kind.TWO_PAIRS),
    _situation("Two cards to a pair and a kicker", "Jh Jd Ac 5s 2d", "5s 2d", Kind.TWO_PAIRS),
    _situation("One card to two pairs", "Kh Kd 7c 7s 2d", "2d", Kind.FULL),
    _situation("Two cards to triplets", "9h 9d 9c 5s 2d", "5s 2d", Kind.FULL),
    _situation("One card to a four-card flush", "Ah 9h 5h 3h Kc", "Kc", Kind.FLUSH),
    _situation("One card to an open sequence (5-8)", "5c 6d 7h 8s Kc", "Kc", Kind.SEQUENCE),
    _situation("One card to an inside sequence (5-9)", "5c 6d 8h 9s Kc", "Kc", Kind.SEQUENCE),
    _situation("One card to ten to king", "Tc Jd Qh Ks 3c", "3c", Kind.SEQUENCE),
    _situation("One card to ace to four", "Ac 2d 3h 4s 9c", "9c", Kind.SEQUENCE),
    _situation("One card to four court cards", "Kh Kd Qc Js 4d", "4d", Kind.BLAZE),
    _situation("One card to a four-card skip (3-9)", "3c 5d 7h 9s Kc", "Kc", Kind.SKIP_SEQUENCE),
    _situation("Pat on a sequence", "5c 6d 7h 8s 9c", "", Kind.SEQUENCE),
)
"""The draws of ``docs/odds.md``, in its order."""

VARIANTS = (
    ("Peel", Rules(ante=1, limit=4)),
    ("ace high", Rules(ante=1, limit=4, hands=HandRules(ace_high_sequences=True))),
    ("Blaze", Rules(ante=1, limit=4, hands=HandRules(blaze=True))),
    ("skip sequence", Rules(ante=1, limit=4, hands=HandRules(skip_sequence=True))),
    ("Joker", Rules(ante=1, limit=4, joker=True)),
)
"""The rules of each column: Peel read literally, then one agreed variant at a time (Law 81)."""

_NAMES = {
    Kind.NO_PAIR: "no pair",
    Kind.PAIR: "a pair",
    Kind.TWO_PAIRS: "two pairs",
    Kind.BLAZE: "a Blaze",
    Kind.TRIPLETS: "triplets",
    Kind.SKIP_SEQUENCE: "a skip sequence",
    Kind.SEQUENCE: "a sequence",
    Kind.FLUSH: "a flush",
    Kind.FULL: "a full",
    Kind.FOURS: "fours",
    Kind.SEQUENCE_FLUSH: "a sequence flush",
}


def chances(situation: Situation, rules: Rules) -> Chances:
    """The chances of ``situation`` under ``rules``, from a full pack."""
    return draw_chances(situation.hand, situation.discard, rules)


def _figure(chance: Fraction) -> str:
    return f"{float(chance):.2%} ({chance.numerator:,}/{chance.denominator:,})"


def render() -> str:
    """The page ``docs/odds.md``: every figure computed here, from a full pack."""
    lines = [
        "# The odds at Peel's table",
        "",
        "<!-- Written by docs/gen_odds.py from pokerlaws.odds.classic: do not edit. -->",
        "",
        "The chances of the classic draws, each counted exactly over every draw of as many",
        "cards from the 47 the player has not seen (48 with the Joker), by",
        "`pokerlaws.odds.draw_chances`; `tests/odds/test_classic.py` checks every figure",
        "against a brute-force enumeration of the completions. The hand's other cards are",
        "immaterial where their suits and ranks cannot help the draw.",
        "",
        "## Asking",
        "",
        "```python",
        "import pokerlaws as pl",
        "from pokerlaws import odds",
        "",
        'hand = pl.parse_cards("Jh Jd 8c 5s 2d")',
        'chances = odds.draw_chances(hand, pl.parse_cards("8c 5s 2d"))  # Peel, a full pack',
        "chances[pl.HandCategory.TWO_PAIRS]  # Fraction(864, 5405): 2,592 of the 16,215 draws",
        "odds.best_discards(hand)[0].discard  # the three odd cards, by the expected hand",
        "odds.best_discards(hand, at_least=pl.HandCategory.TRIPLETS)  # by the chance of it",
        "```",
        "",
        "- `draw_chances(source, discard, rules=None)`: `source` is a seat's `PlayerView` or",
        "  five cards with `Rules` or `HandRules`; the result, a `Chances`, maps every kind",
        "  the rules admit to its exact `Fraction` (`as_floats()`, `at_least(kind)`,",
        "  `expected_rank`, and the counts behind them). The cards unseen are those the view",
        "  does not show: its own hand and discards, the hands laid face up, any card exposed",
        "  since the deal; with bare cards, the rest of the pack (53 with the Joker).",
        "- `best_discards(source, rules=None, *, at_least=None)`: the 32 discards best",
        "  first, by the chance to reach `at_least` or better, else by the expected kind;",
        "  ties go to the discard of fewer cards, then to the one whose cards come first in",
        "  the hand as held.",
        "- `equity(view, *, samples=None, seed=None)`: an `Equity`, the seat's expected share",
        "  of the pool at the show (`value`, `error`, `exact`, `deals`, `discard`, `hidden`,",
        "  `rule`). Each other player's hand not laid face up is taken as any five cards the",
        "  seat has not seen, whatever number he drew (kept and drawn cards are alike unseen",
        "  to the seat, and no strategy is read into the count); the seat itself, before its",
        "  draw, throws `best_discards`' first. Equal hands share (Law 76). Every deal is",
        "  valued when there are at most 20,000, else `samples` (10,000) are dealt from",
        "  `seed` (0) by a generator of the call's own, with the standard error given.",
        "- `pokerlaws play` answers `hint` with the three best discards at your draw, and",
        "  your equity at any other turn.",
        "",
        "## Chance to reach the wanted hand or better",
        "",
        "Each column is Peel's rules with one agreed variant (Law 81): the American ace-high",
        "sequences of Law 71's footnote, the Blaze, the skip sequence, or the Joker.",
        "",
        "| draw | hand | throw | wanted | " + " | ".join(n for n, _ in VARIANTS) + " |",
        "|---|---|---|---|" + "---|" * len(VARIANTS),
    ]
    for situation in SITUATIONS:
        cells = []
        for _, rules in VARIANTS:
            found = chances(situation, rules)
            reached = found.at_least(situation.target) if situation.target in found else None
            cells.append("-" if reached is None else _figure(reached))
        lines.append(
            f"| {situation.name} | {format_cards(situation.hand)} | "
            f"{format_cards(situation.discard) or 'pat'} | {_NAMES[situation.target]} | "
            + " | ".join(cells)
            + " |"
        )
    lines += [
        "",
        "A dash: the variant's hand does not exist under those rules.",
        "",
        "## Every final hand under Peel's rules",
        "",
        "How many of the draws finish in each kind of hand (Law 65), Peel read literally,",
        "with a full pack of 52.",
        "",
    ]
    peel = VARIANTS[0][1]
    admitted = [kind for kind in HandCategory if kind in chances(SITUATIONS[0], peel)]
    lines.append("| draw | draws | " + " | ".join(_NAMES[kind] for kind in admitted) + " |")
    lines.append("|---|---|" + "---|" * len(admitted))
    for situation in SITUATIONS:
        counted = dict(chances(situation, peel).counts)
        total = chances(situation, peel).draws
        lines.append(
            f"| {situation.name} | {total:,} | "
            + " | ".join(f"{counted[kind]:,}" if counted[kind] else "" for kind in admitted)
            + " |"
        )
    lines += [
        "",
        "Ten to king fills at one end only: Law 71 lets the ace begin a sequence, never end",
        "one, so only a nine completes it (ace to four likewise needs a five). With the",
        "ace-high custom an ace completes ten to king too.",
        "",
    ]
    return "\n".join(lines)
