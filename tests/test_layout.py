"""pyengine's folders say what depends on what (docs/library.md "Where things are").

The import graph is read from the sources (every ``import``, at any depth of a module,
including the ones under ``if TYPE_CHECKING``), so a lazy import inside a function
cannot hide a cycle.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "pyengine"

# What each subpackage may import of pyengine, besides itself.
ALLOWED = {
    "core": set(),
    "players": {"core"},
    "records": {"core", "players"},
    "play": {"core", "players", "records", "measure"},
    "measure": {"core", "players", "records"},
    "cli": {"core", "players", "records", "play", "measure"},
}


def dotted(path: Path, root: Path) -> str:
    """``path``'s module name in the tree ``root`` (``pyengine.core.game``)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def module_name(path: Path) -> str:
    return dotted(path, ROOT)


def imports_in(name: str, path: Path) -> set[str]:
    """What module ``name`` (at ``path``) imports of its own tree, at any depth (a lazy
    import counts; ``from pkg import mod`` counts as pkg.mod)."""
    top = name.split(".")[0]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found |= {f"{mod}.{a.name}" for a in node.names}
    return {m for m in found if m.split(".")[0] == top}


def imports_of(path: Path) -> set[str]:
    """The pyengine modules ``path`` imports."""
    return imports_in(module_name(path), path)


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in ROOT.rglob("*.py")}
    return {name: {m for m in imports_of(p) if m in modules and m != name}
            for name, p in modules.items()}


def group(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_each_folder_imports_only_what_it_may():
    bad = []
    for name, deps in graph().items():
        g = group(name)
        if not g:               # pyengine/__init__: the public names, from everywhere
            continue
        for dep in deps:
            d = group(dep)
            if d and d != g and d not in ALLOWED[g]:
                bad.append(f"{name} imports {dep}")
    assert bad == []


def test_the_engine_never_imports_the_6502_tools():
    bad = [f"{module_name(p)} imports {m}" for p in ROOT.rglob("*.py")
           for m in imports_of(p) if m.startswith("pyengine.tools")]
    bad += [f"{module_name(p)} imports tools" for p in ROOT.rglob("*.py")
            if "tools" in {n.split(".")[0] for n in _plain_imports(p)}]
    assert bad == []


def _plain_imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module)
    return out


def test_no_module_imports_itself_through_others():
    g = {name: deps - {"pyengine"} for name, deps in graph().items() if name != "pyengine"}
    assert cycles_of(g) == []


