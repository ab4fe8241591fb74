"""The weekly matchmaker's service, command and beat task (league.services.weekly)."""

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bouts.models import Bout
from core.dates import long_date
from fighters.models import Camp
from league.models import CareerState, Event, League, Title
from league.services import weekly
from tests.api import factories
from tests.api.career_world import career_world

pytestmark = pytest.mark.django_db
SATURDAY = dt.date(2026, 3, 7)


def _league(per_camp=(2, 2, 1), **fields):
    world = career_world(**fields)
    camp_c = factories.camp(name="Camp C")
    camps = [world.camp_a, world.camp_b, camp_c]
    for camp, count in zip(camps, per_camp, strict=True):
        for n in range(count):
            fighter = factories.fighter(ruleset="webl", camp=camp, name=f"{camp.name} {n}")
            world.division.fighters.add(fighter)
    return world


def _bouts(world):
    return list(Bout.objects.filter(division=world.division).order_by("order"))


def test_a_week_is_made_scheduled_not_queued_and_never_within_a_camp():
    world = _league()
    reports = weekly.matchmake_week(world.league, SATURDAY)
    assert [r.bouts for r in reports] == [2]
    bouts = _bouts(world)
    assert {b.status for b in bouts} == {"scheduled"}
    assert {b.date for b in bouts} == {SATURDAY}
    for bout in bouts:
        assert bout.red.camp_id != bout.blue.camp_id
    sat = reports[0].sat_out
    assert CareerState.objects.get(fighter_id=sat).sat_out_on == SATURDAY
    assert Event.objects.filter(league=world.league, date=SATURDAY).count() == 1


def test_running_it_again_books_nothing():
    world = _league()
    weekly.matchmake_week(world.league, SATURDAY)
    again = weekly.matchmake_week(world.league, SATURDAY)
    assert again[0].skipped == "already made"
    assert len(_bouts(world)) == 2


def test_the_same_league_and_state_give_the_same_pairs():
    world = _league()
    weekly.matchmake_week(world.league, SATURDAY)
    first = [(b.red_id, b.blue_id, b.seed) for b in _bouts(world)]
    Bout.objects.all().delete()
    Event.objects.all().delete()
    CareerState.objects.all().delete()
    weekly.matchmake_week(world.league, SATURDAY)
    assert [(b.red_id, b.blue_id, b.seed) for b in _bouts(world)] == first


def test_who_sat_out_fights_next_week_and_rematches_wait():
    world = _league(rematch_weeks=4)
    first = weekly.matchmake_week(world.league, SATURDAY)[0]
    met = {frozenset((b.red_id, b.blue_id)) for b in _bouts(world)}
    second = weekly.matchmake_week(world.league, SATURDAY + dt.timedelta(weeks=1))[0]
    week2 = [b for b in _bouts(world) if b.date != SATURDAY]
    assert first.sat_out in {x for b in week2 for x in (b.red_id, b.blue_id)}
    assert second.sat_out != first.sat_out
    assert not met & {frozenset((b.red_id, b.blue_id)) for b in week2}


def test_the_champion_defends_against_the_top_contender():
    world = _league(per_camp=(2, 2, 0))
    champion = world.division.fighters.filter(camp=world.camp_a).first()
    Title.objects.create(division=world.division, name="Belt", champion=champion)
    report = weekly.matchmake_week(world.league, SATURDAY)[0]
    assert report.title
    title_bouts = [b for b in _bouts(world) if b.is_title_bout]
    assert len(title_bouts) == 1 and title_bouts[0].red_id == champion.pk
    assert title_bouts[0].scheduled_rounds == world.league.title_rounds
    assert title_bouts[0].order == len(_bouts(world))  # the main event closes the card


def test_no_title_bout_when_the_league_says_none():
    world = _league(per_camp=(2, 2, 0), title_rule="none")
    champion = world.division.fighters.first()
    Title.objects.create(division=world.division, name="Belt", champion=champion)
    assert not weekly.matchmake_week(world.league, SATURDAY)[0].title


def test_a_league_without_career_mode_is_left_alone():
    world = _league()
    League.objects.filter(pk=world.league.pk).update(career_mode=False)
    world.league.refresh_from_db()
    assert weekly.matchmake_week(world.league, SATURDAY) == []
    assert not Bout.objects.exists()


def test_fight_night_and_due_day():
    league = League(fight_weekday=5, card_lead_days=2, career_mode=True)
    assert weekly.cards_night(league, dt.date(2026, 3, 5)) == SATURDAY  # Thursday
    assert weekly.is_due(league, dt.date(2026, 3, 5))
    assert not weekly.is_due(league, dt.date(2026, 3, 4))
    assert weekly.is_due(league, dt.date(2026, 3, 6))  # a missed Thursday caught up on Friday
    assert weekly.cards_night(league, dt.date(2026, 3, 6)) == SATURDAY  # ... for this Saturday
    assert not weekly.is_due(league, SATURDAY)  # fight night itself: next week's are not due
    assert weekly.cards_night(league, SATURDAY) == SATURDAY + dt.timedelta(weeks=1)


