"""The bout: fouls, stoppages, the result's shape, plans' and officials' effects."""

from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bouts.engine import simulate
from bouts.engine.errors import OptionError
from bouts.engine.result import DQ, KO, TDRAW, TKO
from bouts.engine.webl.fighter import Fighter, line_values, pair_meaning, side_values
from bouts.engine.webl.incidents import DQ_LADDER
from bouts.engine.webl.incidents import fouls as _fouls
from bouts.engine.webl.officials import DOCTOR
from bouts.engine.webl.plans import parse_line
from bouts.engine.webl.steps import harm
from bouts.engine.webl.stoppage import resolve_stoppage

from .helpers import ScriptedRng, card


def _fighter():
    return Fighter("red", {**card(), "name": "Joe"}, card(), True)


# ------------------------------------------------------------------ step 5: fouls
def test_dirty_fighter_warned_then_ladder():
    f = _fighter()
    fouls, events = [], []
    # warned (0.1 < 0.5), time, DQ roll 0.5 >= 10%: "After one warning, the fighter has
    # one point taken away from him, even if he is not disqualified."
    warned, points = _fouls(
        f, 1, True, 0, (ScriptedRng([0.1, 0.3, 0.5]), 0.5, 0.015, fouls, events)
    )
    assert (warned, points, f.warnings, f.dq) == (True, 1, 1, False)
    assert (fouls[-1]["penalty"], fouls[-1]["points"]) == ("point", 1)
    assert events[-1]["text"] == "Joe is warned for foul blows and loses a point."
    # Second warning: 20% DQ chance; 0.25 survives and costs a point.
    warned, points = _fouls(
        f, 2, True, 0, (ScriptedRng([0.1, 0.3, 0.25]), 0.5, 0.015, fouls, events)
    )
    assert (points, f.dq) == (1, False)
    assert fouls[-1]["penalty"] == "point"
    # Third warning: 40%: 0.39 disqualifies.
    _fouls(f, 3, True, 0, (ScriptedRng([0.1, 0.3, 0.39]), 0.5, 0.015, fouls, events))
    assert f.dq
    assert fouls[-1]["penalty"] == "disqualification"
    assert "disqualified" in events[-1]["text"]


def test_dq_ladder_values_and_automatic_fifth():
    assert DQ_LADDER == (0.10, 0.20, 0.40, 0.80, 1.0)
    f = _fighter()
    f.warnings = 4
    _fouls(f, 5, True, 0, (ScriptedRng([0.1, 0.3, 0.999]), 0.5, 0.015, [], []))
    assert f.dq


def test_unwarned_dirty_fighter():
    f = _fighter()
    warned, points = _fouls(f, 1, True, 0, (ScriptedRng([0.6, 0.5]), 0.5, 0.015, [], []))
    assert (warned, points, f.warnings) == (False, 0, 0)


def test_first_unintentional_foul_costs_a_point():
    # "treated as a normal warning except that the fighter is never disqualified"
    f = _fighter()
    fouls = []
    warned, points = _fouls(f, 1, False, 0, (ScriptedRng([0.3]), 0.5, 0.015, fouls, []))
    assert (warned, points, f.warnings, f.dq) == (False, 1, 1, False)
    assert (fouls[0]["type"], fouls[0]["penalty"]) == ("unintentional", "point")


def test_unintentional_foul_never_disqualifies():
    f = _fighter()
    f.warnings = 4  # the next would be an automatic DQ if it were for dirty fighting
    fouls = []
    # Clean fighter: the caller's 1.5% roll landed; time roll.
    warned, points = _fouls(f, 6, False, 0, (ScriptedRng([0.3]), 0.5, 0.015, fouls, []))
    assert not f.dq
    assert (warned, points) == (False, 1)
    assert fouls[0]["type"] == "unintentional"


