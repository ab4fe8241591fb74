"""Filter pieces shared by the apps' FilterSets and list views."""

import datetime
import re

import django_filters
from django import forms
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema_field
from rest_framework.exceptions import ValidationError
from rest_framework.filters import BaseFilterBackend

MAX_ID = 2**63 - 1


class IdField(forms.IntegerField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class IdFilter(django_filters.NumberFilter):
    """A foreign key by id: a whole number in the database's range, so a bad value
    is a 400 and never reaches the database."""

    field_class = IdField


# Query parameters every list understands (pagination, ordering, search, format).
COMMON_PARAMETERS = frozenset({"page", "page_size", "ordering", "search", "format"})


def refuse_unknown_parameters(request, known) -> None:
    """A 400 naming every query parameter not in ``known``: a misspelt filter
    (``?divison=3``) must not silently answer with every row."""
    unknown = sorted(set(request.query_params) - COMMON_PARAMETERS - set(known))
    if unknown:
        raise ValidationError(
            {
                "unknown_parameters": [
                    f"Unknown query parameter{'s' if len(unknown) > 1 else ''}: "
                    f"{', '.join(unknown)}."
                ]
            }
        )


# What the schema promises for a boolean and a date, and no more: django-filter's
# forms would read "abc" as no filter at all and take dates in local formats.
BOOLEANS = frozenset({"true", "false", "True", "False", "1", "0"})
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _strict_value_errors(request, filters) -> dict[str, list[str]]:
    errors = {}
    for name, value in request.query_params.items():
        kind = filters.get(name)
        if isinstance(kind, django_filters.BooleanFilter) and value not in BOOLEANS:
            errors[name] = ["Give true or false."]
        elif isinstance(kind, django_filters.ChoiceFilter) and value == "":
            # django-filter reads "" as no filter; the schema's enum has no "".
            errors[name] = ["Give one of the choices."]
        elif isinstance(kind, django_filters.DateFilter):
            try:
                valid = bool(ISO_DATE.fullmatch(value)) and datetime.date.fromisoformat(value)
            except ValueError:
                valid = False
            if not valid:
                errors[name] = ["Give a date as YYYY-MM-DD."]
    return errors


class KnownParametersFilter(BaseFilterBackend):
    """First of every list's filter backends (settings): refuses query parameters
    that neither the view's FilterSet nor ``COMMON_PARAMETERS`` knows, nor the
    view's own ``extra_query_parameters``; and booleans and dates the schema
    would not call booleans and dates."""

    def filter_queryset(self, request, queryset, view):
        if not request.query_params:
            return queryset  # nothing to refuse (most reads)
        known = set(getattr(view, "extra_query_parameters", ()))
        filters = {}
        filterset_class = DjangoFilterBackend().get_filterset_class(view, queryset)
        if filterset_class is not None:
            filters = filterset_class.base_filters
            known |= set(filters)
        refuse_unknown_parameters(request, known)
        errors = _strict_value_errors(request, filters)
        if errors:
            raise ValidationError(errors)
        return queryset


class QueryFilterBackend(DjangoFilterBackend):
    """django-filter's backend, skipped when the request names none of the
    FilterSet's parameters. A FilterSet with no value for any of its filters
    filters nothing (every filter passes empty values by), but building it costs
    a form and a deep copy of every filter on every request — a third of a cached
    bout detail's CPU. The schema is the parent's."""

    def filter_queryset(self, request, queryset, view):
        params = request.query_params
        if not params:
            return queryset
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is None or params.keys().isdisjoint(filterset_class.base_filters):
            return queryset
        return super().filter_queryset(request, queryset, view)
