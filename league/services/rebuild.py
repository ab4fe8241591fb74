"""Rewriting a division's derived rows from scratch."""

from __future__ import annotations

from django.db import transaction

from core import read_cache
from core.bulk import insert_rows
from league.history.storage import records_rebuild
from league.models import Division, Rating, RatingHistory
from league.services.derive import Derived, division_derive
from league.services.storage import (
    history_rows,
    store_rating_points,
    store_reigns,
    store_standings,
)


def division_rebuild(*, division: Division) -> Derived:
    """Rewrite every derived row of ``division`` from its bouts: the projector's
    replay (a voided bout, a bout that finished behind the watermark) and
    ``check_league --repair``. The caller runs it single-flight (the projector)
    or knows no projector runs."""
    with transaction.atomic():
        derived = division_derive(division=division)
        RatingHistory.objects.filter(division=division).delete()
        insert_rows(RatingHistory, history_rows(division, derived.history))
        Rating.objects.filter(division=division).delete()
        store_rating_points(division, derived.ratings)
        for season in division.seasons.select_related("league"):
            store_standings(season, derived.standings[season.id])
        store_reigns(division, derived.reigns)
        records_rebuild(division)
        read_cache.changed()  # written in bulk: the public reads are built again
    return derived
