"""Make-up nights: which of a season's postponed bouts fight on its next
make-up night, and on what date. Plain Python, no database: the service
(league.services.makeup) feeds it the bouts in season order, the medical
suspensions of their sides and the sides that can never fight again.

The rule, as a league would run it: the make-up night is on the season's
rhythm (``step_days`` after the last night, or a multiple of it), on the first
such date on which at least one postponed bout has both sides free; it carries
every postponed bout whose sides are both free that day, each side once, in
season order (the earlier round's bout first). A bout one of whose sides can
never fight (retired, no card) is never booked.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class PostponedBout:
    bout_id: int
    sides: tuple[int, int]  # fighter ids (camp ids under a team ruleset)


@dataclass(frozen=True)
class MakeupNight:
    date: dt.date
    bout_ids: tuple[int, ...]


Spans = Mapping[int, Sequence[tuple[dt.date, dt.date]]]  # side -> (starts_on, ends_on), inclusive


def _free(side: int, day: dt.date, suspended: Spans) -> bool:
    return not any(start <= day <= end for start, end in suspended.get(side, ()))


def _first_free_day(side: int, *, after: dt.date, step: dt.timedelta, suspended: Spans) -> dt.date:
    """The first night of the rhythm after ``after`` on which ``side`` is free
    (suspensions end, so the loop does)."""
    day = after + step
    while not _free(side, day, suspended):
        day += step
    return day


def _bout_first_free_day(
    bout: PostponedBout, first_free: dict[int, dt.date], step: dt.timedelta, suspended: Spans
) -> dt.date:
    """The first night on which both sides are free: not before either side's
    own first free night (one side free again may be suspended later)."""
    day = max(first_free[side] for side in bout.sides)
    while not all(_free(side, day, suspended) for side in bout.sides):
        day += step
    return day


def next_makeup_night(
    postponed: Iterable[PostponedBout],
    *,
    after: dt.date,
    step_days: int,
    suspended: Spans,
    never: frozenset[int] | set[int] = frozenset(),
) -> MakeupNight | None:
    """The next make-up night for ``postponed`` (in season order), after the
    season's last night ``after``; None when no bout can ever be fought."""
    step = dt.timedelta(days=max(1, step_days))
    candidates = [b for b in postponed if not (set(b.sides) & set(never))]
    if not candidates:
        return None
    # Per side first (a season's postponed bouts share their fighters), so a
    # night is planned in time linear in the bouts.
    first_free = {
        side: _first_free_day(side, after=after, step=step, suspended=suspended)
        for side in {side for b in candidates for side in b.sides}
    }
    night = min(_bout_first_free_day(b, first_free, step, suspended) for b in candidates)
    free_that_night = {side: _free(side, night, suspended) for side in first_free}
    busy: set[int] = set()
    chosen = []
    for bout in candidates:
        if busy & set(bout.sides):
            continue
        if all(free_that_night[side] for side in bout.sides):
            chosen.append(bout.bout_id)
            busy.update(bout.sides)
    return MakeupNight(date=night, bout_ids=tuple(chosen))
