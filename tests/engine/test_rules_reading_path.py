"""Each ruleset's RULES.md walks a newcomer through one round ("read in this order"):
every function, class and module it names there exists, so the walk stays true as the
code changes."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "bouts" / "engine"
RULESETS = sorted(p.name for p in ENGINE.iterdir() if (p / "RULES.md").exists())
NAME = re.compile(r"`([A-Za-z_][A-Za-z0-9_.]*)`")


def reading_path(ruleset: str) -> str:
    """The paragraph of RULES.md that starts the walk through one round."""
    text = (ENGINE / ruleset / "RULES.md").read_text()
    start = text.index("read in this order")
    end = text.find("\n\n", start)
    return text[start : end if end != -1 else None]


def namespaces(ruleset: str) -> dict[str, object]:
    """The ruleset's modules and the engine's shared ones, by name, and their classes."""
    found: dict[str, object] = {}
    for path in sorted((ENGINE / ruleset).glob("*.py")) + sorted(ENGINE.glob("*.py")):
        if path.stem.startswith("__") or path.stem in found:
            continue
        package = f"bouts.engine.{ruleset}" if path.parent.name == ruleset else "bouts.engine"
        module = importlib.import_module(f"{package}.{path.stem}")
        found[path.stem] = module
        for name, value in vars(module).items():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                found.setdefault(name, value)
    return found


def has(owner, attribute: str) -> bool:
    """Whether a module or class holds ``attribute`` (a slot or field counts)."""
    if hasattr(owner, attribute):
        return True
    if inspect.isclass(owner):
        for klass in owner.__mro__:
            if attribute in getattr(klass, "__slots__", ()):
                return True
            if attribute in getattr(klass, "__annotations__", {}):
                return True
    return False


def exists(name: str, ruleset: str, known: dict[str, object]) -> bool:
    if name.endswith(".py"):
        return (ENGINE / ruleset / name).exists() or any(
            (ENGINE.parents[1] / "tests" / "engine" / ruleset).glob(name)
        )
    first, _, rest = name.partition(".")
    if rest:  # module.name, Class.method, or a module's state: state.next
        owner = known.get(first)
        if owner is None:
            return False
        classes = [value for value in vars(owner).values() if inspect.isclass(value)]
        return has(owner, rest) or (
            inspect.ismodule(owner) and any(has(klass, rest) for klass in classes)
        )
    return name in known or any(has(owner, name) for owner in known.values())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_name_on_the_reading_path_exists(ruleset):
    known = namespaces(ruleset)
    names = NAME.findall(reading_path(ruleset))
    assert names, "the reading path names the functions to read"
    missing = [name for name in names if not exists(name, ruleset, known)]
    assert missing == []
