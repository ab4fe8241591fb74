"""What the bouts app announces, for the apps above it to listen to.

Every signal is sent **after the transaction that made it true has committed**
(``transaction.on_commit``): a receiver never sees a bout that could still roll
back, and nothing a receiver does can undo the bout's own rows. The league app
connects its receivers in ``LeagueConfig.ready()``; the bouts app never calls the
league (docs/layers.md).

Each signal carries ``bouts``: a list of :class:`BoutFact` (one recording batch,
one failure, one void), so a receiver does its work once per batch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from django.db import transaction
from django.dispatch import Signal


@dataclass(frozen=True)
class BoutFact:
    """What a receiver needs to know about a bout without reading it again."""

    id: int
    division_id: int | None
    event_id: int | None


#: Bouts booked (created by ``bouts_schedule``, on a card or queued at once).
scheduled = Signal()
#: Bouts recorded (status ``completed``): result, rounds, scores, careers written.
recorded = Signal()
#: Bouts the pipeline gave up on (status ``failed``), with nothing recorded.
failed = Signal()
#: A completed bout voided: it keeps its record but counts for nothing.
voided = Signal()
#: Bouts not fought on their fight night (status ``postponed``): a fighter was
#: suspended or retired since they were booked (``Bout.postponed_reason``).
postponed = Signal()


def send_on_commit(signal: Signal, facts: list[BoutFact]) -> None:
    """Send ``signal`` with ``facts`` once the current transaction commits (at
    once outside a transaction). Nothing is sent for an empty list."""
    if facts:
        transaction.on_commit(partial(signal.send, sender=BoutFact, bouts=list(facts)))


def fact(bout) -> BoutFact:
    return BoutFact(id=bout.pk, division_id=bout.division_id, event_id=bout.event_id)
