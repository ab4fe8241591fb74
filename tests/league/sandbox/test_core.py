"""The sandbox's pure core: the same seeds give the same figures, the figures add
up, and the plan's lines are named behind the rounds they fought."""

import pytest

from bouts.engine import generate_card
from bouts.plan_lines import PlanLines, round_label
from league.sandbox.core import fight_many

PLAN = "# opening\n1) 5/7/8\n4) 8H/6/6 (inside)\nif round > 5 then 6/6/8"


def run(n=30, plan=PLAN, side="red", seed=5):
    return fight_many(
        "webl",
        mine=generate_card("webl", 1, rating=12),
        theirs=generate_card("webl", 2, rating=12),
        side=side,
        my_plan=plan,
        their_plan=None,
        rounds=8,
        n=n,
        seed=seed,
    )


def test_the_same_seeds_give_the_same_figures_and_others_differ():
    assert run() == run()
    assert run(seed=6) != run()


def test_the_outcomes_add_up_to_the_fights():
    result = run(n=40)
    assert result["fights"] == 40
    assert sum(o["count"] for o in result["outcomes"]) == 40
    assert result["win"] + result["loss"] + result["draw"] == pytest.approx(1.0, abs=1e-3)
    assert all(o["words"][0].isupper() and "_" not in o["words"] for o in result["outcomes"])
    first = result["rounds"][0]
    assert first["round"] == 1 and first["fought"] == 40
    assert first["energy"] is not None and first["damage_dealt"] >= 0


def test_the_lines_of_the_plan_are_named_behind_the_rounds():
    lines = {entry["label"]: entry for entry in run(n=20)["lines"]}
    assert lines["5/7/8"]["lines"] == [2]
    assert lines["8H/6/6 (inside)"]["lines"] == [3]
    # rounds 1-3 of every fight used line 2
    assert lines["5/7/8"]["rounds"] >= 3 * 20 - 1


def test_the_blue_corner_counts_its_own_side():
    result = run(side="blue", n=10)
    assert {entry["label"] for entry in result["lines"]} <= {
        "5/7/8",
        "8H/6/6 (inside)",
        "6/6/8",
    }


def test_plan_lines_name_every_statement_that_could_have_fought_a_round():
    plan = PlanLines("webl", "5/7/8\n3) 6/6/8\nif round > 3 then 6/6/8\n5) 8/6/6")
    assert plan.lines_for(1, "5/7/8") == [1]
    assert plan.lines_for(4, "6/6/8") == [2, 3]
    assert plan.lines_for(5, "6/6/8") == []
    assert plan.lines_for(5, "8/6/6") == [4]
    assert PlanLines("webl", "not a plan").lines_for(1, "5/7/8") == []
    assert PlanLines("titlebout", {"strategy": "KO"}).lines_for(1, "go_for_ko") == []


def test_round_label_reads_the_engines_words():
    assert round_label({"plan": "6/6/8"}) == "6/6/8"
    assert round_label({"strategy": "none", "style": "B"}) == "boxer"
    assert round_label(None) == ""
