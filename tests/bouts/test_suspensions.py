"""Medical suspensions: the commission table, and scheduling refused meanwhile."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from bouts import services
from bouts.inputs import simulate_inputs
from bouts.models import MedicalSuspension
from bouts.suspensions import SuspensionRuling, injury_days, rulings_for
from core.dates import long_date
from tests.bouts import factories

DAY = factories.DAY


def result(**kwargs):
    base = {"winner": None, "method": "UD", "knockdowns": [], "injuries": []}
    return {**base, **kwargs}


def test_ko_loss_is_sixty_days_for_the_loser_only():
    assert rulings_for(result(winner="red", method="KO")) == [
        SuspensionRuling("blue", 60, "KO loss")
    ]


def test_tko_and_corner_retirement_are_thirty_days():
    assert rulings_for(result(winner="blue", method="TKO")) == [
        SuspensionRuling("red", 30, "TKO loss")
    ]
    assert rulings_for(result(winner="blue", method="RTD"))[0].days == 30


def test_decisions_without_injuries_suspend_nobody():
    assert rulings_for(result(winner="red", method="UD")) == []
    assert rulings_for(result(method="DRAW")) == []


@pytest.mark.parametrize(
    ("type_", "severity", "days"),
    [
        ("broken jaw", 3, 120),
        ("cut eye", 2, 30),
        ("cut eye", 1, None),
        ("broken rib", 3, 90),
        ("broken nose", 2, 30),
        ("bruised liver", 1, None),
        ("laceration", 3, 60),
    ],
)
def test_injury_table(type_, severity, days):
    found = injury_days(type=type_, severity=severity)
    assert (found[0] if found else None) == days


def test_longest_suspension_governs_and_every_reason_is_kept():
    rulings = rulings_for(
        result(
            winner="red",
            method="KO",
            injuries=[
                {"fighter": "blue", "type": "broken jaw", "severity": 3},
                {"fighter": "red", "type": "cut eye", "severity": 2},
            ],
        )
    )
    assert rulings == [
        SuspensionRuling("red", 30, "bad cut (cut eye)"),
        SuspensionRuling("blue", 120, "broken jaw (broken jaw); KO loss"),
    ]


def test_three_knockdowns_suspend_even_the_winner():
    downs = [{"fighter": "red", "round": r} for r in (1, 2, 3)]
    assert rulings_for(result(winner="red", method="UD", knockdowns=downs)) == [
        SuspensionRuling("red", 30, "3 knockdowns")
    ]


def test_team_injuries_are_charged_to_the_named_fighter_only():
    rulings = rulings_for(
        result(
            winner="red",
            method="HEALTH",
            injuries=[
                {"fighter": "blue", "fighter_id": 7, "type": "broken arm", "severity": 3},
                {"fighter": "blue", "type": "broken arm", "severity": 3},
            ],
        ),
        team=True,
    )
    assert rulings == [SuspensionRuling("blue", 90, "severe injury (broken arm)", 7)]


@pytest.mark.django_db
def test_recorded_ko_suspends_the_loser_and_scheduling_is_refused(ruleset, officials):
    red, blue, other = (factories.make_fighter(ruleset) for _ in range(3))
    bout = services.bout_schedule(ruleset=ruleset, date=DAY, red=red, blue=blue)
    fought = simulate_inputs(bout.inputs).to_dict()
    fought.update(winner="red", method="KO")
    fought["injuries"] = [
        {
            "round": 1,
            "time": "1:00",
            "fighter": "blue",
            "type": "broken jaw",
            "location": "head",
            "severity": 3,
            "text": "a broken jaw",
        }
    ]
    services.bout_record(bout=bout, result=fought)

    suspension = MedicalSuspension.objects.get(fighter=blue)
    assert suspension.bout_id == bout.pk
    assert suspension.starts_on == DAY
    assert suspension.ends_on == DAY + datetime.timedelta(days=120)
    assert "KO loss" in suspension.reason and "broken jaw" in suspension.reason
    assert not MedicalSuspension.objects.filter(fighter=red).exists()
    assert bout.injuries.get().fighter_id == blue.pk

    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(
            ruleset=ruleset, date=DAY + datetime.timedelta(days=120), red=other, blue=blue
        )
    assert exc.value.message_dict["blue"] == [
        f"{blue.name} is medically suspended until {long_date(suspension.ends_on)} "
        f"({suspension.reason})."
    ]
    # the day after it ends he may fight again
    later = services.bout_schedule(
        ruleset=ruleset,
        date=DAY + datetime.timedelta(days=121),
        red=other,
        blue=blue,
        queue=False,
    )
    assert later.pk
