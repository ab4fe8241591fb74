"""Competitions in stages (league.services.competitions): Swiss and group stages
fed by recorded results, advancing the top into a bracket seeded by results,
the bracket's preview, re-seeding by hand and start."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from bouts.models import Bout
from league.models import StageStatus, TournamentEntry, TournamentMatch, TournamentStage
from league.services import competitions, tournament_create

from .conftest import make_league, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(db):
    return get_user_model().objects.create_user("boss", password="x")


def _league(ruleset, boss, fighters):
    league, division = make_league(ruleset, fighters)
    league.commissioners.add(boss)
    return league, division


def _unfought(tournament, number):
    return list(
        Bout.objects.filter(
            tournament_match__tournament=tournament,
            tournament_match__stage_number=number,
            result=None,
        ).order_by("date", "order", "id")
    )


def _fight_round(tournament, number, winner="red"):
    bouts = _unfought(tournament, number)
    for bout in bouts:
        record(bout, winner if winner else None, "UD" if winner else "DRAW")
    return bouts


def _pairs(tournament, number, round_number):
    return {
        frozenset((m.red_seed, m.blue_seed))
        for m in TournamentMatch.objects.filter(
            tournament=tournament, stage_number=number, stage=round_number, blue_seed__isnull=False
        )
    }


SWISS_THEN_FOUR = [
    {"kind": "swiss", "rounds": 3, "advance": 4},
    {"kind": "single"},
]


def test_a_swiss_of_eight_sends_its_top_four_to_a_bracket_seeded_by_the_table(ruleset, boss):
    _, division = _league(ruleset, boss, 8)
    t = competitions.competition_create(
        user=boss, division=division, size=8, stages=SWISS_THEN_FOUR, seed=4
    )
    swiss_stage, bracket = t.stages.order_by("number")
    assert swiss_stage.status == StageStatus.RUNNING and bracket.status == StageStatus.WAITING
    assert _pairs(t, 1, 1) == {frozenset(p) for p in ((1, 2), (3, 4), (5, 6), (7, 8))}
    met = set()
    for round_number in (1, 2, 3):
        met |= _pairs(t, 1, round_number)
        assert len(_pairs(t, 1, round_number)) == 4
        _fight_round(t, 1)
    assert len(met) == 12, "no rematch in three rounds"
    swiss_stage.refresh_from_db()
    bracket.refresh_from_db()
    assert swiss_stage.status == StageStatus.COMPLETED
    assert bracket.status == StageStatus.PREVIEW and not _unfought(t, 2)
    table = competitions.stage_tables(t, swiss_stage)[0]
    seeds_in = {e.seed: e.fighter_id for e in t.entries.filter(stage_number=1)}
    top = [seeds_in[row.id] for row in table[:4]]
    assert [e.fighter_id for e in t.entries.filter(stage_number=2).order_by("seed")] == top
    assert table[0].points == 3.0


def test_the_preview_shows_the_first_round_and_byes_and_reseeding_changes_it(ruleset, boss):
    _, division = _league(ruleset, boss, 6)
    t = competitions.competition_create(
        user=boss, division=division, size=6, stages=[{"kind": "single"}]
    )
    stage = t.stages.get()
    assert stage.status == StageStatus.PREVIEW and not Bout.objects.filter(event__tournament=t)
    lines = competitions.bracket_preview(stage)
    assert [(line.red_seed, line.blue_seed) for line in lines] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, 6),
    ]
    entries = {e.seed: e for e in TournamentEntry.objects.filter(tournament=t)}
    new = {entries[s].pk: s for s in entries}
    new[entries[1].pk], new[entries[6].pk] = 6, 1
    competitions.stage_reseed(user=boss, stage=stage, seeds=new)
    lines = competitions.bracket_preview(stage)
    assert lines[0].red == entries[6].fighter and lines[0].blue is None
    competitions.stage_start(user=boss, stage=stage)
    stage.refresh_from_db()
    assert stage.status == StageStatus.RUNNING
    bouts = _unfought(t, 1)
    assert len(bouts) == 2  # the two byes need no bout
    assert entries[1].fighter_id in {b.red_id for b in bouts} | {b.blue_id for b in bouts}


def test_a_reseed_that_is_not_a_permutation_is_refused_beside_each_field(ruleset, boss):
    _, division = _league(ruleset, boss, 4)
    t = competitions.competition_create(
        user=boss, division=division, size=4, stages=[{"kind": "double"}]
    )
    stage = t.stages.get()
    a, b, c, d = TournamentEntry.objects.filter(tournament=t).order_by("seed")
    with pytest.raises(ValidationError) as error:
        competitions.stage_reseed(
            user=boss, stage=stage, seeds={a.pk: 1, b.pk: 1, c.pk: 9, d.pk: 4}
        )
    errors = error.value.message_dict
    assert errors[f"seed_{a.pk}"] == ["Seed 1 is given to 2 entrants."]
    assert errors[f"seed_{b.pk}"] == ["Seed 1 is given to 2 entrants."]
    assert errors[f"seed_{c.pk}"] == ["A seed from 1 to 4."]
    assert f"seed_{d.pk}" not in errors
    assert [e.seed for e in TournamentEntry.objects.filter(tournament=t).order_by("pk")] == [
        1,
        2,
        3,
        4,
    ]


def test_only_the_leagues_commissioner_creates_reseeds_and_starts(ruleset, boss):
    _, division = _league(ruleset, boss, 4)
    stranger = get_user_model().objects.create_user("stranger", password="x")
    with pytest.raises(PermissionDenied):
        competitions.competition_create(
            user=stranger, division=division, size=4, stages=[{"kind": "single"}]
        )
    t = competitions.competition_create(
        user=boss, division=division, size=4, stages=[{"kind": "single"}]
    )
    stage = t.stages.get()
    with pytest.raises(PermissionDenied):
        competitions.stage_reseed(user=stranger, stage=stage, seeds={})
    with pytest.raises(PermissionDenied):
        competitions.stage_start(user=stranger, stage=stage)


def test_a_swiss_of_seven_gives_each_round_s_bye_to_a_different_fighter(ruleset, boss):
    _, division = _league(ruleset, boss, 7)
    t = competitions.competition_create(
        user=boss, division=division, size=7, stages=[{"kind": "swiss", "rounds": 4}]
    )
    for _ in range(4):
        _fight_round(t, 1, "blue")
    byes = list(
        TournamentMatch.objects.filter(tournament=t, blue_seed__isnull=True).values_list(
            "red_seed", flat=True
        )
    )
    assert len(byes) == len(set(byes)) == 4
    assert byes[0] == 7, "the lowest seed has the first bye"
    t.refresh_from_db()
    table = competitions.stage_tables(t, t.stages.get())[0]
    assert t.status == "completed" and t.champion_id is not None
    assert t.champion == TournamentEntry.objects.get(tournament=t, seed=table[0].id).fighter


def test_round_robin_groups_send_group_winners_first(ruleset, boss):
    _, division = _league(ruleset, boss, 8)
    t = competitions.competition_create(
        user=boss,
        division=division,
        size=8,
        stages=[{"kind": "round_robin", "groups": 2, "advance": 2}, {"kind": "single"}],
    )
    stage = t.stages.get(number=1)
    assert competitions.groups_of(stage, list(range(1, 9))) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    for _ in range(3):
        _fight_round(t, 1, "red")
    stage.refresh_from_db()
    assert stage.status == StageStatus.COMPLETED
    tables = competitions.stage_tables(t, stage)
    winners = {tables[0][0].id, tables[1][0].id}
    second = [e.seed for e in t.entries.filter(stage_number=2).order_by("seed")]
    assert len(second) == 4
    firsts = {
        e.seed
        for e in t.entries.filter(stage_number=1)
        if e.fighter_id
        in set(t.entries.filter(stage_number=2, seed__lte=2).values_list("fighter_id", flat=True))
    }
    assert firsts == winners


def test_swiss_rounds_wait_for_the_fitness_rule_between_them(ruleset, boss):
    league, division = _league(ruleset, boss, 4)
    league.rest_days = 10
    league.days_between_events = 1
    league.save()
    t = competitions.competition_create(
        user=boss, division=division, size=4, stages=[{"kind": "swiss", "rounds": 2}]
    )
    first = _fight_round(t, 1)
    second = _unfought(t, 1)
    assert second
    assert min(b.date for b in second) >= max(b.date for b in first) + dt.timedelta(days=10)


def test_a_plain_tournament_is_one_running_bracket_stage(ruleset):
    _, division = make_league(ruleset, 4)
    t = tournament_create(division=division, size=4, queue=False)
    stage = t.stages.get()
    assert (stage.number, stage.kind, stage.status) == (1, "single", StageStatus.RUNNING)
    for _ in range(2):
        _fight_round(t, 1)
    t.refresh_from_db()
    stage.refresh_from_db()
    assert t.status == "completed" and stage.status == StageStatus.COMPLETED


@pytest.mark.parametrize(
    ("stages", "field"),
    [
        ([], "stages"),
        ([{"kind": "single"}, {"kind": "swiss", "rounds": 2}], "kind"),
        ([{"kind": "swiss", "rounds": 8}], "rounds"),
        ([{"kind": "swiss", "rounds": 3, "advance": 9}, {"kind": "single"}], "advance"),
        ([{"kind": "swiss", "rounds": 3}, {"kind": "single"}], "advance"),
        ([{"kind": "round_robin", "groups": 5}], "groups"),
    ],
)
def test_impossible_stages_are_refused_on_the_field_at_fault(stages, field):
    with pytest.raises(ValidationError) as error:
        competitions.stages_check(stages, 8)
    assert field in error.value.message_dict


def test_a_stage_says_what_it_is_in_words():
    assert TournamentStage(kind="swiss", rounds=4, advance=8).in_words == (
        "Swiss, 4 rounds, top 8 go on"
    )
    assert TournamentStage(kind="round_robin", groups=2, advance=2).in_words == (
        "Round robin in 2 groups, top 2 of each group go on"
    )


def test_all_at_once_a_swiss_and_its_bracket_are_fought_to_the_champion(
    ruleset, boss, django_capture_on_commit_callbacks
):
    _, division = _league(ruleset, boss, 8)
    with django_capture_on_commit_callbacks(execute=True):
        t = competitions.competition_create(
            user=boss,
            division=division,
            size=8,
            stages=[{"kind": "swiss", "rounds": 3, "advance": 4}, {"kind": "single"}],
            fight_now=True,
        )
    # Each round's night fired as soon as it was made, the next paired as it ended;
    # the bracket still waits for the commissioner, all at once or not.
    first, bracket = t.stages.order_by("number")
    assert first.status == StageStatus.COMPLETED
    assert bracket.status == StageStatus.PREVIEW
    assert Bout.objects.filter(event__tournament=t, status="completed").count() == 12
    with django_capture_on_commit_callbacks(execute=True):
        competitions.stage_start(user=boss, stage=bracket)
    t.refresh_from_db()
    assert t.status == "completed"
    assert t.champion_id in {e.fighter_id for e in t.entries.filter(stage_number=2)}


def test_a_failed_swiss_bout_is_a_walkover_for_the_higher_seed_and_the_swiss_goes_on(ruleset, boss):
    from django.test import TestCase

    from bouts.models import BoutStatus
    from bouts.services import bout_fail

    _, division = _league(ruleset, boss, 4)
    t = competitions.competition_create(
        user=boss, division=division, size=4, stages=[{"kind": "swiss", "rounds": 2}]
    )
    first, second = _unfought(t, 1)
    record(first, "blue")
    Bout.objects.filter(pk=second.pk).update(status=BoutStatus.QUEUED)
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_fail(bout_id=second.pk, reason="crash")
    match = TournamentMatch.objects.get(bout=second)
    assert match.walkover == "red" and match.red_seed < match.blue_seed
    round_two = Bout.objects.filter(event__tournament=t, status=BoutStatus.SCHEDULED)
    assert round_two.count() == 2, "round 2 is paired"
    table = competitions.stage_tables(t, t.stages.get())[0]
    assert sorted(row.points for row in table) == [0, 0, 1, 1]
