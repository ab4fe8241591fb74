"""Odds for a proposed matchup: seeded bouts run in the request, capped."""

import pytest

from bouts.api.odds import MAX_ODDS_BOUTS
from bouts.engine import generate_card
from bouts.engine.odds import odds

from . import factories

pytestmark = pytest.mark.django_db


def test_odds_for_two_fighters_match_the_engine(api):
    ruleset = factories.one_on_one_ruleset()
    red = factories.fighter(ruleset=ruleset)
    blue = factories.fighter(ruleset=ruleset)
    response = api.post(
        "/api/odds/",
        {"ruleset": ruleset, "red": red.pk, "blue": blue.pk, "n": 20, "seed": 3},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["bouts"] == 20 and body["first_seed"] == 3
    assert body["red"] + body["blue"] + body["draw"] == pytest.approx(1.0)
    red_card = {**red.cards.get().data, "name": red.name}
    blue_card = {**blue.cards.get().data, "name": blue.name}
    assert body == {
        **odds(ruleset, red_card, blue_card, n=20, seed=3, workers=1),
        "methods": body["methods"],
    }
    assert body["methods"] == odds(ruleset, red_card, blue_card, n=20, seed=3, workers=1)["methods"]


def test_odds_for_cards_given_in_full(api):
    ruleset = factories.one_on_one_ruleset()
    response = api.post(
        "/api/odds/",
        {
            "ruleset": ruleset,
            "red_card": generate_card(ruleset, seed=1),
            "blue_card": generate_card(ruleset, seed=2),
            "n": 10,
        },
        format="json",
    )
    assert response.status_code == 200, response.content


def test_odds_bad_input(api):
    ruleset = factories.one_on_one_ruleset()
    fighter = factories.fighter(ruleset=ruleset)
    cases = [
        ({"ruleset": ruleset, "red": fighter.pk}, "blue"),
        ({"ruleset": ruleset, "red": fighter.pk, "blue_card": {"bad": 1}}, None),
        (
            {
                "ruleset": ruleset,
                "red": fighter.pk,
                "blue": fighter.pk,
                "n": MAX_ODDS_BOUTS + 1,
            },
            "n",
        ),
        ({"ruleset": "chess", "red_card": {}, "blue_card": {}}, "ruleset"),
    ]
    for body, field in cases:
        response = api.post("/api/odds/", body, format="json")
        assert response.status_code == 400, (body, response.content)
        if field:
            assert field in response.json(), response.json()


def test_odds_need_a_card_for_the_ruleset(api):
    ruleset = factories.one_on_one_ruleset()
    other = next(name for name in ("webl", "pocket", "titlebout") if name != ruleset)
    red = factories.fighter(ruleset=other)
    blue = factories.fighter(ruleset=ruleset)
    response = api.post(
        "/api/odds/",
        {"ruleset": ruleset, "red": red.pk, "blue": blue.pk, "n": 5},
        format="json",
    )
    assert response.status_code == 400
    assert "has no" in response.json()["red"][0]


def test_odds_between_camps_for_a_team_ruleset(api):
    ruleset = factories.team_ruleset()
    if ruleset is None:
        pytest.skip("no team ruleset has landed")
    red_camp, blue_camp = factories.camp(), factories.camp()
    for camp in (red_camp, blue_camp):
        for _ in range(3):
            factories.fighter(ruleset=ruleset, camp=camp)
    response = api.post(
        "/api/odds/",
        {"ruleset": ruleset, "red_camp": red_camp.pk, "blue_camp": blue_camp.pk, "n": 5},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["red"] + body["blue"] + body["draw"] == pytest.approx(1.0)
    # A camp is not a fighter: the one-on-one fields are refused for team rulesets.
    fighter = red_camp.fighters.first()
    response = api.post(
        "/api/odds/",
        {"ruleset": ruleset, "red": fighter.pk, "blue_camp": blue_camp.pk, "n": 5},
        format="json",
    )
    assert response.status_code == 400 and "red" in response.json()
