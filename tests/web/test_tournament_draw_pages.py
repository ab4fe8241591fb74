"""A tournament's draw rule and pace, chosen in the console and said in words on
the bracket page and the title lineage."""

import html as html_lib
import re

import pytest
from django.test import TestCase

from bouts.models import Bout, BoutStatus
from bouts.services import bout_record
from league.models import Tournament
from tests.api import factories
from tests.league.conftest import fake_result, record

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200
    html = response.content.decode()
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)))


@pytest.fixture
def division():
    commissioner = factories.user(username="commish")
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    fighters = [factories.fighter(ruleset="webl") for _ in range(4)]
    return factories.division(league=league, fighters=fighters)


def _create(client, division, **fields):
    client.force_login(division.league.commissioners.first())
    data = {"tournament-size": 4, "tournament-seed": 1, "tournament-for_title": "on"}
    data.update({f"tournament-{k}": v for k, v in fields.items()})
    return client.post(f"/console/divisions/{division.pk}/tournaments/", data, follow=True)


def _draw(bout):
    result = fake_result(None, "DRAW")
    result["scorecards"] = [[[9, 10], [9, 10], [10, 9]]] * 3  # blue ahead on rounds
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_record(bout=bout, result=result)


def test_the_console_creates_a_round_by_round_tournament_with_a_decider_rule(client, division):
    text = _text(_create(client, division, fight_now="rounds", draw_rule="decider"))
    assert "first round's card waits for you" in text
    tournament = Tournament.objects.get()
    assert not tournament.fight_now and tournament.draw_rule == "decider"
    bouts = Bout.objects.filter(tournament_match__tournament=tournament)
    assert bouts.count() == 2 and {b.status for b in bouts} == {BoutStatus.SCHEDULED}
    page = _text(client.get(f"/tournaments/{tournament.pk}/"))
    assert "fought round by round" in page and "a decider bout between the same two" in page


def test_the_console_refuses_an_unknown_draw_rule_beside_its_field(client, division):
    response = _create(client, division, fight_now="rounds", draw_rule="coin")
    assert "Select a valid choice" in response.content.decode()
    assert not Tournament.objects.exists()


def test_bracket_and_lineage_say_why_a_drawn_final_went_to_its_winner(client, division):
    _create(client, division, fight_now="rounds", draw_rule="cards")
    tournament = Tournament.objects.get()
    for bout in Bout.objects.filter(tournament_match__tournament=tournament):
        record(bout, "red", "UD")
    final = Bout.objects.get(tournament_match__tournament=tournament, tournament_match__key="W2.1")
    _draw(final)
    page = _text(client.get(f"/tournaments/{tournament.pk}/"))
    assert f"{final.blue.name} through on the judges' cards, rounds won 6\u20133" in page
    lineage = _text(client.get(f"/divisions/{division.pk}/title/"))
    assert (
        f"drew with {final.red.name} over 3 rounds, through on the judges' cards, "
        "rounds won 6\u20133, on" in lineage
    )
    assert " , " not in lineage
    champion = _text(client.get(f"/fighters/{final.blue_id}/"))
    assert "Title fights1 (0 won, 1 drawn or lost; 1 reign)" in champion


def test_the_lineage_says_the_champion_won_the_decider(client, division):
    _create(client, division, fight_now="rounds", draw_rule="decider")
    tournament = Tournament.objects.get()
    for bout in Bout.objects.filter(tournament_match__tournament=tournament):
        record(bout, "red", "UD")
    final = Bout.objects.get(tournament_match__tournament=tournament, tournament_match__key="W2.1")
    _draw(final)
    decider = Bout.objects.get(
        tournament_match__key="W2.1.D", tournament_match__tournament=tournament
    )
    record(decider, "red", "KO")
    page = _text(client.get(f"/tournaments/{tournament.pk}/"))
    assert "Decider: KO" in page and f"{final.red.name} won the decider" in page
    lineage = _text(client.get(f"/divisions/{division.pk}/title/"))
    assert f"won the decider against {final.blue.name} by KO in round 3" in lineage
