"""WeBL fight plans: the text format, its parser and formatter, and the per-round lookup.

A plan line is ``AGG[H|B|C]/POW[!]/DEF [(style)]``: 20 energy points per round, the
rest is rest. ``N)`` starts a block that applies from round N on; ``if COND then LINE``
applies a line only when COND holds (conditions.py); ``towel`` as the action makes
the corner stop the fight. ``#`` starts a comment, ``;`` or a newline ends a
statement. For each round the last statement that applies wins.

A plan is bounded (RULES.md, "Plan limits"): at most ``MAX_PLAN_CHARS`` characters,
``MAX_STATEMENTS`` statements and ``MAX_PLAN_TOKENS`` condition tokens in all, plus the
per-condition limits of conditions.py; every violation is a PlanError naming the side
and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import PlanError
from .conditions import (
    MAX_DIGITS,
    OPP_WORDS,
    STRONG,
    TIRED,
    VARIABLES,
    Condition,
    compile_condition,
    environment_builder,
    situation,
)

__all__ = [
    "MAX_DIGITS",
    "OPP_WORDS",
    "STRONG",
    "TIRED",
    "VARIABLES",
    "Condition",
    "compile_condition",
    "situation",
]

ENERGY = 20
MAX_ROUND = 15
MAX_PLAN_CHARS = 4000  # characters in a plan's text
MAX_STATEMENTS = 50  # statements (lines and ";"-separated parts)
MAX_PLAN_TOKENS = 160  # tokens in all of a plan's conditions together

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
    test: Condition | None = None  # the checked condition (conditions.py)
    line_no: int = 0
    needs: tuple = ()  # the variables the condition reads

    def text(self) -> str:
        action = self.action.text() if isinstance(self.action, Line) else TOWEL
        return f"if {self.condition} then {action}" if self.condition else action


def conditional_action(fallback, conds, env):
    """The action of a round with conditional statements (``conds``, last written
    first): the first whose condition holds on the variables ``env``, else
    ``fallback`` (the round's unconditional action). A division by zero makes a
    condition false."""
    for rule in conds:
        try:
            if rule.test.holds(env):
                return rule.action
        except ZeroDivisionError:
            pass
    return fallback


def _no_variables(me, op, rnd, i, totals, won) -> list:
    return []


@dataclass
class Plan:
    """A parsed plan. ``lookup[r]`` (rounds 1..15) is ``(fallback, conditionals)``:
    the last unconditional statement that applies to round r (or None), and the
    conditional statements after it, last first (the first whose test holds wins).
    ``env(me, op, rnd, i, totals, won)`` gives the variable values its conditions
    read (``Rule.test.holds(env)``); ``rounds`` is ``lookup`` with ``FALLBACK`` for
    the rounds no statement covers (what the bout uses)."""

    rules: list = field(default_factory=list)
    source: str = ""
    lookup: tuple = ()
    has_conditions: bool = False
    needs: tuple = ()  # every variable the plan's conditions read
    env: object = _no_variables
    towels: bool = False  # a statement throws the towel
    rounds: tuple = ()  # lookup for the bout: FALLBACK where no statement applies
    _text: str = ""

    def __post_init__(self):
        self.build()

    def build(self) -> None:
        table = [(None, ())]
        starts = {rule.start for rule in self.rules}
        entry = (None, ())
        for rnd in range(1, MAX_ROUND + 1):
            if rnd in starts:  # the statements that apply change only at a block's start
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
                entry = (fallback, tuple(reversed(conds)))
            table.append(entry)
        self.lookup = tuple(table)
        self.rounds = tuple((line or FALLBACK, conds) for line, conds in table)
        self.towels = any(rule.action is TOWEL for rule in self.rules)
        self.has_conditions = any(rule.test is not None for rule in self.rules)
        needed = {name for rule in self.rules for name in rule.needs}
        self.needs = tuple(name for name in VARIABLES if name in needed)
        self.env = environment_builder(self.needs)
        self._text = ""

    def choose(self, rnd: int, me=None, op=None, i: int = 0, totals=(), won=(0, 0)):
        """The action for round ``rnd`` (a Line, TOWEL, or None when nothing applies).

        ``me``/``op`` are the two fighters' states (``end``, ``start``, ``injuries``,
        ``stuns``, ``downs``, ``warnings``), ``i`` my index in the judges' ``totals``
        (``[red, blue]`` per judge) and ``won`` (rounds won by red, blue); see
        ``situation`` for a stand-alone way to build them."""
        fallback, conds = self.lookup[rnd]
        if conds:
            return conditional_action(fallback, conds, self.env(me, op, rnd, i, totals, won))
        return fallback

    def text(self) -> str:
        if not self._text:
            self._text = format_plan(self)
        return self._text


# ---------------------------------------------------------------------- parsing
# The patterns match in linear time: no two repeats can take the same characters (an
# old ``if\s+(.+?)\s+then`` took minutes on a statement of 4,000 blanks).
_LINE_RE = re.compile(
    r"(?P<agg>\d+)\s*(?:(?P<target>[hbcHBC])\s*)?/\s*(?P<pow>\d+)\s*(?:(?P<dirty>!)\s*)?/\s*"
    r"(?P<def>\d+)\s*(?:\((?P<style>[^()]*)\))?"
)
_STYLE_RE = re.compile(r"[A-Za-z][A-Za-z \-_]*")
_PREFIX_RE = re.compile(r"^(\d+)\s*\)\s*")
_IF_RE = re.compile(r"if\s", re.IGNORECASE)
_THEN_RE = re.compile(r"\sthen\s", re.IGNORECASE)


def split_if(stmt: str):
    """``if COND then ACTION`` -> ``(COND, ACTION)``; None when the statement is not a
    conditional; ValueError when it starts with ``if`` but has no ``then`` and action."""
    if not _IF_RE.match(stmt):
        if stmt.lower() == "if":
            raise ValueError(stmt)
        return None
    then = _THEN_RE.search(stmt, 3)
    if then is None:
        raise ValueError(stmt)
    condition, action = stmt[3 : then.start()].strip(), stmt[then.end() :].strip()
    if not condition or not action:
        raise ValueError(stmt)
    return condition, action


def parse_style(word: str, line: int | None = None, side: str | None = None) -> str:
    key = word.strip().lower().replace("-", "").replace(" ", "")[:3]
    style = _STYLE_PREFIX.get(key)
    if style is None:
        names = ", ".join(STYLE_TEXT[s] for s in STYLES)
        raise PlanError(f"unknown style {word.strip()!r} (styles: {names})", line=line, side=side)
    return style


def _whole_number(digits: str, line, side) -> int:
    if len(digits) > MAX_DIGITS:
        raise PlanError(
            f"a number has at most {MAX_DIGITS} digits (got {digits[:12]}...)", line=line, side=side
        )
    return int(digits)


_PARSED_LINES: dict[str, Line] = {}  # a line's text -> Line (at most 4,096 kept)


def parse_line(text: str, line: int | None = None, side: str | None = None) -> Line:
    """``AGG[H|B|C]/POW[!]/DEF [(style)]`` -> Line, or PlanError."""
    text = text.strip()
    parsed = _PARSED_LINES.get(text)
    if parsed is None:
        parsed = _parse_line(text, line, side)
        if len(_PARSED_LINES) >= 4096:
            _PARSED_LINES.clear()
        _PARSED_LINES[text] = parsed
    return parsed


def _parse_line(text: str, line, side) -> Line:
    match = _LINE_RE.fullmatch(text)
    style = match and match["style"]
    if style is not None and not _STYLE_RE.fullmatch(style.strip()):
        match = None
    if not match:
        raise PlanError(
            f"cannot read {text.strip()[:60]!r}: expected AGG/POW/DEF such as 4/7/9, "
            "4H/7!/9 or 5/7/8 (inside)",
            line=line,
            side=side,
        )
    agg, pow_, def_ = (_whole_number(match[k], line, side) for k in ("agg", "pow", "def"))
    for label, value in (("AGG", agg), ("POW", pow_), ("DEF", def_)):
        if value < 1:
            raise PlanError(f"{label} must be at least 1 (got {value})", line=line, side=side)
    if agg + pow_ + def_ > ENERGY:
        raise PlanError(
            f"AGG+POW+DEF must be at most {ENERGY} energy points (got {agg + pow_ + def_})",
            line=line,
            side=side,
        )
    style = parse_style(style, line, side) if style else ""
    return Line(agg, pow_, def_, (match["target"] or "").upper(), bool(match["dirty"]), style)


# A round for which no statement applies (e.g. a plan that starts at "3)") uses this line.
FALLBACK = parse_line("5/7/8")


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
    if len(text) > MAX_PLAN_CHARS:
        raise PlanError(
            f"a plan has at most {MAX_PLAN_CHARS} characters (got {len(text)})",
            line=text.count("\n", 0, MAX_PLAN_CHARS) + 1,
            side=side,
        )
    rules: list[Rule] = []
    start = 1
    tokens = 0
    for number, stmt in _statements(text):
        if len(rules) >= MAX_STATEMENTS:
            raise PlanError(f"a plan has at most {MAX_STATEMENTS} statements", number, side)
        prefix = _PREFIX_RE.match(stmt)
        if prefix:
            start = _whole_number(prefix.group(1), number, side)
            if not 1 <= start <= MAX_ROUND:
                raise PlanError(f"round {start} is outside 1..{MAX_ROUND}", line=number, side=side)
            stmt = stmt[prefix.end() :].strip()
            if not stmt:
                raise PlanError(f"nothing after '{start})'", line=number, side=side)
        condition = test = None
        needs: tuple = ()
        try:
            conditional = split_if(stmt)
        except ValueError:
            raise PlanError("expected 'if CONDITION then LINE'", line=number, side=side) from None
        if conditional:
            condition, test, needs = compile_condition(conditional[0], number, side)
            tokens += test.tokens
            if tokens > MAX_PLAN_TOKENS:
                raise PlanError(
                    f"a plan's conditions have at most {MAX_PLAN_TOKENS} tokens in all",
                    line=number,
                    side=side,
                )
            stmt = conditional[1]
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
