"""Checking an archive's shape before anything is written: pure Python.

``archive_problems`` reads the whole archive and returns every problem it finds
(up to ``MAX_PROBLEMS``), each naming its place — ``"bouts[12].red: no fighter
'F9' in this archive"`` — so a person can find it in the file. It checks the
format and version, that every list holds objects, that keys are present and
unique, and that every reference resolves to an item of the archive. Whether
the values themselves are valid (a weight class, a date, a card) is the
models' and the rulesets' to say: the import runs ``full_clean`` on every row
and names the item the same way.
"""

from __future__ import annotations

from collections.abc import Mapping

from .format import FORMAT, LEAGUE, SECTIONS, SUPPORTED_VERSIONS, TOP_LEVEL, USER, Section

MAX_PROBLEMS = 20
USERNAME_MAX = 150


class Problems(list):
    """Problems found so far (strings), stopping at ``MAX_PROBLEMS``."""

    def add(self, where: str, message: str) -> None:
        if len(self) < MAX_PROBLEMS:
            self.append(f"{where}: {message}")

    @property
    def full(self) -> bool:
        return len(self) >= MAX_PROBLEMS


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def archive_keys(data: Mapping) -> dict[str, set]:
    """Every key an item of each kind has in ``data`` (lists assumed well formed)."""
    keys: dict[str, set] = {}

    def collect(section: Section, items) -> None:
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, dict):
                continue
            key = item.get(section.key) if section.kind else None
            if isinstance(key, str | int):
                keys.setdefault(section.kind, set()).add(key)
            for name, child in section.children.items():
                collect(child, item.get(name))

    for name, section in SECTIONS.items():
        collect(section, data.get(name))
    return keys


def _check_ref(problems: Problems, where: str, value, kind: str, keys: dict[str, set]) -> None:
    nullable = kind.endswith("?")
    kind = kind.rstrip("?")
    if value is None:
        if not nullable:
            problems.add(where, "is required")
        return
    if kind == USER:
        if not isinstance(value, str) or not value or len(value) > USERNAME_MAX:
            problems.add(where, f"{_show(value)} is not a username")
        return
    if not isinstance(value, str | int) or value not in keys.get(kind, ()):
        label = kind.replace("_", " ")
        problems.add(where, f"no {label} {_show(value)} in this archive")


def _check_item(problems, where: str, item, section: Section, keys, seen: dict) -> None:
    if not isinstance(item, dict):
        problems.add(where, "must be an object")
        return
    if section.kind:
        key = item.get(section.key)
        if key is None or not isinstance(key, str | int) or key == "":
            problems.add(f"{where}.{section.key}", "is required")
        elif key in seen.setdefault(section.kind, set()):
            problems.add(f"{where}.{section.key}", f"{_show(key)} is used twice")
        else:
            seen[section.kind].add(key)
    for name, kind in section.refs.items():
        if name not in item and not kind.endswith("?"):
            problems.add(f"{where}.{name}", "is required")
            continue
        _check_ref(problems, f"{where}.{name}", item.get(name), kind, keys)
    for name, kind in section.lists.items():
        values = item.get(name, [])
        if not isinstance(values, list):
            problems.add(f"{where}.{name}", "must be a list")
            continue
        for n, value in enumerate(values):
            _check_ref(problems, f"{where}.{name}[{n}]", value, kind, keys)
        if len(set(map(str, values))) != len(values):
            problems.add(f"{where}.{name}", "names an item twice")
    for name, child in section.children.items():
        _check_list(problems, f"{where}.{name}", item.get(name, []), child, keys, seen)
    for name, child in section.one.items():
        value = item.get(name)
        if value is not None:
            _check_item(problems, f"{where}.{name}", value, child, keys, seen)


def _check_list(problems, where: str, items, section: Section, keys, seen: dict) -> None:
    if not isinstance(items, list):
        problems.add(where, "must be a list")
        return
    for n, item in enumerate(items):
        if problems.full:
            return
        _check_item(problems, f"{where}[{n}]", item, section, keys, seen)


def archive_problems(data) -> list[str]:
    """Everything wrong with ``data``'s shape and references (empty: it may be
    imported, its values still to be checked by the models)."""
    problems = Problems()
    if not isinstance(data, dict):
        problems.add("archive", "must be a JSON object")
        return problems
    if data.get("format") != FORMAT:
        problems.add("format", f"must be {FORMAT!r} (is this a Ringside league archive?)")
        return problems
    version = data.get("version")
    if version not in SUPPORTED_VERSIONS:
        supported = ", ".join(map(str, SUPPORTED_VERSIONS))
        problems.add("version", f"{_show(version)} is not a version this site reads ({supported})")
        return problems
    if data.get("complete") is not True:
        problems.add(
            "complete",
            "this archive was made without its private parts (seeds and plans of bouts not "
            "yet fought, standing plans): only a complete archive, exported by staff, imports",
        )
    for name in sorted(set(data) - set(TOP_LEVEL)):
        problems.add(name, "is not a part of a league archive")
    if not isinstance(data.get("league"), dict):
        problems.add("league", "is required (an object)")
    for name in SECTIONS:
        if not isinstance(data.get(name, []), list):
            problems.add(name, "must be a list")
    if problems:
        return problems
    keys = archive_keys(data)
    seen: dict[str, set] = {}
    _check_item(problems, "league", data["league"], LEAGUE, keys, seen)
    for name, section in SECTIONS.items():
        _check_list(problems, name, data.get(name, []), section, keys, seen)
    return problems
