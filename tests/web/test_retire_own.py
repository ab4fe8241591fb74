"""A manager retires his own fighter from the fighter's page (issue 35): only
his manager is offered and allowed it, on his league's date, after saying yes."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client

from fighters.models import Camp, Fighter
from fighters.services import fighter_retire
from tests.api import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    owner = factories.user(username="owner")
    camp = factories.camp(name="Owner's camp")
    Camp.objects.filter(pk=camp.pk).update(owner=owner)
    fighter = factories.fighter(camp=camp)
    other_manager = factories.user(username="rival")
    Camp.objects.filter(pk=factories.camp(name="Rival camp").pk).update(owner=other_manager)
    commissioner = factories.user(username="commish")
    league = factories.league(commissioners=[commissioner])
    league.today = dt.date(2031, 3, 7)
    league.save(update_fields=["today"])
    factories.division(league=league, fighters=[fighter])
    outsider = factories.user(username="outsider")
    factories.league(commissioners=[outsider])
    return {
        "fighter": fighter,
        "owner": owner,
        "rival": other_manager,
        "commissioner": commissioner,
        "outsider": outsider,
        "plain": factories.user(username="fan"),
        "staff": factories.user(staff=True, username="boss"),
    }


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_only_his_manager_is_offered_the_retirement(world):
    url = f"/fighters/{world['fighter'].pk}/"
    assert 'id="retire"' in client_for(world["owner"]).get(url).content.decode()
    for who in ("rival", "commissioner", "plain", "staff"):
        assert 'id="retire"' not in client_for(world[who]).get(url).content.decode(), who
    assert 'id="retire"' not in Client().get(url).content.decode()


def test_only_his_manager_retires_him_here(world):
    url = f"/fighters/{world['fighter'].pk}/retire/"
    assert Client().post(url, {"confirm": "yes"}).status_code == 302  # to sign in
    for who in ("rival", "outsider", "plain", "commissioner", "staff"):
        assert client_for(world[who]).post(url, {"confirm": "yes"}).status_code == 403, who
    assert Fighter.objects.get(pk=world["fighter"].pk).is_active


def test_his_manager_retires_him_on_the_leagues_date_after_saying_yes(world):
    url = f"/fighters/{world['fighter'].pk}/retire/"
    owner = client_for(world["owner"])
    page = owner.post(url, {}, follow=True).content.decode()
    assert "Yes, retire him" in page
    assert Fighter.objects.get(pk=world["fighter"].pk).is_active
    page = owner.post(url, {"confirm": "yes"}, follow=True).content.decode()
    fighter = Fighter.objects.get(pk=world["fighter"].pk)
    assert not fighter.is_active and fighter.retired_on == dt.date(2031, 3, 7)
    assert "is retired" in page and 'id="retire"' not in page


def test_the_service_lets_his_manager_and_refuses_another(world):
    with pytest.raises(PermissionDenied):
        fighter_retire(fighter=world["fighter"], user=world["rival"])
    fighter_retire(fighter=world["fighter"], on=dt.date(2031, 1, 1), user=world["owner"])
    assert not Fighter.objects.get(pk=world["fighter"].pk).is_active
