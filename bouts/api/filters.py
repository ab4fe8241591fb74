"""Query-string filters for bouts."""

import django_filters
from django.db.models import Q

from bouts.engine.registry import RULESETS
from core.api.filters import IdFilter

from ..models import Bout, BoutStatus


class BoutFilter(django_filters.FilterSet):
    ruleset = django_filters.ChoiceFilter(choices=[(name, name) for name in RULESETS])
    status = django_filters.ChoiceFilter(choices=BoutStatus.choices)
    event = IdFilter(field_name="event_id")
    division = IdFilter(field_name="division_id")
    league = IdFilter(field_name="division__league_id")
    fighter = IdFilter(method="filter_fighter", label="Either corner is this fighter")
    camp = IdFilter(method="filter_camp", label="Either side is this camp")
    referee = IdFilter(field_name="referee_id")
    date_from = django_filters.DateFilter(field_name="date", lookup_expr="gte")
    date_to = django_filters.DateFilter(field_name="date", lookup_expr="lte")
    is_title_bout = django_filters.BooleanFilter()
    method = django_filters.CharFilter(
        field_name="result__method",
        max_length=16,
        label="How it ended: KO, TKO, RTD, DQ, UD, SD, MD, DRAW, TD, TDRAW, SUB, or a team "
        "ruleset's reason",
    )

    class Meta:
        model = Bout
        fields = [
            "ruleset",
            "status",
            "event",
            "division",
            "league",
            "fighter",
            "camp",
            "referee",
            "date_from",
            "date_to",
            "is_title_bout",
            "method",
        ]

    def filter_fighter(self, queryset, name, value):
        return queryset.filter(Q(red_id=value) | Q(blue_id=value))

    def filter_camp(self, queryset, name, value):
        return queryset.filter(Q(red_camp_id=value) | Q(blue_camp_id=value))
