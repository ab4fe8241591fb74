"""Make-up nights (league.services.makeup): a season's bouts postponed on their
nights by medical suspensions are fought after its last round, on the first
night of its rhythm on which both fighters are free; the season closes when
none is left (or none can ever be fought), or — without the league's setting —
leaves them to the commissioner."""

import datetime as dt

import pytest
from django.test import TestCase

from bouts.models import Bout, BoutStatus, MedicalSuspension
from fighters.models import Fighter
from league import services
from league.models import Event, Season, SeasonStatus
from league.services.fight_nights import event_fire, events_fire_due, season_fight_now

from .conftest import make_league, record

pytestmark = pytest.mark.django_db


def knock_out_round_one(ruleset, *, fighters=4, **league_fields):
    """A season whose first night is recorded with knockouts for red (blue
    suspended), then every other night made due: returns the season and the
    fighters knocked out."""
    _league, division = make_league(ruleset, fighters, **league_fields)
    season = services.season_schedule(division=division, seed=5, queue=False)
    first = season.events.order_by("date").first()
    event_fire(event=first)
    for bout in Bout.objects.filter(event=first):
        record(bout, "red", "KO")
    knocked_out = set(Bout.objects.filter(event=first).values_list("blue_id", flat=True))
    assert MedicalSuspension.objects.filter(fighter_id__in=knocked_out).exists()
    season_fight_now(season=season)
    return season, knocked_out


def fight_everything():
    with TestCase.captureOnCommitCallbacks(execute=True):
        events_fire_due()


def test_postponed_bouts_are_fought_on_make_up_nights_and_the_season_closes(ruleset):
    season, _ = knock_out_round_one(ruleset)
    rounds = list(season.events.filter(makeup=False).order_by("date"))
    fight_everything()
    bouts = Bout.objects.filter(event__season=season)
    assert not bouts.exclude(status=BoutStatus.COMPLETED).exists(), list(
        bouts.values_list("status", "postponed_reason")
    )
    nights = list(season.events.filter(makeup=True).order_by("date"))
    assert nights, "a knockout suspension postponed some bout: a make-up night fought it"
    step = season.league.days_between_events
    assert nights[0].date > rounds[-1].date
    assert (nights[0].date - rounds[-1].date).days % step == 0  # on the season's rhythm
    for night in nights:
        assert "make-up night" in night.name and night.fired_at is not None
        for bout in Bout.objects.filter(event=night):
            for fighter_id in (bout.red_id, bout.blue_id):
                # Fought only once free: no suspension of his in force that day.
                assert not MedicalSuspension.objects.filter(
                    fighter_id=fighter_id,
                    starts_on__lte=night.date,
                    ends_on__gte=night.date,
                    bout__date__lt=night.date,
                ).exists()
    # Every pairing of the round robin was fought exactly once.
    pairs = [frozenset(p) for p in bouts.values_list("red_id", "blue_id")]
    assert len(pairs) == len(set(pairs)) == 6
    season.refresh_from_db()
    assert season.status == SeasonStatus.COMPLETED


def test_without_the_setting_postponed_bouts_wait_for_the_commissioner(ruleset):
    season, _ = knock_out_round_one(ruleset, makeup_nights=False)
    fight_everything()
    assert not season.events.filter(makeup=True).exists()
    assert Bout.objects.filter(event__season=season, status=BoutStatus.POSTPONED).exists()
    season.refresh_from_db()
    assert season.status == SeasonStatus.COMPLETED


def test_a_bout_that_can_never_be_fought_stays_postponed_and_the_season_closes(ruleset):
    season, knocked_out = knock_out_round_one(ruleset)
    Fighter.objects.filter(pk__in=knocked_out).update(
        is_active=False, retired_on=dt.date(2026, 1, 2)
    )
    fight_everything()
    season = Season.objects.get(pk=season.pk)
    left = Bout.objects.filter(event__season=season, status=BoutStatus.POSTPONED)
    assert left.exists() and all({b.red_id, b.blue_id} & knocked_out for b in left), (
        "only the retired fighters' bouts are left"
    )
    assert season.makeup_done and season.status == SeasonStatus.COMPLETED
    # No make-up night was booked for them (none of theirs could move).
    for night in Event.objects.filter(season=season, makeup=True):
        assert not Bout.objects.filter(event=night, red_id__in=knocked_out).exists()
        assert not Bout.objects.filter(event=night, blue_id__in=knocked_out).exists()


def test_the_season_stays_open_while_a_make_up_night_may_still_come(ruleset):
    from league.services.makeup import season_close_if_done

    season, _ = knock_out_round_one(ruleset)
    season = Season.objects.select_related("league").get(pk=season.pk)
    # Every bout done but one postponed (as the projector may see it between
    # the last night and the make-up night): the season is not over.
    bouts = Bout.objects.filter(event__season=season)
    postponed = bouts.filter(status=BoutStatus.SCHEDULED).first()
    bouts.exclude(pk=postponed.pk).update(status=BoutStatus.COMPLETED)
    bouts.filter(pk=postponed.pk).update(status=BoutStatus.POSTPONED)
    season_close_if_done(season)
    season.refresh_from_db()
    assert season.status == SeasonStatus.RUNNING
    season.makeup_done = True
    season_close_if_done(season)
    season.refresh_from_db()
    assert season.status == SeasonStatus.COMPLETED


def test_a_pairing_suspended_when_the_season_is_booked_is_made_up(ruleset):
    _league, division = make_league(ruleset, 4)
    hurt = division.fighters.order_by("id").first()
    start = _league.start_date
    MedicalSuspension.objects.create(
        fighter=hurt, reason="knocked out", starts_on=start, ends_on=start + dt.timedelta(days=3)
    )
    season = services.season_schedule(division=division, seed=6, queue=False)
    booked = list(Bout.objects.filter(event__season=season, status=BoutStatus.POSTPONED))
    assert [hurt.pk in (b.red_id, b.blue_id) for b in booked] == [True]
    season_fight_now(season=season)
    fight_everything()
    bout = Bout.objects.get(pk=booked[0].pk)
    assert bout.status == BoutStatus.COMPLETED and bout.event.makeup
    assert Bout.objects.filter(event__season=season, status=BoutStatus.COMPLETED).count() == 6
