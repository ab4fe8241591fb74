"""Fight nights (league.services.fight_nights, bouts.services.firing): an event
fires at its fight time with the plans its managers submitted; a season's events
fire in order; a fighter suspended or retired since the booking does not fight;
seasons and tournaments go through the same path."""

import datetime as dt
import io
import sys

import pytest
from django.core.management import call_command
from django.test import TestCase
from django.utils import timezone

from bouts.models import Bout, BoutStatus, MedicalSuspension
from bouts.services.plans import bout_plan_submit, default_plan_set
from fighters.models import Camp, Fighter
from league import services
from league.calendar import runner
from league.calendar.jobs import job_start
from league.calendar.seasons import season_book_night
from league.models import ClockMode, Event, Tournament, TournamentMatch
from league.services.fight_nights import event_fire, events_fire_due
from league.tasks import fire_due_events
from tests.bouts.plan_rows import GOOD_PLAN, bout_for_plans, fight_night, user

from .conftest import make_league, record

pytestmark = pytest.mark.django_db


def fire(**kwargs):
    """Fire due events, the bouts fought eagerly as a commit would run them."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return events_fire_due(**kwargs)


def make_due(event):
    Event.objects.filter(pk=event.pk).update(fight_at=timezone.now() - dt.timedelta(seconds=1))


def managed(division, *managers):
    """Give the division's fighters to camps owned by ``managers``, in turn."""
    camps = [Camp.objects.create(name=f"Camp of {m.username}", owner=m) for m in managers]
    for i, fighter in enumerate(division.fighters.order_by("id")):
        Fighter.objects.filter(pk=fighter.pk).update(camp=camps[i % len(camps)])
    return camps


def test_a_night_fires_with_the_latest_plans_and_locks_them():
    night = fight_night()
    bout = bout_for_plans(night.bout)
    bout_plan_submit(bout=bout, side="red", data="5/7/8", user=night.red_manager)
    bout_plan_submit(bout=bout, side="red", data=GOOD_PLAN, user=night.red_manager)
    default_plan_set(fighter=bout.blue, ruleset="webl", data="4/8/8", user=night.blue_manager)
    assert fire() == []  # not due yet: nothing happens
    make_due(night.event)
    assert [e.pk for e in fire()] == [night.event.pk]
    bout.refresh_from_db()
    night.event.refresh_from_db()
    assert night.event.fired_at is not None
    assert bout.status == BoutStatus.COMPLETED, bout.failure_reason
    # What the engine got: the red manager's version 2, the blue standing plan.
    assert bout.inputs["plans"] == {"red": GOOD_PLAN, "blue": "4/8/8"}
    assert bout.inputs["plan_sources"] == {
        "red": {"kind": "bout", "version": 2},
        "blue": {"kind": "standing"},
    }
    with pytest.raises(Exception, match="locked"):
        bout_plan_submit(
            bout=bout_for_plans(bout), side="red", data="5/7/8", user=night.red_manager
        )
    assert fire() == []  # fired once


def test_firing_takes_a_fixed_number_of_statements(django_assert_max_num_queries):
    nights = [fight_night() for _ in range(2)]
    for night in nights:
        make_due(night.event)
    # One night's bouts: lock the event, its bouts, sides (cards, suspensions),
    # plans (versions, standing), one update, the event marked; then the look again.
    with django_assert_max_num_queries(30):
        events_fire_due()
    assert Bout.objects.filter(status=BoutStatus.QUEUED).count() == 2


def test_a_real_clock_season_is_fought_with_the_managers_plans(ruleset):
    if ruleset != "webl":
        pytest.skip("the plan text is WeBL's")
    league, division = make_league("webl", 4, clock=ClockMode.REAL)
    red_boss, blue_boss = user("boss-a"), user("boss-b")
    managed(division, red_boss, blue_boss)
    season = services.season_schedule(
        division=division, seed=5, queue=False, fight_at=timezone.now() + dt.timedelta(days=1)
    )
    (night,) = season.events.all()
    assert night.fight_at > timezone.now() and night.date == season.start_date
    first = list(Bout.objects.filter(event=night).select_related("red__camp", "blue__camp"))
    assert len(first) == 2
    written = {}
    for bout in first:
        bout_plan_submit(
            bout=bout_for_plans(bout), side="red", data=GOOD_PLAN, user=bout.red.camp.owner
        )
        written[bout.pk] = "red"
    standing_fighter = Fighter.objects.filter(camp__owner=blue_boss).order_by("id").first()
    default_plan_set(fighter=standing_fighter, ruleset="webl", data="4/8/8", user=blue_boss)
    # Beat fires each night at its time; when one is done the next is booked
    # for the next fight time (here made due at once), until the season ends.
    for _ in range(60):
        waiting = Event.objects.filter(season=season, fired_at__isnull=True)
        if not waiting.exists():
            break
        for event in waiting:
            assert event.fight_at > timezone.now() - dt.timedelta(minutes=1)
            make_due(event)
        fire()
    season.refresh_from_db()
    assert season.status == "completed"
    stamps = list(
        Event.objects.filter(season=season).order_by("date").values_list("fired_at", flat=True)
    )
    assert stamps == sorted(stamps)
    bouts = Bout.objects.filter(season_fixture__season=season)
    assert bouts.count() == 6
    assert not bouts.exclude(status=BoutStatus.COMPLETED).exists()
    for bout in bouts:
        plans, sources = bout.inputs["plans"], bout.inputs["plan_sources"]
        for side in ("red", "blue"):
            fighter_id = bout.red_id if side == "red" else bout.blue_id
            if written.get(bout.pk) == side:
                assert plans[side] == GOOD_PLAN and sources[side]["kind"] == "bout"
            elif fighter_id == standing_fighter.pk:
                assert plans[side] == "4/8/8" and sources[side] == {"kind": "standing"}
            else:
                assert side not in plans and sources[side] == {"kind": "ruleset"}
    league.refresh_from_db()
    assert league.today == max(b.date for b in bouts)


