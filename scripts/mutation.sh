#!/usr/bin/env bash
# Mutation testing of the law, sitting, agents, bots and simulation modules (mutmut 3,
# configured in pyproject.toml's [tool.mutmut]). Slow, so never part of CI: run it by hand
# after changing one of those modules or their tests, and read the kill rates it prints
# (benchmarks/README.md, "Mutation testing", gives the last figures and how to read them).
#
#   scripts/mutation.sh                      every configured module
#   scripts/mutation.sh laws.foul bots       only these modules (dotted, under pokerlaws.)
#
# One worker process (--max-children 1) by default, for a shared machine; set
# MUTATION_CHILDREN to use more. mutmut keeps its copy of the tree and its verdicts in
# mutants/ (ignored by git), so a second run tests only the mutants of what changed, or
# not yet tested. After a first run, MUTATION_TYPED=skip leaves out the mutants mypy --strict
# refuses (CI's type check catches those; most are a None put for an argument), which
# spares the test runs of about half of them.
set -euo pipefail
cd "$(dirname "$0")/.."
children="${MUTATION_CHILDREN:-1}"
names=()
if [[ "${MUTATION_TYPED:-}" == skip && -d mutants ]]; then
    python scripts/mutation_rates.py --mypy
    mapfile -t names < <(python scripts/mutation_rates.py --names "$@")
    if [[ ${#names[@]} -eq 0 ]]; then
        echo "no mutant left to test"
    else
        mutmut run --max-children "$children" "${names[@]}" || true
    fi
else
    for module in "$@"; do
        names+=("pokerlaws.${module}.*")
    done
    mutmut run --max-children "$children" "${names[@]}" || true
fi
python scripts/mutation_rates.py --mypy
python scripts/mutation_rates.py "$@"
