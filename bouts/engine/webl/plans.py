"""WeBL fight plans: the text format, its parser and formatter, the per-round lookup,
and the default plans a corner writes when it sends none.

A plan line is ``AGG[H|B|C]/POW[!]/DEF [(style)]``: 20 energy points per round, the
rest is rest. ``N)`` starts a block that applies from round N on; ``if COND then LINE``
applies a line only when COND holds; ``towel`` as the action makes the corner stop the
fight. ``#`` starts a comment, ``;`` or a newline ends a statement. For each round the
last statement that applies wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import PlanError

ENERGY = 20
MAX_ROUND = 15

# Styles by canonical name; a style is recognised by its first three letters.
STYLES = ("inside", "clinch", "feint", "counter", "ring", "cut", "outside", "allout")
_STYLE_PREFIX = {
    "ins": "inside",
    "clo": "inside",
    "sho": "inside",
    "bra": "inside",
    "cli": "clinch",
    "fei": "feint",
    "cou": "counter",
    "rin": "ring",
    "lon": "ring",
    "dis": "ring",
    "cut": "cut",
    "rop": "cut",
    "out": "outside",
    "all": "allout",
}
STYLE_TEXT = {
    "": "",
    "inside": "inside",
    "clinch": "clinch",
    "feint": "feint",
    "counter": "counter",
    "ring": "ring",
    "cut": "cut",
    "outside": "outside",
    "allout": "all-out",
}
TARGETS = ("", "H", "B", "C")  # opportunistic, head, body, cut

# Variables a condition may use (see RULES.md for their meaning).
VARIABLES = (
    "round",
    "score",
    "endurance_percent",
    "endurance",
    "opp",
    "roundswon",
    "roundslost",
    "mycuts",
    "hiscuts",
    "mystuns",
    "hisstuns",
    "myknockdowns",
    "hisknockdowns",
    "warnings",
    "decision_won",
    "decision_lost",
)
OPP_WORDS = ("strong", "tired", "exhausted")

# How each variable is read from (me, op, rnd, i, totals, won) in a compiled condition.
VAR_EXPR = {
    "round": "rnd",
    "score": "_score(totals, i)",
    "endurance_percent": "(100.0 * me.end / me.start)",
    "endurance": "me.end",
    "opp": "_opp(op)",
    "roundswon": "won[i]",
    "roundslost": "won[1 - i]",
    "mycuts": "_cuts(me.injuries)",
    "hiscuts": "_cuts(op.injuries)",
    "mystuns": "me.stuns",
    "hisstuns": "op.stuns",
    "myknockdowns": "me.downs",
    "hisknockdowns": "op.downs",
    "warnings": "me.warnings",
    "decision_won": "_decision(totals, i, 1)",
    "decision_lost": "_decision(totals, i, -1)",
}
STRONG, TIRED = 70.0, 40.0  # opp: strong >= 70% endurance, tired >= 40%, else exhausted


def _score(totals, i) -> int:
    """My lead in points, averaged over the three judges' cards and rounded."""
    if not totals:
        return 0
    return round(sum(t[i] - t[1 - i] for t in totals) / len(totals))


def _opp(op) -> str:
    pct = 100.0 * op.end / op.start
    return "strong" if pct >= STRONG else ("tired" if pct >= TIRED else "exhausted")


def _decision(totals, i, sign) -> int:
    """1 when at least two judges have me ahead (sign 1) or behind (sign -1)."""
    return 1 if sum(1 for t in totals if (t[i] - t[1 - i]) * sign > 0) >= 2 else 0


def _cuts(injuries) -> int:
    from .injuries import open_cuts

    return open_cuts(injuries)


_NAMESPACE = {
    "__builtins__": {},
    "bool": bool,
    "_score": _score,
    "_opp": _opp,
    "_decision": _decision,
    "_cuts": _cuts,
}


