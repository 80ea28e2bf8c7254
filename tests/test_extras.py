"""An edge without its extra says which extra, and how to install it (issue 33, item 4).

Each edge is imported in a fresh interpreter where its dependency is absent: a finder put
first on ``sys.meta_path`` answers the blocked names as a missing module does (``No module
named 'pyspiel'``), whether or not the machine has them. The message must name the extra,
the command that installs it from a checkout and the one that will install it from the
package index, and the missing module; the original error must be its ``__cause__``.
"""

from __future__ import annotations

import ast
import pickle
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from pokerlaws._extras import (
    EXTRAS,
    MissingExtra,
    install_commands,
    missing_extra_message,
    needs_extra,
)
from tests.skips import POSTGRES_SKIP, extra_reason

ROOT = Path(__file__).resolve().parents[1]

# Run in a fresh interpreter: argv[1] the top-level modules to make absent, argv[2] the code
# to run. Prints the ImportError's type, missing module, cause and message, or "no error".
ABSENT = """
import sys

blocked = set(sys.argv[1].split(","))


class Absent:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Absent())
try:
    exec(sys.argv[2])
except ImportError as error:
    cause = error.__cause__
    print(type(error).__name__, error.name, type(cause).__name__, sep="|")
    print(cause)
    print(error)
else:
    print("no error")
"""


def run_without(absent: str, code: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", ABSENT, absent, code], capture_output=True, text=True, check=True
    ).stdout
    return out.splitlines()


# (code run, modules absent, the extra the message must name, the module it must say is
# missing). A submodule imported by its own name runs its package's __init__ first.
EDGES = [
    ("import pokerlaws.openspiel", "pyspiel", "openspiel", "pyspiel"),
    ("import pokerlaws.openspiel", "numpy", "openspiel", "numpy"),
    ("import pokerlaws.batch", "numpy", "batch", "numpy"),
    ("from pokerlaws.batch.tables import Tables", "numpy", "batch", "numpy"),
    ("import pokerlaws.pettingzoo", "pettingzoo", "pettingzoo", "pettingzoo"),
    ("import pokerlaws.pettingzoo", "numpy", "pettingzoo", "numpy"),
    ("import pokerlaws.gymnasium", "gymnasium", "gymnasium", "gymnasium"),
    # Through pokerlaws.pettingzoo and the batch: told as the extra the reader asked for.
    ("import pokerlaws.gymnasium", "pettingzoo", "gymnasium", "pettingzoo"),
    ("from pokerlaws.gymnasium.vector import VectorSeatEnv", "numpy", "gymnasium", "numpy"),
    ("import pokerlaws.strategies", "hypothesis", "hypothesis", "hypothesis"),
    ("import pokerlaws.service.app", "starlette", "service", "starlette"),
    (
        "from pokerlaws.service import create_app\ncreate_app('sqlite://:memory:')",
        "starlette",
        "service",
        "starlette",
    ),
    ("import pokerlaws.service._postgres", "psycopg", "service", "psycopg"),
    (
        "import pokerlaws as pl\n"
        "g = pl.new_game(pl.Rules(ante=1, limit=4), (9, 9), dealer=0, deck=pl.standard_deck())\n"
        "pl.agents.observation_array(pl.view(g, 0))",
        "numpy",
        "pettingzoo",
        "numpy",
    ),
    (
        "import pokerlaws as pl\n"
        "g = pl.new_game(pl.Rules(ante=1, limit=4), (9, 9), dealer=0, deck=pl.standard_deck())\n"
        "pl.agents.information_state_array(pl.view(g, 0))",
        "numpy",
        "batch",
        "numpy",
    ),
    (
        "import pokerlaws as pl\n"
        "pl.simulate({'a': pl.bots.peel_bot, 'b': pl.bots.peel_bot}, sittings=1, games=1,"
        " seed=1, progress=True)",
        "tqdm",
        "progress",
        "tqdm",
    ),
]


@pytest.mark.parametrize(("code", "absent", "extra", "missing"), EDGES)
def test_an_edge_without_its_extra_names_the_extra_and_both_commands(
    code: str, absent: str, extra: str, missing: str
) -> None:
    kind, cause, message = run_without(absent, code)
    checkout, published = install_commands(extra)
    assert kind.split("|") == ["MissingExtra", missing, "ModuleNotFoundError"]
    assert cause == f"No module named {missing!r}"
    assert f"needs the {extra} extra (No module named {missing!r})" in message
    assert checkout in message
    assert published in message


def test_importing_openspiel_without_pyspiel_says_so_and_how_to_install_it() -> None:
    """The issue's example, whole: the message as a reader sees it."""
    message = run_without("pyspiel", "import pokerlaws.openspiel")[-1]
    assert message == (
        "pokerlaws.openspiel needs the openspiel extra (No module named 'pyspiel'). "
        'Install it from a checkout of pokerlaws with: python -m pip install -e ".[openspiel]"'
        ' (or, once pokerlaws is published: python -m pip install "pokerlaws[openspiel]")'
    )


# `pokerlaws serve` without the service extra: one line on standard error, exit status 2.
SERVE = "from pokerlaws.cli.serve import serve_main\nsys.exit(serve_main(['--port', '0']))"


