import pytest
from django.contrib import admin
from django.urls import reverse

from bouts.engine.registry import RULESETS
from league import services
from league.models import League
from league.services.setup import LEAGUE_FIELDS

from .conftest import make_league, record

pytestmark = pytest.mark.django_db


def test_admin_pages(admin_client, ruleset):
    league, division = make_league(ruleset, 2)
    tournament = services.tournament_create(division=division, size=2, queue=False)
    record(tournament.matches.get().bout, "blue", "KO")
    for model in (
        "league",
        "division",
        "season",
        "event",
        "tournament",
        "standing",
        "rating",
        "ratinghistory",
        "title",
    ):
        response = admin_client.get(reverse(f"admin:league_{model}_changelist"))
        assert response.status_code == 200, model
    response = admin_client.get(reverse("admin:league_tournament_change", args=[tournament.pk]))
    assert response.status_code == 200
    title = division.title
    response = admin_client.get(reverse("admin:league_title_change", args=[title.pk]))
    assert response.status_code == 200 and b"Vacated" not in response.content
    response = admin_client.get(reverse("admin:league_league_change", args=[league.pk]))
    assert response.status_code == 200
    # Derived rows cannot be added by hand.
    assert admin_client.get(reverse("admin:league_standing_add")).status_code == 403


def test_league_refuses_unknown_tiebreaker(ruleset):
    from django.core.exceptions import ValidationError

    league, _ = make_league(ruleset, 0)
    league.tiebreakers = ["coin_toss"]
    with pytest.raises(ValidationError, match="unknown tiebreaker"):
        league.full_clean()


def test_league_form_refuses_a_ruleset_that_is_not_registered(admin_client):
    from league.models import League

    data = {
        "name": "Typo League",
        "slug": "typo",
        "ruleset": "boxing",
        "rounds": 10,
        "title_rounds": 12,
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "points_stoppage_bonus": 1,
        "tiebreakers": '["head_to_head"]',
        "start_date": "2026-01-01",
        "clock": "commissioner",
        "fight_time": "20:00",
        "rest_days": 0,
        "days_between_events": 14,
        "title_inactivity_days": 365,
        "title_suspension_days": 180,
        # the career game's settings, as the add form fills them in (their defaults)
        "training_keep_rule": "win",
        "aging_damage": 1000,
        "fight_weekday": 5,
        "rematch_weeks": 4,
        "card_lead_days": 2,
        "title_rule": "top",
        "contenders_per_region": 2,
        # season breaks and the history (their defaults)
        "roster_size": 0,
        "hall_of_fame_wins": 10,
        "divisions-TOTAL_FORMS": "0",
        "divisions-INITIAL_FORMS": "0",
        "memberships-TOTAL_FORMS": "0",
        "memberships-INITIAL_FORMS": "0",
    }
    response = admin_client.post(reverse("admin:league_league_add"), data)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not League.objects.filter(slug="typo").exists()
    data["ruleset"] = sorted(RULESETS)[0]
    response = admin_client.post(reverse("admin:league_league_add"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert League.objects.get(slug="typo").ruleset == sorted(RULESETS)[0]


def test_the_league_form_shows_every_league_setting_once():
    """The admin groups the settings in fieldsets of its own: none may be lost
    (round 4 lost the region settings there) or shown twice."""
    shown = [
        f for _, options in admin.site.get_model_admin(League).fieldsets for f in options["fields"]
    ]
    assert len(shown) == len(set(shown))
    assert set(LEAGUE_FIELDS) <= set(shown)