class _State:
    """A stand-in fighter state for ``situation``."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


def situation(
    round: int = 1,
    score: int = 0,
    endurance_percent: float = 100.0,
    opp_endurance_percent: float = 100.0,
    roundswon: int = 0,
    roundslost: int = 0,
    mycuts: int = 0,
    hiscuts: int = 0,
    mystuns: int = 0,
    hisstuns: int = 0,
    myknockdowns: int = 0,
    hisknockdowns: int = 0,
    warnings: int = 0,
    start: float = 100.0,
) -> tuple:
    """``(me, op, rnd, i, totals, won)`` for ``Plan.choose``/a condition test, from plain
    values (for tools and tests). Cuts are stand-in bleeding injuries."""
    cut = [0, 1, 0.0, 0]  # a minor cut over the left eye
    me = _State(
        end=start * endurance_percent / 100.0,
        start=start,
        injuries=[cut] * mycuts,
        stuns=mystuns,
        downs=myknockdowns,
        warnings=warnings,
    )
    op = _State(
        end=start * opp_endurance_percent / 100.0,
        start=start,
        injuries=[cut] * hiscuts,
        stuns=hisstuns,
        downs=hisknockdowns,
        warnings=0,
    )
    totals = [[score, 0], [score, 0], [score, 0]]
    return me, op, round, 0, totals, (roundswon, roundslost)


@dataclass(frozen=True)
class Line:
    """One round's instructions."""

    agg: int
    pow: int
    defense: int
    target: str = ""  # "", "H", "B", "C"
    dirty: bool = False
    style: str = ""  # "" or one of STYLES

    def __post_init__(self):
        object.__setattr__(self, "label", self.text())

    @property
    def rest(self) -> int:
        return ENERGY - self.agg - self.pow - self.defense

    def text(self) -> str:
        out = f"{self.agg}{self.target}/{self.pow}{'!' if self.dirty else ''}/{self.defense}"
        if self.style:
            out += f" ({STYLE_TEXT[self.style]})"
        return out


TOWEL = "towel"


@dataclass
class Rule:
    """One statement of a plan: from which round, under which condition, what to do."""

    start: int  # applies from this round on
    action: object  # a Line or TOWEL
    condition: str | None = None  # normalised condition text
    test: object = None  # compiled condition: env dict -> bool
    line_no: int = 0
    needs: tuple = ()  # the variables the condition reads

    def text(self) -> str:
        action = self.action.text() if isinstance(self.action, Line) else TOWEL
        return f"if {self.condition} then {action}" if self.condition else action


@dataclass
class Plan:
    """A parsed plan. ``lookup[r]`` (rounds 1..15) is ``(fallback, conditionals)``:
    the last unconditional statement that applies to round r (or None), and the
    conditional statements after it, last first (the first whose test holds wins)."""

    rules: list = field(default_factory=list)
    source: str = ""
    lookup: tuple = ()
    has_conditions: bool = False
    needs: tuple = ()  # every variable the plan's conditions read
    _text: str = ""

    def __post_init__(self):
        self.build()

    def build(self) -> None:
        table = [(None, ())]
        for rnd in range(1, MAX_ROUND + 1):
            fallback = None
            conds: list = []
            for rule in self.rules:
                if rule.start > rnd:
                    continue
                if rule.test is None:
                    fallback = rule.action
                    conds = []
                else:
                    conds.append(rule)
            table.append((fallback, tuple(reversed(conds))))
        self.lookup = tuple(table)
        self.has_conditions = any(rule.test is not None for rule in self.rules)
        needed = {name for rule in self.rules for name in rule.needs}
        self.needs = tuple(name for name in VARIABLES if name in needed)
        self._text = ""

    def choose(self, rnd: int, me=None, op=None, i: int = 0, totals=(), won=(0, 0)):
        """The action for round ``rnd`` (a Line, TOWEL, or None when nothing applies).

        ``me``/``op`` are the two fighters' states (``end``, ``start``, ``injuries``,
        ``stuns``, ``downs``, ``warnings``), ``i`` my index in the judges' ``totals``
        (``[red, blue]`` per judge) and ``won`` (rounds won by red, blue); see
        ``situation`` for a stand-alone way to build them."""
        fallback, conds = self.lookup[rnd]
        for rule in conds:
            try:
                if rule.test(me, op, rnd, i, totals, won):
                    return rule.action
            except (ZeroDivisionError, TypeError):
                continue
        return fallback

    def text(self) -> str:
        if not self._text:
            self._text = format_plan(self)
        return self._text


# ---------------------------------------------------------------------- parsing
_LINE_RE = re.compile(
    r"^(?P<agg>\d+)\s*(?P<target>[hbcHBC]?)\s*/\s*(?P<pow>\d+)\s*(?P<dirty>!?)\s*/\s*"
    r"(?P<def>\d+)\s*(?:\(\s*(?P<style>[A-Za-z][A-Za-z \-_]*)\s*\))?$"
)
_PREFIX_RE = re.compile(r"^(\d+)\s*\)\s*")
_IF_RE = re.compile(r"^if\s+(?P<cond>.+?)\s+then\s+(?P<action>.+)$", re.IGNORECASE | re.DOTALL)
_TOKEN_RE = re.compile(
    r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z_]*)|(<=|>=|<>|!=|==|[=<>+\-*/()]))"
)


