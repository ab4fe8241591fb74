"""Plan limits (RULES.md, "Plan limits"): every oversized or overdeep plan is a PlanError
naming the side and the line, never an OverflowError, RecursionError or a slow bout;
the largest accepted plans keep a bout's cost bounded (counted in operations, not
timed)."""

import json
import sys

import pytest

from bouts.engine import simulate
from bouts.engine.errors import PlanError
from bouts.engine.webl import ruleset
from bouts.engine.webl.conditions import MAX_CONDITION_TOKENS, MAX_DEPTH, MAX_DIGITS
from bouts.engine.webl.plans import (
    MAX_PLAN_CHARS,
    MAX_PLAN_TOKENS,
    MAX_STATEMENTS,
    parse_plan,
)

from .helpers import card


def _refused(plan: str, side: str = "red") -> PlanError:
    """The PlanError a bout with ``plan`` for ``side`` raises (through simulate)."""
    try:
        simulate("webl", card(), card(), seed=1, plans={side: plan})
    except Exception as exc:
        assert type(exc) is PlanError, f"{type(exc).__name__}: {exc}"
        return exc
    raise AssertionError("the plan was accepted")


# The attacks reported in issue 16, each once a 500 through the API.
def test_huge_plan_of_long_factors():
    factors = " * ".join(["9" * 4000] * 300)
    plan = "5/7/8\n" + f"if {factors} > 1 then 6/7/7\n" * 2  # 2.4 MB
    assert len(plan) > 2_400_000
    err = _refused(plan, "blue")
    assert str(err) == (
        f"plans.blue, line 2: a plan has at most {MAX_PLAN_CHARS} characters (got {len(plan)})"
    )


def test_four_hundred_digit_division():
    err = _refused(f"5/7/8\nif 1{'0' * 400} / 3 > round then 6/7/7")
    assert str(err).startswith(f"plans.red, line 2: a number has at most {MAX_DIGITS} digits")


def test_ten_thousand_terms():
    err = _refused("5/7/8\nif " + " + ".join(["1"] * 10_000) + " > 2 then 6/7/7")
    assert str(err).startswith("plans.red, line 2: a plan has at most")
    # The same attack within the size limit meets the token limit.
    err = _refused("5/7/8\n\nif " + " + ".join(["1"] * 500) + " > 2 then 6/7/7")
    assert str(err) == (f"plans.red, line 3: a condition has at most {MAX_CONDITION_TOKENS} tokens")


def test_three_thousand_unary_minuses():
    err = _refused("5/7/8\nif " + "-" * 3000 + "1 < 0 then 6/7/7")
    assert str(err) == f"plans.red, line 2: a condition has at most {MAX_CONDITION_TOKENS} tokens"
    # Fewer signs than tokens allowed: the nesting limit.
    err = _refused("5/7/8\nif " + "-" * 30 + "1 < 0 then 6/7/7")
    assert str(err).startswith("plans.red, line 2: a condition nests parentheses, signs and")


