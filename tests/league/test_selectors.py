import pytest

from bouts.models import Bout
from league import selectors, services

from .conftest import book_season, make_league, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(ruleset):
    league, division = make_league(ruleset, 6)
    season = services.season_schedule(division=division, seed=2, queue=False)
    for i, bout in enumerate(book_season(season)):
        record(bout, ["red", "blue", None][i % 3], ["KO", "UD", "DRAW"][i % 3])
    tournament = services.tournament_create(division=division, size=4, queue=False)
    for _ in range(3):
        for bout in Bout.objects.filter(tournament_match__tournament=tournament).exclude(
            status="completed"
        ):
            record(bout, "red", "UD")
    tournament.refresh_from_db()
    return league, division, season, tournament


def test_rankings_champion_on_top(fought, django_assert_num_queries):
    _league, division, _season, tournament = fought
    tournament.refresh_from_db()
    with django_assert_num_queries(2):
        ranked = selectors.division_rankings(division=division)
        names = [str(r.competitor) for r in ranked]
    assert ranked[0].is_champion and ranked[0].competitor == tournament.champion
    assert [r.rank for r in ranked] == list(range(1, len(ranked) + 1))
    # As people read it: the champion apart, the contenders from #1 (not "C, 2, 3").
    assert [r.position for r in ranked] == [None, *range(1, len(ranked))]
    rest = [r.ordinal for r in ranked[1:]]
    assert rest == sorted(rest, reverse=True)
    assert len(names) == 6


def test_standings_lineage_history_bracket_queries(fought, django_assert_num_queries):
    league, division, season, tournament = fought
    with django_assert_num_queries(1):
        rows = list(selectors.season_standings(season=season))
        [str(r.fighter) for r in rows]
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    with django_assert_num_queries(1):
        reigns = list(selectors.title_lineage(division=division))
        [(str(r.fighter), r.start_bout_id) for r in reigns]
    assert reigns and reigns[-1].ended_on is None
    fighter = division.fighters.first()
    with django_assert_num_queries(1):
        history = list(selectors.fighter_rating_history(fighter=fighter))
        [h.bout.date for h in history]
    assert (
        len(history)
        == 5
        + Bout.objects.filter(tournament_match__tournament=tournament, red=fighter).count()
        + Bout.objects.filter(tournament_match__tournament=tournament, blue=fighter).count()
    )
    with django_assert_num_queries(4):
        lines, champion = selectors.tournament_bracket(tournament=tournament)
    assert champion == tournament.champion
    assert [line.key for line in lines] == ["W1.1", "W1.2", "W2.1"]
    with django_assert_num_queries(1):
        champions = selectors.league_champions(league=league)
    assert champions == [(division, tournament.champion)]
