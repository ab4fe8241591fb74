"""Writes for officials. Every write runs full_clean() (field choices, the
availability range) inside a transaction."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction

from .models import Doctor, Judge, Referee
from .scope import check_may_add, check_may_change

# ``user`` on every write: staff, or a commissioner under referees.scope's rule
# (``PermissionDenied`` otherwise); ``None`` is the operator (a command, the API,
# which lets only staff write officials).


def _update(instance, data: Mapping, allowed: tuple[str, ...], user=None):
    check_may_change(user, instance)
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ValidationError({unknown[0]: ["not a field that can be updated"]})
    for field, value in data.items():
        setattr(instance, field, value)
    instance.full_clean()
    instance.save()
    return instance


REFEREE_FIELDS = (
    "name",
    "fouls",
    "stoppage",
    "overall",
    "available_low",
    "available_high",
    "is_active",
)
JUDGE_FIELDS = ("name", "close_round", "bias", "is_active")
DOCTOR_FIELDS = ("name", "caution", "is_active")


@transaction.atomic
def referee_create(
    *,
    name: str,
    fouls: str = "normal",
    stoppage: str = "normal",
    overall: str = "average",
    available_low: int = 1,
    available_high: int = 60,
    is_active: bool = True,
    user=None,
) -> Referee:
    check_may_add(user)
    referee = Referee(
        name=name,
        fouls=fouls,
        stoppage=stoppage,
        overall=overall,
        available_low=available_low,
        available_high=available_high,
        is_active=is_active,
    )
    referee.full_clean()
    referee.save()
    return referee


@transaction.atomic
def referee_update(*, referee: Referee, data: Mapping, user=None) -> Referee:
    return _update(referee, data, REFEREE_FIELDS, user)


@transaction.atomic
def judge_create(
    *,
    name: str,
    close_round: str = "even",
    bias: str = "none",
    is_active: bool = True,
    user=None,
) -> Judge:
    check_may_add(user)
    judge = Judge(name=name, close_round=close_round, bias=bias, is_active=is_active)
    judge.full_clean()
    judge.save()
    return judge


@transaction.atomic
def judge_update(*, judge: Judge, data: Mapping, user=None) -> Judge:
    return _update(judge, data, JUDGE_FIELDS, user)


@transaction.atomic
def doctor_create(
    *, name: str, caution: str = "balanced", is_active: bool = True, user=None
) -> Doctor:
    check_may_add(user)
    doctor = Doctor(name=name, caution=caution, is_active=is_active)
    doctor.full_clean()
    doctor.save()
    return doctor


@transaction.atomic
def doctor_update(*, doctor: Doctor, data: Mapping, user=None) -> Doctor:
    return _update(doctor, data, DOCTOR_FIELDS, user)


def official_dict(official) -> dict:
    """An official as the engine's ``officials`` input expects it
    ({"name","fouls","stoppage","overall"} / {"name","bias","close_round"} / {"name","caution"})."""
    if isinstance(official, Referee):
        keys = ("name", "fouls", "stoppage", "overall")
    elif isinstance(official, Judge):
        keys = ("name", "bias", "close_round")
    elif isinstance(official, Doctor):
        keys = ("name", "caution")
    else:
        raise TypeError(f"not an official: {official!r}")
    return {key: getattr(official, key) for key in keys}
