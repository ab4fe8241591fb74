"""Plan conditions (``if COND then LINE``): a small interpreter with bounded cost.

A condition is cut into checked tokens (numbers, the known variables, the three
``opp`` words, comparisons, ``+ - * /``, parentheses, ``and``, ``or``, ``not``),
parsed by recursive descent into a tree whose types are checked (a number, a truth,
an ``opp`` word), and the tree is turned into nested closures. No Python source is
built; nothing is compiled or evaluated as Python.

Bounds (RULES.md, "Plan limits"): at most ``MAX_CONDITION_TOKENS`` tokens, numbers of
at most ``MAX_DIGITS`` digits, nesting (parentheses, unary signs, ``not``) at most
``MAX_DEPTH`` deep. Arithmetic is done in double-precision floats: no operation
builds a big integer, so each step of an evaluation costs about the same whatever the
numbers (a float overflows to infinity, it never raises).
A division by zero makes the whole condition false. Every violation is a
``PlanError`` naming the side and the line.
"""

from __future__ import annotations

import re
from operator import add, eq, ge, gt, itemgetter, le, lt, mul, ne, sub, truediv

from ..errors import PlanError
from .injuries import open_cuts

MAX_CONDITION_TOKENS = 40  # tokens in one condition
MAX_DIGITS = 6  # digits in one number (whole and fraction together)
MAX_DEPTH = 8  # parentheses, unary signs and ``not`` nested in one another

# Variables a condition may use (see RULES.md for their meaning), by index.
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


# How each variable is read from (me, op, rnd, i, totals, won): me and op are the two
# fighters' states, i my index in the judges' totals ([red, blue] per judge), won the
# rounds won by red and blue.
GETTERS = {
    "round": lambda me, op, rnd, i, totals, won: rnd,
    "score": lambda me, op, rnd, i, totals, won: _score(totals, i),
    "endurance_percent": lambda me, op, rnd, i, totals, won: 100.0 * me.end / me.start,
    "endurance": lambda me, op, rnd, i, totals, won: me.end,
    "opp": lambda me, op, rnd, i, totals, won: _opp(op),
    "roundswon": lambda me, op, rnd, i, totals, won: won[i],
    "roundslost": lambda me, op, rnd, i, totals, won: won[1 - i],
    "mycuts": lambda me, op, rnd, i, totals, won: open_cuts(me.injuries),
    "hiscuts": lambda me, op, rnd, i, totals, won: open_cuts(op.injuries),
    "mystuns": lambda me, op, rnd, i, totals, won: me.stuns,
    "hisstuns": lambda me, op, rnd, i, totals, won: op.stuns,
    "myknockdowns": lambda me, op, rnd, i, totals, won: me.downs,
    "hisknockdowns": lambda me, op, rnd, i, totals, won: op.downs,
    "warnings": lambda me, op, rnd, i, totals, won: me.warnings,
    "decision_won": lambda me, op, rnd, i, totals, won: _decision(totals, i, 1),
    "decision_lost": lambda me, op, rnd, i, totals, won: _decision(totals, i, -1),
}
_INDEX = {name: k for k, name in enumerate(VARIABLES)}
_N_VARIABLES = len(VARIABLES)


def environment_builder(needs: tuple):
    """``env(me, op, rnd, i, totals, won)`` -> the list of variable values a condition
    reads (only ``needs`` are computed; the others stay None). Made once per ``needs``."""
    env = _ENVIRONMENTS.get(needs)
    if env is None:
        env = _ENVIRONMENTS[needs] = _environment(needs)
    return env


_ENVIRONMENTS: dict[tuple, object] = {}  # at most 2^16 variable sets, in practice a few


def _environment(needs: tuple):
    getters = tuple((_INDEX[name], GETTERS[name]) for name in needs)
    size = _N_VARIABLES

    def env(me, op, rnd, i, totals, won) -> list:
        values = [None] * size
        for k, get in getters:
            values[k] = get(me, op, rnd, i, totals, won)
        return values

    return env


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


