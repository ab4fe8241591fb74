"""The bridge: bout_recorded keeps ratings, standings, titles and brackets equal to
a replay of the division's bout rows, whatever order the bouts are recorded in."""

import datetime as dt
import random

import pytest
from django.test import TestCase

from bouts.models import Bout, BoutStatus, MedicalSuspension
from bouts.services import bout_fail
from league import services
from league.models import (
    ProjectionRequest,
    Rating,
    RatingHistory,
    Reign,
    Standing,
    Title,
    Tournament,
    TournamentMatch,
)
from league.scheduling.brackets import expected_bouts
from league.selectors import league_check, tournament_bracket

from .conftest import book_season, make_league, record

pytestmark = pytest.mark.django_db

OUTCOMES = [("red", "UD"), ("blue", "KO"), (None, "DRAW"), ("red", "TKO"), ("blue", "SD")]


def _season(ruleset, fighters=6):
    league, division = make_league(ruleset, fighters)
    season = services.season_schedule(division=division, seed=1, queue=False)
    bouts = book_season(season)
    # A few title bouts, so the lineage has something to follow.
    for b in bouts[len(bouts) // 2 :: 3]:
        b.is_title_bout = True
        b.save(update_fields=["is_title_bout"])
    return league, division, season, bouts


def _snapshot(division, season, bouts):
    """The derived tables, with fighters and bouts named by position (so two
    leagues fought alike compare equal)."""
    index = {f.id: i for i, f in enumerate(division.fighters.order_by("id"))}
    position = {b.id: i for i, b in enumerate(bouts)}
    ratings = sorted(
        (index[r.fighter_id], r.mu, r.sigma, r.bouts)
        for r in Rating.objects.filter(division=division)
    )
    history = sorted(
        (position[h.bout_id], index[h.fighter_id], h.mu, h.sigma)
        for h in RatingHistory.objects.filter(division=division)
    )
    standings = sorted(
        (index[s.fighter_id], s.rank, s.tied, s.points, s.wins, s.losses, s.draws, s.metrics)
        for s in Standing.objects.filter(season=season)
    )
    reigns = [
        (index[r.fighter_id], r.defences, r.end_reason, position.get(r.start_bout_id))
        for r in Reign.objects.filter(title__division=division).order_by("number")
    ]
    title = Title.objects.get(division=division)
    champion = index.get(title.champion_id)
    return ratings, history, standings, reigns, champion


def test_recording_order_does_not_change_the_tables(ruleset):
    _, div_a, season_a, bouts_a = _season(ruleset)
    _, div_b, season_b, bouts_b = _season(ruleset)
    outcome = {i: OUTCOMES[(i * 7) % len(OUTCOMES)] for i in range(len(bouts_a))}
    for i, bout in enumerate(bouts_a):  # chronological: every recording appends
        record(bout, *outcome[i])
    order = list(range(len(bouts_b)))
    random.Random(11).shuffle(order)  # workers finishing in any order
    for i in order:
        record(bouts_b[i], *outcome[i])
    snap_a = _snapshot(div_a, season_a, bouts_a)
    snap_b = _snapshot(div_b, season_b, bouts_b)
    assert snap_a == snap_b
    assert snap_a[3], "some title changed hands"
    assert league_check(league=div_a.league) == []
    assert league_check(league=div_b.league) == []
    season_a.refresh_from_db()
    assert season_a.status == "completed"


def test_check_reports_a_tampered_table(ruleset):
    league, division, season, bouts = _season(ruleset, fighters=4)
    for i, bout in enumerate(bouts):
        record(bout, *OUTCOMES[i % len(OUTCOMES)])
    Standing.objects.filter(season=season, rank=1).update(points=99)
    Rating.objects.filter(division=division).order_by("id").first()
    first = Rating.objects.filter(division=division).order_by("id").first()
    first.mu += 1
    first.save()
    problems = league_check(league=league)
    assert any("points stored 99" in p for p in problems)
    assert any("rating of" in p for p in problems)
    services.division_rebuild(division=division)
    assert league_check(league=league) == []


def test_append_is_a_few_queries(ruleset, django_assert_max_num_queries):
    *_, bouts = _season(ruleset, fighters=6)
    for i, bout in enumerate(bouts[:-1]):
        record(bout, *OUTCOMES[i % len(OUTCOMES)])
    last = Bout.objects.get(pk=bouts[-1].pk)
    last.status = BoutStatus.COMPLETED
    from bouts.models import Result

    Result.objects.create(
        bout=last, winner="red", method="UD", round=3, time="3:00", engine_result={}
    )
    Bout.objects.filter(pk=last.pk).update(status=BoutStatus.COMPLETED)
    ProjectionRequest.objects.create(
        division_id=last.division_id, bout_id=last.pk, kind=ProjectionRequest.RECORDED
    )
    # Whatever the division's size, a projector run is a fixed set of statements
    # (see league.services.projector): requests, projection, division, the gate,
    # the new bouts, ratings (read, write), history, the season's bouts, members,
    # standings, season close, the lineage's title bouts and reigns, brackets,
    # the record book's lines (read, delete, insert), the watermark, the
    # requests deleted.
    with django_assert_max_num_queries(39):
        report = services.division_project(division_id=last.division_id)
    # The night's earlier bouts were left to the run that follows the night's
    # last bout (league.receivers): this one derives the whole night.
    assert report.derived == Bout.objects.filter(event_id=last.event_id).count() > 1
    assert RatingHistory.objects.filter(bout_id=last.pk).count() == 2


def test_tournament_advances_to_a_champion_and_crowns_him(ruleset):
    league, division = make_league(ruleset, 5)
    tournament = services.tournament_create(division=division, size=5, double=True, queue=False)
    rng = random.Random(4)
    for _ in range(20):
        pending = list(
            Bout.objects.filter(
                tournament_match__tournament=tournament,
                status__in=[BoutStatus.SCHEDULED, BoutStatus.QUEUED],
            )
        )
        if not pending:
            break
        for bout in pending:
            winner = rng.choice(["red", "blue", None])
            record(bout, winner, "DRAW" if winner is None else "UD")
    tournament.refresh_from_db()
    assert tournament.status == "completed"
    fought = Bout.objects.filter(tournament_match__tournament=tournament).count()
    assert fought in expected_bouts(5, double=True)
    lines, champion = tournament_bracket(tournament=tournament)
    assert champion == tournament.champion
    finals = Bout.objects.filter(tournament_match__tournament=tournament, is_title_bout=True)
    assert finals.exists()
    from bouts.engine import get_ruleset

    championship = min(league.title_rounds, get_ruleset(ruleset).max_rounds)
    assert all(b.scheduled_rounds == championship for b in finals)
    others = Bout.objects.filter(tournament_match__tournament=tournament, is_title_bout=False)
    assert all(b.scheduled_rounds == min(league.rounds, 15) for b in others)
    # The bracket's champion holds the belt (a drawn final counts by the draw rule).
    assert Title.objects.get(division=division).champion == tournament.champion
    assert league_check(league=league) == []
    assert all(line.status in ("done", "bye", "skipped") for line in lines)
    # Each fighter's bracket bouts come one after another in time (never two on a day).
    dates = {}
    for b in Bout.objects.filter(tournament_match__tournament=tournament).order_by("id"):
        for f in (b.red_id, b.blue_id):
            dates.setdefault(f, []).append(b.date)
    for fighter_dates in dates.values():
        assert fighter_dates == sorted(set(fighter_dates))


def test_draw_in_a_bracket_sends_the_better_card_through(ruleset):
    _league, division = make_league(ruleset, 2)
    tournament = services.tournament_create(division=division, size=2, queue=False)
    bout = Bout.objects.get(tournament_match__tournament=tournament)
    from bouts.services import bout_record

    from .conftest import fake_result

    result = fake_result(None, "DRAW")
    # Level on rounds won; blue finishes stronger in the last round.
    result["scorecards"] = [[[10, 9], [9, 10], [9, 10], [10, 9], [10, 10]]] * 3
    result["scorecards"] = [[[10, 9], [10, 9], [9, 10], [9, 10]]] * 3
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_record(bout=bout, result=result)
    tournament.refresh_from_db()
    assert tournament.status == "completed"
    assert tournament.champion == bout.blue


def test_suspension_delays_the_next_match_and_retirement_is_a_walkover(ruleset):
    from fighters.services import fighter_retire

    _league, division = make_league(ruleset, 4)
    tournament = services.tournament_create(division=division, size=4, queue=False)
    first, second = Bout.objects.filter(tournament_match__tournament=tournament).order_by("order")
    # The winner of the first semi-final is suspended for 60 days.
    record(first, "red", "KO")
    MedicalSuspension.objects.create(
        fighter=first.red,
        reason="test",
        starts_on=first.date,
        ends_on=first.date + dt.timedelta(days=60),
    )
    record(second, "red", "UD")
    final = Bout.objects.get(tournament_match__tournament=tournament, tournament_match__key="W2.1")
    assert final.date == first.date + dt.timedelta(days=61)
    assert final.is_title_bout

    # Another tournament: an entrant retires before his match: a walkover.
    other = services.tournament_create(division=division, size=4, queue=False, for_title=False)
    semis = list(Bout.objects.filter(tournament_match__tournament=other).order_by("order"))
    record(semis[0], "blue", "UD")
    fighter_retire(fighter=semis[1].red, on=semis[1].date)
    record(semis[1], "red", "UD")  # he won his semi-final, then retired
    match = TournamentMatch.objects.get(tournament=other, key="W2.1")
    assert match.walkover == "red" and match.bout is None
    assert "retired" in match.walkover_reason
    other.refresh_from_db()
    assert other.status == "completed" and other.champion == semis[0].blue


def test_matchmaker_card_respects_suspensions(ruleset):
    _league, division = make_league(ruleset, 6)
    fighters = list(division.fighters.order_by("id"))
    day = dt.date(2026, 3, 1)
    MedicalSuspension.objects.create(
        fighter=fighters[0], reason="cut", starts_on=day - dt.timedelta(days=5), ends_on=day
    )
    event = services.card_matchmake(division=division, date=day, queue=False)
    bouts = list(event.bouts.all())
    on_card = {f for b in bouts for f in (b.red_id, b.blue_id)}
    assert fighters[0].id not in on_card
    assert len(bouts) == 2
    # Recently met pairs are not matched again.
    recent = {frozenset((b.red_id, b.blue_id)) for b in bouts}
    later = services.card_matchmake(
        division=division, date=day + dt.timedelta(days=30), queue=False
    )
    assert not recent & {frozenset((b.red_id, b.blue_id)) for b in later.bouts.all()}


def test_season_needs_two_fighters(ruleset):
    from django.core.exceptions import ValidationError

    _league, division = make_league(ruleset, 1)
    with pytest.raises(ValidationError, match="at least two"):
        services.season_schedule(division=division)
    assert not division.seasons.exists()
    assert Tournament.objects.count() == 0


def test_a_fighter_joining_later_changes_no_finished_table(ruleset):
    from bouts.engine import generate_card
    from fighters.services import fighter_create

    league, division, season, bouts = _season(ruleset, fighters=4)
    for i, bout in enumerate(bouts):
        record(bout, *OUTCOMES[i % len(OUTCOMES)])
    newcomer = fighter_create(
        name="Late Entrant",
        weight_class="middleweight",
        cards={ruleset: generate_card(ruleset, 77)},
    )
    division.fighters.add(newcomer)
    assert Standing.objects.filter(season=season).count() == 4
    assert league_check(league=league) == []


def test_projector_statements_do_not_grow_with_the_division(ruleset):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bouts.models import Result

    counts = {}
    for size in (4, 8):
        *_, bouts = _season(ruleset, fighters=size)
        for i, bout in enumerate(bouts[:-1]):
            record(bout, *OUTCOMES[i % len(OUTCOMES)])
        last = bouts[-1]
        Result.objects.create(
            bout=last, winner="red", method="UD", round=3, time="3:00", engine_result={}
        )
        Bout.objects.filter(pk=last.pk).update(status=BoutStatus.COMPLETED)
        ProjectionRequest.objects.create(
            division_id=last.division_id, bout_id=last.pk, kind=ProjectionRequest.RECORDED
        )
        with CaptureQueriesContext(connection) as captured:
            services.division_project(division_id=last.division_id)
        counts[size] = len(captured)
    # 4 fighters: 6 bouts before; 8 fighters: 28 — the same statements either way
    # but for drawn title bouts (one more read each of the brackets, for their
    # draw rule), which depend on the results, not on the division's size.
    assert abs(counts[4] - counts[8]) <= 2 and max(counts.values()) <= 39, counts


def test_a_failed_bracket_bout_is_a_walkover_for_the_higher_seed(ruleset):
    _, division = make_league(ruleset, 4)
    tournament = services.tournament_create(division=division, size=4, queue=False)
    first, second = Bout.objects.filter(tournament_match__tournament=tournament).order_by("order")
    record(first, "blue", "UD")
    Bout.objects.filter(pk=second.pk).update(status=BoutStatus.QUEUED)
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_fail(bout_id=second.pk, reason="crash")
    match = TournamentMatch.objects.get(tournament=tournament, key="W1.2")
    assert match.walkover == "red" and match.bout_id == second.pk  # seed 2 v seed 3
    final = Bout.objects.get(tournament_match__tournament=tournament, tournament_match__key="W2.1")
    assert {final.red_id, final.blue_id} == {first.blue_id, second.red_id}