def parse_style(word: str, line: int | None = None, side: str | None = None) -> str:
    key = word.strip().lower().replace("-", "").replace(" ", "")[:3]
    style = _STYLE_PREFIX.get(key)
    if style is None:
        names = ", ".join(STYLE_TEXT[s] for s in STYLES)
        raise PlanError(f"unknown style {word.strip()!r} (styles: {names})", line=line, side=side)
    return style


def parse_line(text: str, line: int | None = None, side: str | None = None) -> Line:
    """``AGG[H|B|C]/POW[!]/DEF [(style)]`` -> Line, or PlanError."""
    match = _LINE_RE.match(text.strip())
    if not match:
        raise PlanError(
            f"cannot read {text.strip()!r}: expected AGG/POW/DEF such as 4/7/9, "
            "4H/7!/9 or 5/7/8 (inside)",
            line=line,
            side=side,
        )
    agg, pow_, def_ = int(match["agg"]), int(match["pow"]), int(match["def"])
    for label, value in (("AGG", agg), ("POW", pow_), ("DEF", def_)):
        if value < 1:
            raise PlanError(f"{label} must be at least 1 (got {value})", line=line, side=side)
    if agg + pow_ + def_ > ENERGY:
        raise PlanError(
            f"AGG+POW+DEF must be at most {ENERGY} energy points (got {agg + pow_ + def_})",
            line=line,
            side=side,
        )
    style = parse_style(match["style"], line, side) if match["style"] else ""
    return Line(agg, pow_, def_, match["target"].upper(), bool(match["dirty"]), style)


_OPERATORS = {"=", "==", "!=", "<>", "<", ">", "<=", ">=", "+", "-", "*", "/", "and", "or", "not"}


def compile_condition(text: str, line: int | None = None, side: str | None = None):
    """A condition -> (normalised text, test, variables read); ``test(me, op, rnd, i,
    totals, won)`` -> bool (see ``Plan.choose``).

    Only numbers, the known variables, ``strong/tired/exhausted``, ``and``, ``or``,
    ``not``, comparisons and + - * / ( ) are accepted; the Python source is built from
    those tokens alone, so evaluating it cannot do anything else."""
    pos = 0
    py: list[str] = []
    norm: list[str] = []
    needs: list[str] = []
    text = text.strip()
    while pos < len(text):
        match = _TOKEN_RE.match(text, pos)
        if not match or match.end() == pos:
            bad = text[pos:].strip()[:1]
            raise PlanError(f"unexpected {bad!r} in condition {text!r}", line=line, side=side)
        pos = match.end()
        number, word, op = match.groups()
        if number is not None:
            py.append(number)
            norm.append(number)
        elif word is not None:
            low = word.lower()
            if low in ("and", "or", "not"):
                py.append(f" {low} ")
                norm.append(f" {low} ")
            elif low in OPP_WORDS:
                py.append(repr(low))
                norm.append(low)
            elif low in VARIABLES:
                py.append(VAR_EXPR[low])
                norm.append(low)
                if low not in needs:
                    needs.append(low)
            else:
                raise PlanError(
                    f"unknown variable {word!r} in condition (known: {', '.join(VARIABLES)})",
                    line=line,
                    side=side,
                )
        else:
            mapped = {"=": "==", "<>": "!="}.get(op, op)
            py.append(f" {mapped} ")
            unary = op in "+-" and (not norm or norm[-1].strip() in _OPERATORS or norm[-1] == "(")
            if unary:
                norm.append(f" {op}" if norm and norm[-1] != "(" else op)
            elif op in "()":
                norm.append(op)
            else:
                norm.append(f" {'=' if op == '==' else ('!=' if op == '<>' else op)} ")
    source = "".join(py)
    if not source.strip():
        raise PlanError("empty condition", line=line, side=side)
    try:
        code = compile(f"lambda me, op, rnd, i, totals, won: bool({source})", "<plan>", "eval")
    except SyntaxError:
        raise PlanError(f"cannot read condition {text!r}", line=line, side=side) from None
    test = eval(code, dict(_NAMESPACE))
    try:  # a trial run catches type errors such as ``opp > 3``
        test(*situation())
    except ZeroDivisionError:
        pass
    except TypeError:
        raise PlanError(
            f"cannot evaluate condition {text!r}: opp compares only with = or <> to "
            "strong, tired or exhausted",
            line=line,
            side=side,
        ) from None
    normal = re.sub(r"\s+", " ", "".join(norm)).strip()
    return normal, test, tuple(needs)


