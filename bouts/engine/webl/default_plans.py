"""The default plans a corner writes when it sends none (RULES.md, "Default plans").

``default_plan_key`` draws the corner's choices with the bout's rng; ``plan_for_key``
builds the plan without parsing text; ``fast_default_plan`` (the bout's path:
``default_rounds``) makes the same draws and builds the same plan from ready-made
tables. The four lines are drawn in one place, ``_draw_lines``.
"""

from __future__ import annotations

from math import floor

from .conditions import VARIABLES, environment_builder
from .plans import ENERGY, MAX_ROUND, Line, Plan, Rule, parse_plan

GENERIC_PLAN = "5/7/8"


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


BLOCKS = (1, 4, 7, 10)  # a default plan changes its line at these rounds
DIRTY_SHARE = 0.0015  # a default line fights dirty this rarely (DQs ~0.2% of bouts)


_REPERTOIRE: dict[tuple, Line] = {}  # the default lines, made once each


def default_plan_key(me: dict, opp: dict, strategy: str, rng) -> tuple:
    """The corner's choices for its default plan, drawn with the bout's ``rng``:
    ``(strategy, Line for rounds 1-3, 4-6, 7-9, 10-)``."""
    random = rng.random
    style = ""
    if strategy != "poor" and (strategy != "average" or random() < 0.5):
        style = profile_style(me, opp)
    # each entry: ((line, the strategy's conditional rules), label)
    return (strategy, *(entry[0][0] for entry in _draw_lines(random, style, strategy)))


def default_plan_text(me: dict, opp: dict, strategy: str, rng) -> str:
    """What a corner writes when it sends no plan (drawn with the bout's ``rng``).

    Every corner writes four lines (rounds 1-3, 4-6, 7-9, 10 on), each AGG 4-8, POW
    5-8, DEF the rest up to 20 (at most 10), opportunistic (65%), head (17%) or body
    (18%) targeting, and very rarely (0.15%) dirty. Better corners fit the style to
    the matchup (``average``: half the time, ``good`` and ``excellent``: always;
    ``poor``: never). ``good`` and ``excellent`` corners add conditional lines:
    clinch when tired, go for the finish when the opponent is exhausted, press when
    behind late; ``excellent`` corners also protect a lead in the last rounds."""
    return plan_text_for_key(default_plan_key(me, opp, strategy, rng))


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


_PREFIXES = tuple(f"{start}) " if start > 1 else "" for start in BLOCKS)
_CORNER_TEXT = {
    strategy: (f"1) {lines[0]}", *lines[1:]) if lines else ()
    for strategy, lines in CORNER_LINES.items()
}


def plan_text_for_key(key: tuple) -> str:
    """The default plan's text (canonical: ``format_plan`` gives it back)."""
    strategy, l1, l2, l3, l4 = key
    p1, p2, p3, p4 = _PREFIXES
    return (
        "\n".join(
            (p1 + l1.label, p2 + l2.label, p3 + l3.label, p4 + l4.label, *_CORNER_TEXT[strategy])
        )
        + "\n"
    )


_BLOCK_OF = tuple(
    max(i for i, start in enumerate(BLOCKS) if start <= rnd) for rnd in range(1, MAX_ROUND + 1)
)
_CORNER_RULES: dict[str, tuple] = {}


def plan_for_key(key: tuple) -> Plan:
    """The default plan for ``key``, built directly (the same plan ``parse_plan`` gives
    for ``plan_text_for_key(key)``, without parsing it)."""
    strategy, *blocks = key
    conds = _CORNER_RULES.get(strategy) or _corner_rules(strategy)
    b1, b2, b3, b4 = blocks
    get = _BLOCK_RULES.get
    rules = [
        get((1, b1.label)) or _block_rule(1, b1),
        get((4, b2.label)) or _block_rule(4, b2),
        get((7, b3.label)) or _block_rule(7, b3),
        get((10, b4.label)) or _block_rule(10, b4),
        *conds,
    ]
    last_first = _LAST_FIRST[strategy]
    p1, p2, p3, p4 = (b1, last_first), (b2, last_first), (b3, last_first), (b4, last_first)
    plan = Plan.__new__(Plan)
    plan.rules = rules
    plan.source = plan._text = plan_text_for_key(key)
    # rounds 0 (unused), 1-3, 4-6, 7-9, 10-15 (BLOCKS)
    plan.lookup = plan.rounds = (
        _NOTHING,
        p1,
        p1,
        p1,
        p2,
        p2,
        p2,
        p3,
        p3,
        p3,
        p4,
        p4,
        p4,
        p4,
        p4,
        p4,
    )
    plan.towels = False  # the corners' lines never throw the towel
    plan.has_conditions = bool(conds)
    plan.needs = _NEEDS_CACHE[strategy]
    plan.env = _ENV_CACHE[strategy]
    return plan


_NOTHING = (None, ())
_BLOCK_RULES: dict[tuple, Rule] = {}
_LAST_FIRST: dict[str, tuple] = {}
_NEEDS_CACHE: dict[str, tuple] = {}
_ENV_CACHE: dict[str, object] = {}
assert BLOCKS == (1, 4, 7, 10) and MAX_ROUND == 15  # plan_for_key's lookup literal


def _block_rule(start: int, line: Line) -> Rule:
    rule = _BLOCK_RULES[start, line.label] = Rule(start, line)
    return rule


def _corner_rules(strategy: str) -> tuple:
    """The strategy's conditional rules, parsed once, with what a plan needs of them."""
    conds = _CORNER_RULES[strategy] = tuple(
        parse_plan(text).rules[0] for text in CORNER_LINES[strategy]
    )
    _LAST_FIRST[strategy] = tuple(reversed(conds))
    needed = {name for rule in conds for name in rule.needs}
    needs = _NEEDS_CACHE[strategy] = tuple(name for name in VARIABLES if name in needed)
    _ENV_CACHE[strategy] = environment_builder(needs)
    return conds


