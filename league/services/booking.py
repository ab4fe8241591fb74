"""Booking bouts for the league: officials and corners rotated over a schedule,
the sides of a bout, and the league's bouts as the bouts app's ``BoutSpec``s.
"""

from __future__ import annotations

from collections.abc import Sequence

from bouts.engine import get_ruleset
from bouts.services import BoutSpec
from fighters.models import Camp, CornerMan, Fighter
from league.services.common import CAMP
from referees.models import Doctor, Judge, Referee


class Officials:
    """Rotates the active officials and corner men over a schedule, so a league's
    cards use its referees, judges, doctors and corner men (the engine draws
    whatever is missing)."""

    def __init__(self):
        self.referees = list(Referee.objects.filter(is_active=True).order_by("id"))
        self.judges = list(Judge.objects.filter(is_active=True).order_by("id"))
        self.doctors = list(Doctor.objects.filter(is_active=True).order_by("id"))
        self.corners = list(CornerMan.objects.filter(is_available=True).order_by("id"))

    def for_bout(self, seed: int) -> dict:
        out: dict = {}
        if self.referees:
            out["referee"] = self.referees[seed % len(self.referees)]
        if len(self.judges) >= 3:
            start = (seed // 7) % len(self.judges)
            out["judges"] = [self.judges[(start + i) % len(self.judges)] for i in range(3)]
        if self.doctors:
            out["doctor"] = self.doctors[(seed // 11) % len(self.doctors)]
        if len(self.corners) >= 2:
            first = (seed // 13) % len(self.corners)
            out["red_corner"] = self.corners[first]
            out["blue_corner"] = self.corners[(first + 1) % len(self.corners)]
        return out


def sides_of(competitors: Sequence[tuple]) -> dict:
    """``{"red": ..., "blue": ...}`` (or the camps) for two competitor keys."""
    red, blue = competitors
    if red[0] == CAMP:
        camps = Camp.objects.in_bulk([red[1], blue[1]])
        return {"red_camp": camps[red[1]], "blue_camp": camps[blue[1]]}
    fighters = Fighter.objects.in_bulk([red[1], blue[1]])
    return {"red": fighters[red[1]], "blue": fighters[blue[1]]}


def league_bout(
    *,
    league,
    division,
    event,
    order,
    sides,
    seed,
    officials,
    idempotency_key,
    title=False,
) -> BoutSpec:
    """A league bout as the bouts app schedules it: the league's rounds (title
    rounds for a title bout), rotated officials, the event's date."""
    rules = get_ruleset(league.ruleset)
    rounds = min(league.title_rounds if title else league.rounds, rules.max_rounds)
    staff = officials.for_bout(seed) if officials else {}
    return BoutSpec(
        ruleset=league.ruleset,
        date=event.date,
        event=event,
        division=division,
        order=order,
        scheduled_rounds=rounds,
        is_title_bout=title,
        seed=seed,
        idempotency_key=idempotency_key,
        **sides,
        **staff,
    )
