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
#
# MUTATION_SAMPLE=K tests a fixed sample instead: every K-th mutant of each module named, in
# name order, among those mypy --strict accepts (mutants/ is written first if need be, with
# no test run). The batch, the service and the seat protocol are sampled so (issue 33): a
# mutant there runs the module's scenario tests, seconds each on a loaded machine.
#
#   MUTATION_SAMPLE=8 scripts/mutation.sh batch.tables service.tables
set -euo pipefail
cd "$(dirname "$0")/.."
children="${MUTATION_CHILDREN:-1}"
names=()
# mypy over the whole mutated tree takes minutes on a loaded machine (14 there, issue 33):
# run it again only when a mutated file is newer than its last verdict.
mypy_if_stale() {
    if [[ ! -f mutants/mypy-refused.txt ]] ||
        [[ -n "$(find mutants/src -name '*.py' -newer mutants/mypy-refused.txt -print -quit)" ]]; then
        python scripts/mutation_rates.py --mypy
    fi
}
if [[ -n "${MUTATION_SAMPLE:-}" ]]; then
    [[ -d mutants ]] || python scripts/mutation_rates.py --generate
    mypy_if_stale
    mapfile -t names < <(python scripts/mutation_rates.py --names --sample "$MUTATION_SAMPLE" "$@")
    if [[ ${#names[@]} -eq 0 ]]; then
        echo "no mutant of the sample left to test"
    else
        mutmut run --max-children "$children" "${names[@]}" || true
    fi
elif [[ "${MUTATION_TYPED:-}" == skip && -d mutants ]]; then
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
mypy_if_stale
python scripts/mutation_rates.py "$@"
