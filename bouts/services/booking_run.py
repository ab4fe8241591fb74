"""A run of bookings inside one transaction: what it reads once, and the rows
it writes at its end.

A play-until stretch books night after night in one transaction. What it reads
to check a night is taken as it stood when the stretch began, and read once:
the fighters' cards, the divisions' rosters, the medical suspensions already
written (the stretch's own are recorded at its end) and the standing plans — a
change committed meanwhile counts from the next stretch, as if made just after
this one. The fighters themselves are read every night (a retirement cancels
fixtures: the night is refused and drawn again), and the fight nights the
stretch made itself hold no bout but its own. ``bouts_schedule(booking_run=...)``
asks the run instead of the database, and the run reads only what it has not
read yet, with the same functions ``bouts_schedule`` uses alone.

On PostgreSQL it also keeps the run's new rows (its fight nights and bouts)
until ``flush``: each gets its primary key at once from a block drawn from the
table's sequence (``core.bulk.reserve_ids``), so nothing is written night by
night and one ``COPY`` a table writes the whole stretch. A run lives as long as
its transaction while no bout of its fighters is recorded; a caller that
retries after a refusal flushes it and starts a new one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import connection

from bouts.models import MedicalSuspension
from bouts.plans import SIDES, default_plan_key, standing_plans_for
from bouts.services.sides import read_cards, read_rosters, read_suspensions
from core.bulk import insert_rows, reserve_ids
from fighters.models import RatingCard

ID_BLOCK = 64


class BookingRun:
    def __init__(self, *, defer_writes: bool = True):
        # Rows written at ``flush``, by model in the order their keys were given.
        self.defer_writes = defer_writes and connection.vendor == "postgresql"
        self._pending: dict[type, list] = {}
        self._ids: dict[type, list[int]] = {}
        self._cards: dict[tuple[str, int], RatingCard | None] = {}
        self._suspensions: dict[int, list[MedicalSuspension]] = {}
        self._since: datetime.date | None = None
        self._rosters: dict[int, tuple[set, set]] = {}
        self._standing: dict[tuple, object] = {}
        # Fight nights created in this transaction: nobody else sees them.
        self.events_made: set[int] = set()

    def cards(self, fighters_by_ruleset: dict[str, set[int]]) -> dict:
        """``read_cards`` of these fighters, read once a fighter and ruleset."""
        missing = {
            ruleset: {pk for pk in ids if (ruleset, pk) not in self._cards}
            for ruleset, ids in fighters_by_ruleset.items()
        }
        if any(missing.values()):
            found = read_cards(missing)
            for ruleset, ids in missing.items():
                for pk in ids:
                    self._cards[(ruleset, pk)] = found.get((ruleset, pk))
        return {
            (ruleset, pk): self._cards[(ruleset, pk)]
            for ruleset, ids in fighters_by_ruleset.items()
            for pk in ids
            if self._cards.get((ruleset, pk)) is not None
        }

    def suspensions(self, fighter_ids: Iterable[int], first: datetime.date) -> dict:
        """``read_suspensions`` from ``first`` on, open-ended: the suspensions of
        every later night of the run are among them."""
        ids = set(fighter_ids)
        if self._since is None or first < self._since:
            self._since, self._suspensions = first, {}
        missing = ids - self._suspensions.keys()
        if missing:
            found = read_suspensions(missing, self._since)
            for pk in missing:
                self._suspensions[pk] = found.get(pk, [])
        return {pk: self._suspensions[pk] for pk in ids if self._suspensions[pk]}

    def rosters(self, division_ids: Iterable[int]) -> tuple[set, set]:
        """``read_rosters`` of these divisions: ``(division, fighter)`` and ``(division,
        camp)`` pairs, read once a division."""
        ids = set(division_ids)
        missing = sorted(ids - self._rosters.keys())
        if missing:
            fighters, camps = read_rosters(missing)
            for pk in missing:
                self._rosters[pk] = (
                    {pair for pair in fighters if pair[0] == pk},
                    {pair for pair in camps if pair[0] == pk},
                )
        fighters, camps = set(), set()
        for pk in ids:
            fighters |= self._rosters[pk][0]
            camps |= self._rosters[pk][1]
        return fighters, camps

    def standing_plans(self, bouts) -> dict:
        """``default_plans(bouts)``, read once a side."""
        keys = {default_plan_key(bout, side) for bout in bouts for side in SIDES}
        self._read_standing(keys)
        return {key: self._standing[key] for key in keys if self._standing[key] is not None}

    def _read_standing(self, keys) -> None:
        missing = [key for key in keys if key not in self._standing]
        if missing:
            found = standing_plans_for(missing)
            for key in missing:
                self._standing[key] = found.get(key)

    def prime(self, fighter_ids: Iterable[int], ruleset: str, since: datetime.date) -> None:
        """Read at once what the run's nights will ask of these fighters (one
        query each for cards, suspensions from ``since`` and standing plans)
        rather than a little every night."""
        ids = set(fighter_ids)
        if not ids:
            return
        self.cards({ruleset: ids})
        self.suspensions(ids, since)
        self._read_standing({(ruleset, "fighter", pk) for pk in ids})

    # --- writes at the end of the run ---------------------------------------------------

    def give_id(self, obj) -> None:
        """``obj`` (unsaved) gets its primary key now; it is written at ``flush``."""
        model = type(obj)
        self._pending.setdefault(model, [])
        free = self._ids.setdefault(model, [])
        if not free:
            free.extend(reversed(reserve_ids(model, ID_BLOCK)))
        obj.pk = free.pop()

    def write_later(self, objs) -> None:
        """Rows (given their keys by ``give_id``) to write at ``flush``."""
        for obj in objs:
            self._pending[type(obj)].append(obj)

    def flush(self) -> None:
        """Write the rows kept so far: one ``COPY`` a table."""
        for model, objs in self._pending.items():
            insert_rows(model, objs, with_ids=True)
            objs.clear()
