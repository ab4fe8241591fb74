"""The default plan a corner writes when it sends none (RULES.md, "Default plans"):
``default_rounds`` draws it with the bout's draws and gives it as the bout reads a plan.

Every corner writes four lines (rounds 1-3, 4-6, 7-9, 10 on), each AGG 4-8, POW 5-8, DEF
the rest up to 20 (at most 10), opportunistic (65%), head (17%) or body (18%) targeting,
and very rarely (0.15%) dirty. Better corners fit the style to the matchup
(``average``: half the time, ``good`` and ``excellent``: always; ``poor``: never).
``good`` and ``excellent`` corners add conditional lines: clinch when tired, go for the
finish when the opponent is exhausted, press when behind late; ``excellent`` corners
also protect a lead in the last rounds.
"""

from __future__ import annotations

from math import floor

from .conditions import VARIABLES, environment_builder
from .plans import ENERGY, MAX_ROUND, Line, parse_plan

BLOCKS = (1, 4, 7, 10)  # a default plan changes its line at these rounds
DIRTY_SHARE = 0.0015  # a default line fights dirty this rarely (DQs ~0.2% of bouts)
CORNER_LINES = {
    "poor": (),
    "average": (),
    "good": (
        "if endurance_percent < 35 then 3/6/9 (clinch)",
        "if opp = exhausted then 8H/8/4",
        "if round >= 9 and score < -2 and endurance_percent > 50 then 7H/8/5",
    ),
}
CORNER_LINES["excellent"] = (
    *CORNER_LINES["good"],
    "if round >= 11 and score > 3 then 4/6/9 (ring)",
)
assert BLOCKS == (1, 4, 7, 10) and MAX_ROUND == 15  # default_rounds' table of rounds


def profile_style(me: dict, opp: dict) -> str:
    """The style a corner picks for the matchup ("" = none)."""
    taller = me["hgt"] - opp["hgt"]
    if me["str"] - opp["str"] >= 3 and taller <= 0:
        return "inside"
    if taller >= 3:
        return "outside"
    if me["agl"] - opp["agl"] >= 3:
        return "ring"
    if me["spd"] - opp["spd"] >= 3:
        return "feint"
    return ""


def default_rounds(me: dict, opp: dict, strategy: str, random) -> tuple:
    """The corner's default plan for his fighter ``me`` against ``opp``, drawn with the
    bout's ``random``, as the bout reads a plan: ``(rounds, text, env,
    has_conditions)`` (``Plan.rounds``, ``Plan.text()``, ``Plan.env``,
    ``Plan.has_conditions``: parsing ``text`` gives the same plan; the corners' lines
    never throw the towel)."""
    style = ""
    if strategy != "poor" and (strategy != "average" or random() < 0.5):
        style = profile_style(me, opp)
    corner = _CORNERS.get(strategy) or _corner(strategy)
    conditions, suffix, env, conditional = corner
    first, second, third, fourth = _draw_lines(random, style)
    p1, p2, p3, p4 = (
        (first, conditions),
        (second, conditions),
        (third, conditions),
        (fourth, conditions),
    )
    return (
        # rounds 0 (unused), 1-3, 4-6, 7-9, 10-15 (BLOCKS)
        (_NOTHING, p1, p1, p1, p2, p2, p2, p3, p3, p3, p4, p4, p4, p4, p4, p4),
        f"{first.label}\n4) {second.label}\n7) {third.label}\n10) {fourth.label}{suffix}",
        env,
        conditional,
    )


def _draw_lines(random, style: str) -> list:
    """A default plan's four lines, drawn one after the other: AGG 4-8, POW 5-8 (DEF the
    rest, at most 10), the target (65% opportunistic, 17% head, 18% body), then
    dirty (``DIRTY_SHARE``). Each line is made once for a style (``_REPERTOIRE``, by
    its slot ``(AGG - 4) x 24 + (POW - 5) x 6 + (0, 2 or 4 by target) + dirty``)."""
    lines = _REPERTOIRE.get(style) or _repertoire(style)
    drawn = []
    for _ in BLOCKS:
        # floor() of a positive float is its whole part
        slot = floor(random() * 5.0) * 24 + floor(random() * 4.0) * 6
        target = random()
        if target >= 0.65:
            slot += 2 if target < 0.82 else 4
        if random() < DIRTY_SHARE:
            slot += 1
        drawn.append(lines[slot])
    return drawn


_NOTHING = (None, ())  # round 0 of a plan's rounds: never fought
_TARGETS = ("", "", "H", "H", "B", "B")  # a slot's last part: 0/2/4 by target, +1 dirty
_REPERTOIRE: dict[str, tuple] = {}  # style -> the 120 lines a default plan draws from
# strategy -> (its conditional rules last first, the text after the four lines, what
# its conditions read (Plan.env), it has conditions)
_CORNERS: dict[str, tuple] = {}


def _repertoire(style: str) -> tuple:
    lines = []
    for slot in range(120):
        agg, rest = divmod(slot, 24)
        pow_, rest = divmod(rest, 6)
        agg, pow_ = agg + 4, pow_ + 5
        defence = min(10, ENERGY - agg - pow_)
        lines.append(Line(agg, pow_, defence, _TARGETS[rest], bool(rest & 1), style))
    repertoire = _REPERTOIRE[style] = tuple(lines)
    return repertoire


def _corner(strategy: str) -> tuple:
    """A strategy's conditional lines, parsed once (``default_rounds`` reads them)."""
    texts = CORNER_LINES[strategy]
    rules = tuple(parse_plan(text).rules[0] for text in texts)
    needed = {name for rule in rules for name in rule.needs}
    needs = tuple(name for name in VARIABLES if name in needed)
    # the conditional lines apply from round 1 on: "1) " before the first
    suffix = "".join(f"\n{'1) ' if i == 0 else ''}{text}" for i, text in enumerate(texts)) + "\n"
    corner = _CORNERS[strategy] = (
        tuple(reversed(rules)),
        suffix,
        environment_builder(needs),
        bool(rules),
    )
    return corner
