"""What a run of bookings inside one transaction reads once.

A play-until stretch books night after night in one transaction, and nothing
it reads to check a night changes before the stretch commits: the fighters and
their cards, the divisions' rosters, the medical suspensions already written
(the stretch's own are recorded at its end), the standing plans — and the fight
nights the stretch made itself hold no bout but its own. ``ScheduleReads`` keeps
them for the stretch: ``bouts_schedule(reads=...)`` asks it instead of the
database, and it reads only what it has not read yet, with the same functions
``bouts_schedule`` uses alone. One lives as long as its transaction and no bout
of its fighters is recorded meanwhile; a caller that retries after a refusal
starts a new one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from bouts.models import MedicalSuspension
from bouts.plans import SIDES, default_plan_key, standing_plans_for
from bouts.services.sides import read_cards, read_suspensions
from fighters.models import Fighter, RatingCard


class ScheduleReads:
    def __init__(self):
        self._fighters: dict[int, Fighter] = {}
        self._cards: dict[tuple[str, int], RatingCard | None] = {}
        self._suspensions: dict[int, list[MedicalSuspension]] = {}
        self._since: datetime.date | None = None
        self._rosters: dict[int, tuple[set, set]] = {}
        self._standing: dict[tuple, object] = {}
        # Fight nights created in this transaction: nobody else sees them.
        self.events_made: set[int] = set()

    def fighters(self, ids: Iterable[int]) -> dict[int, Fighter]:
        """``Fighter.objects.in_bulk(ids)``, read once a fighter."""
        ids = set(ids)
        missing = ids - self._fighters.keys()
        if missing:
            self._fighters.update(Fighter.objects.in_bulk(sorted(missing)))
        return {pk: self._fighters[pk] for pk in ids if pk in self._fighters}

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

    def rosters(self, division_ids: Iterable[int], read) -> tuple[set, set]:
        """``read(division ids)``'s ``(division, fighter)`` and ``(division,
        camp)`` pairs, read once a division."""
        ids = set(division_ids)
        missing = sorted(ids - self._rosters.keys())
        if missing:
            fighters, camps = read(missing)
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
        query each for fighters, cards, suspensions from ``since`` and standing
        plans) rather than a little every night."""
        ids = set(fighter_ids)
        if not ids:
            return
        self.fighters(ids)
        self.cards({ruleset: ids})
        self.suspensions(ids, since)
        self._read_standing({(ruleset, "fighter", pk) for pk in ids})
