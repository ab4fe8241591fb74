"""Fight plans: the text format, parser errors with line numbers, the formatter,
conditions and the default plans."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bouts.engine import simulate
from bouts.engine.errors import PlanError
from bouts.engine.webl import RULESET
from bouts.engine.webl.conditions import situation
from bouts.engine.webl.default_plans import default_rounds
from bouts.engine.webl.plans import TOWEL, Line, format_plan, parse_line, parse_plan

from .helpers import card


def test_basic_line_unspent_points_are_rest():
    line = parse_line("4/7/9")
    assert (line.agg, line.pow, line.defense, line.target, line.dirty, line.style) == (
        4,
        7,
        9,
        "",
        False,
        "",
    )
    assert line.rest == 0
    assert parse_line("3/5/6").rest == 6


@pytest.mark.parametrize(("text", "target"), [("4H/7/9", "H"), ("4b/7/9", "B"), ("4C/7/9", "C")])
def test_target_letter(text, target):
    assert parse_line(text).target == target


def test_dirty_after_pow():
    assert parse_line("4/7!/9").dirty
    assert not parse_line("4/7/9").dirty


@pytest.mark.parametrize(
    ("word", "style"),
    [
        ("inside", "inside"),
        ("ins", "inside"),
        ("clinch", "clinch"),
        ("cli", "clinch"),
        ("feint", "feint"),
        ("counter", "counter"),
        ("cou", "counter"),
        ("ring", "ring"),
        ("cut", "cut"),
        ("cut off the ring", "cut"),
        ("outside", "outside"),
        ("all-out", "allout"),
        ("ALL", "allout"),
    ],
)
def test_styles_by_first_three_letters(word, style):
    assert parse_line(f"6/7/7 ({word})").style == style


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4/7", "expected AGG/POW/DEF"),
        ("0/7/9", "AGG must be at least 1"),
        ("4/0/9", "POW must be at least 1"),
        ("8/8/8", r"at most 20 energy points \(got 24\)"),
        ("4/7/9 (dance)", "unknown style 'dance'"),
        ("4X/7/9", "expected AGG/POW/DEF"),
    ],
)
def test_bad_lines(text, message):
    with pytest.raises(PlanError, match=message):
        parse_line(text)


def test_errors_name_the_line_and_side():
    with pytest.raises(PlanError) as info:
        parse_plan("4/7/9\n# a comment\n5/5/5\n9/9/9 (inside)", side="red")
    assert info.value.line == 4
    assert info.value.side == "red"
    assert str(info.value).startswith("plans.red, line 4: AGG+POW+DEF")


def test_error_in_condition_names_line():
    with pytest.raises(PlanError, match="unknown variable 'stamina'") as info:
        parse_plan("4/7/9\nif stamina < 3 then 5/5/5")
    assert info.value.line == 2
    with pytest.raises(PlanError, match="line 1: cannot read condition"):
        parse_plan("if round < then 5/5/5", side=None)
    with pytest.raises(PlanError, match="line 1: unexpected"):
        parse_plan("if round $ 3 then 5/5/5")


def test_round_prefixes_apply_from_that_round_on():
    plan = parse_plan("4/7/9\n3) 6/7/7 (ins)\n7) 5/5/10")
    assert plan.choose(1).text() == "4/7/9"
    assert plan.choose(2).text() == "4/7/9"
    assert plan.choose(3).text() == "6/7/7 (inside)"
    assert plan.choose(6).text() == "6/7/7 (inside)"
    assert plan.choose(12).text() == "5/5/10"


def test_prefix_applies_to_following_unprefixed_lines():
    plan = parse_plan("1) 4B/8/8; if score < 0 then 8/4/8\n4) 6/6/8\n6) if score < 2 then 10/4/6")
    behind = situation(score=-1)
    assert plan.choose(2, *behind[:2], 0, behind[4], behind[5]).text() == "8/4/8"
    assert plan.choose(2).text() == "4B/8/8"
    # Round 5: 6/6/8 is the last line that applies (the round-1 conditional is before it).
    assert plan.choose(5, *behind[:2], 0, behind[4], behind[5]).text() == "6/6/8"
    assert plan.choose(6, *behind[:2], 0, behind[4], behind[5]).text() == "10/4/6"


def test_missing_rounds_fall_back_to_none():
    plan = parse_plan("5) 5/5/5")
    assert plan.choose(1) is None
    assert plan.choose(5).text() == "5/5/5"


def test_conditional_line():
    plan = parse_plan("if endurance_percent > 80 then 5B/8/7 (ring)\n4/7/9")
    fresh = situation(endurance_percent=90)
    # The unconditional line comes last, so it wins.
    assert plan.choose(1, *fresh[:2], 0, fresh[4], fresh[5]).text() == "4/7/9"
    plan = parse_plan("4/7/9\nif endurance_percent > 80 then 5B/8/7 (ring)")
    assert plan.choose(1, *fresh[:2], 0, fresh[4], fresh[5]).text() == "5B/8/7 (ring)"
    tired = situation(endurance_percent=50)
    assert plan.choose(1, *tired[:2], 0, tired[4], tired[5]).text() == "4/7/9"


def test_towel():
    plan = parse_plan("4/7/9\nif endurance_percent < 20 then towel")
    low = situation(endurance_percent=10)
    assert plan.choose(3, *low[:2], 0, low[4], low[5]) is TOWEL


def test_comments_and_semicolons():
    plan = parse_plan("# my plan\n4/7/9; 3) 5/5/5 # later\n\n")
    assert [r.line_no for r in plan.rules] == [2, 2]
    assert plan.choose(3).text() == "5/5/5"


def test_empty_plan_is_an_error():
    with pytest.raises(PlanError, match="no lines"):
        parse_plan("# nothing\n")


def test_formatter_round_trip():
    text = (
        "4H/7!/9\n3) 6/7/7 (ins)\nif endurance_percent > 80 then 5B/8/7 (ring)\n"
        "9) if round>=9 and score<-2 then towel\n"
    )
    plan = parse_plan(text)
    out = format_plan(plan)
    assert out == (
        "4H/7!/9\n3) 6/7/7 (inside)\nif endurance_percent > 80 then 5B/8/7 (ring)\n"
        "9) if round >= 9 and score < -2 then towel\n"
    )
    assert format_plan(parse_plan(out)) == out


def test_line_text():
    assert Line(5, 8, 7, "B", True, "allout").text() == "5B/8!/7 (all-out)"


def test_a_default_plan_is_the_plan_its_text_says_for_every_strategy():
    # What the bout reads of a corner's default plan is what its text, parsed, says:
    # the line and the conditional lines of every round, what its conditions read.
    rng = random.Random(3)
    pairs = [(card(), card(hgt=15)), (card(str=15, hgt=8), card()), (card(agl=16), card())]
    for strategy in ("poor", "average", "good", "excellent"):
        for me, opp in pairs * 20:
            rounds, text, env, conditional = default_rounds(me, opp, strategy, rng.random)
            plan = parse_plan(text)
            assert format_plan(plan) == text == plan.text()
            assert (conditional, env) == (plan.has_conditions, plan.env)
            for rnd in range(1, 16):
                line, conditions = rounds[rnd]
                parsed_line, parsed_conditions = plan.rounds[rnd]
                assert line == parsed_line
                assert [rule.text() for rule in conditions] == [
                    rule.text() for rule in parsed_conditions
                ]
                assert plan.choose(rnd, *situation(round=rnd)[:2]) is not None


def test_default_lines_spend_the_energy_as_the_corners_do():
    # AGG 4-8, POW 5-8, DEF the rest (at most 10); all four blocks drawn.
    rng = random.Random(5)
    aggs, pows, targets = set(), set(), set()
    for _ in range(400):
        rounds, *_ = default_rounds(card(), card(), "poor", rng.random)
        for start in (1, 4, 7, 10):
            line = rounds[start][0]
            aggs.add(line.agg)
            pows.add(line.pow)
            targets.add(line.target)
            assert line.defense == min(10, 20 - line.agg - line.pow)
    assert aggs == {4, 5, 6, 7, 8}
    assert pows == {5, 6, 7, 8}
    assert targets == {"", "H", "B"}


def test_validate_plans_accepts_text_plan_or_none():
    parsed = parse_plan("5/7/8")
    out = RULESET.validate_plans({"red": "4/7/9", "blue": parsed})
    assert out["red"].choose(1).text() == "4/7/9"
    assert out["blue"] is parsed
    assert RULESET.validate_plans(None) == {"red": None, "blue": None}
    assert RULESET.validate_plans({"red": ""}) == {"red": None, "blue": None}


def test_validate_plans_errors():
    with pytest.raises(PlanError, match=r"plans\.blue, line 1"):
        RULESET.validate_plans({"blue": "9/9/9"})
    with pytest.raises(PlanError, match="must be text"):
        RULESET.validate_plans({"red": 5})
    with pytest.raises(Exception, match="plans are given per side"):
        RULESET.validate_plans({"green": "5/5/5"})


def test_plans_drive_the_bout():
    result = simulate(
        "webl", card(), card(), seed=3, plans={"red": "3/5/12 (clinch)", "blue": "6H/7!/7"}
    )
    assert result.details["plans"]["red"] == "3/5/12 (clinch)\n"
    first = result.rounds[0]
    assert first["red"]["plan"] == "3/5/12 (clinch)"
    assert first["red"]["thrown"] == 8 * 2  # clinching costs one AGG
    assert first["blue"]["plan"] == "6H/7!/7"


def test_towel_ends_the_bout_by_rtd():
    result = simulate("webl", card(), card(), seed=1, plans={"red": "5/7/8\n4) towel"})
    assert (result.winner, result.method, result.round, result.time) == ("blue", "RTD", 3, "3:00")


_ALPHABET = st.sampled_from(
    [*"0123456789/!()HBCxif ;#\n=<>+-*", "if ", " then ", "round", "opp", "(ins)", ")"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_parser_never_crashes(text):
    try:
        plan = parse_plan(text, side="red")
    except PlanError as exc:
        assert str(exc).startswith("plans.red")
        return
    for rnd in range(1, 16):
        plan.choose(rnd, *situation(round=rnd)[:2])
    assert format_plan(parse_plan(format_plan(plan))) == format_plan(plan)


def test_a_well_chosen_plan_gives_an_underdog_a_measurable_edge():
    # bench/realism_webl.py --underdog (RULES.md, "Plans give an edge"), in small: the
    # same 300 bouts of a one-point underdog, his corner's default plan against a plan
    # chosen from the seed's formulas; the favourite keeps his default plan.
    from bouts.engine.webl.default_plans import profile_style
    from bouts.engine.webl.plans import STYLE_TEXT

    rng = random.Random(5)
    wins = {"default": 0, "chosen": 0}
    for seed in range(300):
        rating = 7 + 8 * rng.random()
        favourite, dog = RULESET.generate_card(rng, rating), RULESET.generate_card(rng, rating - 1)
        style = profile_style(dog, favourite)
        chosen = "3B/9/8" + (f" ({STYLE_TEXT[style]})" if style else "")
        chosen += "\nif opp = exhausted then 6H/9/5\n10) if score < 0 then 6H/9/5"
        for name, plan in (("default", None), ("chosen", chosen)):
            result = simulate("webl", favourite, dog, seed=seed, plans={"blue": plan})
            wins[name] += result.winner == "blue"
    assert wins["chosen"] >= 2 * wins["default"] + 15, wins
