"""Finds the rulesets: every subpackage of ``bouts.engine`` that exposes ``RULESET``."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .base import Ruleset
from .errors import EngineError
from .result import METHOD_NAMES as BOXING_METHOD_NAMES

# Preferred listing order; any other ruleset package found is listed after these.
_ORDER = ("titlebout", "webl", "pocket", "octagon", "skirmish")


def _discover() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    here = str(Path(__file__).parent)
    names = sorted(m.name for m in pkgutil.iter_modules([here]) if m.ispkg)
    for name in sorted(names, key=lambda n: (_ORDER.index(n) if n in _ORDER else 99, n)):
        module = importlib.import_module(f"{__package__}.{name}")
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, Ruleset):
            found[ruleset.name] = ruleset
    return found


RULESETS: dict[str, Ruleset] = _discover()


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS) or "none"
        raise EngineError(f"unknown ruleset {name!r} (known: {known})") from None


def ruleset_title(name: str) -> str:
    """A ruleset's name as people read it ("Title Bout II"); an unknown key as given."""
    ruleset = RULESETS.get(name)
    return (ruleset.title or ruleset.name) if ruleset is not None else name


def _method_names() -> dict[str, str]:
    names = dict(BOXING_METHOD_NAMES)
    for ruleset in RULESETS.values():
        for method in ruleset.methods:
            names.setdefault(method, ruleset.method_names.get(method, method))
    return names


METHOD_NAMES: dict[str, str] = _method_names()
"""Every registered ruleset's methods in words, one table (the codes do not clash)."""


def method_name(method: str) -> str:
    """A bout's method in words ("Technical knockout"); an unknown code as given."""
    return METHOD_NAMES.get(method, method)
