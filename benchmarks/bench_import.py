"""What ``import pokerlaws`` costs a fresh process, as ``python -X importtime`` reports it.

Each round starts a new interpreter twice, once bare (``-c pass``) and once importing
pokerlaws, and reads the cumulative microseconds of the ``pokerlaws`` line from
``-X importtime``; the best of the rounds is printed, with the process's CPU time above a bare
interpreter's, and the slowest modules of the best run. Run it on a quiet machine:

    python benchmarks/bench_import.py            # --rounds 30
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from collections.abc import Sequence


def importtime(code: str) -> tuple[int, dict[str, tuple[int, int]]]:
    """Run ``code`` under -X importtime; return pokerlaws' cumulative microseconds and every
    module's (self, cumulative)."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    modules: dict[str, tuple[int, int]] = {}
    for line in run.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[0].strip().isdigit():
            modules[parts[2].strip()] = (int(parts[0]), int(parts[1]))
    return modules.get("pokerlaws", (0, 0))[1], modules


def cpu_ms(code: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1000


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    best: tuple[int, dict[str, tuple[int, int]]] = (10**12, {})
    bare_cpu = imported_cpu = float("inf")
    for _ in range(args.rounds):
        bare_cpu = min(bare_cpu, cpu_ms("pass"))
        imported_cpu = min(imported_cpu, cpu_ms("import pokerlaws"))
        total, modules = importtime("import pokerlaws")
        if total < best[0]:
            best = (total, modules)
    total, modules = best
    ours = sorted(
        ((name, times) for name, times in modules.items() if name.startswith("pokerlaws")),
        key=lambda item: -item[1][0],
    )
    print(f"python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f}")
    print(
        f"import pokerlaws, best of {args.rounds} (-X importtime, cumulative): "
        f"{total / 1000:.1f} ms"
    )
    print(
        f"CPU time above a bare interpreter, best of {args.rounds}: "
        f"{imported_cpu - bare_cpu:.1f} ms"
    )
    print(f"pokerlaws modules loaded: {len(ours)}")
    print("slowest of them (self time, ms):")
    for name, (own, _) in ours[:8]:
        print(f"  {name:32} {own / 1000:6.1f}")
    heavy = [name for name in ("json", "importlib.resources", "hypothesis") if name in modules]
    print(f"heavy modules loaded: {', '.join(heavy) or 'none'}")


if __name__ == "__main__":
    main()
