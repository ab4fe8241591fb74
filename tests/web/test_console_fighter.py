"""A fighter from the console: his card field by field (help in words, the
engine's messages beside the field, its history), retire / bring back, off and
back on a roster — per role, confirmed, a fixed query count."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from fighters.card_help import card_field_help
from fighters.cards import card_shape
from fighters.models import CardChange, RatingCard
from fighters.services import card_save
from tests.api import factories, managers

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    w = managers.world(fighters_per_camp=1)
    w.fighter = w.mine[0]
    return w


def _url(world, *parts, fighter=None):
    fighter = fighter or world.fighter
    base = f"/console/leagues/{world.league.slug}/fighters/{fighter.pk}/"
    return base + "".join(f"{part}/" for part in parts)


def _card_post(world, **changes):
    card = RatingCard.objects.get(fighter=world.fighter, ruleset=world.league.ruleset)
    from fighters.cards import flatten, format_cell

    data = {}
    for key, value in flatten(card.data).items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, list | dict):
            value = format_cell(value)
        data[f"card-card.{key}"] = value
    data.update({f"card-card.{k}": v for k, v in changes.items()})
    return data


def test_anonymous_is_sent_to_sign_in(client, world):
    for answer in (client.get(_url(world)), client.post(_url(world, "retire"))):
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    world.fighter.refresh_from_db()
    assert world.fighter.is_active


@pytest.mark.parametrize("who", ["plain", "owner", "outsider"])
def test_a_plain_user_a_manager_or_another_leagues_commissioner_gets_403(client, world, who):
    client.force_login(getattr(world, who))
    assert client.get(_url(world)).status_code == 403
    assert client.post(_url(world, "retire")).status_code == 403
    assert client.post(_url(world, "card"), _card_post(world)).status_code == 403
    remove = _url(world, "rosters", world.division.pk, "remove")
    assert client.post(remove).status_code == 403
    world.fighter.refresh_from_db()
    assert world.fighter.is_active and world.division.fighters.filter(pk=world.fighter.pk).exists()


def test_another_leagues_fighter_is_not_found_here(client, world):
    stranger = factories.fighter(name="Not Ours")
    factories.division(league=world.other_league, fighters=[stranger])
    client.force_login(world.commissioner)
    assert client.get(_url(world, fighter=stranger)).status_code == 404
    assert client.post(_url(world, "retire", fighter=stranger)).status_code == 404
    stranger.refresh_from_db()
    assert stranger.is_active


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_his_card_is_edited_field_by_field_with_help_and_history(client, world, who):
    client.force_login(getattr(world, who))
    ruleset = world.league.ruleset
    division_page = client.get(f"/console/divisions/{world.division.pk}/").content.decode()
    assert _url(world) in division_page
    page = client.get(_url(world))
    assert page.status_code == 200
    html = page.content.decode()
    first_key = next(iter(card_shape(ruleset)))
    assert card_field_help(ruleset, first_key) and card_field_help(ruleset, first_key) in html
    key = next(
        k for k, v in card_shape(ruleset).items() if isinstance(v, int) and not isinstance(v, bool)
    )
    card = RatingCard.objects.get(fighter=world.fighter, ruleset=ruleset)
    from fighters.cards import flatten

    old = flatten(card.data)[key]
    new = old + 1 if old + 1 != 1000 else old - 1
    saved = client.post(_url(world, "card"), _card_post(world, **{key: new}))
    if saved.status_code == 400:  # one up is out of range: one down then
        new = old - 1
        saved = client.post(_url(world, "card"), _card_post(world, **{key: new}))
    assert saved.status_code == 302
    card.refresh_from_db()
    assert flatten(card.data)[key] == new
    change = CardChange.objects.filter(fighter=world.fighter).latest("id")
    assert change.source == "console" and key in change.diff
    history = client.get(_url(world)).content.decode()
    assert "in the console" in history and f"{key}: {old} → {new}" in history


def test_the_engines_message_is_shown_beside_the_field_and_nothing_is_saved(client, world):
    ruleset = world.league.ruleset
    key = next(
        k for k, v in card_shape(ruleset).items() if isinstance(v, int) and not isinstance(v, bool)
    )
    before = RatingCard.objects.get(fighter=world.fighter, ruleset=ruleset).data
    client.force_login(world.commissioner)
    answer = client.post(_url(world, "card"), _card_post(world, **{key: 9999}))
    assert answer.status_code == 400
    assert f'id="id_card-card.{key}-errors"'.encode() in answer.content
    assert b"The card was not saved" in answer.content
    assert RatingCard.objects.get(fighter=world.fighter, ruleset=ruleset).data == before


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_retire_and_bring_back_confirmed(client, world, who):
    client.force_login(getattr(world, who))
    html = client.get(_url(world)).content.decode()
    assert 'data-confirm="Retire' in html
    assert client.post(_url(world, "retire")).status_code == 302
    world.fighter.refresh_from_db()
    assert not world.fighter.is_active and world.fighter.retired_on
    html = client.get(_url(world)).content.decode()
    assert "Bring him back" in html and 'data-confirm="Bring' in html
    assert client.post(_url(world, "unretire")).status_code == 302
    world.fighter.refresh_from_db()
    assert world.fighter.is_active and world.fighter.retired_on is None


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_off_a_roster_and_back_on_confirmed(client, world, who):
    second = factories.division(league=world.league, weight_class="welterweight")
    second.fighters.add(world.fighter)
    client.force_login(getattr(world, who))
    html = client.get(_url(world)).content.decode()
    assert 'data-confirm="Take' in html
    off = client.post(_url(world, "rosters", world.division.pk, "remove"), follow=True)
    assert off.status_code == 200 and b"off the" in off.content
    assert not world.division.fighters.filter(pk=world.fighter.pk).exists()
    back = client.post(_url(world, "rosters", world.division.pk, "add"))
    assert back.status_code == 302
    assert world.division.fighters.filter(pk=world.fighter.pk).exists()
    twice = client.post(_url(world, "rosters", world.division.pk, "add"), follow=True)
    assert b"is on the" in twice.content


def test_off_his_last_roster_a_commissioner_sees_why_he_cannot_put_him_back(client, world):
    client.force_login(world.commissioner)
    gone = client.post(_url(world, "rosters", world.division.pk, "remove"))
    assert (
        gone.status_code == 302 and gone["Location"] == f"/console/divisions/{world.division.pk}/"
    )
    assert client.get(_url(world)).status_code == 404  # he is no fighter of the league now
    from league.services.rosters import division_roster_add

    division_roster_add(user=world.staff, division=world.division, fighter=world.fighter)
    assert world.division.fighters.filter(pk=world.fighter.pk).exists()


def test_the_fighter_page_costs_the_same_with_more_history_and_divisions(client, world):
    client.force_login(world.commissioner)
    ruleset = world.league.ruleset

    def cost():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(_url(world)).status_code == 200
        return len(queries)

    cost()
    before = cost()
    card = RatingCard.objects.get(fighter=world.fighter, ruleset=ruleset)
    from bouts.engine import generate_card

    for seed, weight in enumerate(("lightweight", "welterweight", "heavyweight")):
        card_save(fighter=world.fighter, ruleset=ruleset, data=generate_card(ruleset, seed=seed))
        factories.division(league=world.league, weight_class=weight)
    card.refresh_from_db()
    assert cost() == before


def test_the_roster_services_refuse_anyone_but_the_leagues_commissioners(world):
    from django.core.exceptions import PermissionDenied

    from league.services.rosters import division_roster_add, division_roster_remove

    for who in (world.plain, world.owner, world.outsider, None):
        with pytest.raises(PermissionDenied):
            division_roster_remove(user=who, division=world.division, fighter=world.fighter)
    other = factories.division(league=world.league, weight_class="welterweight")
    for who in (world.plain, world.owner, world.outsider):
        with pytest.raises(PermissionDenied):
            division_roster_add(user=who, division=other, fighter=world.fighter)
    assert world.division.fighters.filter(pk=world.fighter.pk).exists()
    assert not other.fighters.filter(pk=world.fighter.pk).exists()
