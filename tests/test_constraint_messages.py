"""A constraint the database enforces speaks in words when a form (the admin's,
the console's) trips it: never "Constraint “referee_availability_range” is
violated."."""

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models

from referees.models import Referee

PROJECT_APPS = ("bouts", "fighters", "league", "referees")


def speaking_constraints():
    for model in apps.get_models():
        if model._meta.app_label not in PROJECT_APPS:
            continue
        for constraint in model._meta.constraints:
            # A plain unique-together already answers in words ("… with this … exists").
            plain_unique = (
                isinstance(constraint, models.UniqueConstraint) and constraint.condition is None
            )
            if not plain_unique:
                yield model, constraint


def test_every_check_and_conditional_unique_constraint_has_words():
    silent = [
        f"{model.__name__}.{constraint.name}"
        for model, constraint in speaking_constraints()
        if constraint.violation_error_message == constraint.default_violation_error_message
        or constraint.name in str(constraint.violation_error_message)
        or "_" in str(constraint.violation_error_message)
    ]
    assert silent == []


@pytest.mark.django_db
def test_a_referees_availability_out_of_range_is_refused_in_words():
    referee = Referee(name="Rita Referee", available_low=60, available_high=20)
    with pytest.raises(ValidationError) as refused:
        referee.full_clean()
    text = " ".join(refused.value.messages)
    assert "Availability runs from 1 to 80" in text
    assert "referee_availability_range" not in text and "Constraint" not in text
