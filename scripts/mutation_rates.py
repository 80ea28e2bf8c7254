"""Print mutmut's verdicts per module: killed, survived, untested, and the kill rate.

Reads the ``.meta`` files mutmut 3 leaves under ``mutants/`` (run ``scripts/mutation.sh``
first). A mutant listed in ``scripts/equivalent_mutants.txt`` (one name a line, ``#``
comments) is one that no test could kill, the code behaving the same with it; it is counted
apart, and the rate is killed / (tested - equivalent).

    python scripts/mutation_rates.py                 every module with a verdict
    python scripts/mutation_rates.py laws.foul bots  only these
    python scripts/mutation_rates.py --survivors laws.foul   list the surviving mutants
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants" / "src"
EQUIVALENT = ROOT / "scripts" / "equivalent_mutants.txt"
KILLED = {1, 3, 36, 24, -24, 152, 255}  # a failing test, pytest's own error, a timeout
SURVIVED = {0, 5, 33}  # a passing run, or no selected test reaches the mutated code


def _equivalent() -> set[str]:
    if not EQUIVALENT.exists():
        return set()
    lines = EQUIVALENT.read_text(encoding="utf-8").splitlines()
    return {line.split("#", 1)[0].strip() for line in lines} - {""}


def _verdicts() -> dict[str, dict[str, int | None]]:
    by_module: dict[str, dict[str, int | None]] = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = ".".join(meta.relative_to(MUTANTS).with_suffix("").with_suffix("").parts)
        codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        if codes:
            by_module[module.removeprefix("pokerlaws.")] = codes
    return by_module


def main(argv: list[str]) -> int:
    survivors = "--survivors" in argv
    wanted = [arg for arg in argv if not arg.startswith("--")]
    equivalent = _equivalent()
    print(
        f"{'module':<22} {'mutants':>7} {'tested':>6} {'killed':>6} {'survived':>8} "
        f"{'equiv.':>6} {'rate':>6}"
    )
    for module, codes in _verdicts().items():
        if wanted and module not in wanted:
            continue
        tally = Counter(
            "equivalent"
            if name in equivalent and code in SURVIVED
            else "killed"
            if code in KILLED
            else "survived"
            if code in SURVIVED
            else "untested"
            for name, code in codes.items()
        )
        tested = tally["killed"] + tally["survived"] + tally["equivalent"]
        if not tested:
            continue
        live = tested - tally["equivalent"]
        rate = f"{100 * tally['killed'] / live:.1f}%" if live else "-"
        print(
            f"{module:<22} {len(codes):>7} {tested:>6} {tally['killed']:>6} "
            f"{tally['survived']:>8} {tally['equivalent']:>6} {rate:>6}"
        )
        if survivors:
            for name, code in codes.items():
                if code in SURVIVED and name not in equivalent:
                    print("    survived:", name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
