"""Query-string filters for the fighters' endpoints."""

import django_filters
from django.db.models import Exists, OuterRef
from rest_framework.filters import SearchFilter

from bouts.engine.registry import RULESETS
from core.api.filters import IdFilter

from ..models import CornerMan, Fighter, RatingCard
from ..names import fold
from ..weight_classes import WeightClass


class FighterFilter(django_filters.FilterSet):
    weight_class = django_filters.ChoiceFilter(choices=WeightClass.choices)
    active = django_filters.BooleanFilter(field_name="is_active")
    camp = IdFilter(field_name="camp_id")
    # The league's divisions hold their rosters; the reverse relation is the fighter's.
    division = IdFilter(field_name="divisions", label="On this division's roster")
    ruleset = django_filters.ChoiceFilter(
        choices=[(name, name) for name in RULESETS],
        method="filter_ruleset",
        label="Holds a card for this ruleset",
    )

    class Meta:
        model = Fighter
        fields = ["weight_class", "active", "camp", "division", "ruleset", "stance"]

    def filter_ruleset(self, queryset, name, value):
        return queryset.filter(
            Exists(RatingCard.objects.filter(fighter=OuterRef("pk"), ruleset=value))
        )


class CardFilter(django_filters.FilterSet):
    fighter = IdFilter(field_name="fighter_id")
    ruleset = django_filters.ChoiceFilter(choices=[(name, name) for name in RULESETS])

    class Meta:
        model = RatingCard
        fields = ["fighter", "ruleset"]


class CornerManFilter(django_filters.FilterSet):
    camp = IdFilter(field_name="camp_id")

    class Meta:
        model = CornerMan
        fields = ["camp", "role", "is_available"]


class FoldedNameSearch(SearchFilter):
    """``?search=`` over the folded name and nickname (``fighters.names``), as the
    pages search: "bojanic" finds "Denis Bojanić", "NEMETH" finds "Németh" on
    SQLite and PostgreSQL alike. Each word must occur (DRF's rule)."""

    def get_search_fields(self, view, request):
        return ["search_name"]

    def get_search_terms(self, request):
        return fold(" ".join(super().get_search_terms(request))).split()