def test_with_no_lead_the_cards_are_made_on_the_night_itself():
    league = League(fight_weekday=5, card_lead_days=0, career_mode=True)
    assert weekly.cards_night(league, SATURDAY) == SATURDAY
    assert weekly.is_due(league, SATURDAY)
    assert weekly.cards_night(league, dt.date(2026, 3, 8)) == SATURDAY + dt.timedelta(weeks=1)
    assert not weekly.is_due(league, dt.date(2026, 3, 6))


def test_the_beat_books_only_due_leagues():
    world = _league()
    assert weekly.due_leagues_matchmake(dt.date(2026, 3, 4)) == []
    done = weekly.due_leagues_matchmake(dt.date(2026, 3, 5))
    assert [slug for slug, _ in done] == [world.league.slug]
    assert len(_bouts(world)) == 2
    again = weekly.due_leagues_matchmake(dt.date(2026, 3, 6))  # the next beat day: nothing new
    assert again[0][1][0].skipped == "already made"
    assert len(_bouts(world)) == 2


def test_the_command_makes_the_week_and_refuses_bad_input():
    world = _league()
    out = StringIO()
    call_command("matchmake_week", world.league.slug, "--date", "2026-03-07", stdout=out)
    assert "2 bouts" in out.getvalue() and "on 7 Mar 2026" in out.getvalue()
    with pytest.raises(CommandError, match="no league"):
        call_command("matchmake_week", "nope")
    with pytest.raises(CommandError, match="not a date"):
        call_command("matchmake_week", world.league.slug, "--date", "soon")
    League.objects.filter(pk=world.league.pk).update(career_mode=False)
    with pytest.raises(CommandError, match="not a career league"):
        call_command("matchmake_week", world.league.slug)


@pytest.mark.parametrize(
    ("today", "lead", "night"),
    [
        (dt.date(2026, 3, 6), 2, SATURDAY),  # a catch-up day: this week's night
        (SATURDAY, 2, SATURDAY + dt.timedelta(weeks=1)),  # fight night: next week's
        (SATURDAY, 0, SATURDAY),  # no lead: tonight's
        (dt.date(2026, 3, 2), 2, SATURDAY),  # before the due day: the coming night
    ],
)
def test_the_command_makes_the_night_the_beat_would(monkeypatch, today, lead, night):
    world = _league(card_lead_days=lead)
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *a, **k: today)
    out = StringIO()
    call_command("matchmake_week", world.league.slug, stdout=out)
    assert f" on {long_date(night)};" in out.getvalue()
    assert {b.date for b in _bouts(world)} == {night}
    if weekly.is_due(world.league, today):
        assert weekly.due_leagues_matchmake(today)[0][1][0].skipped == "already made"


def _queries(world, night):
    with CaptureQueriesContext(connection) as ctx:
        weekly.matchmake_week(world.league, night)
    return len(ctx.captured_queries)


def test_the_matchmaker_reads_in_fixed_queries():
    world = _league(per_camp=(2, 2, 1))
    few = _queries(world, SATURDAY)
    camp_c = Camp.objects.get(name="Camp C")
    for n in range(8):
        world.division.fighters.add(factories.fighter(ruleset="webl", camp=camp_c, name=f"X{n}"))
    many = _queries(world, SATURDAY + dt.timedelta(weeks=1))
    # Twice the fighters and bouts, the same reads (the bouts are written in bulk).
    assert many == few


def test_the_weeks_event_page_says_why_each_pair_and_who_sat_out(client):
    from bouts.models import MedicalSuspension

    world = _league()
    hurt = factories.fighter(ruleset="webl", camp=world.camp_b, name="Hurt Harry")
    world.division.fighters.add(hurt)
    MedicalSuspension.objects.create(
        fighter=hurt, starts_on=SATURDAY, ends_on=SATURDAY + dt.timedelta(days=20), reason="cut"
    )
    report = weekly.matchmake_week(world.league, SATURDAY)[0]
    event = Event.objects.get(pk=report.event_id)
    assert len(event.matchmaking["pairs"]) == report.bouts
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="matchmaking"' in html and "Nearest in the ranking" in html
    out = html.split('id="matchmaking-out"')[1].split("</ul>")[0]
    assert "The odd one out" in out
    assert "Hurt Harry</a>: Medically suspended through fight night (until 27 Mar 2026)" in out


def test_the_command_prints_the_reasons():
    world = _league()
    out = StringIO()
    call_command("matchmake_week", world.league.slug, "--date", SATURDAY.isoformat(), stdout=out)
    text = out.getvalue()
    assert "Nearest in the ranking" in text or "For " in text
    assert "sat out: " in text and "The odd one out" in text
