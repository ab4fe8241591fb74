"""A fight night's bouts: plans locked, eligibility checked again, snapshotted
and queued — or postponed, never silently fought.

``bouts_fire`` is the bouts app's half of firing a fight night (the league's
``league.services.fight_nights`` decides when an event fires). For any number
of bouts it takes a fixed number of statements: the bouts locked, their sides
built (cards, suspensions in force on the bout's date, retirements), the plans
each side fights with (the latest version, else the booked plan, else the
manager's standing plan, else none: ``bouts.plans.plans_to_fight``), one bulk
update, and the tasks sent in batches on commit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from bouts import plans as bout_plans
from bouts import signals
from bouts.models import Bout, BoutStatus
from bouts.services.scheduling import (
    batch_size,
    bout_mark_queued,
    bouts_locked,
    enqueue_on_commit,
)
from bouts.services.sides import Sides

NIGHT_TASKS = 2


def night_batch_size(count: int) -> int:
    """Bouts per task for a night of ``count`` bouts: the night is spread over
    at least ``BOUTS_NIGHT_TASKS`` tasks (2) when it has that many bouts, so
    that the workers share it (a season's next night waits for this one), but
    never more than ``BOUTS_BATCH_SIZE`` bouts a task."""
    tasks = max(1, int(getattr(settings, "BOUTS_NIGHT_TASKS", NIGHT_TASKS)))
    return max(1, min(batch_size(), math.ceil(count / tasks)))


@dataclass
class Fired:
    """What firing did: the bouts queued, and the bouts postponed with why."""

    queued: list[Bout] = field(default_factory=list)
    postponed: list[Bout] = field(default_factory=list)


def bouts_fire(*, bouts, send: bool = True) -> Fired:
    """Fire scheduled bouts (ids or rows), in the order given: a bout whose
    fighters can still fight is snapshotted with its plans and queued; one that
    cannot (a fighter retired or medically suspended on the bout's date since it
    was booked, a card gone) is postponed with the reason. Bouts not scheduled
    are left alone. Without ``send`` no task is sent: the caller fights the
    queued bouts itself (a "play until" job; beat re-sends them if it dies)."""
    order = [getattr(b, "pk", b) for b in bouts]
    fired = Fired()
    if not order:
        return fired
    with transaction.atomic():
        todo = bouts_locked(order, (BoutStatus.SCHEDULED,))
        if not todo:
            return fired
        sides = Sides(todo, scheduling=True)
        fight_with = bout_plans.plans_to_fight(todo)
        now = timezone.now()
        for bout in todo:
            bout_sides, fighter_ids, errors = sides.build(bout)
            if errors:
                bout.status = BoutStatus.POSTPONED
                bout.postponed_reason = " ".join(m for ms in errors.values() for m in ms)
                fired.postponed.append(bout)
                continue
            bout_mark_queued(
                bout,
                sides=bout_sides,
                fighter_ids=fighter_ids,
                plan_choice=fight_with[id(bout)],
                now=now,
            )
            fired.queued.append(bout)
        Bout.objects.bulk_update(
            todo,
            ["inputs", "status", "attempts", "failure_reason", "queued_at", "postponed_reason"],
            batch_size=500,
        )
        if send:
            enqueue_on_commit(
                [b.pk for b in fired.queued], size=night_batch_size(len(fired.queued))
            )
        signals.send_on_commit(signals.postponed, [signals.fact(b) for b in fired.postponed])
    return fired
