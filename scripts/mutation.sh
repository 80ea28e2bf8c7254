#!/usr/bin/env bash
# Mutation testing of the law, sitting, agents, bots and simulation modules (mutmut 3,
# configured in pyproject.toml's [tool.mutmut]). Slow, so never part of CI: run it by hand
# after changing one of those modules or their tests, and read the kill rates it prints.
#
#   scripts/mutation.sh                      every configured module
#   scripts/mutation.sh laws.foul bots       only these modules (dotted, under pokerlaws.)
#
# One worker process (--max-children 1) by default, for a shared machine; set
# MUTATION_CHILDREN to use more. mutmut keeps its copy of the tree and its verdicts in
# mutants/ (ignored by git), so a second run re-tests only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
children="${MUTATION_CHILDREN:-1}"
names=()
for module in "$@"; do
    names+=("pokerlaws.${module}.*")
done
mutmut run --max-children "$children" "${names[@]}" || true
python scripts/mutation_rates.py "$@"