class Condition:
    """A checked condition. ``holds(env)`` evaluates it on a variable list from
    ``environment_builder(needs)`` (it may raise ZeroDivisionError: the caller counts
    that as false); calling it with ``(me, op, rnd, i, totals, won)`` returns a bool."""

    __slots__ = ("_env", "holds", "needs", "tokens")

    def __init__(self, holds, needs: tuple, tokens: int):
        self.holds = holds
        self.needs = needs
        self.tokens = tokens
        self._env = environment_builder(needs)

    def __call__(self, me, op, rnd, i, totals, won) -> bool:
        try:
            return bool(self.holds(self._env(me, op, rnd, i, totals, won)))
        except ZeroDivisionError:
            return False


# ---------------------------------------------------------------------- tokens
_TOKEN_RE = re.compile(
    r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z_]*)|(<=|>=|<>|!=|==|[=<>+\-*/()]))"
)
_OPERATORS = {"=", "==", "!=", "<>", "<", ">", "<=", ">=", "+", "-", "*", "/", "and", "or", "not"}
NUM, WORD, LOGIC, OP = "number", "word", "logic", "op"  # token kinds (and NUM: a variable)


# The whole condition as tokens, in linear time: atomic groups and possessive repeats
# never re-split what a token took, so this matches exactly when _TOKEN_RE, applied
# from the start again and again, reads the whole text.
_ALL_TOKENS_RE = re.compile(
    r"(?:\s*+(?>\d+(?:\.\d+)?|[A-Za-z_][A-Za-z_]*|<=|>=|<>|!=|==|[=<>+\-*/()]))*+\s*+"
)


def _tokens(text: str, line, side) -> list:
    """``[(kind, value)]``: NUM (a float), WORD (an opp word), LOGIC (and/or/not),
    OP (an operator or a parenthesis), or ("var", variable name)."""
    if _ALL_TOKENS_RE.fullmatch(text):  # the common case: every token read in C
        out: list = []
        for number, word, op in _TOKEN_RE.findall(text):
            if len(out) >= MAX_CONDITION_TOKENS:
                raise PlanError(
                    f"a condition has at most {MAX_CONDITION_TOKENS} tokens", line=line, side=side
                )
            if op:
                out.append((OP, op))
            else:
                out.append(_token(number, word, line, side))
        return out
    out = []
    pos = 0
    while pos < len(text):
        match = _TOKEN_RE.match(text, pos)
        if not match or match.end() == pos:
            bad = text[pos:].strip()[:1]
            if not bad:
                break  # trailing blanks
            raise PlanError(f"unexpected {bad!r} in condition {text!r}", line=line, side=side)
        if len(out) >= MAX_CONDITION_TOKENS:
            raise PlanError(
                f"a condition has at most {MAX_CONDITION_TOKENS} tokens", line=line, side=side
            )
        pos = match.end()
        number, word, op = match.groups()
        out.append((OP, op) if op else _token(number, word, line, side))
    return out


def _token(number: str, word: str, line, side) -> tuple:
    """A number or a word as a token, or PlanError (too many digits, unknown word)."""
    if number:
        if len(number) - ("." in number) > MAX_DIGITS:
            raise PlanError(
                f"a number has at most {MAX_DIGITS} digits (got {number[:12]}...)",
                line=line,
                side=side,
            )
        return (NUM, number)
    low = word.lower()
    if low in _INDEX:
        return ("var", low)
    if low in ("and", "or", "not"):
        return (LOGIC, low)
    if low in OPP_WORDS:
        return (WORD, low)
    raise PlanError(
        f"unknown variable {word!r} in condition (known: {', '.join(VARIABLES)})",
        line=line,
        side=side,
    )


def _normal_text(tokens: list) -> str:
    """The condition's canonical text (lower case, one space around binary operators)."""
    norm: list[str] = []
    for kind, value in tokens:
        if kind == LOGIC:
            norm.append(f" {value} ")
        elif kind != OP:
            norm.append(value)
        else:
            unary = value in "+-" and (
                not norm or norm[-1].strip() in _OPERATORS or norm[-1] == "("
            )
            if unary:
                norm.append(f" {value}" if norm and norm[-1] != "(" else value)
            elif value in "()":
                norm.append(value)
            else:
                shown = "=" if value == "==" else ("!=" if value == "<>" else value)
                norm.append(f" {shown} ")
    return re.sub(r"\s+", " ", "".join(norm)).strip()


