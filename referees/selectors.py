"""Official reads for the API and the referee page (his bouts: ``bouts.officials``)."""

from django.db.models import QuerySet

from .models import Doctor, Judge, Referee


def referee_list() -> QuerySet[Referee]:
    return Referee.objects.all()


def judge_list() -> QuerySet[Judge]:
    return Judge.objects.all()


def doctor_list() -> QuerySet[Doctor]:
    return Doctor.objects.all()


def referee_get(*, referee_id: int) -> Referee | None:
    return Referee.objects.filter(pk=referee_id).first()


def judge_get(*, judge_id: int) -> Judge | None:
    return Judge.objects.filter(pk=judge_id).first()


def doctor_get(*, doctor_id: int) -> Doctor | None:
    return Doctor.objects.filter(pk=doctor_id).first()