def test_the_checker_sees_a_cycle_and_a_wrong_way_import(tmp_path, monkeypatch):
    """The three checks above can fail: a fake tree with a cycle and a core -> play import."""
    fake = tmp_path / "pyengine"
    for sub in ("core", "play"):
        (fake / sub).mkdir(parents=True)
        (fake / sub / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "core" / "a.py").write_text("def f():\n    from pyengine.play import b\n")
    (fake / "play" / "b.py").write_text("from pyengine.core import a\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake)
    g = graph()
    assert "pyengine.play.b" in g["pyengine.core.a"]
    try:
        test_each_folder_imports_only_what_it_may()
    except AssertionError:
        pass
    else:
        raise AssertionError("core importing play was not seen")
    try:
        test_no_module_imports_itself_through_others()
    except AssertionError:
        pass
    else:
        raise AssertionError("the cycle core.a -> play.b -> core.a was not seen")


# --- pyengine/core after game.py's split (issue 26) ---------------------------------

# What pyengine.core.game exported before the split (every name a module or test of the
# project imported from it), each now at home in the module that says what it is
GAME_NAMES = {
    "Action": "actions", "BidAction": "actions", "DeclareAction": "actions",
    "DefendAction": "actions", "DiscardAction": "actions", "JokerSuitAction": "actions",
    "PlayAction": "actions", "RedealAction": "actions", "IllegalAction": "actions",
    "PLAY_ACTIONS": "actions", "DISCARD_ACTIONS": "actions", "PASS_ACTION": "actions",
    "BID6_ACTIONS": "actions", "ACTION_TYPES": "actions", "bid_action": "actions",
    "Phase": "phase", "BID_PHASES": "phase", "SeatView": "seatview",
    "SEAT_NAMES": "seatview", "team_of": "seatview", "partner_of": "seatview",
    "TRICKS_PER_HAND": "position", "FARMERS_HAND": "position",
    "NO_ACE_NO_FACE_NO_TRUMP": "position", "GameState": "game",
}

# The game's modules in the order they build on each other: each imports only those
# before it (never one after it, not even for type hints)
CORE_ORDER = ("phase", "actions", "seatview", "explain", "observation", "position",
              "moves", "game", "liveview")
MAX_LINES = 500     # the brief: a file past ~500 lines usually holds two concerns


def test_the_split_keeps_every_name_of_core_game():
    import importlib

    game = importlib.import_module("pyengine.core.game")
    for name, home in GAME_NAMES.items():
        module = importlib.import_module(f"pyengine.core.{home}")
        assert getattr(game, name) is getattr(module, name), name


def test_the_games_modules_build_on_each_other_one_way():
    g = graph()
    bad = []
    for i, name in enumerate(CORE_ORDER):
        for dep in g[f"pyengine.core.{name}"]:
            short = dep.removeprefix("pyengine.core.")
            if short in CORE_ORDER[i:]:
                bad.append(f"{name} imports {short}")
    assert bad == []


def test_no_core_module_is_past_the_size_of_one_concern():
    long = {p.name: n for p in (ROOT / "core").glob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


# --- tools/ by concern (issue 26, item 4) ----------------------------------------------

TOOLS = ROOT.parent / "tools"
# Each concern of the 6502 toolchain in a folder that says so (tools/README.md lists them)
TOOL_FOLDERS = {"program", "machine", "gamecore", "frontend", "vice", "mutation", "commands"}


def tool_modules(root: Path) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (``tools.machine.harness``)."""
    return {dotted(p, root): p for p in sorted(root.rglob("*.py"))}


def tool_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the tree it imports (packages' __init__ left out: they
    import nothing, and importing a module through its package is not a cycle)."""
    modules = tool_modules(root)
    return {name: {m for m in imports_in(name, p) if m in modules and m != name
                   and modules[m].name != "__init__.py"}
            for name, p in modules.items() if p.name != "__init__.py"}


def cycles_of(g: dict[str, set[str]]) -> list[str]:
    """Every import cycle a depth-first walk of ``g`` meets, as 'a -> b -> a'."""
    cycles: list[str] = []
    state: dict[str, int] = {}      # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(g.get(node, ())):
            if state.get(dep) == 1:
                cycles.append(" -> ".join(path[path.index(dep):] + [dep]))
            elif dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for node in sorted(g):
        if node not in state:
            visit(node, [node])
    return cycles


def test_tools_has_a_folder_per_concern_and_no_loose_module():
    folders = {p.name for p in TOOLS.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert folders == TOOL_FOLDERS
    assert sorted(p.name for p in TOOLS.glob("*.py")) == ["__init__.py"]
    readme = (TOOLS / "README.md").read_text()
    assert [f for f in sorted(TOOL_FOLDERS) if f"{f}/" not in readme] == []


def test_every_tools_folder_is_installed():
    """A folder the wheel does not list is missing from the installed ``euchre``."""
    import tomllib

    project = tomllib.loads((ROOT.parent / "pyproject.toml").read_text())
    packages = set(project["tool"]["setuptools"]["packages"])
    assert {f"pyengine.tools.{f}" for f in TOOL_FOLDERS} - packages == set()


def test_no_tools_module_imports_itself_through_others(root: Path = TOOLS):
    assert cycles_of(tool_graph(root)) == []


def test_every_tools_module_says_what_it_is_and_holds_one_concern(root: Path = TOOLS):
    no_doc = [n for n, p in tool_modules(root).items()
              if not (ast.get_docstring(ast.parse(p.read_text())) or "").strip()]
    long = {n: k for n, p in tool_modules(root).items()
            if (k := len(p.read_text().splitlines())) > MAX_LINES}
    assert (no_doc, long) == ([], {})


def test_the_tools_checks_see_a_cycle_a_long_module_and_a_missing_docstring(tmp_path):
    fake = tmp_path / "tools"
    for sub in ("a", "b"):
        (fake / sub).mkdir(parents=True)
        (fake / sub / "__init__.py").write_text('"""A folder."""\n')
    (fake / "__init__.py").write_text('"""The tree."""\n')
    # a lazy import inside a function still closes the circle
    (fake / "a" / "one.py").write_text('"""One."""\n\n\ndef f():\n    from ..b import two\n')
    (fake / "b" / "two.py").write_text('"""Two."""\nfrom ..a.one import f\n')
    assert cycles_of(tool_graph(fake)) == ["tools.a.one -> tools.b.two -> tools.a.one"]
    with pytest.raises(AssertionError):
        test_no_tools_module_imports_itself_through_others(fake)
    (fake / "b" / "two.py").write_text('"""Two, no longer importing one."""\n')
    test_no_tools_module_imports_itself_through_others(fake)
    (fake / "b" / "three.py").write_text("x = 1\n" * (MAX_LINES + 1))
    with pytest.raises(AssertionError):
        test_every_tools_module_says_what_it_is_and_holds_one_concern(fake)
    (fake / "b" / "three.py").write_text('"""Three."""\n')
    test_every_tools_module_says_what_it_is_and_holds_one_concern(fake)
    (fake / "b" / "four.py").write_text("x = 1\n")
    with pytest.raises(AssertionError):
        test_every_tools_module_says_what_it_is_and_holds_one_concern(fake)
