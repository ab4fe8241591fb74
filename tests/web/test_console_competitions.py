"""The console's competitions in stages: created from the division's page, the
Swiss table on the console's and the public tournament page, the bracket's
preview with its byes, re-seeding by hand (errors beside each entrant) and its
start; only the league's commissioner."""

import pytest

from bouts.models import Bout
from league.models import StageStatus, Tournament, TournamentEntry
from tests.api import factories
from tests.league.conftest import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    commissioner = factories.user(username="commish")
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    fighters = [factories.fighter(ruleset="webl") for _ in range(8)]
    division = factories.division(league=league, fighters=fighters)
    return {"commissioner": commissioner, "league": league, "division": division}


def _form(**fields):
    data = {
        "competition-size": 8,
        "competition-first": "swiss",
        "competition-rounds": 3,
        "competition-groups": 2,
        "competition-advance": 4,
        "competition-bracket": "single",
        "competition-for_title": "on",
        "competition-seed": 5,
        "competition-fight_now": "rounds",
        "competition-draw_rule": "cards",
    }
    data.update({f"competition-{k}": v for k, v in fields.items()})
    return data


def _create(client, world, **fields):
    client.force_login(world["commissioner"])
    return client.post(f"/console/divisions/{world['division'].pk}/competitions/", _form(**fields))


def test_a_swiss_then_a_bracket_is_created_from_the_division_page(client, world):
    client.force_login(world["commissioner"])
    page = client.get(f"/console/divisions/{world['division'].pk}/")
    assert b"A competition in stages" in page.content
    answer = _create(client, world)
    tournament = Tournament.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/console/tournaments/{tournament.pk}/"
    stages = [(s.kind, s.rounds, s.advance, s.status) for s in tournament.stages.all()]
    assert stages == [("swiss", 3, 4, "running"), ("single", None, None, "waiting")]
    assert Bout.objects.filter(event__tournament=tournament, status="scheduled").count() == 4
    page = client.get(answer["Location"])
    text = page.content.decode()
    assert "Swiss, 3 rounds, top 4 go on" in text and "Swiss table" in text
    assert "4 to fight" in text and "fight it" in text
    public = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Swiss table" in public and "Buchholz" in public
    assert "Swiss, 3 rounds, top 4 go on → Single elimination" in public


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"rounds": 8}, "rounds", "A Swiss of 8 is fought over 1 to 7 rounds."),
        ({"advance": 9}, "advance", "Between 2 and 8 can go on to the next stage."),
        ({"advance": ""}, "advance", "How many go on to the bracket?"),
        ({"first": "none", "bracket": "none"}, "bracket", "Pick a first stage, a bracket or both."),
    ],
)
def test_an_impossible_competition_is_refused_beside_the_field(
    client, world, fields, field, message
):
    answer = _create(client, world, **fields)
    assert answer.status_code == 400
    form = answer.context["competition_form"]
    assert form.errors[field] == [message]
    assert not Tournament.objects.exists()


def _bracket_in_preview(client, world):
    _create(client, world, first="none")
    tournament = Tournament.objects.get()
    assert tournament.stages.get().status == StageStatus.PREVIEW
    return tournament


def test_the_preview_shows_the_first_round_with_byes_and_takes_new_seeds(client, world):
    _create(client, world, first="none", size=6)
    tournament = Tournament.objects.get()
    page = client.get(f"/console/tournaments/{tournament.pk}/").content.decode()
    assert "The bracket's first round, before it starts" in page
    assert page.count("badge bye") == 2
    entries = list(TournamentEntry.objects.filter(tournament=tournament).order_by("seed"))
    seeds = {f"seed_{e.pk}": e.seed for e in entries}
    seeds[f"seed_{entries[0].pk}"], seeds[f"seed_{entries[5].pk}"] = 6, 1
    answer = client.post(f"/console/tournaments/{tournament.pk}/seeds/", seeds)
    assert answer.status_code == 302
    assert TournamentEntry.objects.get(pk=entries[5].pk).seed == 1
    answer = client.post(f"/console/tournaments/{tournament.pk}/start/")
    assert answer.status_code == 302
    assert tournament.stages.get().status == StageStatus.RUNNING
    bouts = Bout.objects.filter(event__tournament=tournament)
    assert bouts.count() == 2
    page = client.get(f"/console/tournaments/{tournament.pk}/").content.decode()
    assert "Re-seed by hand" not in page


