"""The fighter list's pages are cached (fighters.list_cache) and every change to
what they show — fighters, camps, records, cards, who may see hidden cards — is
seen by the next request."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from fighters import list_cache
from fighters.models import Fighter
from fighters.services import camp_update, card_save, fighter_update
from league.models import League
from league.services.career import career_fighter_create

from . import factories
from .career_world import career_world, webl_abilities
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cache_on(settings):
    settings.FIGHTER_LIST_CACHE = True
    list_cache.reset()


def _list(client, query=""):
    response = client.get(f"/api/fighters/{query}")
    assert response.status_code == 200, response.content
    return {row["name"]: row for row in response.json()["results"]}


def _queries(client, query=""):
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/api/fighters/{query}")
    return len(queries)


def test_a_page_is_served_from_the_cache_until_something_changes(staff):
    fighter = factories.fighter(name="Cached Carl")
    client = APIClient()
    assert _queries(client) == 3  # count, page, cards
    assert _queries(client) == 0
    assert _queries(client, "?page_size=1") == 3  # another page: its own entry
    fighter_update(fighter=fighter, data={"nickname": "The Cache"}, user=staff)
    assert _list(client)["Cached Carl"]["nickname"] == "The Cache"


def test_without_the_setting_nothing_is_cached(settings):
    settings.FIGHTER_LIST_CACHE = False
    factories.fighter(name="Plain Pete")
    client = APIClient()
    assert _queries(client) == 3
    assert _queries(client) == 3


def test_a_bad_query_is_refused_even_when_the_page_is_cached():
    factories.fighter()
    client = APIClient()
    _list(client)
    assert client.get("/api/fighters/?bogus=1").status_code == 400
    assert client.get("/api/fighters/?page=99").status_code == 404


def test_fighter_camp_and_card_changes_show_at_once(staff):
    camp = factories.camp(name="Old Gym")
    fighter = factories.fighter(name="Changing Chen", camp=camp)
    card = fighter.cards.get()
    client = APIClient()
    before = _list(client)["Changing Chen"]
    camp_update(camp=camp, data={"name": "New Gym"}, user=staff)
    assert _list(client)["Changing Chen"]["camp_name"] == "New Gym"
    rated = card_save(fighter=fighter, ruleset=card.ruleset, data=_changed(card), user=staff)
    after = _list(client)["Changing Chen"]["cards"][0]
    assert (
        after["rating"] == rated.rating and after["updated_at"] != before["cards"][0]["updated_at"]
    )
    Fighter.objects.get(pk=fighter.pk).delete()
    assert "Changing Chen" not in _list(client)


def _changed(card):
    """The card with one rated value moved, so its rating changes."""
    data = {k: v for k, v in card.data.items() if k != "name"}
    for key, value in sorted(data.items()):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and key != "rating":
            data[key] = value - 1 if value > 1 else value + 1
            return data
    raise AssertionError("a card with no number")


def test_a_fought_bout_and_its_void_change_the_records(
    commissioner, own_league, django_capture_on_commit_callbacks
):
    red = factories.fighter(name="Red Rec")
    blue = factories.fighter(name="Blue Rec")
    division = factories.division(league=own_league, fighters=[red, blue])
    client = APIClient()
    assert _list(client)["Red Rec"]["record"] == "0-0-0"
    body = {
        "ruleset": own_league.ruleset,
        "red": red.pk,
        "blue": blue.pk,
        "division": division.pk,
        "date": "2026-03-03",
        "seed": 77,
    }
    with django_capture_on_commit_callbacks(execute=True):
        created = as_user(commissioner).post("/api/bouts/", body, format="json")
    assert created.status_code == 201, created.content
    records = {_list(client)[name]["record"] for name in ("Red Rec", "Blue Rec")}
    assert records != {"0-0-0"}
    with django_capture_on_commit_callbacks(execute=True):
        voided = as_user(commissioner).post(
            f"/api/bouts/{created.json()['id']}/void/", {"reason": "wrong seed"}, format="json"
        )
    assert voided.status_code == 200, voided.content
    assert {_list(client)[name]["record"] for name in ("Red Rec", "Blue Rec")} == {"0-0-0"}


def _hidden_world():
    world = career_world(hide_cards=False)
    world.kid = factories.fighter(name="Kid Hidden", ruleset="webl")
    world.kid.camp = world.camp_a
    world.kid.save()
    return world


def test_who_may_see_hidden_cards_changes_at_once():
    world = _hidden_world()
    division = world.league.divisions.first()
    division.fighters.add(world.kid)
    anonymous, outsider = APIClient(), as_user(world.outsider)
    assert _list(anonymous)["Kid Hidden"]["cards"]
    assert _list(outsider)["Kid Hidden"]["cards"]
    league = League.objects.get(pk=world.league.pk)
    league.hide_cards = True
    league.save()  # the league's setting
    assert _list(anonymous)["Kid Hidden"]["cards"] == []
    assert _list(outsider)["Kid Hidden"]["cards"] == []
    league.commissioners.add(world.outsider)  # a commissioner sees them
    assert _list(outsider)["Kid Hidden"]["cards"]
    division.fighters.remove(world.kid)  # off the roster (his camp is in no division)
    division.camps.remove(world.camp_a)
    assert _list(anonymous)["Kid Hidden"]["cards"]


def test_each_viewer_has_his_own_page():
    world = career_world(hide_cards=True)
    career_fighter_create(
        actor=world.owner,
        league=world.league,
        camp=world.camp_a,
        name="Owned One",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    assert _list(APIClient())["Owned One"]["cards"] == []  # cached for the anonymous
    assert _list(as_user(world.owner))["Owned One"]["cards"]  # not served to the owner
    assert _list(as_user(world.other_manager))["Owned One"]["cards"] == []
    assert _list(as_user(world.staff))["Owned One"]["cards"]


def test_a_page_read_before_a_commit_is_not_served_after_it(django_capture_on_commit_callbacks):
    fighter = factories.fighter(name="Racing Rae")
    client = APIClient()
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        Fighter.objects.filter(pk=fighter.pk).update(nickname="Committed")
        list_cache.changed()
        # Another reader between the change and its commit caches the page
        # under the new generation (here it sees the change: one connection)...
        Fighter.objects.filter(pk=fighter.pk).update(nickname="")
        _list(client)
        Fighter.objects.filter(pk=fighter.pk).update(nickname="Committed")
    # ...which the commit's own renewal makes unreachable.
    assert _list(client)["Racing Rae"]["nickname"] == "Committed"


def test_a_transaction_of_many_changes_renews_the_generation_once(
    monkeypatch, django_capture_on_commit_callbacks
):
    writes = []
    original = list_cache.cache.set

    def counting_set(key, *args, **kwargs):
        if key.endswith("fighter-list:generation"):
            writes.append(key)
        return original(key, *args, **kwargs)

    monkeypatch.setattr(list_cache.cache, "set", counting_set)
    client = APIClient()
    _list(client)
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        for n in range(30):
            factories.fighter(name=f"Bulk {n}")
        assert "Bulk 29" in _list(client)  # the writer's own read is fresh
        assert writes == []  # nothing written to the cache before the commit
    ours = [callback for callback in callbacks if callback is list_cache._renew_on_commit]
    assert len(ours) == 1 and len(writes) == 1
    assert "Bulk 29" in _list(client)


def test_a_page_read_inside_a_rolled_back_savepoint_is_not_served_after_it():
    factories.fighter(name="Stays Sam")
    client = APIClient()
    with pytest.raises(RuntimeError), transaction.atomic():
        factories.fighter(name="Ghost Gus")
        assert "Ghost Gus" in _list(client)
        raise RuntimeError("roll back")
    names = _list(client)
    assert "Stays Sam" in names and "Ghost Gus" not in names


@pytest.mark.django_db(transaction=True)
def test_a_page_read_inside_a_rolled_back_transaction_is_not_served_after_it():
    client = APIClient()
    assert _list(client) == {}
    with pytest.raises(RuntimeError), transaction.atomic():
        factories.fighter(name="Ghost Gus")
        assert "Ghost Gus" in _list(client)
        raise RuntimeError("roll back")
    assert _list(client) == {}  # the committed list, not the rolled-back page
    with transaction.atomic():
        factories.fighter(name="Real Rita")
    assert "Real Rita" in _list(client)  # the commit renewed the generation
