"""Who fights, with which cards: the sides of bouts, built for many bouts at once.

``Sides`` reads, in a fixed number of queries whatever the number of bouts, what
every bout it is given needs — the fighters' cards for the ruleset, medical
suspensions in force on the bouts' dates and, for team rulesets, the camps'
members — and then builds each bout's engine sides (one-on-one cards or team
sides) with the field errors that stop it being fought.

Retirement and medical suspensions are scheduling rules (``scheduling=True``):
queueing an already scheduled bout checks only that it can be fought, so what is
snapshotted never depends on which other bouts happen to have finished.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence

from django.db.models import Q

from bouts import inputs as bout_inputs
from bouts.engine import CardError, EngineError, get_ruleset
from bouts.models import Bout, MedicalSuspension
from core.dates import long_date
from fighters.models import RatingCard
from league.models import Division


def inactive_on(fighter, date: datetime.date) -> bool:
    """Retired (or made inactive) on ``date``."""
    return not fighter.is_active or (fighter.retired_on is not None and fighter.retired_on <= date)


def suspension_message(fighter, suspension: MedicalSuspension) -> str:
    return (
        f"{fighter.name} is medically suspended until {long_date(suspension.ends_on)} "
        f"({suspension.reason})."
    )


def read_cards(fighters_by_ruleset: dict[str, set[int]]) -> dict[tuple[str, int], RatingCard]:
    """``{(ruleset, fighter id): card}`` of the fighters named per ruleset (one query)."""
    query = Q()
    for ruleset, ids in fighters_by_ruleset.items():
        if ids:
            query |= Q(ruleset=ruleset, fighter_id__in=sorted(ids))
    if not query:
        return {}
    return {(card.ruleset, card.fighter_id): card for card in RatingCard.objects.filter(query)}


def read_rosters(division_ids: Sequence[int]) -> tuple[set, set]:
    """The divisions' ``(division, fighter)`` and ``(division, camp)`` pairs (two queries)."""
    Roster = Division.fighters.through
    Camps = Division.camps.through
    fighters = set(
        Roster.objects.filter(division_id__in=division_ids).values_list("division_id", "fighter_id")
    )
    camps = set(
        Camps.objects.filter(division_id__in=division_ids).values_list("division_id", "camp_id")
    )
    return fighters, camps


def read_suspensions(
    fighter_ids, first: datetime.date, last: datetime.date | None = None
) -> dict[int, list[MedicalSuspension]]:
    """The fighters' medical suspensions in force on some day from ``first`` to
    ``last`` (open-ended without it), per fighter by end date (one query)."""
    found: dict[int, list[MedicalSuspension]] = defaultdict(list)
    rows = MedicalSuspension.objects.filter(fighter_id__in=sorted(fighter_ids), ends_on__gte=first)
    if last is not None:
        rows = rows.filter(starts_on__lte=last)
    for suspension in rows.order_by("ends_on", "id"):
        found[suspension.fighter_id].append(suspension)
    return found


