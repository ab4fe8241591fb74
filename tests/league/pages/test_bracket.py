"""Brackets for people (league.pages.bracket): rounds named as posters name them and
a picture in which every match has its own place."""

from league.pages.bracket import picture, round_name, rounds
from league.scheduling.brackets import build
from league.selectors import BracketLine


def test_round_names():
    single = {"winners_rounds": 5, "losers_rounds": 0, "double": False}
    assert [round_name(f"W{r}.1", **single) for r in range(1, 6)] == [
        "Round of 32",
        "Round of 16",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    double = {"winners_rounds": 3, "losers_rounds": 4, "double": True}
    assert round_name("W3.1", **double) == "Winners' final"
    assert round_name("L4.1", **double) == "Losers' final"
    assert round_name("L2.1", **double) == "Losers' round 2"
    assert round_name("F1", **double) == "Grand final"
    assert round_name("F2", **double) == "Grand final reset"


def test_double_elimination_picture_places_every_match():
    bracket = build(8, double=True)
    lines = [
        BracketLine(
            key=m.key,
            stage=m.stage,
            status="pending",
            red=None,
            blue=None,
            red_seed=None,
            blue_seed=None,
            winner=None,
            bout_id=None,
            walkover="",
            final=m.final,
            sources=((m.red.kind, m.red.ref), (m.blue.kind, m.blue.ref)),
            reset=m.reset,
        )
        for m in bracket.matches
    ]
    drawn = picture(rounds(lines, double=True))
    assert len(drawn["boxes"]) == len(bracket.matches)
    spots = {(b["x"], b["y"]) for b in drawn["boxes"]}
    assert len(spots) == len(bracket.matches)  # no two boxes on top of each other
    assert {t["text"] for t in drawn["titles"]} >= {"Winners' final", "Grand final"}


def test_a_decision_reads_in_rounds_and_a_stoppage_in_the_round():
    from league.pages.bracket import _result_text

    line = BracketLine(
        key="W1.1",
        stage=1,
        status="done",
        red=None,
        blue=None,
        red_seed=None,
        blue_seed=None,
        winner=None,
        bout_id=1,
        walkover="",
        final=True,
        method="UD",
        end_round=12,
    )
    (only,) = rounds([line], double=False)
    assert only.name == "Final" and line.match_name == "Final"
    assert _result_text(line) == "UD, 12 rounds"
    line.method, line.end_round, line.decision = "TKO", 2, False
    assert _result_text(line) == "TKO, round 2"
