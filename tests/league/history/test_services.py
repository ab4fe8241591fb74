"""Awards handed out, kept true by the projector, and the hall of fame
(league.history.services), on a season fought through the pipeline."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import TestCase

from bouts.services import bout_void
from league.history import services
from league.models import Award, HallOfFamer, RecordLine, SeasonStatus
from league.selectors import league_check

pytestmark = pytest.mark.django_db


def _void(bout):
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=bout, reason="a loaded glove", check_permission=False)


def test_the_preview_is_what_is_handed_out_and_saves_nothing(world):
    preview = services.season_awards_preview(world.season)
    assert Award.objects.count() == 0
    kinds = [a.kind for a in preview]
    assert kinds[:2] == ["fighter", "fighter"]  # the division's, then the league's
    assert "knockout" in kinds and all(a.rule for a in preview)
    saved = services.season_awards_hand_out(world.season, by=world.commissioner)
    assert [(a.kind, a.fighter_id, a.bout_id) for a in saved] == [
        (a.kind, a.fighter_id, a.bout_id) for a in preview
    ]
    assert all(a.pk for a in saved) and saved[0].handed_out_by == world.commissioner


@pytest.mark.parametrize(
    "who, allowed",
    [
        ("anonymous", False),
        ("plain", False),
        ("manager", False),
        ("other_commissioner", False),
        ("commissioner", True),
        ("staff", True),
    ],
)
def test_only_the_commissioner_or_staff_hand_out_awards(world, who, allowed):
    from django.contrib.auth.models import AnonymousUser

    user = AnonymousUser() if who == "anonymous" else getattr(world, who)
    if allowed:
        assert services.season_awards_hand_out(world.season, by=user)
    else:
        with pytest.raises(PermissionDenied):
            services.season_awards_hand_out(world.season, by=user)
        assert Award.objects.count() == 0


def test_handing_out_again_replaces_the_season_awards(world):
    first = services.season_awards_hand_out(world.season, by=world.commissioner)
    again = services.season_awards_hand_out(world.season, by=world.staff)
    assert Award.objects.count() == len(first) == len(again)
    assert set(Award.objects.values_list("pk", flat=True)) == {a.pk for a in again}


def test_voiding_the_bout_that_won_an_award_moves_it(world):
    assert world.season.status == SeasonStatus.COMPLETED
    services.season_awards_hand_out(world.season, by=world.commissioner)
    knockout = Award.objects.get(kind="knockout")
    assert knockout.bout_id == world.bouts[0].pk  # the first of two knockouts
    _void(world.bouts[0])
    moved = Award.objects.get(kind="knockout")
    assert moved.bout_id == world.bouts[1].pk
    assert moved.handed_out_by == world.commissioner
    assert league_check(league=world.league) == []


def test_check_league_reports_an_award_that_the_bouts_do_not_give(world):
    services.season_awards_hand_out(world.season, by=world.commissioner)
    Award.objects.filter(kind="knockout").update(bout=world.bouts[2])
    problems = league_check(league=world.league)
    assert any("award stored but not won" in p for p in problems), problems


def test_record_lines_follow_the_bouts_and_check_league_sees_a_wrong_one(world):
    lines = RecordLine.objects.filter(division=world.division)
    assert sum(line.wins for line in lines) == 5  # six bouts, one draw
    assert sum(line.knockouts for line in lines) == 3
    assert league_check(league=world.league) == []
    line = lines.order_by("-wins").first()
    RecordLine.objects.filter(pk=line.pk).update(best_streak=line.best_streak + 5)
    assert any("record line" in p for p in league_check(league=world.league))


def test_voiding_a_knockout_takes_it_out_of_the_record_book(world):
    knocked_out_by = world.bouts[0].red_id
    before = RecordLine.objects.get(division=world.division, fighter_id=knocked_out_by)
    _void(world.bouts[0])
    after = RecordLine.objects.get(division=world.division, fighter_id=knocked_out_by)
    assert (after.wins, after.knockouts) == (before.wins - 1, before.knockouts - 1)


def test_the_hall_of_fame_takes_retired_fighters_past_the_bar_once(world):
    import datetime as dt

    from fighters.models import Fighter

    world.league.hall_of_fame_wins = 1
    world.league.save(update_fields=["hall_of_fame_wins"])
    winner = RecordLine.objects.filter(division=world.division, wins__gte=1).first().fighter
    never_won = [
        f
        for f in world.division.fighters.all()
        if not RecordLine.objects.filter(fighter=f, wins__gte=1).exists()
    ]
    retire = [winner, *never_won]
    Fighter.objects.filter(pk__in=[f.pk for f in retire]).update(
        is_active=False, retired_on=dt.date(2026, 6, 1)
    )
    with pytest.raises(PermissionDenied):
        services.hall_of_fame_induct(world.league, by=world.other_commissioner)
    inducted = services.hall_of_fame_induct(world.league, by=world.commissioner)
    assert [h.fighter_id for h in inducted] == [winner.pk]
    assert "in the league" in inducted[0].citation
    assert services.hall_of_fame_induct(world.league, by=world.staff) == []
    assert HallOfFamer.objects.count() == 1


def test_awards_wait_for_every_division_of_the_season(world):
    from django.core.exceptions import ValidationError

    from league.models import Season

    Season.objects.filter(pk=world.season.pk).update(status=SeasonStatus.RUNNING)
    with pytest.raises(ValidationError) as refused:
        services.season_awards_hand_out(world.season, by=world.commissioner)
    assert "still being fought" in str(refused.value)
    assert Award.objects.count() == 0
    assert services.season_awards_preview(world.season)  # the races are still shown
