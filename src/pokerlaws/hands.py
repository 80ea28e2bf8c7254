"""The value of the hands (Laws 65-76 and the Modifications).

HELPER-OWNED: the evaluator is being written; HandRules and HandCategory are fixed here.
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["HandCategory", "HandRules"]


@attrs.frozen(kw_only=True)
class HandRules:
    """How hands rank; the defaults are Peel read literally.

    Attributes:
        blaze: admit the Blaze, five court cards, between two pairs and threes (Modifications).
        skip_sequence: admit the skip sequence, five cards at intervals of two, between threes
            and a sequence (glossary; Ambiguity 23).
        ace_high_sequences: let the ace also end a sequence, 10 to ace the highest (the
            American custom of Law 71's footnote).
        heart_flushes_first: a heart flush beats every other flush (Law 69 literally). With
            ``False`` hearts only break an exact tie between flushes (the description).
        heart_sequences_first: between plain sequences of equal value, the one whose top card
            is a heart wins (Law 70, reading (b) of Ambiguity 9). Off: equal sequences share.
    """

    blaze: bool = False
    skip_sequence: bool = False
    ace_high_sequences: bool = False
    heart_flushes_first: bool = True
    heart_sequences_first: bool = False


class HandCategory(enum.IntEnum):
    """The kinds of hand, lowest first (Law 65; BLAZE and SKIP_SEQUENCE only when enabled)."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIRS = 2
    BLAZE = 3
    TRIPLETS = 4
    SKIP_SEQUENCE = 5
    SEQUENCE = 6
    FLUSH = 7
    FULL = 8
    FOURS = 9
    SEQUENCE_FLUSH = 10