# ------------------------------------------------------------- closures by operator
# A node is (type, kind, payload): type NUM (a number), WORD (an opp word) or "truth";
# kind "const" (payload: the value), "var" (payload: the variable's index) or "fn"
# (payload: a closure env -> value). Constants are folded when both sides are.
TRUTH = "truth"
_ARITH = {"+": add, "-": sub, "*": mul, "/": truediv}
_COMPARE = {"<": lt, ">": gt, "<=": le, ">=": ge, "=": eq, "==": eq, "!=": ne, "<>": ne}
_OPERATORS = {**_ARITH, **_COMPARE}


def _fn(node):
    """A node's closure ``env -> value``."""
    _type, kind, payload = node
    if kind == "fn":
        return payload
    if kind == "var":
        return itemgetter(payload)
    return lambda e: payload


def _binary(op: str, left, right, result_type: str):
    """The node for ``left op right`` (both already type-checked)."""
    lk, rk = left[1], right[1]
    if lk == "const" and rk == "const":
        try:
            value = _OPERATORS[op](left[2], right[2])
        except ZeroDivisionError:
            pass  # left to the evaluation: the condition is then false when reached
        else:
            return (result_type, "const", value)
    operator = _OPERATORS[op]
    if rk == "const":
        left_fn, constant = _fn(left), right[2]
        return (result_type, "fn", lambda e: operator(left_fn(e), constant))
    if lk == "const":
        constant, right_fn = left[2], _fn(right)
        return (result_type, "fn", lambda e: operator(constant, right_fn(e)))
    left_fn, right_fn = _fn(left), _fn(right)
    return (result_type, "fn", lambda e: operator(left_fn(e), right_fn(e)))


def _chain(first, rest) -> tuple:
    """``a < b <= c ...``: each comparison holds (each operand evaluated once)."""
    first_fn = _fn(first)
    steps = tuple((_COMPARE[op], _fn(node)) for op, node in rest)

    def chain(e):
        left = first_fn(e)
        for compare, right_fn in steps:
            right = right_fn(e)
            if not compare(left, right):
                return False
            left = right
        return True

    return (TRUTH, "fn", chain)


def _logic(op: str, nodes: list) -> tuple:
    """``a and b and ...`` / ``a or b or ...``, evaluated left to right, stopping early."""
    fns = tuple(_fn(node) for node in nodes)
    if op == "and":
        if len(fns) == 2:
            f, g = fns
            return (TRUTH, "fn", lambda e: f(e) and g(e))

        def all_of(e):
            return all(f(e) for f in fns)

        return (TRUTH, "fn", all_of)
    if len(fns) == 2:
        f, g = fns
        return (TRUTH, "fn", lambda e: f(e) or g(e))

    def any_of(e):
        return any(f(e) for f in fns)

    return (TRUTH, "fn", any_of)


# ---------------------------------------------------------------------- parser
# Binding powers of the infix operators (Python's precedence).
_BP = {"or": 1, "and": 2, "+": 5, "-": 5, "*": 6, "/": 6}
_BP.update((op, 4) for op in _COMPARE)  # comparisons, chained
_END = (None, None)  # after the last token