def test_a_fighter_suspended_on_night_one_is_not_drawn_on_night_two(ruleset):
    league, division = make_league(ruleset, 4)
    season = services.season_schedule(division=division, seed=2, queue=False)
    first = season_book_night(season, season.start_date)
    event_fire(event=first)  # queued; recorded below with knockouts for red
    for bout in Bout.objects.filter(event=first):
        record(bout, "red", "KO")
    knocked_out = set(Bout.objects.filter(event=first).values_list("blue_id", flat=True))
    assert MedicalSuspension.objects.filter(fighter_id__in=knocked_out).count() == 2
    second = season_book_night(season, first.date + dt.timedelta(days=league.days_between_events))
    round_two = list(Bout.objects.filter(event=second))
    # The two winners meet; the knocked-out pair's fixtures wait for them.
    assert len(round_two) == 1
    assert not {round_two[0].red_id, round_two[0].blue_id} & knocked_out
    waiting = season.fixtures.filter(status="waiting")
    assert waiting.count() == 3
    assert all({f.red_id, f.blue_id} & knocked_out for f in waiting)


def test_a_fighter_retired_since_the_booking_is_postponed():
    night = fight_night()
    Fighter.objects.filter(pk=night.bout.red_id).update(
        is_active=False, retired_on=dt.date(2029, 12, 1)
    )
    make_due(night.event)
    fire()
    bout = Bout.objects.get(pk=night.bout.pk)
    assert bout.status == BoutStatus.POSTPONED and "retired" in bout.postponed_reason


def test_a_tournament_fought_with_the_managers_plans(ruleset):
    if ruleset != "webl":
        pytest.skip("the plan text is WeBL's")
    _league, division = make_league("webl", 4)
    boss = user("boss-t")
    managed(division, boss)
    # Booked, then its first nights are given a time; later stages fight at once.
    tournament = services.tournament_create(division=division, size=4, queue=False)
    Tournament.objects.filter(pk=tournament.pk).update(fight_now=True)
    stage_one = list(Bout.objects.filter(tournament_match__tournament=tournament))
    assert stage_one and all(b.status == BoutStatus.SCHEDULED for b in stage_one)
    for bout in stage_one:
        bout_plan_submit(bout=bout_for_plans(bout), side="blue", data=GOOD_PLAN, user=boss)
    for event in Event.objects.filter(tournament=tournament):
        make_due(event)
    fire()
    tournament.refresh_from_db()
    assert tournament.status == "completed" and tournament.champion is not None
    for bout in stage_one:
        bout.refresh_from_db()
        assert bout.inputs["plans"]["blue"] == GOOD_PLAN
    final = Bout.objects.filter(tournament_match__tournament=tournament).exclude(
        pk__in=[b.pk for b in stage_one]
    )
    assert final.count() == 1
    assert final.get().inputs["plan_sources"] == {
        "red": {"kind": "ruleset"},
        "blue": {"kind": "ruleset"},
    }


@pytest.mark.parametrize("rule", [False, True])
def test_a_postponed_bracket_bout_is_a_walkover_only_by_the_leagues_rule(ruleset, rule):
    _league, division = make_league(ruleset, 2, walkover_on_postponement=rule)
    tournament = services.tournament_create(division=division, size=2, queue=False)
    bout = Bout.objects.get(tournament_match__tournament=tournament)
    MedicalSuspension.objects.create(
        fighter_id=bout.red_id, reason="KO loss", starts_on=bout.date, ends_on=bout.date
    )
    make_due(bout.event)
    fire()
    bout.refresh_from_db()
    assert bout.status == BoutStatus.POSTPONED
    match = TournamentMatch.objects.get(bout=bout)
    tournament.refresh_from_db()
    if rule:
        assert match.walkover == "blue" and "postponed" in match.walkover_reason
        assert tournament.status == "completed" and tournament.champion_id == bout.blue_id
    else:
        assert match.walkover == "" and tournament.status == "running"
    from django.test import Client

    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "medically suspended" in page


