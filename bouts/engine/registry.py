"""Finds the rulesets: every subpackage of ``bouts.engine`` that exposes ``RULESET``."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .base import Ruleset
from .errors import EngineError

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
