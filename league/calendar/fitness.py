"""Who may fight on a league date (pure Python).

A fighter is fit on a night unless he is retired by then, medically suspended
through that date (``suspended_until`` is the last day of the suspension), or
still resting from his last bout (``rest_days``: a league's minimum rest, none
by default). Every place that books a fighter asks this one rule: the season's
draw, tournaments, the weekly matchmaker and the pages that show who is fit.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

FIT, SUSPENDED, RESTING, RETIRED = "fit", "suspended", "resting", "retired"


@dataclass(frozen=True)
class Condition:
    """What the league knows of one fighter's fitness."""

    suspended_until: dt.date | None = None  # the last day he may not fight
    suspension_reason: str = ""
    retired_on: dt.date | None = None
    active: bool = True
    last_bout: dt.date | None = None


@dataclass(frozen=True)
class Status:
    """A fighter's status on a league date, in words a person reads."""

    kind: str
    until: dt.date | None = None  # the last day of a suspension or rest
    reason: str = ""

    @property
    def fit(self) -> bool:
        return self.kind == FIT

    @property
    def permanent(self) -> bool:
        """Never fit again (retired)."""
        return self.kind == RETIRED


def status_on(condition: Condition, date: dt.date, *, rest_days: int = 0) -> Status:
    """``condition``'s status on ``date``: retired first, then a suspension, then rest."""
    if not condition.active or (condition.retired_on is not None and condition.retired_on <= date):
        return Status(RETIRED, reason="retired")
    if condition.suspended_until is not None and condition.suspended_until >= date:
        return Status(SUSPENDED, condition.suspended_until, condition.suspension_reason)
    if rest_days and condition.last_bout is not None:
        rested_on = condition.last_bout + dt.timedelta(days=rest_days)
        if rested_on >= date:
            return Status(RESTING, rested_on, f"rests {rest_days} days after a bout")
    return Status(FIT)


def fit_from(condition: Condition, *, rest_days: int = 0) -> dt.date | None:
    """The first date on which ``condition`` is fit (None: never, he is retired)."""
    if not condition.active or condition.retired_on is not None:
        return None
    first = dt.date.min
    if condition.suspended_until is not None:
        first = max(first, condition.suspended_until + dt.timedelta(days=1))
    if rest_days and condition.last_bout is not None:
        first = max(first, condition.last_bout + dt.timedelta(days=rest_days + 1))
    return first
