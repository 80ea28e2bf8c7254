"""A bot that writes every line it receives to a log file and plays a random legal action.

Usage: ``python recorder.py LOG``. Standard library only. Its random choices are seeded by
the ``Hello`` document's seed, so a sitting is played the same way every time.
"""

from __future__ import annotations

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    with open(sys.argv[1], "ab") as log:
        for line in sys.stdin.buffer:
            log.write(line)
            log.flush()
            document = json.loads(line)
            kind = document.get("type")
            if kind == "Hello":
                rng = random.Random(document["seed"])
            elif kind == "PlayerView":
                choice = rng.choice(document["legal_actions"])
                sys.stdout.write(json.dumps(choice) + "\n")
                sys.stdout.flush()
            elif kind == "Bye":
                break


if __name__ == "__main__":
    main()
