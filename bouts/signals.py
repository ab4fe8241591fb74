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

import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


_local = threading.local()


class _Gathered:
    """Facts of the signals sent in a ``gathered`` block, in the order first sent."""

    def __init__(self):
        self.facts: dict[Signal, list[BoutFact]] = {}

    def add(self, signal: Signal, facts: list[BoutFact]) -> None:
        self.facts.setdefault(signal, []).extend(facts)

    def send(self) -> None:
        for signal, facts in self.facts.items():
            signal.send(sender=BoutFact, bouts=facts)


def send_on_commit(signal: Signal, facts: list[BoutFact]) -> None:
    """Send ``signal`` with ``facts`` once the current transaction commits (at
    once outside a transaction). Nothing is sent for an empty list. Inside a
    ``gathered`` block the facts join the block's one sending of ``signal``."""
    if not facts:
        return
    gathering = getattr(_local, "gathering", None)
    if gathering is not None:
        # Joined on commit, so facts of a savepoint rolled back are dropped
        # with it (Django discards its callbacks).
        transaction.on_commit(partial(gathering.add, signal, list(facts)))
    else:
        transaction.on_commit(partial(signal.send, sender=BoutFact, bouts=list(facts)))


@contextmanager
def gathered() -> Iterator[None]:
    """Within a transaction, every signal this block sends is sent once when it
    commits, with all of the block's facts: a play-until stretch books a night
    after night and announces its bouts once (a receiver queues one task, not
    one a night). Used inside ``transaction.atomic()``."""
    outer = getattr(_local, "gathering", None)
    gathering = _local.gathering = _Gathered()
    try:
        yield
    finally:
        _local.gathering = outer
        # Registered last: runs after the callbacks that fill it.
        transaction.on_commit(gathering.send)


def fact(bout) -> BoutFact:
    return BoutFact(id=bout.pk, division_id=bout.division_id, event_id=bout.event_id)