def _statements(text: str):
    """(line number, statement) pairs: comments removed, split on newlines and ';'."""
    for number, raw in enumerate(text.splitlines(), start=1):
        raw = raw.split("#", 1)[0]
        for part in raw.split(";"):
            part = part.strip()
            if part:
                yield number, part


def parse_plan(text, side: str | None = None) -> Plan:
    """Plan text -> Plan, or PlanError naming the line."""
    if isinstance(text, Plan):
        return text
    if not isinstance(text, str):
        raise PlanError(f"a plan must be text (got {type(text).__name__})", side=side)
    rules: list[Rule] = []
    start = 1
    for number, stmt in _statements(text):
        prefix = _PREFIX_RE.match(stmt)
        if prefix:
            start = int(prefix.group(1))
            if not 1 <= start <= MAX_ROUND:
                raise PlanError(f"round {start} is outside 1..{MAX_ROUND}", line=number, side=side)
            stmt = stmt[prefix.end() :].strip()
            if not stmt:
                raise PlanError(f"nothing after '{start})'", line=number, side=side)
        condition = test = None
        needs: tuple = ()
        cond_match = _IF_RE.match(stmt)
        if cond_match:
            condition, test, needs = compile_condition(cond_match["cond"], number, side)
            stmt = cond_match["action"].strip()
        elif stmt.lower().startswith("if ") or stmt.lower() == "if":
            raise PlanError("expected 'if CONDITION then LINE'", line=number, side=side)
        action = TOWEL if stmt.lower() == TOWEL else parse_line(stmt, number, side)
        rules.append(Rule(start, action, condition, test, number, needs))
    if not rules:
        raise PlanError("the plan has no lines", side=side)
    return Plan(rules=rules, source=text)


def format_plan(plan: Plan) -> str:
    """Canonical text of a plan (parses back to the same plan)."""
    out = []
    current = 1
    for i, rule in enumerate(plan.rules):
        prefix = ""
        if rule.start != current or (i == 0 and rule.start != 1):
            prefix = f"{rule.start}) "
            current = rule.start
        out.append(prefix + rule.text())
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- default plans
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


def _draw_line(random, style: str) -> Line:
    """One default line: AGG 4-8, POW 5-8, DEF the rest (at most 10), target, dirty."""
    agg = 4 + int(random() * 5)
    pow_ = 5 + int(random() * 4)
    u = random()
    target = "" if u < 0.65 else ("H" if u < 0.82 else "B")
    dirty = random() < DIRTY_SHARE
    key = (agg, pow_, target, dirty, style)
    line = _REPERTOIRE.get(key)
    if line is None:
        line = _REPERTOIRE[key] = Line(
            agg, pow_, min(10, ENERGY - agg - pow_), target, dirty, style
        )
    return line


def default_plan_key(me: dict, opp: dict, strategy: str, rng) -> tuple:
    """The corner's choices for its default plan, drawn with the bout's ``rng``:
    ``(strategy, Line for rounds 1-3, 4-6, 7-9, 10-)``."""
    random = rng.random
    style = ""
    if strategy != "poor" and (strategy != "average" or random() < 0.5):
        style = profile_style(me, opp)
    return (
        strategy,
        _draw_line(random, style),
        _draw_line(random, style),
        _draw_line(random, style),
        _draw_line(random, style),
    )


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
    conds = _CORNER_RULES.get(strategy)
    if conds is None:
        conds = _CORNER_RULES[strategy] = tuple(
            parse_plan(text).rules[0] for text in CORNER_LINES[strategy]
        )
        _LAST_FIRST[strategy] = tuple(reversed(conds))
        _needs(strategy, conds)
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
    plan.lookup = (_NOTHING, p1, p1, p1, p2, p2, p2, p3, p3, p3, p4, p4, p4, p4, p4, p4)
    plan.has_conditions = bool(conds)
    plan.needs = _NEEDS_CACHE[strategy]
    return plan


_NOTHING = (None, ())
_BLOCK_RULES: dict[tuple, Rule] = {}
_LAST_FIRST: dict[str, tuple] = {}
_NEEDS_CACHE: dict[str, tuple] = {}
assert BLOCKS == (1, 4, 7, 10) and MAX_ROUND == 15  # plan_for_key's lookup literal


def _block_rule(start: int, line: Line) -> Rule:
    rule = _BLOCK_RULES[start, line.label] = Rule(start, line)
    return rule


