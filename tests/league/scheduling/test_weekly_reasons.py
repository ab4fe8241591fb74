"""The weekly matchmaker says why (issue 33 item 5): for each pair the rule that
made it, and who sat out and why, from what the pairing was given (pure)."""

from league.scheduling.weekly import Entrant, weekly_pairs
from league.scheduling.weekly_reasons import excluded_words, explain_week


def words(parts, names=None):
    names = names or {}
    return "".join(
        names.get(p["fighter"], str(p["fighter"])) if isinstance(p, dict) else p for p in parts
    )


def entrants():
    # ranked A (champion), B (A's stable), C, D, E
    return [
        Entrant("A", camp="x", value=5),
        Entrant("B", camp="x", value=4),
        Entrant("C", camp="y", value=3),
        Entrant("D", camp="z", value=2),
        Entrant("E", camp="w", value=1, sat_out_week=700000),
    ]


def test_the_title_pair_names_the_champion_and_who_was_passed_over_and_why():
    people = entrants()
    week = weekly_pairs(people, week=1, champion="A", title=True)
    notes = explain_week(people, week, champion="A")
    title = next(p for p in notes["pairs"] if {p["red"], p["blue"]} == {"A", "C"})
    text = words(title["rule"])
    assert text.startswith("For the world title: the champion A against the best-ranked")
    assert "passed over B (of the same manager's stable)" in text


def test_a_rematch_is_named_as_the_reason_a_nearer_fighter_was_skipped():
    people = [Entrant(x, camp=x, value=v) for x, v in (("P", 4), ("Q", 3), ("R", 2), ("S", 1))]
    recent = [("P", "Q")]
    week = weekly_pairs(people, week=1, recent=recent, title=False)
    notes = explain_week(people, week, recent=recent, rematch_weeks=4)
    first = next(p for p in notes["pairs"] if "P" in (p["red"], p["blue"]))
    text = words(first["rule"])
    assert text.startswith("Nearest in the ranking: #1 P meets #3 R")
    assert "not Q (they met within 4 weeks)" in text


def test_the_odd_one_out_says_why_he_sits():
    people = [Entrant(x, camp=x, value=v) for x, v in (("P", 3), ("Q", 2), ("R", 1))]
    week = weekly_pairs(people, week=1)
    notes = explain_week(people, week, sat_out_on={})
    [out] = notes["out"]
    assert out["fighter"] == week.sat_out
    assert "The odd one out" in words(out["why"]) and "never sat out" in words(out["why"])


def test_a_fighter_nobody_may_meet_is_unmatched_with_the_reasons():
    people = [Entrant("P", camp="x", value=2), Entrant("Q", camp="x", value=1)]
    week = weekly_pairs(people, week=1)
    notes = explain_week(people, week)
    assert {o["fighter"] for o in notes["out"]} == {"P", "Q"}
    assert "Nobody left he may meet; Q: of the same manager's stable" in words(
        notes["out"][0]["why"]
    )


def test_left_out_before_the_pairing_in_words():
    assert words(excluded_words("suspended", "until 5 Dec 2026")) == (
        "Medically suspended through fight night (until 5 Dec 2026)"
    )
    assert words(excluded_words("card")) == "He has no card for the league's ruleset"
