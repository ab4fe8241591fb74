"""The league's date moves forward only (a bridge: one UPDATE)."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from core import read_cache
from league.models import League


def league_date_advance(league_id: int, date: dt.date) -> None:
    """The league's date becomes ``date`` unless it is already later."""
    moved = League.objects.filter(Q(today__isnull=True) | Q(today__lt=date), pk=league_id).update(
        today=date
    )
    if moved:
        read_cache.changed()  # fitness and "today" on the public pages
