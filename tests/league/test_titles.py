import datetime as dt

from league.titles import BoutLine, Suspension, VacatingRules, champion, lineage

D = dt.date(2026, 1, 1)


def day(n):
    return D + dt.timedelta(days=n)


def reigns_of(reigns):
    return [(r.competitor, r.defences, r.end_reason, r.ended_on) for r in reigns]


def test_lineage_through_defences_a_loss_and_a_draw():
    bouts = [
        BoutLine(1, day(0), "a", "b", "red", True),  # a crowned
        BoutLine(2, day(10), "c", "d", "red", False),  # not a title bout
        BoutLine(3, day(20), "a", "c", "red", True),  # defence 1
        BoutLine(4, day(30), "d", "a", None, True),  # draw: defence 2
        BoutLine(5, day(40), "a", "d", "blue", True),  # d takes it
        BoutLine(6, day(50), "b", "c", "red", True),  # eliminator: no change
        BoutLine(7, day(60), "b", "d", "red", True),  # b takes it from d
    ]
    reigns = lineage(bouts)
    assert reigns_of(reigns) == [
        ("a", 2, "lost", day(40)),
        ("d", 0, "lost", day(60)),
        ("b", 0, "", None),
    ]
    assert [r.number for r in reigns] == [1, 2, 3]
    assert reigns[1].start_bout == 5 and reigns[1].end_bout == 7
    assert champion(reigns) == "b"


def test_vacant_belt_draw_stays_vacant():
    assert lineage([BoutLine(1, day(0), "a", "b", None, True)]) == []


def test_vacated_for_retirement_then_refilled():
    bouts = [
        BoutLine(1, day(0), "a", "b", "red", True),
        BoutLine(2, day(100), "b", "c", "blue", True),
    ]
    reigns = lineage(bouts, retirements={"a": day(50)})
    assert reigns_of(reigns) == [("a", 0, "retired", day(50)), ("c", 0, "", None)]
    # A retirement after the last bout still vacates (everything known at the end).
    reigns = lineage(bouts[:1], retirements={"a": day(500)})
    assert reigns_of(reigns) == [("a", 0, "retired", day(500))]


def test_vacated_for_inactivity():
    bouts = [
        BoutLine(1, day(0), "a", "b", "red", True),
        BoutLine(2, day(200), "a", "x", "red", False),  # keeps a active
        BoutLine(3, day(700), "b", "c", "red", False),
    ]
    reigns = lineage(bouts, rules=VacatingRules(inactivity_days=365))
    assert reigns_of(reigns) == [("a", 0, "inactive", day(565))]


def test_vacated_for_a_long_suspension_from_a_later_bout():
    bouts = [
        BoutLine(1, day(0), "a", "b", "red", True),
        BoutLine(2, day(30), "a", "x", "blue", False),  # a knocked out in a non-title bout
        BoutLine(3, day(60), "b", "c", "red", True),
    ]
    suspensions = [
        Suspension("a", day(0), day(20), bout_id=1),  # short, from the title win
        Suspension("a", day(30), day(250), bout_id=2),  # long
    ]
    reigns = lineage(bouts, suspensions=suspensions, rules=VacatingRules(suspension_days=180))
    assert reigns_of(reigns) == [("a", 0, "suspended", day(30)), ("b", 0, "", None)]
    # A long suspension from the bout that won the belt does not strip it.
    reigns = lineage(
        bouts[:1],
        suspensions=[Suspension("a", day(0), day(300), bout_id=1)],
        rules=VacatingRules(suspension_days=180),
    )
    assert reigns_of(reigns) == [("a", 0, "", None)]
