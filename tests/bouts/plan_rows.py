"""Rows for the fight-plan tests: a WeBL bout on a fight night still to come,
each side's fighter in a camp owned by its own manager."""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils import timezone

from bouts.engine import generate_card
from bouts.models import Bout
from bouts.services import bout_schedule
from fighters.models import Camp
from fighters.services import fighter_create
from league.models import Division, Event, League

_n = itertools.count(1)
GOOD_PLAN = "1) 5/7/8\n4) 6/6/8 (inside)"
# Line 3 breaks the 20-point rule; the engine names the line.
BAD_PLAN = "1) 5/7/8\n4) 6/6/8\n9/9/9"


def user(name: str, *, staff=False, password=None):
    return get_user_model().objects.create_user(name, password=password, is_staff=staff)


@dataclass
class Night:
    league: League
    division: Division
    event: Event
    bout: Bout
    red_manager: object
    blue_manager: object


def fight_night(
    *,
    ruleset: str = "webl",
    fight_in: dt.timedelta = dt.timedelta(days=2),
    plans_due_in: dt.timedelta | None = None,
    red_manager=None,
    blue_manager=None,
    commissioners=(),
) -> Night:
    """A league with a fight night ``fight_in`` from now and one bout on it,
    scheduled (not queued) between two managers' fighters."""
    n = next(_n)
    red_manager = red_manager or user(f"red-manager-{n}")
    blue_manager = blue_manager or user(f"blue-manager-{n}")
    league = League.objects.create(
        name=f"Plan League {n}",
        slug=f"plan-league-{n}",
        ruleset=ruleset,
        start_date=dt.date(2030, 1, 1),
    )
    league.commissioners.set(commissioners)
    red_camp = Camp.objects.create(name=f"Red Camp {n}", owner=red_manager)
    blue_camp = Camp.objects.create(name=f"Blue Camp {n}", owner=blue_manager)
    red = fighter_create(
        name=f"Red Fighter {n}",
        weight_class="middleweight",
        camp=red_camp,
        cards={ruleset: generate_card(ruleset, 10 * n)},
    )
    blue = fighter_create(
        name=f"Blue Fighter {n}",
        weight_class="middleweight",
        camp=blue_camp,
        cards={ruleset: generate_card(ruleset, 10 * n + 1)},
    )
    division = Division.objects.create(league=league, weight_class="middleweight", name="Middle")
    division.fighters.set([red, blue])
    now = timezone.now()
    event = Event.objects.create(
        league=league,
        name=f"Fight Night {n}",
        date=dt.date(2030, 1, 1),
        fight_at=now + fight_in,
        plans_due_at=(now + plans_due_in) if plans_due_in is not None else None,
    )
    bout = bout_schedule(
        ruleset=ruleset,
        red=red,
        blue=blue,
        event=event,
        division=division,
        scheduled_rounds=6,
        seed=1000 + n,
        queue=False,
    )
    return Night(league, division, event, bout, red_manager, blue_manager)


def bout_for_plans(bout: Bout) -> Bout:
    """The bout as the plan services read it (sides' camps and event joined)."""
    from bouts.plans import MANAGERS

    return Bout.objects.select_related(*MANAGERS).get(pk=bout.pk)