@pytest.mark.parametrize("absent", ["uvicorn", "starlette", "uvicorn,starlette"])
def test_serve_without_the_service_extra_says_how_to_install_it(absent: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", ABSENT, absent, SERVE], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stdout == ""
    missing = f"No module named {absent.split(',')[0]!r}"
    assert done.stderr == missing_extra_message("pokerlaws serve", "service", missing) + "\n"


def test_a_missing_extra_is_an_import_error_a_skip_recognises() -> None:
    """pytest.importorskip and ``except ImportError`` treat it as the original error."""
    original = ModuleNotFoundError("No module named 'numpy'", name="numpy")
    error = MissingExtra.of("pokerlaws.batch", "batch", original)
    assert isinstance(error, ModuleNotFoundError)
    assert error.name == "numpy"
    assert error.extra == "batch"
    # From a worker process (simulate on a pool) it arrives whole.
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.name, again.extra) == (
        MissingExtra,
        str(error),
        "numpy",
        "batch",
    )


def test_an_import_error_of_pokerlaws_itself_passes_unchanged() -> None:
    """A broken import inside the package is a bug to see as it is, not a missing extra."""
    bug = ImportError("cannot import name 'Tabels' from 'pokerlaws.batch.tables'")
    bug.name = "pokerlaws.batch.tables"
    with pytest.raises(ImportError) as raised, needs_extra("batch", "pokerlaws.batch"):
        raise bug
    assert raised.value is bug


def test_an_older_dependency_without_a_name_is_told_as_its_extra() -> None:
    """An installed dependency too old to have a name the edge imports: the extra's
    version bound mends it, so the message is the extra's, the failure quoted."""
    old = ImportError("cannot import name 'AutoresetMode' from 'gymnasium.vector'")
    old.name = "gymnasium.vector"
    told = r"needs the gymnasium extra \(cannot import name"
    with pytest.raises(MissingExtra, match=told), needs_extra("gymnasium", "pokerlaws.gymnasium"):
        raise old


def test_an_unknown_extra_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match=r"no extra of pokerlaws is named 'numpy'"):
        install_commands("numpy")


def test_every_extra_an_edge_names_is_in_pyproject() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
        "optional-dependencies"
    ]
    assert set(EXTRAS) <= set(declared)
    named = {
        extra
        for path in (ROOT / "src" / "pokerlaws").rglob("*.py")
        for extra in re.findall(r'needs_extra\(\s*"(\w+)"', path.read_text("utf-8"))
    }
    assert named == set(EXTRAS)


def install_lines() -> list[tuple[str, str]]:
    """Each paragraph of the docs, the README and the package's docstrings that mentions
    installing an extra an edge needs, with where it is."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    paths += sorted((ROOT / "src" / "pokerlaws").rglob("*.py"))
    found = []
    for path in paths:
        for paragraph in re.split(r"\n\s*\n", path.read_text("utf-8")):
            if "pip install" in paragraph:
                found.append((f"{path.relative_to(ROOT)}: {paragraph[:60]!r}", paragraph))
    return found


def test_the_docs_give_both_commands_wherever_they_install_an_extra() -> None:
    """Wherever the docs tell the reader to install an edge's extra, they give the command
    from a checkout (how pokerlaws installs today) and the one for once it is published."""
    wrong = []
    for where, paragraph in install_lines():
        flat = " ".join(paragraph.replace("``", "`").split())
        for extra in sorted(EXTRAS):
            mentioned = f".[{extra}]" in flat or f"pokerlaws[{extra}]" in flat
            if mentioned and not all(command in flat for command in install_commands(extra)):
                wrong.append(f"{where} ({extra})")
        # A bare `pip install` that is not `python -m pip`: the interpreter it installs
        # into is not always the one that runs pokerlaws.
        if re.search(r"(?<!-m )\bpip install", flat):
            wrong.append(f"{where} (pip without python -m)")
    assert not wrong


def importorskip_calls() -> list[tuple[str, ast.Call]]:
    """Every ``pytest.importorskip(...)`` in the tests, with where it is."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.importorskip":
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return found


def test_every_skip_for_a_missing_module_names_its_extra() -> None:
    """A skip for want of a module names the extra that brings it and the command that
    installs it: its reason is extra_reason(the same module, an extra)."""
    calls = importorskip_calls()
    assert len(calls) > 40
    wrong = []
    for where, call in calls:
        reasons = [k.value for k in call.keywords if k.arg == "reason"]
        if not (
            len(reasons) == 1
            and isinstance(reason := reasons[0], ast.Call)
            and ast.unparse(reason.func) == "extra_reason"
            and ast.unparse(reason.args[0]) == ast.unparse(call.args[0])
        ):
            wrong.append(where)
    assert not wrong


def test_a_skip_for_want_of_a_module_says_which_extra_and_how() -> None:
    with pytest.raises(pytest.skip.Exception) as skipped:
        pytest.importorskip("no_such_module", reason=extra_reason("no_such_module", "dask"))
    assert skipped.value.msg == (
        'cannot import no_such_module: needs the dask extra (python -m pip install -e ".[dask]")'
    )
    with pytest.raises(ValueError, match="declares no extra 'numpy'"):
        extra_reason("numpy", "numpy")


def test_every_skip_for_want_of_postgresql_says_how_to_start_it() -> None:
    assert POSTGRES_SKIP == (
        "POKERLAWS_TEST_POSTGRES not set: PostgreSQL, started by .ci/postgres "
        '(eval "$(bash .ci/postgres start)")'
    )
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.skip":
                reason = ast.unparse(node.args[0]) if node.args else ""
                if "POSTGRES" in reason or "postgres" in reason.lower():
                    assert reason == "POSTGRES_SKIP", f"{path}:{node.lineno}"
