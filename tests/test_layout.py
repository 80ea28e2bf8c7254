"""The package's layout keeps its promises (issue 17): the core loads alone, every public name
is where API.md says, old pickles still load, no module imports itself round a circle, and no
module outgrows a reader."""

from __future__ import annotations

import ast
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlaws as pl
from tests.sitting_play import play_games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pokerlaws"

# The rules engine: what `import pokerlaws` loads, and nothing else of the package.
CORE = {
    "pokerlaws",
    "pokerlaws._lazy",
    "pokerlaws._hand_values",
    "pokerlaws._shapes",
    "pokerlaws._state_pickle",
    "pokerlaws.actions",
    "pokerlaws.cards",
    "pokerlaws.disputes",
    "pokerlaws.engine",
    "pokerlaws.hands",
    "pokerlaws.history",
    "pokerlaws.laws",
    "pokerlaws.laws.ante",
    "pokerlaws.laws.betting",
    "pokerlaws.laws.deal",
    "pokerlaws.laws.deposits",
    "pokerlaws.laws.draw",
    "pokerlaws.laws.foul",
    "pokerlaws.laws.irregular",
    "pokerlaws.laws.jackpot",
    "pokerlaws.laws.misdeal",
    "pokerlaws.laws.moments",
    "pokerlaws.laws.say",
    "pokerlaws.laws.show",
    "pokerlaws.laws.staking",
    "pokerlaws.reports",
    "pokerlaws.ruling",
    "pokerlaws.rules",
    "pokerlaws.rulings",
    "pokerlaws.state",
    "pokerlaws.violations",
}
# Modules of the core that load on first use inside it (the hand tables, the lawbook's data).
CORE_ON_DEMAND = {"pokerlaws._hand_tables", "pokerlaws.lawbook"}

# Every public name API.md fixes, as it spells them (issue 17: each imports from pokerlaws).
API_NAMES = [
    "Card",
    "Rank",
    "Suit",
    "JOKER",
    "standard_deck",
    "shuffled_deck",
    "parse_cards",
    "format_cards",
    "NotationError",
    "HandRules",
    "HandCategory",
    "HandValue",
    "evaluate",
    "Rules",
    "InvalidRules",
    "GameState",
    "Phase",
    "new_game",
    "next_game",
    "apply",
    "apply_or_raise",
    "is_legal",
    "legal_actions",
    "stake_range",
    "Action",
    "Pass",
    "Stand",
    "Straddle",
    "DeclineStraddle",
    "Discard",
    "Stake",
    "Shuffle",
    "Redeal",
    "RuleViolation",
    "IllegalActionError",
    "GameRecord",
    "record",
    "replay",
    "IllegalRecord",
    "format_record",
    "parse_record",
    "to_json",
    "from_json",
    "json_schema",
    "to_data",
    "from_data",
    "view",
    "PlayerView",
    "start_sitting",
    "play",
    "deal_next",
    "join",
    "leave",
    "buy_chips",
    "change_rules",
    "settle",
    "sitting_view",
    "record_sitting",
    "replay_sitting",
    "SittingTerms",
    "Sitting",
    "ActionSpace",
    "observation",
    "Policy",
    "simulate",
    "SimulationResult",
    "render_text",
    "render_svg",
    "render_html",
]