@pytest.mark.parametrize(
    ("red", "blue", "red_mult", "blue_mult"),
    [
        ("5B/7/8", "5/7/8", 0.25, 1.0),  # throwing body blows: his own chance x0.25
        ("5H/7/8", "5/7/8", 1.0, 1.5),  # head punches: the opponent's chance x1.5
        ("5H/7/8", "5B/7/8", 1.0, 1.5 * 0.25),
        ("5C/7/8", "5/7/8", 1.0, 1.0),  # cut targeting: in the round, when he bleeds
    ],
)
def test_injury_chance_multipliers_of_step_9(red, blue, red_mult, blue_mult):
    # 20 damage taken is a 40% injury chance (DAM x DAM / 10 percent), times the lines'
    # multipliers: a draw just below the chance injures him, one just above does not
    for side, mult in (("red", red_mult), ("blue", blue_mult)):
        chance = 0.4 * mult
        below, above = (chance * 0.999, 1.0), (chance * 1.001, 1.0)
        if side == "blue":
            below, above = below[::-1], above[::-1]
        assert _injured_in_step_9(red, blue, below) == [side]
        assert _injured_in_step_9(red, blue, above) == []


def _injured_in_step_9(red_text, blue_text, draws) -> list[str]:
    """The sides injured in step 9 of a round where each fighter takes 20 damage, with
    ``draws`` as red's and blue's injury draws (neither injured before)."""
    red, blue = (
        Fighter("red", card(tgh=30), card(), True),
        Fighter("blue", card(tgh=30), card(), True),
    )
    red_line, blue_line = parse_line(red_text), parse_line(blue_text)
    _, harming, _, _, _ = pair_meaning(red, blue, red_line, blue_line)
    exchanged = (0.0, 0.0, 0.0, 0.0, 20.0, 20.0, 0, 0)  # no knockdown damage
    scripted = iter(draws)
    records = []
    bout = (0.0, 0.0, (Random(1), DOCTOR["balanced"], [], records, []))
    harm(scripted.__next__, red, blue, 1, exchanged, harming, red.start, blue.start, bout)
    return sorted({record["fighter"] for record in records})


def test_holding_penalty_probability():
    # Seed: clinching with DEF 10: 10 x 10 / 4 = 25%.
    vals = side_values(parse_line("2/8/10 (clinch)"), (10, 10, 10), 1, parse_line("5/7/8"))
    assert vals[12] == pytest.approx(0.25)
    vals = side_values(parse_line("2/6/12 (clinch)"), (10, 10, 10), 1, parse_line("5/7/8"))
    assert vals[12] == pytest.approx(0.36)
    assert (
        side_values(parse_line("2/8/9 (clinch)"), (10, 10, 10), 1, parse_line("5/7/8"))[12] == 0.0
    )
    assert side_values(parse_line("2/8/10"), (10, 10, 10), 2, parse_line("5/7/8"))[12] == 0.0


def test_holding_penalty_rate_in_bouts():
    rounds = holds = 0
    for seed in range(60):
        result = simulate(
            "webl",
            card(tgh=20),
            card(tgh=20),
            seed=seed,
            plans={"red": "3/7/10 (clinch)", "blue": "5/7/8"},
        )
        rounds += len(result.rounds)
        holds += sum(1 for f in result.fouls if f["type"] == "holding")
    assert 0.18 <= holds / rounds <= 0.32


def test_holding_penalty_scored():
    for seed in range(40):
        result = simulate(
            "webl",
            card(),
            card(),
            seed=seed,
            plans={"red": "3/7/10 (clinch)", "blue": "3/7/10 (clinch)"},
        )
        for foul in result.fouls:
            if foul["type"] == "holding" and foul["round"] <= len(result.scorecards[0]):
                assert foul["points"] == 1
                return
    pytest.fail("no holding penalty in 40 bouts")


# --------------------------------------------------------- step 13: stoppages
def test_double_knockout_earlier_one_loses():
    red_out = (0.6, KO, "red out")
    blue_out = (0.4, TKO, "blue out")
    assert resolve_stoppage(red_out, blue_out, False, False)[:2] == ("red", TKO)
    assert resolve_stoppage((0.3, KO, ""), blue_out, False, False)[:2] == ("blue", KO)


