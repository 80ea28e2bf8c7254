"""Print mutmut's verdicts per module: killed, survived, untested, and the kill rate.

Reads the ``.meta`` files mutmut 3 leaves under ``mutants/`` (run ``scripts/mutation.sh``
first). A mutant listed in ``scripts/equivalent_mutants.txt`` (one name a line, ``#``
comments) is one that no test could kill, the code behaving the same with it; it is counted
apart. The rate is taken over the mutants ``mypy --strict`` accepts (see ``--mypy``):
killed / (tested - equivalent).

    python scripts/mutation_rates.py                 every module with a verdict
    python scripts/mutation_rates.py laws.foul bots  only these
    python scripts/mutation_rates.py --survivors laws.foul   list the surviving mutants
    python scripts/mutation_rates.py --mypy          first find the mutants mypy refuses
    python scripts/mutation_rates.py --names bots    the mutants still to test, mypy's aside
    python scripts/mutation_rates.py --names --sample 8 batch.tables   every eighth of them
    python scripts/mutation_rates.py --generate      write mutants/ without testing any

``--mypy`` runs ``mypy --strict`` over the mutated tree (about a minute) and writes the names
of the mutants it refuses to ``mutants/mypy-refused.txt``: a mutant that is a type error
(a key that ``Changes`` does not have, a ``None`` where a state is wanted) is caught by CI's
``mypy --strict src`` whatever the tests do, so it counts as killed, in its own column; and
``scripts/mutation.sh`` does not spend test runs on it.

``--sample K`` (with ``--names``) keeps every K-th mutant of each module, in name order,
among those mypy accepts, from the first on: a fixed sample, the same every run, for modules
whose full run is too slow (``MUTATION_SAMPLE=K scripts/mutation.sh ...``). Its rate is over
the sample: the table's ``tested`` column says how many.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants" / "src"
EQUIVALENT = ROOT / "scripts" / "equivalent_mutants.txt"
KILLED = {1, 3, 36, 24, -24, 152, 255}  # a failing test, pytest's own error, a timeout
REFUSED = ROOT / "mutants" / "mypy-refused.txt"
SURVIVED = {0, 5, 33}  # a passing run, or no selected test reaches the mutated code


def _equivalent() -> set[str]:
    if not EQUIVALENT.exists():
        return set()
    lines = EQUIVALENT.read_text(encoding="utf-8").splitlines()
    return {line.split("#", 1)[0].strip() for line in lines} - {""}


def _refused() -> set[str]:
    if not REFUSED.exists():
        return set()
    return set(REFUSED.read_text(encoding="utf-8").split())


def _run_mypy() -> None:
    """Write the names of the mutants whose function mypy --strict refuses."""
    files = sorted(str(p.relative_to(ROOT / "mutants")) for p in MUTANTS.rglob("*.py.meta"))
    sources = [name.removesuffix(".meta") for name in files]
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "-O", "json", *sources],
        cwd=ROOT / "mutants",
        capture_output=True,
        text=True,
        check=False,
    )
    lines: dict[str, set[int]] = {}
    for line in done.stdout.splitlines():
        if line.strip():
            error = json.loads(line)
            if error["severity"] == "error" and error["code"] != "unused-ignore":
                lines.setdefault(error["file"], set()).add(error["line"])
    refused: set[str] = set()
    for path, numbers in lines.items():
        module = ".".join(Path(path).with_suffix("").parts[1:])
        tree = ast.parse((ROOT / "mutants" / path).read_text(encoding="utf-8"))
        spans = [
            (node.lineno, node.end_lineno or node.lineno, node.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and "__mutmut_" in node.name
        ]
        hit = {name for start, end, name in spans for n in numbers if start <= n <= end}
        # A function whose original is itself refused tells nothing about its mutants.
        spoilt = {name.rsplit("__mutmut_", 1)[0] for name in hit if name.endswith("_orig")}
        refused |= {
            f"{module}.{name}"
            for name in hit
            if not name.endswith("_orig") and name.rsplit("__mutmut_", 1)[0] not in spoilt
        }
    REFUSED.write_text("\n".join(sorted(refused)) + "\n", encoding="utf-8")
    print(f"mypy --strict refuses {len(refused)} mutants ({REFUSED.relative_to(ROOT)})")


def _verdicts(*, untested: bool = False) -> dict[str, dict[str, int | None]]:
    """Each module's mutants and their exit codes (None: not tested); only the modules with
    a verdict, unless ``untested``."""
    by_module: dict[str, dict[str, int | None]] = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = ".".join(meta.relative_to(MUTANTS).with_suffix("").with_suffix("").parts)
        codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        if codes and (untested or any(code is not None for code in codes.values())):
            by_module[module.removeprefix("pokerlaws.")] = codes
    return by_module


def _generate() -> None:
    """Write the mutated tree and each module's mutants (mutmut's first step), testing none,
    so that a sample can be drawn before any test is run. mutmut 3 has no command for this:
    its own steps are called, as ``mutmut run`` calls them first."""
    import os

    from mutmut.__main__ import (  # type: ignore[attr-defined, import-not-found, unused-ignore]
        copy_also_copy_files,
        copy_src_dir,
        create_mutants,
        setup_source_paths,
        store_lines_covered_by_tests,
    )
    from mutmut.mutation.trampoline import (  # type: ignore[import-not-found, unused-ignore]
        set_mutant_under_test,
    )

    os.chdir(ROOT)
    set_mutant_under_test("mutant_generation")
    (ROOT / "mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    store_lines_covered_by_tests()
    create_mutants(1)


def _sampled(names: list[str], every: int) -> list[str]:
    """Every ``every``-th of ``names`` in name order, from the first."""
    return sorted(names)[::every]


def main(argv: list[str]) -> int:
    if "--mypy" in argv:
        _run_mypy()
        return 0
    if "--generate" in argv:
        _generate()
        return 0
    survivors = "--survivors" in argv
    every = 1
    if "--sample" in argv:
        at = argv.index("--sample")
        every = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    wanted = [arg for arg in argv if not arg.startswith("--")]
    refused = _refused()
    if "--names" in argv:
        for module, codes in _verdicts(untested=True).items():
            if not wanted or module in wanted:
                drawn = _sampled([n for n in codes if n not in refused], every)
                print("\n".join(n for n in drawn if codes[n] is None))
        return 0
    equivalent = _equivalent()
    # The rate is taken over the mutants mypy --strict accepts: those it refuses are caught
    # by CI's type check whatever the tests do, and are counted in their own column.
    print(
        f"{'module':<20} {'mutants':>7} {'mypy':>5} {'tested':>6} {'killed':>6} "
        f"{'survived':>8} {'equiv.':>6} {'rate':>6}"
    )
    for module, codes in _verdicts().items():
        if wanted and module not in wanted:
            continue
        typed = {name: code for name, code in codes.items() if name not in refused}
        tally = Counter(
            "equivalent"
            if name in equivalent and code in SURVIVED
            else "killed"
            if code in KILLED
            else "survived"
            if code in SURVIVED
            else "untested"
            for name, code in typed.items()
        )
        tested = tally["killed"] + tally["survived"] + tally["equivalent"]
        if not tested:
            continue
        live = tested - tally["equivalent"]
        rate = f"{100 * tally['killed'] / live:.1f}%" if live else "-"
        print(
            f"{module:<20} {len(codes):>7} {len(codes) - len(typed):>5} {tested:>6} "
            f"{tally['killed']:>6} {tally['survived']:>8} {tally['equivalent']:>6} {rate:>6}"
        )
        if survivors:
            for name, code in typed.items():
                if code in SURVIVED and name not in equivalent:
                    print("    survived:", name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
