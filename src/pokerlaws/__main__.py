"""``python -m pokerlaws``: the version, and a sample of hands ranked as Peel ranks them.

Eight hands are dealt from a seeded shuffle, one card at a time round the table (Law 7), and
ranked with some hands the laws single out (Laws 65-76, the Joker of the Modifications).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from pokerlaws import (
    __version__,
    evaluate,
    format_cards,
    parse_cards,
    shuffled_deck,
)

SEATS = 8

NOTABLE = {
    "9h Th Jh Qh Kh": "the best hand (Laws 66, 71)",
    "Ah Kh Qh Jh Th": "only a flush: the ace cannot follow the king (Law 71)",
    "Ac 2d 3h 4s 5c": "the lowest sequence (Law 71)",
    "Kc Ad 2h 3s 4c": "no sequence round the corner (Law 71)",
    "2h 3h 4h 5h 7h": "a heart flush beats any other flush (Law 69)",
    "As Ks Qs Js 9s": "beaten by any heart flush (Law 69)",
    "Tc Td Th 4s 4c": "the threes decide, not the pair (Law 68)",
    "Kd Kc 5h 5s 2c": "the fifth card never counts (Law 73) ...",
    "Kh Ks 5c 5d Ac": "... so these two share (Law 76)",
    "Jk Ac Ad Ah As": "the Joker cannot make five aces (Law 81)",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Print the version and the ranked sample; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m pokerlaws", description=__doc__)
    parser.add_argument("--seed", type=int, default=1891, help="the shuffle (default 1891)")
    args = parser.parse_args(argv)

    deck = shuffled_deck(args.seed)
    # Law 7: one card at a time, from the dealer's left, five times round.
    dealt = [(deck[seat::SEATS][:5], f"seat {seat}") for seat in range(SEATS)]
    notable = [(parse_cards(text), note) for text, note in NOTABLE.items()]
    ranked = sorted(
        ((evaluate(hand), hand, note) for hand, note in [*dealt, *notable]),
        key=lambda item: item[0],
        reverse=True,
    )

    print(f"pokerlaws {__version__}")
    print(f"Hands ranked best first (Peel's laws; {SEATS} dealt from seed {args.seed}):")
    place = 0
    previous = None
    for number, (value, hand, note) in enumerate(ranked, start=1):
        if value != previous:
            place = number
        previous = value
        print(f"{place:3}. {format_cards(hand):<15} {value!s:<52} {note}".rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
