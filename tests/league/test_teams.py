"""Team rulesets: divisions of camps, a round robin between camps, camp tables."""

import pytest

from bouts.engine import RULESETS, generate_card
from bouts.models import Bout
from fighters.services import camp_create, fighter_create
from league import services
from league.models import Division, League, Rating, Standing
from league.selectors import league_check

from .conftest import START, book_season, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_ruleset():
    for name, rules in RULESETS.items():
        if rules.team:
            return name
    pytest.skip("no team ruleset registered")


def _camps_division(team_ruleset, count=5):
    league = League.objects.create(
        name="Camps", slug="camps", ruleset=team_ruleset, start_date=START
    )
    division = Division.objects.create(league=league, weight_class="welterweight", name="Welter")
    camps = []
    for c in range(count):
        camp = camp_create(name=f"Camp {c}")
        for i in range(3):
            fighter_create(
                name=f"C{c} F{i}",
                weight_class="welterweight",
                camp=camp,
                cards={team_ruleset: generate_card(team_ruleset, 10 * c + i)},
            )
        camps.append(camp)
    division.camps.set(camps)
    return league, division, camps


def test_round_robin_between_camps(team_ruleset):
    league, division, camps = _camps_division(team_ruleset)
    season = services.season_schedule(division=division, seed=3, queue=False)
    bouts = book_season(season)
    assert len(bouts) == 10  # 5 camps: each pair once, one camp rests each round
    assert all(b.red_camp_id and b.blue_camp_id and b.red_id is None for b in bouts)
    pairs = {frozenset((b.red_camp_id, b.blue_camp_id)) for b in bouts}
    assert len(pairs) == 10
    for i, bout in enumerate(bouts):
        record(bout, "red" if i % 2 else "blue", "UD")
    table = list(Standing.objects.filter(season=season).order_by("rank"))
    assert {s.camp_id for s in table} == {c.id for c in camps}
    assert all(s.fighter_id is None for s in table)
    assert sum(s.wins for s in table) == 10
    assert Rating.objects.filter(division=division, camp__isnull=False).count() == 5
    assert league_check(league=league) == []


def test_camps_tournament_crowns_a_camp(team_ruleset):
    league, division, camps = _camps_division(team_ruleset, count=3)
    tournament = services.tournament_create(division=division, size=3, queue=False)
    for _ in range(3):
        for bout in Bout.objects.filter(tournament_match__tournament=tournament).exclude(
            status="completed"
        ):
            record(bout, "blue", "UD")
    tournament.refresh_from_db()
    assert tournament.status == "completed" and tournament.champion_camp in camps
    assert division.title.champion_camp == tournament.champion_camp
    assert league_check(league=league) == []


def test_camps_swiss_sends_its_top_to_a_bracket_that_crowns_a_camp(team_ruleset):
    from django.contrib.auth import get_user_model

    from league.services import competitions

    league, division, camps = _camps_division(team_ruleset, count=5)
    boss = get_user_model().objects.create_user("camps-boss", password="x")
    league.commissioners.add(boss)
    tournament = competitions.competition_create(
        user=boss,
        division=division,
        size=5,
        stages=[{"kind": "swiss", "rounds": 2, "advance": 2}, {"kind": "single"}],
    )
    for _ in range(2):
        for bout in Bout.objects.filter(event__tournament=tournament, result=None):
            assert bout.red_camp_id and bout.blue_camp_id
            record(bout, "red", "UD")
    bracket = tournament.stages.get(number=2)
    assert bracket.status == "preview"
    assert {e.camp_id for e in tournament.entries.filter(stage_number=2)} <= {c.id for c in camps}
    competitions.stage_start(user=boss, stage=bracket)
    (final,) = Bout.objects.filter(event__tournament=tournament, result=None)
    record(final, "blue", "UD")
    tournament.refresh_from_db()
    assert tournament.status == "completed" and tournament.champion_camp in camps
    assert league_check(league=league) == []
