"""docs/openspiel.md runs as pasted: its first example in the default run, and the whole
page, MCCFR's training and the games against the ready bots whose chips it prints, as a
slow test (about 15 s), so that the figures on the page are the ones the code gives."""

from __future__ import annotations

import pytest

from tests.skips import extra_reason
from tests.test_doc_examples import run_page

pytest.importorskip("pyspiel", reason=extra_reason("pyspiel", "openspiel"))
pytest.importorskip("numpy", reason=extra_reason("numpy", "openspiel"))


def test_the_openspiel_pages_first_example_runs_as_pasted() -> None:
    namespace = run_page("openspiel.md", lambda code: "mccfr" not in code and "pl." not in code)
    assert namespace["state"].is_chance_node()


@pytest.mark.slow
def test_the_openspiel_pages_mccfr_example_runs_and_prints_its_figures() -> None:
    namespace = run_page("openspiel.md")
    assert namespace["iterations"] == 2000
    assert namespace["result"].games == 2000
    trained = namespace["players"]["mccfr"]
    assert callable(trained)
