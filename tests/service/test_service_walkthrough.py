"""docs/service.md's "A whole sitting from any language" runs as written: its shell block
(``curl`` and ``jq``) and its websocket program ``play.py``, against a real server on
127.0.0.1 (the page's ``pokerlaws serve`` is this test's server, on a port of its own)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("websockets", reason=extra_reason("websockets", "service"))

import pokerlaws as pl
from pokerlaws.service import create_app
from tests.service._server import serving

PAGE = Path(__file__).resolve().parents[2] / "docs" / "service.md"
SECTION = "## A whole sitting from any language"
PATIENCE = 600.0


def _blocks() -> tuple[str, str]:
    """The section's shell block and its Python block."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index(SECTION) :]
    section = section[: section.index("\n## ", len(SECTION))]
    shell = re.search(r"^```sh\n(.*?)^```$", section, re.S | re.M)
    program = re.search(r"^```python\n(.*?)^```$", section, re.S | re.M)
    assert shell is not None
    assert program is not None
    return shell.group(1), program.group(1)


@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("bash", "curl", "jq")), reason="needs curl and jq"
)
def test_law_18_a_whole_sitting_is_played_by_the_page_s_curl_and_websocket_commands(
    tmp_path: Path,
) -> None:
    """The sitting the page makes, with no ``games``, is played by the two seats' programs
    until one player alone has chips (Law 18: the deal passes while two have chips); the
    record the page reads at the end replays through the library."""
    shell, program = _blocks()
    (tmp_path / "play.py").write_text(program, encoding="utf-8")
    app: Any = create_app(f"sqlite:///{tmp_path / 'service.db'}")
    lines = [line for line in shell.splitlines() if not line.startswith("pokerlaws serve")]
    environment = dict(os.environ)
    environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), environment["PATH"]])
    with serving(app) as port:
        script = "\n".join(lines).replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        done = subprocess.run(
            ["bash", "-e", "-c", script],
            cwd=tmp_path,
            env=environment,
            capture_output=True,
            text=True,
            timeout=PATIENCE,
            check=False,
        )
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
    said = done.stdout.splitlines()
    assert said[1] == "1", said[:3]  # the first action by curl: seq 0 -> 1
    ends = [line for line in said if " ends with " in line]
    assert sorted(line.split()[0] for line in ends) == ["Ann", "Bob"], said
    made = json.loads((tmp_path / "sitting.json").read_text(encoding="utf-8"))
    table = app.state.tables.table(made["id"])
    assert table.over
    assert len([chips for chips in table.sitting.chips if chips]) == 1, table.sitting.chips
    record = table.record_text()
    assert said[-3:] == record.splitlines()[:3]
    assert pl.replay_sitting(pl.parse_sitting_record(record)).chips == table.sitting.chips
