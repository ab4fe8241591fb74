"""Counts in words, as pages and messages write them: ``1 bout``, ``2 bouts``."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that agrees with it (``plural``: ``singular`` + "s")."""
    if count == 1:
        return f"{count} {singular}"
    return f"{count} {plural or singular + 's'}"