def _needs(strategy: str, conds: tuple) -> tuple:
    needed = {name for rule in conds for name in rule.needs}
    out = _NEEDS_CACHE[strategy] = tuple(name for name in VARIABLES if name in needed)
    return out


# ------------------------------------------------- the default plan, fast path
# ``fast_default_plan`` draws exactly what ``default_plan_key`` draws, in the same
# order, and returns the plan ``plan_for_key`` builds (tests/engine/webl/test_plans.py
# checks both): the four lines come from a table indexed by the draws instead of a
# tuple key, each table entry carrying its line and its rule for each block.
_TARGET_SLOT = ("", "", "H", "H", "B", "B")  # slot offset 0/2/4 -> target, +1 = dirty
_FAST: dict[str, list] = {}  # style -> 120 slots: (line, rule 1), rule 4), rule 7), rule 10))
_CORNER_SUFFIX = {
    strategy: "".join(f"\n{text}" for text in lines) + "\n"
    for strategy, lines in _CORNER_TEXT.items()
}


def _fast_entry(style: str, slots: list, i: int) -> tuple:
    agg, rest = divmod(i, 24)
    pow_, rest = divmod(rest, 6)
    agg += 4
    pow_ += 5
    key = (agg, pow_, _TARGET_SLOT[rest], bool(rest & 1), style)
    line = _REPERTOIRE.get(key)
    if line is None:
        line = _REPERTOIRE[key] = Line(agg, pow_, min(10, ENERGY - agg - pow_), *key[2:])
    get = _BLOCK_RULES.get
    entry = slots[i] = (
        line,
        get((1, line.label)) or _block_rule(1, line),
        get((4, line.label)) or _block_rule(4, line),
        get((7, line.label)) or _block_rule(7, line),
        get((10, line.label)) or _block_rule(10, line),
    )
    return entry


def fast_default_plan(me: dict, opp: dict, strategy: str, random) -> Plan:
    """``plan_for_key(default_plan_key(me, opp, strategy, rng))`` with ``random`` =
    ``rng.random``: the same draws, the same plan, without the intermediate key."""
    style = ""
    if strategy != "poor" and (strategy != "average" or random() < 0.5):
        style = profile_style(me, opp)
    slots = _FAST.get(style)
    if slots is None:
        slots = _FAST[style] = [None] * 120
    # _draw_line, four times: AGG 4-8, POW 5-8, target (65/17/18%), dirty (0.15%)
    i = int(random() * 5) * 24 + int(random() * 4) * 6
    u = random()
    i += (0 if u < 0.65 else (2 if u < 0.82 else 4)) + (random() < DIRTY_SHARE)
    e1 = slots[i] or _fast_entry(style, slots, i)
    i = int(random() * 5) * 24 + int(random() * 4) * 6
    u = random()
    i += (0 if u < 0.65 else (2 if u < 0.82 else 4)) + (random() < DIRTY_SHARE)
    e2 = slots[i] or _fast_entry(style, slots, i)
    i = int(random() * 5) * 24 + int(random() * 4) * 6
    u = random()
    i += (0 if u < 0.65 else (2 if u < 0.82 else 4)) + (random() < DIRTY_SHARE)
    e3 = slots[i] or _fast_entry(style, slots, i)
    i = int(random() * 5) * 24 + int(random() * 4) * 6
    u = random()
    i += (0 if u < 0.65 else (2 if u < 0.82 else 4)) + (random() < DIRTY_SHARE)
    e4 = slots[i] or _fast_entry(style, slots, i)

    conds = _CORNER_RULES.get(strategy)
    if conds is None:
        plan_for_key((strategy, e1[0], e2[0], e3[0], e4[0]))  # fills the strategy's caches
        conds = _CORNER_RULES[strategy]
    l1, l2, l3, l4 = e1[0], e2[0], e3[0], e4[0]
    last_first = _LAST_FIRST[strategy]
    p1, p2, p3, p4 = (l1, last_first), (l2, last_first), (l3, last_first), (l4, last_first)
    plan = Plan.__new__(Plan)
    plan.rules = [e1[1], e2[2], e3[3], e4[4], *conds]
    plan.source = plan._text = (
        f"{l1.label}\n4) {l2.label}\n7) {l3.label}\n10) {l4.label}{_CORNER_SUFFIX[strategy]}"
    )
    plan.lookup = (_NOTHING, p1, p1, p1, p2, p2, p2, p3, p3, p3, p4, p4, p4, p4, p4, p4)
    plan.has_conditions = bool(conds)
    plan.needs = _NEEDS_CACHE[strategy]
    return plan