def test_dq_fighter_ko_is_disregarded():
    # Red DQ'd and scored a KO of blue: the KO is disregarded, red loses by DQ.
    assert resolve_stoppage(None, (0.5, KO, ""), True, False)[:2] == ("blue", DQ)


def test_dq_and_koed_fighter_loses_by_ko():
    assert resolve_stoppage((0.5, KO, ""), None, True, False)[:2] == ("blue", KO)


def test_both_dq():
    assert resolve_stoppage(None, None, True, True)[:2] == (None, TDRAW)


# ------------------------------------------------------------------ the result
def test_result_shape():
    result = simulate("webl", {**card(), "name": "Ann"}, {**card(str=13), "name": "Bo"}, seed=4)
    data = result.to_dict()
    assert data["ruleset"] == "webl"
    assert data["winner"] in ("red", "blue", None)
    assert data["method"] in ("KO", "TKO", "RTD", "DQ", "UD", "SD", "MD", "DRAW", "TDRAW")
    assert len(data["judges"]) == 3 and len(set(data["judges"])) == 3
    assert len(data["scorecards"]) == 3
    done = len(data["scorecards"][0])
    for card_ in data["scorecards"]:
        assert len(card_) == done
        for red, blue in card_:
            assert max(red, blue) == 10 or min(red, blue) < 10
    for row in data["rounds"]:
        for side in ("red", "blue"):
            assert {"landed", "thrown", "damage"} <= set(row[side])
            assert row[side]["landed"] <= row[side]["thrown"]
    for event in data["events"]:
        assert set(event) == {"round", "clock", "kind", "side", "text"}
    assert any("Ann" in e["text"] for e in data["events"])
    assert data["time"].count(":") == 1


def test_decision_goes_the_distance():
    for seed in range(50):
        result = simulate("webl", card(), card(), seed=seed, rounds=4)
        if result.method in ("UD", "SD", "MD", "DRAW"):
            assert result.round == 4 and result.time == "3:00"
            assert len(result.scorecards[0]) == 4
            return
    pytest.fail("no decision in 50 four-round bouts")


def test_stoppage_records():
    seen = Counter()
    for seed in range(200):
        result = simulate("webl", card(str=16, spd=14), card(str=8, tgh=8), seed=seed)
        seen[result.method, result.winner] += 1
        if result.method in ("KO", "TKO"):
            assert len(result.scorecards[0]) == result.round - 1
            assert result.events[-1]["kind"] == "stoppage"
        for kd in result.knockdowns:
            assert set(kd) == {"round", "time", "fighter", "count"}
    assert seen["KO", "red"] + seen["TKO", "red"] > 150


def test_injuries_recorded_with_severity():
    for seed in range(100):
        result = simulate(
            "webl", card(str=15), card(), seed=seed, plans={"red": "6H/8/6", "blue": "6H/8/6"}
        )
        if result.injuries:
            inj = result.injuries[0]
            assert {"round", "time", "fighter", "type", "location", "severity", "text"} <= set(inj)
            assert inj["severity"] in (1, 2, 3)
            return
    pytest.fail("no injuries in 100 bouts")


# ------------------------------------------------------- plans change outcomes
def _early_share(plan, n=150):
    early = distance = 0
    for seed in range(n):
        result = simulate(
            "webl", card(str=13, spd=12), card(), seed=seed, plans={"red": plan, "blue": plan}
        )
        early += result.method in ("KO", "TKO", "RTD")
        distance += result.method in ("UD", "SD", "MD", "DRAW")
    return early / n, distance / n


def test_all_out_ends_more_fights_early():
    allout, _ = _early_share("6/7/7 (all-out)")
    normal, _ = _early_share("6/7/7")
    assert allout > normal + 0.3


def test_clinch_and_ring_go_the_distance_more_often():
    _, normal = _early_share("7/7/6")
    _, clinch = _early_share("3/7/9 (clinch)")
    _, ring = _early_share("4/6/9 (ring)")
    assert clinch > normal + 0.2
    assert ring > normal + 0.2


