"""Rewriting a division's derived rows from scratch."""

from __future__ import annotations

from django.db import transaction

from league.models import Division, Rating, RatingHistory
from league.services.derive import Derived, division_derive
from league.services.storage import (
    _history_rows,
    _store_rating_points,
    _store_standings,
    store_reigns,
)


def division_rebuild(*, division: Division) -> Derived:
    """Rewrite every derived row of ``division`` from its bouts (repairs a
    division whose bouts were recorded before the league app kept its tables)."""
    with transaction.atomic():
        division = (
            Division.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=division.pk)
        )
        derived = division_derive(division=division)
        RatingHistory.objects.filter(division=division).delete()
        RatingHistory.objects.bulk_create(_history_rows(division, derived.history))
        Rating.objects.filter(division=division).delete()
        _store_rating_points(division, derived.ratings)
        for season in division.seasons.select_related("league"):
            _store_standings(season, derived.standings[season.id])
        store_reigns(division, derived.reigns)
    return derived
