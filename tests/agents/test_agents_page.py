"""docs/agents.md's examples that need an extra run as pasted: the PettingZoo rollout, and
simulate on a Dask LocalCluster of worker processes (slow: it starts a cluster). The
`dev` extra installs every extra they need, and CI (.ci/skips.py) lets none of them be
skipped."""

from __future__ import annotations

import pytest

from tests.skips import extra_reason
from tests.test_doc_examples import needs_extra, run_page


def test_the_agents_pages_pettingzoo_example_runs_as_pasted() -> None:
    pytest.importorskip("pettingzoo", reason=extra_reason("pettingzoo", "pettingzoo"))
    pytest.importorskip("numpy", reason=extra_reason("numpy", "pettingzoo"))
    namespace = run_page("agents.md", lambda code: needs_extra(code) == "pettingzoo")
    assert namespace["table"].agents == []  # every agent played to the episode's end


@pytest.mark.slow
def test_the_agents_page_simulates_on_a_local_dask_cluster_as_pasted() -> None:
    pytest.importorskip("distributed", reason=extra_reason("distributed", "dask"))
    namespace = run_page("agents.md", lambda code: needs_extra(code) == "dask")
    assert namespace["on_dask"] == namespace["here"]
    assert namespace["here"].games > 0


def test_the_agents_pages_seat_env_example_runs_as_pasted() -> None:
    pytest.importorskip("gymnasium", reason=extra_reason("gymnasium", "gymnasium"))
    namespace = run_page("agents.md", lambda code: needs_extra(code) == "gymnasium")
    assert namespace["done"]
    assert namespace["seat"].sitting.between_games
    assert isinstance(namespace["result"], float)
