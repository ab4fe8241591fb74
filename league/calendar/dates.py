"""Dates as people read them: one format for every page and message (pure).

League dates are written "5 Dec 2026" on pages and in messages and ISO
(2026-12-05) in the API. Real times appear only where a real-clock league says
when its next night fires: "Sat 20:00 UTC", "in 2 days".
"""

from __future__ import annotations

import datetime as dt

# The formats themselves live below every app (the bouts app writes dates too).
from core.dates import DATE_FORMAT, long_date, real_time, real_time_from_now

__all__ = ["DATE_FORMAT", "long_date", "next_slot", "real_time", "real_time_from_now"]


def next_slot(now: dt.datetime, weekday: int, time: dt.time) -> dt.datetime:
    """A real-clock league's next fight time after ``now``: the coming
    ``weekday`` (0 Monday) at ``time`` UTC."""
    now = now.astimezone(dt.UTC)
    candidate = dt.datetime.combine(now.date(), time, tzinfo=dt.UTC)
    candidate += dt.timedelta(days=(weekday - now.weekday()) % 7)
    if candidate <= now:
        candidate += dt.timedelta(days=7)
    return candidate
