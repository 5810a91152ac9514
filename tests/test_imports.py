"""The import graph of the ``game`` package: no circles, and a rules side without pygame.

The graph is read from the source with :mod:`ast`, not by importing. Every import
counts, wherever it stands: at the top of a module, inside a function (a lazy import
still makes the modules depend on each other, it only delays the failure), under
``if TYPE_CHECKING`` or in a ``try``. ``from . import x`` and ``from .x import y`` are
resolved against the importing module's package; ``from pkg import name`` points at
the submodule ``pkg.name`` when there is one, else at ``pkg`` itself. Importing
``a.b.c`` also runs the ``__init__`` of ``a`` and ``a.b``: those count as edges too,
except the importer's own enclosing packages (already being imported when it runs).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "game"
HEADLESS = ("game.engine", "game.games", "game.ai", "game.remote")


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_package(name: str, modules: dict[str, Path]) -> bool:
    return name in modules and modules[name].name == "__init__.py"


def _imported_names(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Everything the module ``name`` imports (dotted names, inside or outside the package)."""
    package = name if _is_package(name, modules) else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[:len(base) - (node.level - 1)]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in modules else base)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (see the module docstring)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        edges = set()
        for target in _imported_names(name, path, modules):
            parts = target.split(".")
            for i in range(1, len(parts) + 1):           # the packages on the way run too
                step = ".".join(parts[:i])
                if step in modules and step not in own and step != name:
                    edges.add(step)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first == last), or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(graph, WHITE)
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = GREY
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == GREY:
                return stack[stack.index(nxt):] + [nxt]
            if colour.get(nxt) == WHITE:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        colour[node] = BLACK
        return None

    for node in sorted(graph):
        if colour[node] == WHITE:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_graph_sees_every_kind_of_import():
    graph = import_graph()
    # `from game.scenes.tables import table_for` inside a method of the app (a lazy import)
    assert "game.scenes.tables" in graph["game.app"]
    # `from game.games import truco_argentino as ta` names a submodule
    assert "game.games.truco_argentino" in graph["game.scenes.tables.truco_argentino"]
    # importing a submodule runs its package's __init__ too
    assert "game.games" in graph["game.scenes.tables.truco_argentino"]
    # a module is not said to import the packages it lives in
    assert "game.scenes" not in graph["game.scenes.tables.trick_table"]


def test_finds_a_circle_when_there_is_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_circles_in_game():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_layers_point_down():
    """ui never imports scenes; scenes never import the app or the commands."""
    graph = import_graph()
    for name, edges in graph.items():
        if name.startswith("game.ui"):
            assert not any(e.startswith(("game.scenes", "game.app", "game.commands")) for e in edges), name
        if name.startswith("game.scenes"):
            assert not any(e.startswith(("game.app", "game.commands", "game.cli")) for e in edges), name


def test_rules_and_bots_never_import_pygame():
    modules = _modules()
    offenders = []
    for name, path in modules.items():
        if name.startswith(HEADLESS):
            imported = _imported_names(name, path, modules)
            if any(m == "pygame" or m.startswith("pygame.") for m in imported):
                offenders.append(name)
    assert offenders == [], f"these import pygame: {offenders}"