def test_head_hunting_knocks_out_more():
    kos = {}
    for plan in ("6/7/7", "6H/7/7"):
        kos[plan] = sum(
            simulate(
                "webl", card(str=13, spd=12), card(), seed=s, plans={"red": plan, "blue": plan}
            ).method
            == "KO"
            for s in range(150)
        )
    assert kos["6H/7/7"] > kos["6/7/7"]


# ------------------------------------------------------------------ officials
def _count(plans, officials, pred, n=150, red=None, blue=None):
    return sum(
        pred(
            simulate(
                "webl", red or card(), blue or card(), seed=s, plans=plans, officials=officials
            )
        )
        for s in range(n)
    )


def test_strict_referee_warns_dirty_fighters_more():
    plans = {"red": "5/7!/8", "blue": "5/7/8"}

    def warnings(result):
        return sum(1 for f in result.fouls if f["type"] == "dirty")

    strict = _count(plans, {"referee": {"fouls": "strict"}}, warnings, n=60)
    lenient = _count(plans, {"referee": {"fouls": "very_lenient"}}, warnings, n=60)
    assert strict > lenient


def test_early_stopping_referee_stops_sooner():
    plans = {"red": "7/7/6", "blue": "7/7/6"}

    def end_round(result):
        return result.round

    red = card(str=13, spd=12)
    early = _count(plans, {"referee": {"stoppage": "early"}}, end_round, red=red)
    late = _count(plans, {"referee": {"stoppage": "very_late"}}, end_round, red=red)
    assert early < late


def test_cautious_doctor_stops_more_injured_fighters():
    plans = {"red": "7H/8/5", "blue": "7H/8/5"}

    def doctor(result):
        return result.method == "TKO" and "doctor" in result.events[-1]["text"]

    cautious = _count(
        plans,
        {"doctor": {"caution": "cautious"}},
        doctor,
        n=300,
        red=card(tgh=20),
        blue=card(tgh=20),
    )
    permissive = _count(
        plans,
        {"doctor": {"caution": "permissive"}},
        doctor,
        n=300,
        red=card(tgh=20),
        blue=card(tgh=20),
    )
    assert cautious > permissive


def test_named_officials_are_used():
    officials = {
        "referee": {"name": "Ref"},
        "judges": [{"name": "A"}, {"name": "B", "bias": "slugger"}, {"name": "C"}],
        "doctor": {"name": "Doc", "caution": "cautious"},
    }
    result = simulate("webl", card(), card(), seed=1, officials=officials)
    assert result.judges == ["A", "B", "C"]
    assert result.details["referee"]["name"] == "Ref"
    assert result.details["doctor"]["caution"] == "cautious"


def test_officials_left_out_are_drawn_alike_however_they_are_left_out():
    # No officials, an empty object, empty entries: the same default settings and the
    # same names drawn, in the same order; a name given is kept and the rest drawn.
    from bouts.engine.webl.officials import resolve_officials

    left_out = [None, {}, {"referee": {}, "judges": [{}, {}, {}], "doctor": {}}]
    resolved = [resolve_officials(officials, Random(7)) for officials in left_out]
    assert resolved[0] == resolved[1] == resolved[2]
    referee, judges, doctor = resolved[0]
    assert referee["fouls"] == "normal" and doctor["caution"] == "balanced"
    assert len({judge["name"] for judge in judges}) == 3
    named = resolve_officials({"judges": [{}, {"name": "A"}, {}]}, Random(7))[1]
    assert named[1]["name"] == "A" and named[0] == judges[0]


