"""The engine's source read as a newcomer reads it: short functions, modules imported by
their names, and no import circle between the modules of one ruleset."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "bouts" / "engine"
MAX_LINES = 80
RULESETS = sorted(p.name for p in ENGINE.iterdir() if (p / "RULES.md").exists())


def modules():
    return sorted(ENGINE.rglob("*.py"))


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def test_no_function_is_longer_than_eighty_lines():
    long = []
    for path in modules():
        for node in ast.walk(tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                name = f"{path.relative_to(ENGINE)} {node.name}"
                if length > MAX_LINES:
                    long.append(f"{name} ({length} lines)")
    assert long == []


def test_no_module_is_imported_under_a_short_alias():
    short = []
    for path in modules():
        for node in ast.walk(tree(path)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.asname and len(alias.asname) <= 3:
                        short.append(f"{path.relative_to(ENGINE)}: {alias.name} as {alias.asname}")
    assert short == []


def sibling_imports(package: Path, path: Path) -> set[str]:
    """The modules of ``package`` that ``path`` imports when it is loaded."""
    names = {p.stem for p in package.glob("*.py")}
    found = set()
    for node in tree(path).body:  # module level: an import inside a function is lazy
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is None:
                found |= {alias.name for alias in node.names if alias.name in names}
            elif node.module.split(".")[0] in names:
                found.add(node.module.split(".")[0])
    found.discard(path.stem)
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_import_circle_between_a_rulesets_modules(ruleset):
    package = ENGINE / ruleset
    graph = {p.stem: sibling_imports(package, p) for p in package.glob("*.py")}
    graph.pop("__init__", None)
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for imported in sorted(graph.get(name, ())):
            visit(imported, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