class Sides:
    """Preloaded inputs for building the sides of ``bouts`` (unsaved or saved
    ``Bout`` objects with their fighters or camps set). With ``reads`` (a run of
    bookings in one transaction: ``BookingRun``) the one-on-one cards and
    suspensions come from what the run has read already."""

    def __init__(self, bouts: Iterable[Bout], *, scheduling: bool, reads=None):
        bouts = list(bouts)
        self.scheduling = scheduling
        fighters_by_ruleset: dict[str, set[int]] = defaultdict(set)
        camps_by_ruleset: dict[str, set[int]] = defaultdict(set)
        for bout in bouts:
            if bout.red_camp_id is not None:
                camps_by_ruleset[bout.ruleset].update((bout.red_camp_id, bout.blue_camp_id))
            else:
                fighters_by_ruleset[bout.ruleset].update((bout.red_id, bout.blue_id))
        # (ruleset, fighter id) -> card
        self.cards: dict[tuple[str, int], RatingCard] = (
            reads.cards(fighters_by_ruleset) if reads else read_cards(fighters_by_ruleset)
        )
        # (ruleset, camp id) -> [(fighter, card)] of its active fighters, by id
        self.members: dict[tuple[str, int], list] = defaultdict(list)
        query = Q()
        for ruleset, ids in camps_by_ruleset.items():
            query |= Q(ruleset=ruleset, fighter__camp_id__in=sorted(ids))
        if query:
            cards = (
                RatingCard.objects.filter(query, fighter__is_active=True)
                .select_related("fighter")
                .order_by("fighter_id")
            )
            for card in cards:
                self.members[(card.ruleset, card.fighter.camp_id)].append((card.fighter, card))
        self.suspensions: dict[int, list[MedicalSuspension]] = {}
        if scheduling and bouts:
            fighter_ids = {i for ids in fighters_by_ruleset.values() for i in ids}
            fighter_ids |= {
                f.id for pairs in self.members.values() for f, _ in pairs if f is not None
            }
            first = min(b.date for b in bouts)
            last = max(b.date for b in bouts)
            if reads is not None and not camps_by_ruleset:
                self.suspensions = reads.suspensions(fighter_ids, first)
            else:
                self.suspensions = read_suspensions(fighter_ids, first, last)

    def suspended(self, fighter_id: int, date: datetime.date) -> MedicalSuspension | None:
        """The longest suspension in force on ``date``."""
        found = None
        for suspension in self.suspensions.get(fighter_id, ()):
            if suspension.starts_on <= date <= suspension.ends_on:
                found = suspension
        return found

    def build(self, bout: Bout) -> tuple[dict, dict, dict]:
        """``(sides, fighter_ids, errors)`` for the bout's ruleset and date: the
        engine cards (one-on-one) or sides (team) it would be fought with, the
        fighter ids on each side, and field errors (``{"red": [...], ...}``)."""
        rules = get_ruleset(bout.ruleset)
        if rules.team:
            return self._build_team(bout, rules)
        errors: dict[str, list[str]] = defaultdict(list)
        sides: dict = {}
        fighter_ids: dict[str, list[int]] = {}
        for side, fighter in (("red", bout.red), ("blue", bout.blue)):
            fighter_ids[side] = [fighter.id]
            if self.scheduling:
                if inactive_on(fighter, bout.date):
                    errors[side].append(f"{fighter.name} is retired.")
                suspension = self.suspended(fighter.id, bout.date)
                if suspension is not None:
                    errors[side].append(suspension_message(fighter, suspension))
            card = self.cards.get((bout.ruleset, fighter.id))
            if card is None:
                errors[side].append(f"{fighter.name} has no {bout.ruleset} card.")
                continue
            data = bout_inputs.one_on_one_card(fighter, card)
            try:
                rules.validate_card(data)
            except CardError as exc:
                errors[side].append(f"{fighter.name}'s {bout.ruleset} card is invalid: {exc}")
            sides[side] = data
        return sides, fighter_ids, dict(errors)

    def _build_team(self, bout: Bout, rules) -> tuple[dict, dict, dict]:
        errors: dict[str, list[str]] = defaultdict(list)
        sides: dict = {}
        fighter_ids: dict[str, list[int]] = {}
        for side, camp in (("red", bout.red_camp), ("blue", bout.blue_camp)):
            pairs = [
                (f, card)
                for f, card in self.members.get((bout.ruleset, camp.id), ())
                if not inactive_on(f, bout.date)
            ]
            fighter_ids[side] = [f.id for f, _ in pairs]
            if self.scheduling:
                for fighter, _ in pairs:
                    suspension = self.suspended(fighter.id, bout.date)
                    if suspension is not None:
                        errors[f"{side}_camp"].append(
                            f"{camp.name}: " + suspension_message(fighter, suspension)
                        )
            if not pairs:
                errors[f"{side}_camp"].append(
                    f"{camp.name} has no active fighter with a {bout.ruleset} card."
                )
                continue
            try:
                side_data = bout_inputs.team_side(bout.ruleset, camp, pairs, bout.seed)
                rules.validate_side(side_data)
            except EngineError as exc:
                errors[f"{side}_camp"].append(f"{camp.name} cannot field a side: {exc}")
                continue
            sides[side] = side_data
        return sides, fighter_ids, dict(errors)
