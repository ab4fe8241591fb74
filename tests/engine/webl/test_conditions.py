"""Plan conditions: the interpreter's meaning (Python's precedence and comparisons,
checked types, division by zero) and that no Python is compiled or evaluated."""

import builtins

import pytest

from bouts.engine import simulate
from bouts.engine.errors import PlanError
from bouts.engine.webl.conditions import compile_condition, situation
from bouts.engine.webl.plans import parse_plan

from .helpers import card


def _test(cond):
    return compile_condition(cond)[1]


@pytest.mark.parametrize(
    ("cond", "values", "expected"),
    [
        ("endurance_percent > 80", {"endurance_percent": 90}, True),
        ("endurance_percent > 80", {"endurance_percent": 70}, False),
        ("round >= 9 and score < -2", {"round": 10, "score": -3}, True),
        ("round >= 9 and score < -2", {"round": 10, "score": 0}, False),
        ("round = 3 or round = 5", {"round": 5}, True),
        ("mystuns > 0", {"mystuns": 1}, True),
        ("hisstuns > 0", {"hisstuns": 0}, False),
        ("roundswon > roundslost", {"roundswon": 4, "roundslost": 2}, True),
        ("opp = exhausted", {"opp_endurance_percent": 30}, True),
        ("opp = strong", {"opp_endurance_percent": 30}, False),
        ("opp <> strong", {"opp_endurance_percent": 50}, True),
        ("mycuts > 0 and hiscuts = 0", {"mycuts": 1}, True),
        ("myknockdowns + hisknockdowns >= 2", {"myknockdowns": 1, "hisknockdowns": 1}, True),
        ("warnings >= 2", {"warnings": 2}, True),
        ("endurance_percent < 100 - (round - 1) * 4", {"round": 6, "endurance_percent": 79}, True),
        ("decision_won = 1", {"score": 2}, True),
        ("decision_lost = 1", {"score": 2}, False),
        ("not round > 3", {"round": 2}, True),
    ],
)
def test_conditions(cond, values, expected):
    assert _test(cond)(*situation(**values)) is expected


def test_condition_text_is_normalised():
    assert compile_condition("ROUND>=9   AND score<-2")[0] == "round >= 9 and score < -2"
    assert compile_condition("endurance < 100-(round-1)*4")[0] == (
        "endurance < 100 - (round - 1) * 4"
    )
    assert compile_condition("-score > -(2)")[0] == "-score > -(2)"


def test_conditions_cannot_run_python():
    for bad in ("__import__('os')", "round.__class__", "open('x')", "'a'"):
        with pytest.raises(PlanError):
            compile_condition(bad)


def test_division_by_zero_in_condition_is_false():
    plan = parse_plan("4/7/9\nif 1 / (round - 1) > 0 then 5/5/5")
    assert plan.choose(1, *situation(round=1)[:2]).text() == "4/7/9"


def test_type_errors_in_conditions_are_refused():
    with pytest.raises(PlanError, match="line 2: cannot evaluate condition 'opp > 3'"):
        parse_plan("5/7/8\nif opp > 3 then 6/7/7")
    with pytest.raises(PlanError, match="cannot evaluate"):
        parse_plan("if opp + 1 = 2 then 6/7/7")


@pytest.mark.parametrize(
    ("cond", "values", "expected"),
    [
        ("1 < round < 5", {"round": 3}, True),  # chained, as in Python
        ("1 < round < 5", {"round": 5}, False),
        ("round = 3 = 3", {"round": 3}, True),
        ("not not round > 3", {"round": 4}, True),
        ("score", {"score": 0}, False),  # a number is true when it is not 0
        ("score and round > 2", {"score": -1, "round": 3}, True),
        ("opp = 2", {}, False),  # an opp word is never equal to a number
        ("opp <> 2", {}, True),
        ("-(-round) = round", {"round": 7}, True),
        ("endurance_percent / 3 > 33.3", {}, True),
        ("7 / 2 = 3.5", {}, True),
        ("round = 1 or 1 / (round - 1) > 0", {"round": 1}, True),  # stops before dividing
        ("round > 1 and 1 / 0 > 0", {"round": 2}, False),
        ("999999 * 999999 * 999999 * 999999 * 999999 > 1", {}, True),  # floats, no big ints
    ],
)
def test_interpreter_follows_python_arithmetic_and_logic(cond, values, expected):
    assert _test(cond)(*situation(**values)) is expected


@pytest.mark.parametrize(
    ("cond", "message"),
    [
        ("opp < tired", "opp compares only with = or <>"),
        ("opp * 2 = 4", "opp compares only with = or <>"),
        ("-opp = 1", "opp compares only with = or <>"),
        ("opp and round > 1", "opp compares only with = or <>"),
        ("(round > 3) + 1 > 1", "a comparison cannot be used as a number"),
        ("(round > 3) = (score > 1)", "a comparison cannot be compared"),
        ("round >", "cannot read condition"),
        ("()", "cannot read condition"),
        ("round 3", "cannot read condition"),
        ("(round > 3", "cannot read condition"),
    ],
)
def test_types_and_syntax_are_checked_when_the_plan_is_read(cond, message):
    with pytest.raises(PlanError, match=message) as info:
        parse_plan(f"5/7/8\nif {cond} then 6/7/7", side="blue")
    assert str(info.value).startswith("plans.blue, line 2: ")


def test_no_python_is_compiled_or_evaluated(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a plan must not reach compile() or eval()")

    monkeypatch.setattr(builtins, "compile", refuse)
    monkeypatch.setattr(builtins, "eval", refuse)
    plan = parse_plan("4/7/9\nif round >= 3 and score < 1 - (2 * round) / 4 then 6/7/7")
    assert plan.choose(3, *situation(round=3, score=-3)[:2], 0, situation(score=-3)[4]).label
    result = simulate(
        "webl",
        card(),
        card(),
        seed=4,
        plans={"red": "4/7/9\nif round >= 3 and score < -1 then 7/7/6", "blue": None},
    )
    assert result.rounds