class _Parser:
    """Precedence climbing over the tokens, Python's precedence: or < and < not <
    comparisons (chained) < + - < * / < unary sign < number, variable, (...)."""

    def __init__(self, tokens: list, text: str, line, side):
        self.tokens = [*tokens, _END]
        self.pos = 0
        self.text = text
        self.line = line
        self.side = side

    def error(self, why: str = ""):
        rule = f"cannot read condition {self.text!r}" + (f": {why}" if why else "")
        return PlanError(rule, line=self.line, side=self.side)

    def type_error(self):
        return PlanError(
            f"cannot evaluate condition {self.text!r}: opp compares only with = or <> to "
            "strong, tired or exhausted",
            line=self.line,
            side=self.side,
        )

    def deeper(self, depth: int) -> int:
        if depth >= MAX_DEPTH:
            raise PlanError(
                f"a condition nests parentheses, signs and 'not' at most {MAX_DEPTH} deep",
                line=self.line,
                side=self.side,
            )
        return depth + 1

    def parse(self) -> tuple:
        if len(self.tokens) == 1:
            raise PlanError("empty condition", line=self.line, side=self.side)
        node = self.expr(0, 0)
        if self.tokens[self.pos] is not _END:
            raise self.error()
        self.truth(node)
        return node

    def truth(self, node) -> None:
        """and/or/not and the whole condition take truths or numbers (0 is false)."""
        if node[0] == WORD:
            raise self.type_error()

    def number(self, node):
        if node[0] == WORD:
            raise self.type_error()
        if node[0] == TRUTH:
            raise self.error("a comparison cannot be used as a number")
        return node

    def expr(self, min_bp: int, depth: int):
        """The operand at ``self.pos`` and every operator binding tighter than
        ``min_bp`` after it."""
        tokens = self.tokens
        left = self.prefix(min_bp, depth)
        while True:
            kind, op = tokens[self.pos]
            bp = _BP.get(op) if kind in (OP, LOGIC) else None
            if bp is None or bp <= min_bp:
                return left
            self.pos += 1
            if bp == 4:  # a comparison, perhaps chained: a < b <= c
                rest = [(op, self.expr(4, depth))]
                while tokens[self.pos][0] == OP and _BP.get(tokens[self.pos][1]) == 4:
                    op = tokens[self.pos][1]
                    self.pos += 1
                    rest.append((op, self.expr(4, depth)))
                left = self.comparison(left, rest)
            elif bp <= 2:  # and / or, all the terms of one run
                nodes = [left, self.expr(bp, depth)]
                while tokens[self.pos] == (LOGIC, op):
                    self.pos += 1
                    nodes.append(self.expr(bp, depth))
                for node in nodes:
                    self.truth(node)
                left = _logic(op, nodes)
            else:  # + - * /, left to right
                right = self.expr(bp, depth)
                left = _binary(op, self.number(left), self.number(right), NUM)

    def comparison(self, first, rest):
        left = first
        for op, right in rest:
            types = {left[0], right[0]}
            if TRUTH in types:
                raise self.error("a comparison cannot be compared")
            if WORD in types and op not in ("=", "==", "!=", "<>"):
                raise self.type_error()
            left = right
        if len(rest) == 1:  # an opp word against a number is never equal (as in Python)
            op, right = rest[0]
            return _binary(op, first, right, TRUTH)
        return _chain(first, rest)

    def prefix(self, min_bp: int, depth: int):
        """A number, variable, opp word, (...), a unary sign or (where an and/or operand
        may stand) ``not``."""
        kind, value = self.tokens[self.pos]
        self.pos += 1
        if kind == NUM:
            return (NUM, "const", float(value))
        if kind == "var":
            return (WORD if value == "opp" else NUM, "var", _INDEX[value])
        if kind == WORD:
            return (WORD, "const", value)
        if kind == OP:
            if value == "(":
                node = self.expr(0, self.deeper(depth))
                if self.tokens[self.pos] != (OP, ")"):
                    raise self.error()
                self.pos += 1
                return node
            if value == "+" or value == "-":
                node = self.number(self.expr(6, self.deeper(depth)))
                if value == "+":
                    return node
                if node[1] == "const":
                    return (NUM, "const", -node[2])
                f = _fn(node)
                return (NUM, "fn", lambda e: -f(e))
        elif kind == LOGIC and value == "not" and min_bp <= 2:
            node = self.expr(2, self.deeper(depth))
            self.truth(node)
            if node[1] == "const":
                return (TRUTH, "const", not node[2])
            f = _fn(node)
            return (TRUTH, "fn", lambda e: not f(e))
        raise self.error()


def compile_condition(text: str, line: int | None = None, side: str | None = None):
    """A condition -> ``(normalised text, Condition, variables read)``, or PlanError.

    The Condition is called as ``test(me, op, rnd, i, totals, won)`` -> bool (see
    ``situation``), or evaluated with ``test.holds(env)`` on the variable list that
    ``environment_builder(needs)`` makes."""
    text = text.strip()
    tokens = _tokens(text, line, side)
    node = _Parser(tokens, text, line, side).parse()
    names = {value for kind, value in tokens if kind == "var"}
    needs = tuple(sorted(names, key=_INDEX.__getitem__))  # in the order of VARIABLES
    kind, payload = node[1], node[2]
    holds = ((lambda e: True) if payload else lambda e: False) if kind == "const" else _fn(node)
    return _normal_text(tokens), Condition(holds, needs, len(tokens)), needs