@pytest.mark.parametrize(
    ("officials", "message"),
    [
        ({"referee": {"fouls": "harsh"}}, "officials.referee.fouls: must be one of"),
        ({"judges": [{}]}, "officials.judges: must be a list of three judges"),
        ({"judges": [{"bias": "x"}, {}, {}]}, r"officials.judges\[0\].bias"),
        ({"doctor": {"caution": "x"}}, "officials.doctor.caution"),
        ({"timekeeper": {}}, "officials.timekeeper: unknown official"),
    ],
)
def test_bad_officials(officials, message):
    with pytest.raises(OptionError, match=message):
        simulate("webl", card(), card(), seed=1, officials=officials)


def test_corners_strategy_and_bad_corners():
    result = simulate(
        "webl", card(), card(), seed=1, corners={"red": {"strategy": "excellent", "cut": "poor"}}
    )
    assert "if" in result.details["plans"]["red"]
    with pytest.raises(OptionError, match=r"corners\.red\.strategy"):
        simulate("webl", card(), card(), seed=1, corners={"red": {"strategy": "genius"}})


def test_options():
    with pytest.raises(OptionError, match=r"options\.speed"):
        simulate("webl", card(), card(), seed=1, options={"speed": 2})
    with pytest.raises(OptionError, match=r"options\.home"):
        simulate("webl", card(), card(), seed=1, options={"home": "green"})
    with pytest.raises(OptionError, match=r"options\.weight_rule"):
        simulate("webl", card(), card(), seed=1, options={"weight_rule": "yes"})
    result = simulate(
        "webl",
        card(),
        card(),
        seed=1,
        options={"home": "red", "champion": "blue", "weight_rule": False},
    )
    assert result.ruleset == "webl"


def test_weight_rule_helps_the_heavier_man():
    heavy = {**card(), "weight": 200}
    light = {**card(), "weight": 150}
    wins = {True: 0, False: 0}
    for rule in (True, False):
        for s in range(100):
            result = simulate(
                "webl",
                heavy,
                light,
                seed=s,
                options={"weight_rule": rule},
                plans={"red": "5/7/8", "blue": "5/7/8"},
            )
            wins[rule] += result.winner == "red"
    assert wins[True] > wins[False]


def test_plan_conditions_see_rounds_won_and_score():
    plans = {"red": "5/7/8\nif roundswon >= 3 then 3/7/10 (ring)", "blue": "3/5/8"}
    result = simulate("webl", card(str=14, spd=13), card(), seed=2, plans=plans)
    used = [row["red"]["plan"] for row in result.rounds]
    assert used[:3] == ["5/7/8"] * 3
    assert "3/7/10 (ring)" in used
    plans = {"red": "5/7/8\nif score >= 2 then 4/6/9 (clinch)", "blue": "3/5/8"}
    result = simulate("webl", card(str=14, spd=13), card(), seed=2, plans=plans)
    assert "4/6/9 (clinch)" in [row["red"]["plan"] for row in result.rounds]


def test_events_are_in_clock_order_and_nothing_follows_the_stoppage():
    plans = {"red": "6H/8/6", "blue": "6H/8/6"}
    for seed in range(60):
        result = simulate("webl", card(str=14), card(), seed=seed, plans=plans)
        for rnd in {e["round"] for e in result.events}:
            clocks = [e["clock"] for e in result.events if e["round"] == rnd]
            assert clocks == sorted(clocks)
        if result.method in ("KO", "TKO", "DQ"):
            assert result.events[-1]["kind"] == "stoppage"
            assert result.events[-1]["clock"] == result.time
            for record in (*result.injuries, *result.knockdowns, *result.fouls):
                if record["round"] == result.round:
                    assert record["time"] <= result.time


def test_endurance_after_a_round_is_the_rest_less_damage_and_fatigue():
    # Steps 1, 11 and 12 over a bout: endurance after a round = endurance after the rest
    # (15% of what is lost, 2% more per unused point: 5/7/6 leaves 2) - the damage
    # taken - fatigue (AGG 5).
    result = simulate(
        "webl", card(tgh=20), card(tgh=20), seed=1, plans={"red": "5/7/6", "blue": "5/7/8"}
    )
    assert not [i for i in result.injuries if i["round"] <= 4]
    start = 200.0
    previous = start
    for row in result.rounds[:4]:
        taken = row["blue"]["damage"]
        rested = previous + (start - previous) * (0.15 + 0.02 * 2)
        assert row["red"]["endurance"] == pytest.approx(rested - taken - 5, abs=0.02)
        previous = row["red"]["endurance"]


