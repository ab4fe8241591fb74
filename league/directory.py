"""Reads for the fan's directory pages: the fighter index (search and sort) and
the list of every event. Each returns a queryset that a paginator slices; the
page then costs a fixed number of queries however many rows there are."""

from __future__ import annotations

from django.db.models import (
    BooleanField,
    ExpressionWrapper,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
)

from fighters.models import Fighter
from fighters.names import fold

from .models import Division, Rating

# Sort key -> (label, ordering). "record" is the best record first: most wins,
# then fewest losses, then most draws.
FIGHTER_SORTS = {
    "record": (
        "Record",
        (
            F("career__wins").desc(nulls_last=True),
            F("career__losses").asc(nulls_last=True),
            F("career__draws").desc(nulls_last=True),
        ),
    ),
    "rating": ("Rating", (F("rating").desc(nulls_last=True),)),
    "division": ("Division", (F("division_name").asc(nulls_last=True),)),
    # Fighters without a nationality last, not first.
    "nationality": ("Nationality", (F("no_nationality").asc(), "nationality")),
    "name": ("Name", ()),
}
DEFAULT_FIGHTER_SORT = "record"


def fighter_index(*, query: str = "", sort: str = DEFAULT_FIGHTER_SORT) -> QuerySet[Fighter]:
    """Fighters matching ``query`` (every word, accents and case ignored, in the
    name or nickname), sorted by ``sort`` (FIGHTER_SORTS), then by name.

    Each row carries its career, camp, ``rating`` (his best rating ordinal, mu -
    3 sigma, over his divisions) and ``division_name`` (his first division by
    name); ``divisions`` is prefetched with their leagues."""
    best_rating = (
        Rating.objects.filter(fighter=OuterRef("pk")).order_by("-ordinal").values("ordinal")[:1]
    )
    first_division = (
        Division.objects.filter(fighters=OuterRef("pk")).order_by("name").values("name")[:1]
    )
    fighters = (
        Fighter.objects.select_related("career", "camp")
        .prefetch_related(Prefetch("divisions", queryset=Division.objects.select_related("league")))
        .annotate(
            rating=Subquery(best_rating),
            division_name=Subquery(first_division),
            no_nationality=ExpressionWrapper(Q(nationality=""), output_field=BooleanField()),
        )
    )
    for word in fold(query).split():
        fighters = fighters.filter(search_name__contains=word)
    _label, ordering = FIGHTER_SORTS.get(sort, FIGHTER_SORTS[DEFAULT_FIGHTER_SORT])
    return fighters.order_by(*ordering, "name", "id")
