"""Plain-text renderings of bout results (for the management commands) and a
structural diff of two results (for replays). Pure Python."""

from __future__ import annotations

from bouts.engine.result import DECISIONS

_MISSING = object()


def first_difference(recorded, replayed, path: str = "") -> str | None:
    """The path and values of the first place two JSON values differ, in a
    stable order (dict keys sorted), or ``None`` when they are equal."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed), key=str):
            here = f"{path}.{key}" if path else str(key)
            a, b = recorded.get(key, _MISSING), replayed.get(key, _MISSING)
            if a is _MISSING:
                return f"{here}: missing from the recorded result, replay has {b!r}"
            if b is _MISSING:
                return f"{here}: recorded {a!r}, missing from the replay"
            found = first_difference(a, b, here)
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for index, (a, b) in enumerate(zip(recorded, replayed)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        if len(recorded) != len(replayed):
            return f"{path}: recorded {len(recorded)} items, replay has {len(replayed)}"
        return None
    if recorded != replayed or type(recorded) is not type(replayed):
        return f"{path or 'result'}: recorded {recorded!r}, replay has {replayed!r}"
    return None


def result_lines(result: dict, *, red: str, blue: str) -> list[str]:
    """A result as a few lines: the decision, then each judge's card total."""
    winner = result.get("winner")
    method = result.get("method")
    where = f"in round {result.get('round')} at {result.get('time')}"
    if winner in ("red", "blue"):
        won, lost = (red, blue) if winner == "red" else (blue, red)
        if method in DECISIONS:
            head = f"{won} def. {lost} by {method} after {result.get('round')} rounds"
        else:
            head = f"{won} def. {lost} by {method} {where}"
    else:
        head = f"{red} and {blue}: {method} {where}"
    lines = [head]
    judges = result.get("judges") or []
    for index, card in enumerate(result.get("scorecards") or []):
        name = judges[index] if index < len(judges) else f"Judge {index + 1}"
        red_total = sum(r for r, _ in card)
        blue_total = sum(b for _, b in card)
        lines.append(f"  {name}: {red_total}-{blue_total}")
    for knockdown in result.get("knockdowns") or []:
        down = red if knockdown.get("fighter") == "red" else blue
        lines.append(f"  knockdown: {down} in round {knockdown.get('round')}")
    for injury in result.get("injuries") or []:
        hurt = red if injury.get("fighter") == "red" else blue
        lines.append(
            f"  injury: {hurt}, {injury.get('type')} (severity {injury.get('severity')}) "
            f"in round {injury.get('round')}"
        )
    return lines