# ------------------------------------------------- the default plan, fast path
# ``fast_default_plan`` makes the draws ``default_plan_key`` makes, in the same order,
# and returns the plan ``plan_for_key`` builds (tests/engine/webl/test_plans.py checks
# both): the four lines come from a table indexed by the draws (``_draw_lines``), each
# table entry carrying its line and its lookup entry.
_TARGET_SLOT = ("", "", "H", "H", "B", "B")  # slot offset 0/2/4 -> target, +1 = dirty
# (style, strategy) -> 120 slots: (the lookup entry (line, the strategy's conditional
# rules last first), the line's label); the bout needs no Rule of a default line, so a
# slot makes none (fast_default_plan takes them from _BLOCK_RULES)
_FAST: dict[tuple, list] = {}
# strategy -> (conditional rules, text after the four lines, needs, env, has conditions)
_STRATEGY: dict[str, tuple] = {}
_CORNER_SUFFIX = {
    strategy: "".join(f"\n{text}" for text in lines) + "\n"
    for strategy, lines in _CORNER_TEXT.items()
}


def _fast_slots(style: str, strategy: str) -> list:
    if strategy not in _CORNER_RULES:
        _corner_rules(strategy)
    _STRATEGY[strategy] = (
        _CORNER_RULES[strategy],
        _CORNER_SUFFIX[strategy],
        _NEEDS_CACHE[strategy],
        _ENV_CACHE[strategy],
        bool(_CORNER_RULES[strategy]),
    )
    slots = _FAST[style, strategy] = [None] * 120
    return slots


def _fast_entry(style: str, strategy: str, slots: list, i: int) -> tuple:
    agg, rest = divmod(i, 24)
    pow_, rest = divmod(rest, 6)
    agg += 4
    pow_ += 5
    key = (agg, pow_, _TARGET_SLOT[rest], bool(rest & 1), style)
    line = _REPERTOIRE.get(key)
    if line is None:
        line = _REPERTOIRE[key] = Line(agg, pow_, min(10, ENERGY - agg - pow_), *key[2:])
    entry = slots[i] = ((line, _LAST_FIRST[strategy]), line.label)
    return entry


def _draw_lines(random, style: str, strategy: str) -> list:
    """A default plan's four lines (rounds 1-3, 4-6, 7-9, 10 on), drawn one after the
    other: each AGG 4-8, POW 5-8, DEF the rest (at most 10), opportunistic (65%), head
    (17%) or body (18%) targeting, and very rarely (0.15%) dirty. Each is returned as its
    entry in the table of the style and strategy (``_fast_entry``: ((line, the
    strategy's conditional rules), label)), found by its slot ``(AGG - 4) x 24 + (POW -
    5) x 6 + (0, 2 or 4 by target) + dirty``."""
    slots = _FAST.get((style, strategy)) or _fast_slots(style, strategy)
    entries = []
    for _ in BLOCKS:
        # floor() of a positive float is its whole part; x 5.0 is x 5
        slot = floor(random() * 5.0) * 24 + floor(random() * 4.0) * 6
        u = random()
        if u >= 0.65:
            slot += 2 if u < 0.82 else 4
        if random() < DIRTY_SHARE:
            slot += 1
        entries.append(slots[slot] or _fast_entry(style, strategy, slots, slot))
    return entries


def fast_default_plan(me: dict, opp: dict, strategy: str, random) -> Plan:
    """``plan_for_key(default_plan_key(me, opp, strategy, rng))`` with ``random`` =
    ``rng.random``: the same draws, the same plan, without the intermediate key."""
    rounds, text, env, conditional = default_rounds(me, opp, strategy, random)
    conds, _, needs, _, _ = _STRATEGY[strategy]
    get = _BLOCK_RULES.get
    # each block's line, from the lookup (rounds 1, 4, 7, 10 start the blocks)
    l1, l2, l3, l4 = rounds[1][0], rounds[4][0], rounds[7][0], rounds[10][0]
    plan = Plan.__new__(Plan)
    plan.rules = [
        get((1, l1.label)) or _block_rule(1, l1),
        get((4, l2.label)) or _block_rule(4, l2),
        get((7, l3.label)) or _block_rule(7, l3),
        get((10, l4.label)) or _block_rule(10, l4),
        *conds,
    ]
    plan.source = plan._text = text
    plan.lookup = plan.rounds = rounds
    plan.towels = False  # the corners' lines never throw the towel
    plan.has_conditions = conditional
    plan.needs = needs
    plan.env = env
    return plan


def default_rounds(me: dict, opp: dict, strategy: str, random) -> tuple:
    """The default plan as the bout reads it, without a Plan: ``(rounds, text, env,
    has_conditions)`` (``Plan.rounds``, ``Plan.text()``, ``Plan.env``,
    ``Plan.has_conditions``; the corners' lines never throw the towel)."""
    style = ""
    if strategy != "poor" and (strategy != "average" or random() < 0.5):
        style = profile_style(me, opp)
    e1, e2, e3, e4 = _draw_lines(random, style, strategy)
    _, suffix, _, env, conditional = _STRATEGY[strategy]
    p1, p2, p3, p4 = e1[0], e2[0], e3[0], e4[0]
    return (
        # rounds 0 (unused), 1-3, 4-6, 7-9, 10-15 (BLOCKS)
        (_NOTHING, p1, p1, p1, p2, p2, p2, p3, p3, p3, p4, p4, p4, p4, p4, p4),
        f"{e1[1]}\n4) {e2[1]}\n7) {e3[1]}\n10) {e4[1]}{suffix}",
        env,
        conditional,
    )
