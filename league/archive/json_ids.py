"""Ids inside JSON columns, swapped for archive keys and back (pure Python).

A few columns hold row ids in their JSON: an event's weekly matchmaking notes
(``pairs[].red``/``blue``, ``out[].fighter``), a season break's ``retire_due[].
fighter``. The archive carries archive keys there instead (docs/archive.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping


def _swap(entry, fields, lookup: Callable, missing: list) -> dict:
    if not isinstance(entry, dict):
        missing.append(entry)
        return entry
    out = dict(entry)
    for name in fields:
        if out.get(name) is not None:
            found = lookup(out[name])
            if found is None:
                missing.append(out[name])
            out[name] = found
    return out


def remap_matchmaking(notes, lookup: Callable, missing: list):
    """``notes`` with its fighters swapped through ``lookup`` (None: unknown,
    noted in ``missing``)."""
    if not isinstance(notes, Mapping) or not notes:
        return notes
    out = dict(notes)
    if isinstance(notes.get("pairs"), list):
        out["pairs"] = [_swap(p, ("red", "blue"), lookup, missing) for p in notes["pairs"]]
    if isinstance(notes.get("out"), list):
        out["out"] = [_swap(p, ("fighter",), lookup, missing) for p in notes["out"]]
    return out


def remap_fighter_list(entries, lookup: Callable, missing: list):
    """A list of ``{"fighter": …}`` objects with its fighters swapped."""
    if not isinstance(entries, list):
        missing.append(entries)
        return []
    return [_swap(e, ("fighter",), lookup, missing) for e in entries]
