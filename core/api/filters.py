"""Filter pieces shared by the apps' FilterSets."""

import django_filters
from django import forms

MAX_ID = 2**63 - 1


class IdField(forms.IntegerField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class IdFilter(django_filters.NumberFilter):
    """A foreign key by id: a whole number in the database's range, so a bad value
    is a 400 and never reaches the database."""

    field_class = IdField