def test_seeds_that_are_not_each_number_once_are_refused_beside_each_entrant(client, world):
    tournament = _bracket_in_preview(client, world)
    entries = list(TournamentEntry.objects.filter(tournament=tournament).order_by("seed"))
    seeds = {f"seed_{e.pk}": e.seed for e in entries}
    seeds[f"seed_{entries[1].pk}"] = 1
    answer = client.post(f"/console/tournaments/{tournament.pk}/seeds/", seeds)
    assert answer.status_code == 400
    form = answer.context["seed_form"]
    assert form.errors[f"seed_{entries[0].pk}"] == ["Seed 1 is given to 2 entrants."]
    assert form.errors[f"seed_{entries[1].pk}"] == ["Seed 1 is given to 2 entrants."]
    assert "Seed 1 is given to 2 entrants." in answer.content.decode()
    stored = TournamentEntry.objects.filter(tournament=tournament).order_by("pk")
    assert [e.seed for e in stored] == [e.seed for e in entries]


def test_a_swiss_stage_fought_from_its_cards_fills_the_preview_with_its_top(client, world):
    _create(client, world, rounds=2, advance=4)
    tournament = Tournament.objects.get()
    for _ in range(2):
        for bout in Bout.objects.filter(event__tournament=tournament, result=None):
            record(bout, "red")
    page = client.get(f"/console/tournaments/{tournament.pk}/").content.decode()
    assert "The bracket's first round, before it starts" in page
    assert page.count("goes on") >= 4
    assert TournamentEntry.objects.filter(tournament=tournament, stage_number=2).count() == 4


def test_only_the_leagues_commissioner_runs_a_competition(client, world):
    tournament = _bracket_in_preview(client, world)
    other = factories.user()
    factories.league(commissioners=[other])
    client.force_login(other)
    base = f"/console/tournaments/{tournament.pk}/"
    assert client.get(base).status_code == 403
    assert client.post(base + "seeds/", {}).status_code == 403
    assert client.post(base + "start/").status_code == 403
    answer = client.post(f"/console/divisions/{world['division'].pk}/competitions/", _form())
    assert answer.status_code == 403
    assert tournament.stages.get().status == StageStatus.PREVIEW


def _queries(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_tables_cost_the_same_queries_for_eight_or_sixteen(client):
    counts = []
    for size in (8, 16):
        commissioner = factories.user()
        league = factories.league(ruleset="webl", commissioners=[commissioner])
        fighters = [factories.fighter(ruleset="webl") for _ in range(size)]
        division = factories.division(league=league, fighters=fighters)
        world = {"commissioner": commissioner, "league": league, "division": division}
        _create(client, world, size=size, rounds=3, advance=4)
        tournament = Tournament.objects.get(division=division)
        for bout in Bout.objects.filter(event__tournament=tournament, result=None):
            record(bout, "red")
        counts.append(
            (
                _queries(client, f"/tournaments/{tournament.pk}/"),
                _queries(client, f"/console/tournaments/{tournament.pk}/"),
            )
        )
    assert counts[0] == counts[1]


def test_round_robin_groups_show_a_table_per_group(client, world):
    answer = _create(client, world, first="round_robin", groups=2, advance=2)
    assert answer.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.stages.get(number=1).in_words == (
        "Round robin in 2 groups, top 2 of each group go on"
    )
    page = client.get(answer["Location"]).content.decode()
    assert "Group A" in page and "Group B" in page


def test_a_swiss_without_a_bracket_is_not_for_the_title(client, world):
    _create(client, world, bracket="none")
    tournament = Tournament.objects.get()
    assert [s.kind for s in tournament.stages.all()] == ["swiss"]
    assert not tournament.for_title
