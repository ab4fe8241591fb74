"""Record books, bout reports and careers recomputed from the bout rows."""

import datetime

import pytest
from django.db.models import F

from bouts import selectors
from bouts.models import Bout, BoutStatus
from fighters.models import Career
from tests.bouts import factories
from tests.bouts.helpers import fight

pytestmark = pytest.mark.django_db

DAY = factories.DAY


def outcome(bout, fighter):
    side = "red" if bout.red_id == fighter.pk else "blue"
    winner = bout.result.winner
    return "D" if winner is None else ("W" if winner == side else "L")


def test_history_gives_opponents_records_at_the_time_in_league_order(ruleset, officials):
    a, b, c, d = (factories.make_fighter(ruleset) for _ in range(4))
    # Fought (recorded) out of chronological order: the record book must not care.
    late = fight(ruleset, a, c, date=DAY + datetime.timedelta(days=300), officials=officials)
    middle = fight(ruleset, a, b, date=DAY + datetime.timedelta(days=200), officials=officials)
    first = fight(ruleset, b, c, date=DAY, officials=officials, is_title_bout=True)
    # 150 days after `first`: past the longest medical suspension (120 days, a broken
    # jaw) that `first` can hand c, whatever the bout's seed.
    early = fight(ruleset, c, d, date=DAY + datetime.timedelta(days=150))

    def wld(letters):
        return f"{letters.count('W')}-{letters.count('L')}-{letters.count('D')}"

    # b before `middle`: only `first`; c before `late`: first, early
    b_before = wld([outcome(first, b)])
    c_before = wld([outcome(first, c), outcome(early, c)])

    rows = selectors.fighter_history(fighter=a)
    assert [r["bout_id"] for r in rows] == [late.pk, middle.pk]  # newest first
    assert rows[1]["opponent"] == b.name
    assert rows[1]["opponent_record"]["text"] == b_before
    assert rows[0]["opponent"] == c.name
    assert rows[0]["opponent_record"]["text"] == c_before
    assert rows[1]["result"] == outcome(middle, a)
    assert rows[0]["record"] == wld([outcome(middle, a), outcome(late, a)])
    row = rows[1]
    assert row["method"] == middle.result.method
    assert (row["round"], row["time"]) == (middle.result.round, middle.result.time)
    assert row["scheduled_rounds"] == middle.scheduled_rounds
    assert row["referee"] == officials["referee"].name
    assert [j["name"] for j in row["judges"]] == [j.name for j in officials["judges"]]
    cards = middle.result.engine_result["scorecards"]
    side = 0 if middle.red_id == a.pk else 1
    assert [j["fighter"] for j in row["judges"]] == [sum(r[side] for r in card) for card in cards]

    chronological = selectors.fighter_history(fighter=b, newest_first=False)
    assert [r["bout_id"] for r in chronological] == [first.pk, middle.pk]
    assert chronological[0]["title"] is True
    assert chronological[0]["opponent_record"]["text"] == "0-0-0"


def test_history_query_count_is_fixed(ruleset, django_assert_num_queries):
    a = factories.make_fighter(ruleset)
    opponents = [factories.make_fighter(ruleset) for _ in range(2)]
    for i, opponent in enumerate(opponents):
        fight(ruleset, a, opponent, date=DAY + datetime.timedelta(days=200 * i))
    with django_assert_num_queries(4):
        assert len(selectors.fighter_history(fighter=a)) == 2
    for i in range(4):
        extra = factories.make_fighter(ruleset)
        fight(ruleset, a, extra, date=DAY + datetime.timedelta(days=1000 + 200 * i))
        # 130 days on: past the longest medical suspension (120) the first bout can give.
        fight(ruleset, extra, opponents[0], date=DAY + datetime.timedelta(days=1130 + 200 * i))
    with django_assert_num_queries(4):
        assert len(selectors.fighter_history(fighter=a)) == 6


def test_bout_report_loads_the_whole_record_in_fixed_queries(
    ruleset, officials, django_assert_num_queries
):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = fight(ruleset, red, blue, officials=officials, scheduled_rounds=6)
    with django_assert_num_queries(8):
        report = selectors.bout_report(bout_id=bout.pk)
        cards = selectors.scorecards(report)
        touched = [
            report.result.method,
            report.referee.name,
            report.judge_1.name,
            report.red.name,
            report.blue.name,
            *[(s.round, s.side) for s in report.round_stats.all()],
            *[(k.fighter.name if k.fighter else None) for k in report.knockdowns.all()],
            *[(i.fighter.name if i.fighter else None) for i in report.injuries.all()],
            *[(f.fighter.name if f.fighter else None) for f in report.fouls.all()],
            *[s.fighter.name for s in report.suspensions.all()],
            *list(report.fighter_lines.all()),
        ]
    assert touched
    engine = report.result.engine_result
    assert [c["rounds"] for c in cards] == engine["scorecards"]
    assert [c["name"] for c in cards] == engine["judges"]
    assert len(report.round_stats.all()) == 2 * len(engine["rounds"])


def test_bout_report_of_a_missing_bout_raises():
    with pytest.raises(Bout.DoesNotExist):
        selectors.bout_report(bout_id=123456)


def test_career_check_agrees_then_finds_a_tampered_career(ruleset):
    a, b = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = fight(ruleset, a, b, is_title_bout=True)
    assert bout.status == BoutStatus.COMPLETED
    assert selectors.career_check(fighters=[a, b]) == []
    assert selectors.career_check() == []
    expected = selectors.career_from_bouts(fighter=a)
    assert expected["bouts"] == 1 and expected["title_fights"] == 1
    Career.objects.filter(fighter=a).update(wins=F("wins") + 1)
    problems = selectors.career_check(fighters=[a, b])
    assert problems == [
        {
            "fighter_id": a.pk,
            "fighter": a.name,
            "field": "wins",
            "stored": expected["wins"] + 1,
            "expected": expected["wins"],
        }
    ]
