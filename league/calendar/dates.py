"""Dates as people read them: one format for every page and message (pure).

League dates are written "5 Dec 2026" on pages and in messages and ISO
(2026-12-05) in the API. Real times appear only where a real-clock league says
when its next night fires: "Sat 20:00 UTC", "in 2 days".
"""

from __future__ import annotations

import datetime as dt

DATE_FORMAT = "j M Y"  # Django's date filter: 5 Dec 2026


def long_date(date: dt.date | None) -> str:
    """A league date as pages write it: ``5 Dec 2026``."""
    if date is None:
        return ""
    return f"{date.day} {date.strftime('%b %Y')}"


def real_time(moment: dt.datetime) -> str:
    """A real fight time: ``Sat 20:00 UTC``."""
    return moment.astimezone(dt.UTC).strftime("%a %H:%M UTC")


def real_time_from_now(moment: dt.datetime, now: dt.datetime) -> str:
    """``fights in 2 days, Sat 20:00 UTC`` (or hours, minutes; "now" when due)."""
    seconds = (moment - now).total_seconds()
    if seconds <= 0:
        return f"fights now ({real_time(moment)})"
    if seconds >= 2 * 86400:
        when = f"in {int(seconds // 86400)} days"
    elif seconds >= 2 * 3600:
        when = f"in {int(seconds // 3600)} hours"
    else:
        when = f"in {max(1, int(seconds // 60))} minutes"
    return f"fights {when}, {real_time(moment)}"


def next_slot(now: dt.datetime, weekday: int, time: dt.time) -> dt.datetime:
    """A real-clock league's next fight time after ``now``: the coming
    ``weekday`` (0 Monday) at ``time`` UTC."""
    now = now.astimezone(dt.UTC)
    candidate = dt.datetime.combine(now.date(), time, tzinfo=dt.UTC)
    candidate += dt.timedelta(days=(weekday - now.weekday()) % 7)
    if candidate <= now:
        candidate += dt.timedelta(days=7)
    return candidate
