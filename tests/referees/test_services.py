import pytest
from django.core.exceptions import ValidationError

from referees.models import Referee
from referees.services import (
    doctor_create,
    judge_create,
    official_dict,
    referee_create,
    referee_update,
)

pytestmark = pytest.mark.django_db


def test_referee_create_checks_choices_and_range():
    with pytest.raises(ValidationError) as exc:
        referee_create(name="X", fouls="rough")
    assert "fouls" in exc.value.message_dict
    with pytest.raises(ValidationError) as exc:
        referee_create(name="X", available_low=50, available_high=20)
    assert exc.value.messages
    with pytest.raises(ValidationError):
        referee_create(name="X", available_high=81)
    assert not Referee.objects.filter(name="X").exists()
    ref = referee_create(name="X", fouls="strict", stoppage="very_late", overall="excellent")
    assert official_dict(ref) == {
        "name": "X",
        "fouls": "strict",
        "stoppage": "very_late",
        "overall": "excellent",
    }


def test_referee_update_refuses_unknown_field_and_bad_value():
    ref = Referee.objects.get(name="Mills Lane")
    with pytest.raises(ValidationError):
        referee_update(referee=ref, data={"colour": "red"})
    with pytest.raises(ValidationError):
        referee_update(referee=ref, data={"overall": "superb"})
    ref.refresh_from_db()
    assert ref.overall == "very_good"


def test_judge_and_doctor_create():
    judge = judge_create(name="J Test", close_round="aggressor", bias="slugger")
    assert official_dict(judge) == {"name": "J Test", "bias": "slugger", "close_round": "aggressor"}
    with pytest.raises(ValidationError):
        judge_create(name="J2", bias="bribed")
    doctor = doctor_create(name="D Test", caution="cautious")
    assert official_dict(doctor) == {"name": "D Test", "caution": "cautious"}
    with pytest.raises(ValidationError):
        doctor_create(name="D2", caution="reckless")