@pytest.mark.django_db(transaction=True)
def test_a_long_season_is_fought_in_a_loop_not_a_recursion(ruleset):
    """A play-until job fights night after night in a loop: the stack stays
    shallow however long the season."""
    league, division = make_league(ruleset, 12)  # at least 11 nights
    services.season_schedule(division=division, seed=3, queue=False)
    depth = []
    original = runner.fight_snapshots

    def spy(*args, **kwargs):
        frame, n = sys._getframe(), 0
        while frame is not None:
            frame, n = frame.f_back, n + 1
        depth.append(n)
        return original(*args, **kwargs)

    runner.fight_snapshots = spy
    try:
        with TestCase.captureOnCommitCallbacks(execute=True):
            job_start(league=league, target="season", check_permission=False)
    finally:
        runner.fight_snapshots = original
    assert len(depth) >= 11
    assert max(depth) == min(depth)
    assert not Bout.objects.filter(
        season_fixture__season__division=division, status__in=["scheduled", "queued"]
    ).exists()


def test_the_command_and_the_beat_task_fire_due_events():
    night = fight_night()
    out = io.StringIO()
    call_command("fight_due_events", stdout=out)
    assert "No fight night is due" in out.getvalue()
    make_due(night.event)
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("fight_due_events", stdout=out)
    assert f"{night.event.name}" in out.getvalue() and "fired" in out.getvalue()
    assert Bout.objects.get(pk=night.bout.pk).status == BoutStatus.COMPLETED
    other = fight_night()
    make_due(other.event)
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert fire_due_events.delay().get() == 1
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="not a date"):
        call_command("fight_due_events", "--now", "soon")


def test_the_beat_schedule_fires_events():
    from django.conf import settings

    assert (
        settings.CELERY_BEAT_SCHEDULE["fire-due-events"]["task"] == "league.tasks.fire_due_events"
    )


@pytest.mark.parametrize(
    "who", ["anonymous", "manager", "other_commissioner", "commissioner", "staff"]
)
def test_the_commissioner_fights_a_card_now(who):
    from rest_framework.test import APIClient

    from league.models import League
    from tests.api.conftest import as_user

    commissioner = user("commish")
    night = fight_night(commissioners=[commissioner])
    other = user("elsewhere")
    League.objects.create(
        name="Elsewhere", slug="elsewhere", ruleset="webl", start_date=dt.date(2030, 1, 1)
    ).commissioners.add(other)
    client = {
        "anonymous": APIClient(),
        "manager": as_user(night.red_manager),
        "other_commissioner": as_user(other),
        "commissioner": as_user(commissioner),
        "staff": as_user(user("boss", staff=True)),
    }[who]
    with TestCase.captureOnCommitCallbacks(execute=True):
        answer = client.post(f"/api/events/{night.event.pk}/fight/")
    bout = Bout.objects.get(pk=night.bout.pk)
    if who in ("commissioner", "staff"):
        assert answer.status_code == 200, answer.json()
        assert answer.json()["fired_at"] is not None
        assert bout.status == BoutStatus.COMPLETED
    else:
        assert answer.status_code == (401 if who == "anonymous" else 403)
        assert bout.status == BoutStatus.SCHEDULED
        assert Event.objects.get(pk=night.event.pk).fired_at is None


def test_a_nights_statements_do_not_grow_with_its_card(ruleset):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for size in (2, 10):  # 1 bout a night, then 5
        _league, division = make_league(ruleset, size)
        season = services.season_schedule(division=division, seed=1, queue=False)
        first = season_book_night(season, season.start_date)
        with CaptureQueriesContext(connection) as queries:
            fired = event_fire(event=first)
        assert len(fired.queued) == size // 2
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_a_nights_projector_is_asked_for_once_its_last_bout_is_done(ruleset, monkeypatch):
    """Bouts recorded one by one on a night leave their requests, but the
    division's projector is asked for only when the night is finished."""
    from league import receivers
    from league.models import ProjectionRequest

    asked = []
    real_send = receivers.send
    monkeypatch.setattr(
        receivers,
        "send",
        lambda task, *args: (
            asked.append(args) if task is receivers.derive_division else real_send(task, *args)
        ),
    )
    _league, division = make_league(ruleset, 6)
    season = services.season_schedule(division=division, seed=2, queue=False)
    first = season_book_night(season, season.start_date)
    event_fire(event=first)
    bouts = list(Bout.objects.filter(event=first).order_by("order"))
    assert len(bouts) == 3
    for n, bout in enumerate(bouts, start=1):
        record(bout, "red", "UD")
        assert ProjectionRequest.objects.filter(division=division).count() == n
        assert asked == ([] if n < 3 else [(division.pk,)])
