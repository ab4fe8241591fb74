"""Forms a commissioner can fill: the league form in groups with the ruleset's
distances as defaults, help and labels in words (no file or constraint names)."""

import re

import pytest
from django.contrib.auth.models import Permission

from league.console.forms import LEAGUE_GROUPS, BoutForm, LeagueForm
from league.models import League
from league.services.setup import LEAGUE_FIELDS
from tests.api import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def creator(client):
    user = factories.user(username="creator")
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    client.force_login(user)
    return user


def test_every_league_setting_is_in_exactly_one_group():
    names = [name for _, _, fields in LEAGUE_GROUPS for name in fields]
    assert sorted(names) == sorted(LEAGUE_FIELDS)
    assert [legend for legend, _, _ in LEAGUE_GROUPS] == [
        "Basics",
        "Rules",
        "Calendar",
        "Managers",
        "Career game",
        "Between seasons",
    ]


def test_the_new_league_page_shows_the_groups_and_a_boxing_default(client, creator):
    html = client.get("/console/leagues/new/").content.decode()
    legends = re.findall(r"<legend>([^<]+)</legend>", html)
    assert legends == ["Basics", "Rules", "Calendar", "Managers", "Career game", "Between seasons"]
    assert re.search(r'<option value="webl" selected>', html)
    # No distance pre-filled: left empty, it follows the ruleset picked.
    assert re.search(r'<input[^>]*name="rounds"(?![^>]*value=)[^>]*>', html)


@pytest.mark.parametrize(
    ("ruleset", "rounds", "title_rounds"), [("pocket", 5, 12), ("webl", 12, 12)]
)
def test_a_new_league_left_without_distances_takes_its_rulesets(
    client, creator, ruleset, rounds, title_rounds
):
    answer = client.post(
        "/console/leagues/new/",
        {"name": "Friday Fights", "slug": "friday", "ruleset": ruleset, "start_date": "2027-01-01"},
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    league = League.objects.get()
    assert (league.rounds, league.title_rounds) == (rounds, title_rounds)


def test_a_distance_given_is_kept_and_an_edit_keeps_the_leagues_own(client, creator):
    client.post(
        "/console/leagues/new/",
        {
            "name": "Friday Fights",
            "slug": "friday",
            "ruleset": "pocket",
            "start_date": "2027-01-01",
            "rounds": "3",
        },
    )
    league = League.objects.get()
    assert (league.rounds, league.title_rounds) == (3, 12)
    client.post(
        "/console/leagues/friday/settings/",
        {
            "name": "Friday Fights",
            "slug": "friday",
            "ruleset": "pocket",
            "start_date": "2027-01-01",
        },
    )
    league.refresh_from_db()
    assert (league.rounds, league.title_rounds) == (3, 12)


def test_fight_night_is_picked_by_its_weekday_name(client, creator):
    form = LeagueForm()
    assert dict(form.fields["fight_weekday"].choices)[5] == "Saturday"


FILE_OR_CODE = re.compile(r"\w+\.py\b|\w+/\w+\.\w+|\b[a-z]+_[a-z_]+\b|\bleague\.\w+")


def test_no_help_text_names_a_file_or_a_code_name():
    texts = [str(field.help_text) for field in LeagueForm().fields.values()]
    texts += [str(field.help_text) for field in League._meta.fields]
    offending = [
        text for text in texts if FILE_OR_CODE.search(text.replace("/leagues/friday-fights/", ""))
    ]
    assert offending == []


def test_the_bout_pickers_say_what_they_pick():
    from types import SimpleNamespace

    none = SimpleNamespace(referees=[], judges=[], doctors=[], corners=[])
    form = BoutForm(divisions=[], division=None, candidates=[], officials=none)
    labels = {
        name: form.fields[name].label for name in ("red", "blue", "red_corner", "blue_corner")
    }
    assert labels == {
        "red": "Red corner fighter",
        "blue": "Blue corner fighter",
        "red_corner": "Red corner's corner man",
        "blue_corner": "Blue corner's corner man",
    }
