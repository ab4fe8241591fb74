"""A season as the draw sees it — its waiting fixtures and its fighters'
fitness — read once and kept up to date in memory while a play-until run
fights night after night, so that each night's card costs no query.

The memory follows the same rules the database answers with: a fixture booked
or cancelled leaves the waiting list; a fought bout's medical suspensions
(``bouts.suspensions.rulings_for``, as recording writes them) and its date (the
league's rest rule) change its fighters' conditions exactly as
``league.calendar.selectors.conditions_on`` would read them the next night.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from bouts.suspensions import rulings_for
from fighters.models import Fighter
from league.calendar.drawing import Fixture
from league.calendar.fitness import Condition
from league.calendar.models import FixtureStatus, SeasonFixture
from league.calendar.selectors import conditions_on
from league.models import Season
from league.services.common import CAMP, FIGHTER

FIXTURE_COLUMNS = (
    "id",
    "position",
    "red_id",
    "blue_id",
    "red_camp_id",
    "blue_camp_id",
    "seed",
    "bout_id",
)


def sides_of_row(row: dict) -> tuple[tuple, tuple]:
    """A fixture row's two sides as the draw names them: (kind, id)."""
    if row["red_id"] is None:
        return (CAMP, row["red_camp_id"]), (CAMP, row["blue_camp_id"])
    return (FIGHTER, row["red_id"]), (FIGHTER, row["blue_id"])


class SeasonState:
    """``waiting``: the season's waiting fixtures by id (``FIXTURE_COLUMNS``),
    ``fixtures`` the same as the draw sees them;
    ``conditions``: ``{fighter id: Condition}``; ``camp_of``: each fighter's
    camp where the league keeps camps apart (else None)."""

    def __init__(self, season: Season, *, on: dt.date):
        """Read on league date ``on`` (suspensions running on or after it, bouts
        fought before it): two to five queries."""
        self.season = season
        # The season row as locked by the first night booked from this state
        # (a state lives in one transaction: a run's stretch).
        self.locked: Season | None = None
        # Fixtures booked and not yet pointed at their bouts, by team or not:
        # (event ids, fixture ids) (seasons.fixtures_link).
        self.unlinked: dict[bool, tuple[list[int], list[int]]] = {}
        # The stretch's bookings (a ``bouts.services.BookingRun``, set by the run).
        self.booking_run = None
        league = season.league
        self.waiting: dict[int, dict] = {
            row["id"]: row
            for row in SeasonFixture.objects.filter(season=season, status=FixtureStatus.WAITING)
            .order_by("position", "id")
            .values(*FIXTURE_COLUMNS)
        }
        # The draw's view of each waiting fixture, in the order they wait.
        self.fixtures: dict[int, Fixture] = {
            pk: Fixture(pk, row["position"], *sides_of_row(row)) for pk, row in self.waiting.items()
        }
        fighters = {
            pk for row in self.waiting.values() for pk in (row["red_id"], row["blue_id"]) if pk
        }
        self.conditions: dict[int, Condition] = (
            conditions_on(fighters, on, rest_days=league.rest_days) if fighters else {}
        )
        self.camp_of: dict | None = None
        if league.separate_camps and fighters:
            self.camp_of = {
                (FIGHTER, pk): camp
                for pk, camp in Fighter.objects.filter(pk__in=fighters).values_list("pk", "camp_id")
            }

    def to_link(self, event_id: int, fixture_ids: list[int], *, team: bool) -> None:
        events, fixtures = self.unlinked.setdefault(team, ([], []))
        events.append(event_id)
        fixtures.extend(fixture_ids)

    def take(self, fixture_ids) -> None:
        """Fixtures booked or cancelled: no longer waiting."""
        for pk in fixture_ids:
            self.waiting.pop(pk, None)
            self.fixtures.pop(pk, None)

    def fought(self, bout, result: dict) -> None:
        """A one-on-one bout of a night fought (``result``: the engine's): its
        fighters' suspensions where the league suspends, and their last bout."""
        if bout.red_id is None:
            return  # a team season's sides are camps, always fit for the draw
        if self.season.league.medical_suspensions:
            side_of = {"red": bout.red_id, "blue": bout.blue_id}
            for ruling in rulings_for(result):
                self._suspend(side_of[ruling.side], bout.date, ruling.days, ruling.reason)
        for fighter_id in (bout.red_id, bout.blue_id):
            condition = self.conditions.get(fighter_id)
            if condition is not None:
                self.conditions[fighter_id] = replace(condition, last_bout=bout.date)

    def _suspend(self, fighter_id: int, date: dt.date, days: int, reason: str) -> None:
        condition = self.conditions.get(fighter_id)
        if condition is None:
            return
        ends_on = date + dt.timedelta(days=days)
        # The longest suspension governs; of two ending the same day, the newer.
        if condition.suspended_until is None or ends_on >= condition.suspended_until:
            self.conditions[fighter_id] = replace(
                condition, suspended_until=ends_on, suspension_reason=reason[:200]
            )