def loaded_by(code: str) -> set[str]:
    """The pokerlaws modules (and a few heavy stdlib ones) a fresh interpreter holds after
    running ``code``."""
    probe = (
        f"{code}\nimport sys\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('pokerlaws') "
        "or m in ('json', 'importlib.resources', 'hypothesis')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


def test_import_pokerlaws_loads_the_core_and_no_edge() -> None:
    loaded = loaded_by("import pokerlaws")
    assert loaded - CORE_ON_DEMAND == CORE


def test_an_edge_loads_on_first_use_of_one_of_its_names() -> None:
    loaded = loaded_by("import pokerlaws\npokerlaws.GameRecord")
    assert "pokerlaws.records.game" in loaded
    assert not any(m.startswith("pokerlaws.sitting") for m in loaded)
    assert "json" not in loaded


# The other commands' code and what only it uses: `check` and `replay` run in a few hundred
# subprocesses of the test suite, and a referee's start should not pay for the demo's narrator,
# the match's seat protocol or the replay page (issue 33); nor, for a game's record in text,
# for the sitting's reader or the JSON codecs.
NOT_FOR_REFEREEING = {
    "pokerlaws.bots",
    "pokerlaws.cli.demo",
    "pokerlaws.cli.match",
    "pokerlaws.cli.play",
    "pokerlaws.cli.serve",
    "pokerlaws.render.html",
    "pokerlaws.seats",
    "pokerlaws.simulation",
}
NOT_FOR_A_GAME_IN_TEXT = {
    "pokerlaws.cli.sitting",
    "pokerlaws.records.jsonio",
    "pokerlaws.sitting.record",
}
SHORT = ROOT / "tests" / "golden" / "short.record"


def command_loads(*args: str) -> tuple[int, set[str]]:
    """The exit status of ``pokerlaws ARGS`` run in a fresh interpreter, and the modules of
    the package it then holds (what it prints is thrown away)."""
    probe = (
        "import contextlib, io, sys\n"
        "from pokerlaws.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        status = main({list(args)!r})\n"
        "    except SystemExit as done:\n"
        "        status = done.code\n"
        "print(status, *(m for m in sys.modules if m.startswith('pokerlaws')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    return int(out[0]), set(out[1:])


@pytest.mark.parametrize(
    "args",
    [
        ("check", str(SHORT)),
        ("check", "--json", str(SHORT)),
        ("replay", str(SHORT)),
        ("check", "--example", "peel"),
        ("--help",),
        ("check", "--help"),
    ],
)
def test_check_and_replay_load_none_of_the_other_commands(args: tuple[str, ...]) -> None:
    status, loaded = command_loads(*args)
    assert status == 0
    assert "pokerlaws.cli.main" in loaded
    assert loaded & (NOT_FOR_REFEREEING | NOT_FOR_A_GAME_IN_TEXT) == set()


def test_each_command_loads_its_own_code_when_run(tmp_path: Path) -> None:
    # The other side of the pins above: the imports put off are reached when needed.
    status, loaded = command_loads("hands")
    assert (status, loaded & NOT_FOR_REFEREEING) == (0, set())
    sitting = tmp_path / "sitting.record"
    status, loaded = command_loads(
        "demo", "--games", "1", "--players", "2", "--record", str(sitting)
    )
    assert status == 0
    assert "pokerlaws.cli.demo" in loaded
    status, loaded = command_loads("check", str(sitting))
    assert status == 0
    assert loaded & NOT_FOR_A_GAME_IN_TEXT == NOT_FOR_A_GAME_IN_TEXT
    assert loaded & NOT_FOR_REFEREEING == set()
    game = tmp_path / "game.json"
    game.write_text(pl.to_json(pl.parse_record(SHORT.read_text("utf-8"))), "utf-8")
    status, loaded = command_loads("check", str(game))
    assert status == 0
    assert "pokerlaws.records.jsonio" in loaded


def test_every_api_name_imports_from_the_top_level() -> None:
    missing = [name for name in API_NAMES if not hasattr(pl, name)]
    assert not missing
    assert set(API_NAMES) <= set(pl.__all__)


def test_an_edge_package_is_an_attribute_that_loads_on_first_use() -> None:
    loaded = loaded_by("import pokerlaws\npokerlaws.bots.peel_bot")
    assert "pokerlaws.bots" in loaded
    assert "pokerlaws.pettingzoo" not in loaded


def test_every_name_of_all_resolves_and_is_listed_by_dir() -> None:
    for name in pl.__all__:
        assert getattr(pl, name) is not None, name
    assert set(pl.__all__) <= set(dir(pl))


# Run in a fresh interpreter: prints the names dir() lists that are not public, and the
# names of __all__ it leaves out, before and after every name is used (which loads the edges).
DIR_PROBE = """
import importlib, importlib.util, sys
m = importlib.import_module(sys.argv[1])
def public(n):
    if n in m.__all__ or (n.startswith("__") and n.endswith("__")):
        return True
    # Any other name must be a submodule; found, not imported: an edge such as pettingzoo
    # needs its extra (numpy) to import, and the default suite runs without it.
    return importlib.util.find_spec(f"{m.__name__}.{n}") is not None
def check():
    print([n for n in dir(m) if n.startswith("_") and not n.startswith("__") or not public(n)],
          sorted(set(m.__all__) - set(dir(m))))
check()
for n in m.__all__:
    getattr(m, n)
check()
"""


@pytest.mark.parametrize("package", ["pokerlaws", "pokerlaws.records", "pokerlaws.sitting"])
def test_dir_lists_only_public_names(package: str) -> None:
    """dir() of a package offers what a reader may use: its __all__, its public submodules
    and the module's dunders; not what its __init__ imports for its own use (sys,
    TYPE_CHECKING, the lazy loader), before or after the edges load."""
    out = subprocess.run(
        [sys.executable, "-c", DIR_PROBE, package], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == ["[] []", "[] []"]


def test_dir_of_pokerlaws_hides_its_own_imports() -> None:
    """The names the issue found in dir(pokerlaws) are gone; the edges are still offered."""
    names = dir(pl)
    for helper in ("sys", "TYPE_CHECKING", "exports", "Renamed", "_EDGES", "_lazy_names"):
        assert helper not in names
    assert {"sitting", "bots", "render_svg", "__version__", "__all__", "__name__"} <= set(names)


def test_star_import_gives_every_public_name() -> None:
    loaded = loaded_by(
        "from pokerlaws import *\nimport pokerlaws\n"
        "assert all(n in globals() for n in pokerlaws.__all__)"
    )
    assert "pokerlaws.sitting.record" in loaded


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match=r"'pokerlaws' has no attribute 'Sittng'"):
        _ = pl.Sittng  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match=r"'pokerlaws\.sitting' has no attribute 'x'"):
        _ = pl.sitting.x  # type: ignore[attr-defined]


def values_as_before() -> dict[str, object]:
    """The values tests/data/before-layout.pickle holds, made again by the same steps."""
    rng = random.Random(1891)
    rules = pl.Rules(ante=1, limit=4)
    s = pl.start_sitting(
        rules,
        [("Ann", 50), ("Bob", 50), ("Cy", 50)],
        cut=pl.shuffled_deck(8),
        deck=pl.shuffled_deck(7),
    )
    s = play_games(s, rng, 3)
    s = pl.deal_next(s, deck=pl.shuffled_deck(9))
    game = pl.new_game(rules, (10, 10, 10), dealer=0, deck=pl.shuffled_deck(1))
    refused = pl.apply(game, pl.Stake(seat=1, amount=99))
    assert isinstance(refused, pl.RuleViolation)
    return {
        "sitting": s,
        "sitting_view": pl.sitting_view(s, "Ann"),
        "sitting_record": pl.record_sitting(s),
        "settlement": pl.settle(play_games(s, rng, 0)),
        "game_record": pl.record(s.game),
        "player_view": pl.view(s.game, s.game.to_act if s.game.to_act is not None else 0),
        "illegal_record": pl.IllegalRecord(0, refused),
        "terms": s.terms,
    }


def test_pickles_written_before_the_layout_still_load() -> None:
    """tests/data/before-layout.pickle was written by 0.1.0's modules (pokerlaws.sitting,
    pokerlaws.sitting_view, pokerlaws.sitting_table, pokerlaws.sitting_record,
    pokerlaws.records, pokerlaws.views); each value loads equal to the same value made now."""
    old = pickle.loads((ROOT / "tests" / "data" / "before-layout.pickle").read_bytes())
    new = values_as_before()
    assert old.keys() == new.keys()
    for key, value in new.items():
        if isinstance(value, pl.IllegalRecord):
            assert (old[key].index, old[key].violation) == (value.index, value.violation)
        else:
            assert old[key] == value, key


def test_old_module_names_are_the_new_modules() -> None:
    import pokerlaws.sitting_view  # type: ignore[import-not-found]

    import pokerlaws.sitting.view

    assert sys.modules["pokerlaws.sitting_view"] is pokerlaws.sitting.view
    assert pokerlaws.sitting.view.__spec__ is not None
    assert pokerlaws.sitting.view.__spec__.name == "pokerlaws.sitting.view"
    # The old module's name is also a function's: the function keeps the name, as in 0.1.0.
    assert pl.sitting_view is pokerlaws.sitting.view.sitting_view


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_module(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module an ``from X import ...`` names, a relative one (``from .x import y``,
    ``from .. import z``) resolved against ``importer``'s package."""
    if node.level == 0:
        return node.module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The pokerlaws modules the module at ``path`` imports (see :func:`imports_in`)."""
    text = path.read_text("utf-8")
    return imports_in(text, module_name(path), path.name == "__init__.py", modules)


def imports_in(text: str, importer: str, is_package: bool, modules: set[str]) -> set[str]:
    """The pokerlaws modules the source ``text`` of ``importer`` imports, at its top or
    inside a function (an import put off is still a dependency), absolute or relative,
    leaving out ``if TYPE_CHECKING:`` blocks, which only mypy reads. ``from pokerlaws import
    x`` is an import of the submodule ``pokerlaws.x`` where there is one, else of the
    package's ``__init__``."""
    tree = ast.parse(text)
    skipped = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = imported_module(node, importer, is_package)
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in modules else module)
    return {name for name in found if name in modules and name != importer}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package, mapped to the modules of the package it imports."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: imports_of(path, set(paths)) for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` (Tarjan's algorithm) that hold a
    circle: more than one node, or a node that points to itself; each sorted, in order."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = lowest[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                lowest[node] = min(lowest[node], lowest[nxt])
            elif nxt in on_stack:
                lowest[node] = min(lowest[node], index[nxt])
        if lowest[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found)


def described(found: list[list[str]], graph: dict[str, set[str]]) -> str:
    """Each circle with the imports that close it, for the failure's message."""
    return "\n".join(
        " ; ".join(f"{a} -> {b}" for a in component for b in sorted(graph[a]) if b in component)
        for component in found
    )


def test_circles_finds_every_strongly_connected_component() -> None:
    graph = {
        "a": {"b"},
        "b": {"c", "d"},
        "c": {"a"},
        "d": {"e"},
        "e": {"d"},
        "f": {"f"},
        "g": {"a"},
    }
    assert circles(graph) == [["a", "b", "c"], ["d", "e"], ["f"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_imports_in_reads_relative_and_put_off_imports_but_not_type_checking() -> None:
    text = (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "from . import draw\n"
        "from ..engine import apply\n"
        "from pokerlaws import ruling, apply\n"
        "def later():\n"
        "    import pokerlaws.render.svg\n"
        "if TYPE_CHECKING:\n"
        "    from pokerlaws.sitting import model\n"
    )
    found = imports_in(text, "pokerlaws.laws.say", False, set(import_graph()))
    assert found == {
        "pokerlaws",
        "pokerlaws.engine",
        "pokerlaws.laws.draw",
        "pokerlaws.render.svg",
        "pokerlaws.ruling",
    }
    # In a package's __init__, one dot is the package itself.
    assert imports_in("from . import say", "pokerlaws.laws", True, {"pokerlaws.laws.say"}) == {
        "pokerlaws.laws.say"
    }


# The one kind of import that may point back up: the display hooks a notebook or print()
# calls on a value (GameState._repr_svg_, PlayerView.__str__ and ._repr_svg_), which draw it
# with the render edge. They import it inside the method, so the core never loads it by
# itself; every other import, put off or not, must point down the layers.
DISPLAY_HOOKS = {
    ("pokerlaws.state", "pokerlaws.render.svg"),
    ("pokerlaws.views", "pokerlaws.render.svg"),
    ("pokerlaws.views", "pokerlaws.render.text"),
}


def test_no_module_imports_itself_round_a_circle() -> None:
    graph = import_graph()
    for importer, imported in DISPLAY_HOOKS:
        assert imported in graph[importer], f"a display hook is gone: {importer} -> {imported}"
        graph[importer].discard(imported)
    found = circles(graph)
    assert not found, described(found, graph)


# Imports between two packages (or a package and a module of the top) that point back up
# against another import between the same two: each is allowed by name, with why.
LAYER_CROSSINGS = {
    # records.jsonio is the one JSON face of every value, a sitting's too, so its sitting
    # codecs read the sitting's classes; the sitting, in turn, keeps its games as game
    # records, written in the records' notation.
    ("pokerlaws.records._sitting_json", "pokerlaws.sitting.model"): "the sitting's JSON",
    ("pokerlaws.records._sitting_json", "pokerlaws.sitting.record"): "the sitting's JSON",
    ("pokerlaws.records._sitting_json", "pokerlaws.sitting.table"): "the sitting's JSON",
    ("pokerlaws.records._sitting_json", "pokerlaws.sitting.view"): "the sitting's JSON",
    # `python -m pokerlaws.service` runs the `serve` command, which starts the service; a
    # __main__ is run, never imported, so no module of the service loads the command line.
    ("pokerlaws.service.__main__", "pokerlaws.cli.serve"): "python -m pokerlaws.service",
}


def layer(module: str) -> str:
    """The package a module belongs to, for the layers' graph: ``pokerlaws.laws.say`` is in
    ``pokerlaws.laws``; a module of the top (``pokerlaws.engine``) is a layer of its own."""
    return ".".join(module.split(".")[:2])


def layers_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    layers: dict[str, set[str]] = {}
    for importer, imported in graph.items():
        into = layers.setdefault(layer(importer), set())
        into |= {layer(name) for name in imported} - {layer(importer)}
    return layers


def test_no_package_imports_itself_round_a_circle() -> None:
    """The layers read downwards too: a module of a package that imports a module which
    imports that package back (laws/rulings.py, which imported the engine, which imports
    every module of laws/) is a circle of the core's layers even where no single module
    is on one."""
    graph = import_graph()
    for importer, imported in DISPLAY_HOOKS | set(LAYER_CROSSINGS):
        assert imported in graph[importer], f"an allowed import is gone: {importer} -> {imported}"
        graph[importer].discard(imported)
    found = circles(layers_graph(graph))
    crossings = [
        f"{importer} -> {imported}"
        for component in found
        for importer, names in sorted(graph.items())
        for imported in sorted(names)
        if layer(importer) != layer(imported)
        and {layer(importer), layer(imported)} <= {*component}
    ]
    assert not found, f"{found}: {crossings}"


def test_no_module_passes_600_lines_but_the_lawbook() -> None:
    long = {
        module_name(p): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text("utf-8").splitlines())) > 600 and p.name != "lawbook.py"
    }
    assert not long
