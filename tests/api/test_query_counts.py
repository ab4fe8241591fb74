"""Every list and detail answers in a fixed number of queries, whatever the rows."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from fighters.services import corner_man_create
from league.models import Season
from referees.models import Doctor, Judge, Referee

from . import factories
from .records import recorded_bout

pytestmark = pytest.mark.django_db


class World:
    """Grows by ``k`` rows of everything per ``grow``."""

    def __init__(self):
        self.league = factories.league()
        self.division = factories.division(league=self.league)
        self.ruleset = self.league.ruleset
        self.event = factories.event(league=self.league)
        self.fighters = []
        self.bouts = []
        self.day = 0

    def grow(self, k):
        for _ in range(k):
            self.day += 1
            camp = factories.camp()
            corner_man_create(name=f"Corner {camp.pk}", camp=camp)
            # The first fighter fights every time: his record book grows too.
            red = self.fighters[0] if self.fighters else factories.fighter(camp=camp)
            blue = factories.fighter(camp=camp)
            self.division.fighters.add(red, blue)
            self.division.camps.add(camp)
            self.fighters += [f for f in (red, blue) if f not in self.fighters]
            Season.objects.create(
                league=self.league,
                division=self.division,
                number=self.day,
                name=f"Season {self.day}",
                start_date=datetime.date(2026, 1, 1),
            )
            factories.event(league=self.league)
            league = factories.league()
            league.commissioners.set([factories.user()])
            self.bouts.append(
                recorded_bout(
                    red=red,
                    blue=blue,
                    ruleset=self.ruleset,
                    division=self.division,
                    event=self.event,
                    order=self.day,
                    day=self.day,
                    rounds=2 + self.day,
                )
            )


def measure(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return len(ctx)


ENDPOINTS = {
    # name: (url from the world, queries)
    "fighters": (lambda w: "/api/fighters/", 3),
    "fighters?ruleset": (lambda w: f"/api/fighters/?ruleset={w.ruleset}&active=true", 3),
    "fighter": (lambda w: f"/api/fighters/{w.fighters[0].pk}/", 2),
    "fighter career": (lambda w: f"/api/fighters/{w.fighters[0].pk}/career/", 1),
    # The fighter, his cards, then bouts.selectors.fighter_history (four without team bouts).
    "fighter bouts": (lambda w: f"/api/fighters/{w.fighters[0].pk}/bouts/", 6),
    "cards": (lambda w: "/api/cards/", 2),
    "card": (lambda w: f"/api/cards/{w.fighters[0].cards.get().pk}/", 1),
    "camps": (lambda w: "/api/camps/", 2),
    "corner men": (lambda w: "/api/corner-men/", 2),
    "referees": (lambda w: "/api/referees/", 2),
    "referee": (lambda w: f"/api/referees/{Referee.objects.first().pk}/", 1),
    "judges": (lambda w: "/api/judges/", 2),
    "judge": (lambda w: f"/api/judges/{Judge.objects.first().pk}/", 1),
    "doctors": (lambda w: "/api/doctors/", 2),
    "doctor": (lambda w: f"/api/doctors/{Doctor.objects.first().pk}/", 1),
    "leagues": (lambda w: "/api/leagues/", 3),
    "league": (lambda w: f"/api/leagues/{w.league.pk}/", 2),
    "divisions": (lambda w: "/api/divisions/", 4),
    "division": (lambda w: f"/api/divisions/{w.division.pk}/", 3),
    "seasons": (lambda w: "/api/seasons/", 2),
    "events": (lambda w: "/api/events/", 2),
    "event": (lambda w: f"/api/events/{w.event.pk}/", 2),
    "bouts": (lambda w: "/api/bouts/", 2),
    "bouts?fighter": (lambda w: f"/api/bouts/?fighter={w.fighters[0].pk}", 2),
    # The state first (bouts.report_cache), then the record; cached, 1 query.
    "bout": (lambda w: f"/api/bouts/{w.bouts[-1].pk}/", 9),
}


@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_query_count_is_fixed(name, api):
    url_of, expected = ENDPOINTS[name]
    world = World()
    world.grow(1)
    small = measure(api, url_of(world))
    world.grow(4)
    large = measure(api, url_of(world))
    assert small == large == expected, f"{name}: {small} then {large} queries"