def test_cutting_off_the_ring_costs_a_quarter_point_per_agg():
    plain = line_values(parse_line("6/7/7"), 6, False)
    cut = line_values(parse_line("6/7/7 (cut)"), 6, False)
    assert cut[0] - plain[0] == pytest.approx(1.5)  # fatigue: 6 + 0.25 x 6


def test_feint_tires_as_if_the_point_was_used_and_clinch_rests_it():
    feint = line_values(parse_line("6/7/7 (feint)"), 5, False)
    clinch = line_values(parse_line("6/7/7 (clinch)"), 5, False)
    assert feint[:2] == (6, 20)  # fatigue 6, energy used 20
    assert clinch[:2] == (5, 19)  # fatigue 5, one point rested
    assert feint[9] == clinch[9] == 40  # 8 x the AGG actually used


def test_all_out_doubles_damage_dealt_and_quadruples_damage_taken():
    assert line_values(parse_line("6/7/7 (all-out)"), 6, False)[2] == 14
    assert line_values(parse_line("6/7/7"), 6, True)[2] == 28
    assert line_values(parse_line("6/7/7 (all-out)"), 6, True)[2] == 56


ATTRS = ("str", "spd", "agl", "hgt", "tgh")
_STYLES = [
    "",
    " (inside)",
    " (clinch)",
    " (feint)",
    " (counter)",
    " (ring)",
    " (cut)",
    " (outside)",
    " (all-out)",
]


@st.composite
def _line(draw):
    agg = draw(st.integers(1, 10))
    pow_ = draw(st.integers(1, 19 - agg))
    def_ = draw(st.integers(1, 20 - agg - pow_))
    target = draw(st.sampled_from(["", "H", "B", "C"]))
    dirty = draw(st.sampled_from(["", "", "!"]))
    return f"{agg}{target}/{pow_}{dirty}/{def_}{draw(st.sampled_from(_STYLES))}"


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    red=st.fixed_dictionaries({a: st.integers(1, 30) for a in ("str", "spd", "agl", "hgt", "tgh")}),
    blue=st.fixed_dictionaries(
        {a: st.integers(1, 30) for a in ("str", "spd", "agl", "hgt", "tgh")}
    ),
    lines=st.lists(_line(), min_size=2, max_size=4),
    rounds=st.integers(1, 15),
)
def test_any_bout_gives_a_consistent_result(seed, red, blue, lines, rounds):
    plans = {"red": f"{lines[0]}\n3) {lines[1]}", "blue": "\n".join(lines[1:])}
    result = simulate("webl", red, blue, seed=seed, rounds=rounds, plans=plans)
    assert 1 <= result.round <= rounds
    assert len(result.rounds) in (result.round, result.round - 1)
    done = len(result.scorecards[0])
    assert all(len(c) == done for c in result.scorecards)
    if result.method in ("UD", "SD", "MD", "DRAW"):
        assert done == rounds and result.time == "3:00"
    else:
        assert result.method in ("KO", "TKO", "RTD", "DQ", "TDRAW")
    assert (result.winner is None) == (result.method in ("DRAW", "TDRAW"))


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        (150, 140),
        (140, 150),
        (150, 150),
        (260, 240),
        (300, 250),
        (250, 250),
        (None, 150),
        (150, None),
    ],
)
def test_fighter_strength_follows_the_weight_rule(mine, theirs):
    from bouts.engine.webl.cards import weight_strength_bonus

    me, opp = card(weight=mine), card(weight=theirs)
    expected = 11 + (weight_strength_bonus(mine, theirs) if mine and theirs else 0.0)
    assert Fighter("red", me, opp, True).str == expected
    assert Fighter("red", me, opp, False).str == 11.0
