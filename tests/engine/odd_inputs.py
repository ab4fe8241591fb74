"""What the rulesets' side_for_bout tests share: values of odd types that a normality
check must turn away, the answer-or-error of a call, and the containers of a value."""

from __future__ import annotations


class Str(str):
    pass


class Int(int):
    pass


class Dict(dict):
    pass


class List(list):
    pass


class BadIndex(int):
    def __index__(self):
        raise RuntimeError("no index")


def outcome(call, value):
    """The answer, or the error's type, field and text."""
    try:
        return "ok", call(value)
    except Exception as exc:  # compared, not handled
        return type(exc).__name__, getattr(exc, "field", None), str(exc)


def containers(value, found: set) -> set:
    """The ids of every dict and list in ``value``."""
    if isinstance(value, dict):
        found.add(id(value))
        for item in value.values():
            containers(item, found)
    elif isinstance(value, list):
        found.add(id(value))
        for item in value:
            containers(item, found)
    return found
