"""Query-string filters for the fighters' endpoints."""

import django_filters
from django.db.models import Exists, OuterRef, Q
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
    """``?search=`` with a fighter's name folded as the pages search
    (``fighters.names``): "bojanic" finds "Denis Bojanić", "NEMETH" finds "Németh"
    on SQLite and PostgreSQL alike. A view's search field ending in
    ``search_name`` (the stored folded name and nickname: ``search_name``,
    ``red__search_name``) is searched with the folded word; any other field with
    the word as typed (DRF's icontains). Each word must occur in some field."""

    def get_search_fields(self, view, request):
        return getattr(view, "search_fields", None) or ["search_name"]

    def filter_queryset(self, request, queryset, view):
        fields = self.get_search_fields(view, request)
        for word in self.get_search_terms(request):
            folded = fold(word)
            match = Q()
            for field in fields:
                if field.endswith("search_name"):
                    match |= Q(**{f"{field}__contains": folded}) if folded else Q()
                else:
                    match |= Q(**{f"{field}__icontains": word})
            queryset = queryset.filter(match)
        return queryset


def with_folded_search(backends):
    """The default filter backends with DRF's search replaced by ``FoldedNameSearch``."""
    return [FoldedNameSearch if backend is SearchFilter else backend for backend in backends]
