"""Which line of a plan a side fought a round with, read from what the engine exposes.

The engines record, for each round and side, the *label* of what the corner did:
WeBL's line (``"6H/4/5 (inside)"``, the ``plan`` key of the round's statistics), Title
Bout's strategy and style (``strategy``, ``style``). They do not record the statement's
line number, so the line is found back from the plan's text: the statements that
applied to that round (the engine's own parser, ``bouts.engine.webl.plans``) whose
action is that label. When two statements of the round give the same line, both are
named; a round no statement covered fought the engine's fallback line.
"""

from __future__ import annotations

from bouts.engine import EngineError
from bouts.engine.titlebout.strategy import LABELS as TITLEBOUT_STRATEGIES
from bouts.engine.webl.plans import FALLBACK, Line, parse_plan

# The round statistics' keys that name what a corner did, by ruleset, and how a
# person reads them: WeBL's line is the plan's own language (what the manager
# writes), Title Bout's strategy and style are words.
LABEL_KEYS = ("plan", "strategy", "style")
STYLE_WORDS = {"B": "boxer", "S": "slugger"}


def _label_part(key: str, value: str) -> str:
    if key == "strategy":
        return TITLEBOUT_STRATEGIES.get(value, value.replace("_", " ").capitalize())
    if key == "style":
        return STYLE_WORDS.get(value, value.replace("_", " "))
    return value


def round_label(stats: dict | None) -> str:
    """What the side did this round, as the engine recorded it ("" when nothing):
    WeBL's line (``6H/4/5 (inside)``), or Title Bout's "Work the Body · slugger"."""
    stats = stats or {}
    parts = []
    for key in LABEL_KEYS:
        value = stats.get(key)
        if isinstance(value, str) and value and value != "none":
            parts.append(_label_part(key, value))
    return " · ".join(parts)


class PlanLines:
    """A WeBL plan's statements, parsed once, to name the line behind each round's
    label. Any other plan (or an unreadable one) names no line."""

    def __init__(self, ruleset: str, data):
        self.rules = []
        if ruleset == "webl" and isinstance(data, str) and data.strip():
            try:
                self.rules = parse_plan(data).rules
            except EngineError:
                self.rules = []

    def lines_for(self, round_number: int, label: str) -> list[int]:
        """The line numbers of the statements that could have given ``label`` in
        round ``round_number``: the last unconditional statement in force and the
        conditional ones after it, those whose action is that line."""
        if not self.rules or not label:
            return []
        in_force = [rule for rule in self.rules if rule.start <= round_number]
        last_plain = max((i for i, rule in enumerate(in_force) if rule.test is None), default=None)
        candidates = in_force if last_plain is None else in_force[last_plain:]
        return sorted(
            {
                rule.line_no
                for rule in candidates
                if isinstance(rule.action, Line) and rule.action.label == label
            }
        )

    def is_fallback(self, round_number: int, label: str) -> bool:
        """A round no statement covered: the engine fought its fallback line."""
        return (
            bool(self.rules) and label == FALLBACK.label and not self.lines_for(round_number, label)
        )


def line_words(lines: list[int]) -> str:
    if not lines:
        return ""
    if len(lines) == 1:
        return f"line {lines[0]}"
    return "lines " + ", ".join(str(n) for n in lines)


def plans_by_round(ruleset: str, plans: list[dict], stats: list[dict]) -> list[dict]:
    """The report's "plans at work": per round, for each side, what the engine says
    it fought with and the plan line behind it. ``plans`` is what the viewer may
    read of each side (``bouts.plans.fought_plans``: ``data`` None and a
    "kept private" source for a standing plan he may not see); such a side's rounds
    say "kept private", not its lines. ``stats`` rows are ``{round, red, blue}``
    with RoundStat rows (bouts.views)."""
    by_side = {p["side"]: p for p in plans}
    readers = {}
    for side, plan in by_side.items():
        private = plan["data"] is None and "kept private" in plan["source"]
        readers[side] = None if private else PlanLines(ruleset, plan["data"])
    rows = []
    for stat in stats:
        row = {"round": stat["round"]}
        for side in ("red", "blue"):
            row[side] = _side_cell(readers.get(side, PlanLines(ruleset, None)), stat, side)
        if row["red"] or row["blue"]:
            rows.append(row)
    return rows


def _side_cell(reader, stat: dict, side: str) -> dict | None:
    round_stat = stat.get(side)
    label = round_label(round_stat.stats if round_stat is not None else None)
    if not label:
        return None
    if reader is None:
        return {"private": True}
    lines = reader.lines_for(stat["round"], label)
    return {
        "label": label,
        "lines": line_words(lines),
        "fallback": reader.is_fallback(stat["round"], label),
        "private": False,
        # WeBL's line is the plan's own language: shown as code
        "code": "plan" in (round_stat.stats or {}),
    }