# ----------------------------------------------------------------- each limit
def test_plan_size_names_the_line_where_it_is_crossed():
    line = "5/7/8 # " + "x" * 90 + "\n"  # 99 characters
    fits = line * (MAX_PLAN_CHARS // len(line))
    parse_plan(fits)
    err = _refused(fits + line)
    assert err.line == MAX_PLAN_CHARS // len(line) + 1
    assert err.side == "red"


def test_statement_count():
    parse_plan("5/7/8\n" * MAX_STATEMENTS)
    err = _refused("5/7/8\n" * MAX_STATEMENTS + "# a comment\n6/7/7")
    assert (err.line, err.rule) == (
        MAX_STATEMENTS + 2,
        f"a plan has at most {MAX_STATEMENTS} statements",
    )
    err = _refused("5/7/8; " * (MAX_STATEMENTS + 1))  # ';' separates statements too
    assert err.line == 1


def test_tokens_in_all_conditions():
    per = "if round > -99 then 6/7/7\n"  # 4 tokens
    n = MAX_PLAN_TOKENS // 4
    parse_plan("5/7/8\n" + per * n)
    err = _refused("5/7/8\n" + per * (n + 1))
    assert (err.line, err.rule) == (
        n + 2,
        f"a plan's conditions have at most {MAX_PLAN_TOKENS} tokens in all",
    )


def test_tokens_in_one_condition():
    parse_plan("if " + " + ".join(["round"] * (MAX_CONDITION_TOKENS // 2 - 1)) + " > 0 then 5/7/8")
    err = _refused(
        "5/7/8\nif " + " + ".join(["round"] * (MAX_CONDITION_TOKENS // 2)) + " > 0 then 6/7/7"
    )
    assert err.line == 2


def test_digits():
    parse_plan(f"if endurance < {'9' * MAX_DIGITS} then 5/7/8")
    parse_plan(f"if endurance < 12.{'5' * (MAX_DIGITS - 2)} then 5/7/8")
    for bad in (
        f"if endurance < {'9' * (MAX_DIGITS + 1)} then 5/7/8",
        f"if endurance < 12.{'5' * (MAX_DIGITS - 1)} then 5/7/8",
        f"{'0' * MAX_DIGITS}5/7/8",  # AGG written with leading zeros
        f"{'0' * MAX_DIGITS}3) 5/7/8",  # a round prefix
    ):
        err = _refused("4/7/9\n" + bad)
        assert err.line == 2
        assert err.rule.startswith(f"a number has at most {MAX_DIGITS} digits"), bad


@pytest.mark.parametrize(
    "nest",
    [
        lambda d: "(" * d + "round" + ")" * d + " > 1",
        lambda d: "-" * d + "round < 0",
        lambda d: "not " * d + "round > 1",
        lambda d: "- (" * (d // 2) + "round" + ")" * (d // 2) + " < 0",
    ],
)
def test_nesting_depth(nest):
    parse_plan(f"if {nest(MAX_DEPTH)} then 5/7/8")
    err = _refused(f"4/7/9\nif {nest(MAX_DEPTH + 2)} then 5/7/8")
    assert err.line == 2
    assert err.rule.startswith("a condition nests parentheses, signs and 'not' at most")


@pytest.mark.parametrize(
    "statement",
    [
        "if " + " " * 3900 + "x",  # once minutes in the old 'if (.+?) then' pattern
        "if " + " \t" * 1900 + "round then",
        "1" + " " * 3900 + "/1/1x",
        "1/1/1 (a" + " " * 3900,
        "1 " + " " * 1900 + "h" + " " * 1900,
    ],
)
def test_long_blank_runs_are_read_in_linear_time(statement):
    # No timing: a pattern that backtracks over the blanks would hang here for minutes.
    assert _refused(statement).line == 1


# ------------------------------------------------------------ bounded bout cost
def _operations(run) -> int:
    """Python and C function calls made by ``run()``: deterministic, and proportional
    to the instructions callgrind counts for a bout (RULES.md, "Plan limits")."""
    count = 0

    def profile(frame, event, arg):
        nonlocal count
        count += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def _largest_plans(k: int = 0):
    """Plans at the limits, written to cost the most: every condition false and read
    every round, the most statements, the most tokens, every variable (``k`` changes
    the numbers: each corner's plan is parsed on its own)."""
    many = "2/2/16\n" + "\n".join(f"if round > {99 + j + k} then 5/5/5" for j in range(49))
    padded = "2/2/16\n" + "".join(
        f"if round > {99 + j + k} then 5/5/5 (inside) # x\n" for j in range(49)
    )
    padded += "#" * (MAX_PLAN_CHARS - len(padded) - 1) + "\n"
    sums = " + ".join(["round"] * 19)
    long = "2/2/16\n" + "\n".join(f"if {sums} > {999 + j + k} then 5/5/5" for j in range(4))
    every = " + ".join(
        (
            "score",
            "decision_won",
            "decision_lost",
            "mycuts",
            "hiscuts",
            "roundswon",
            "roundslost",
            "endurance_percent",
            "endurance",
            "mystuns",
            "hisstuns",
            "myknockdowns",
            "hisknockdowns",
            "warnings",
            *("round",) * 3,
        )
    )
    variables = f"2/2/16\nif opp = strong and {every} > {99999 + k} then 5/5/5\n" + "\n".join(
        f"if {sums} > {999 + j + k} then 5/5/5" for j in range(3)
    )
    return {"many": many, "padded": padded, "long": long, "variables": variables}


NORMAL_PLAN = "1) 2B/2/16; if score < -50 then 8/4/8\n4) 2/2/16\n6) if score < -40 then 10/4/6"
ENGINE_BOUND = 7  # the largest plans: at most 7 bouts with normal plans (5.5 measured)


def test_largest_plans_are_accepted_and_bound_a_bouts_cost():
    tough = card(tgh=30)  # both go the 15 rounds: the most rounds of evaluation

    def bout(red, blue):
        ruleset._PARSED.clear()  # each bout parses its plans, as a worker does
        result = simulate("webl", tough, tough, rounds=15, seed=3, plans={"red": red, "blue": blue})
        assert result.round == 15 and result.time == "3:00"
        return result

    normal = _operations(lambda: bout(NORMAL_PLAN, NORMAL_PLAN + " # blue's"))
    reds, blues = _largest_plans(), _largest_plans(1000)
    for name, red in reds.items():
        for text in (red, blues[name]):
            plan = parse_plan(text)
            tokens = sum(rule.test.tokens for rule in plan.rules if rule.test)
            assert len(text) <= MAX_PLAN_CHARS and tokens <= MAX_PLAN_TOKENS
            assert len(plan.rules) <= MAX_STATEMENTS
        cost = _operations(lambda red=red, blue=blues[name]: bout(red, blue))
        assert cost <= ENGINE_BOUND * normal, (name, cost / normal)
        size = len(json.dumps(bout(red, blues[name]).to_dict()))
        assert size < 40_000, (name, size)  # the stored result stays small
