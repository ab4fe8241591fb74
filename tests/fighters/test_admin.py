"""The fighters admin through the test client: cards by named field, invalid
cards refused with the engine's message and nothing saved, history, bulk actions."""

import json
import random

import pytest
from django.urls import reverse

from bouts.engine.registry import get_ruleset
from fighters.models import CardChange, Career, Fighter, RatingCard
from fighters.services import card_save, fighter_create

from .conftest import registered_or_skip

pytestmark = pytest.mark.django_db


def card_post(fighter, ruleset, card: dict, **extra):
    """POST data for the per-ruleset card form: one field per dotted card field."""
    from fighters.cards import flatten, format_cell

    data = {"fighter": fighter.pk, "ruleset": ruleset, "ruleset_shown": ruleset, **extra}
    for key, value in flatten(card).items():
        data[f"card.{key}"] = format_cell(value) if isinstance(value, list | dict) else value
    return data


def test_card_add_form_shows_named_fields(admin_client, sample_ruleset):
    fighter = fighter_create(name="Ana", weight_class="lightweight")
    url = reverse("admin:fighters_ratingcard_add")
    body = admin_client.get(url, {"ruleset": "sample", "fighter": fighter.pk}).content.decode()
    for name in ("card.style", "card.power", "card.speed", "card.fresh.pl", "card.traits"):
        assert f'name="{name}"' in body
    assert ">fresh.pl" in body  # labelled by dotted name


def test_card_add_saves_valid_card_and_logs_user(
    admin_client, admin_user, sample_ruleset, sample_card
):
    fighter = fighter_create(name="Ana", weight_class="lightweight")
    url = reverse("admin:fighters_ratingcard_add")
    response = admin_client.post(url, card_post(fighter, "sample", sample_card))
    assert response.status_code == 302, response.content.decode()[:3000]
    card = RatingCard.objects.get(fighter=fighter, ruleset="sample")
    assert card.data == sample_card
    assert card.changes.get().changed_by == admin_user


def test_card_add_invalid_shows_engine_message_saves_nothing(
    admin_client, sample_ruleset, sample_card
):
    fighter = fighter_create(name="Ana", weight_class="lightweight")
    url = reverse("admin:fighters_ratingcard_add")
    bad = {**sample_card, "fresh": {"pl": 11}}
    response = admin_client.post(url, card_post(fighter, "sample", bad))
    assert response.status_code == 200
    body = response.content.decode()
    assert "fresh.pl: must be between 1 and 10 (got 11)" in body
    errors = response.context["adminform"].form.errors
    assert errors["card.fresh.pl"] == ["fresh.pl: must be between 1 and 10 (got 11)"]
    assert not RatingCard.objects.exists() and not CardChange.objects.exists()


def test_card_change_by_field(admin_client, sample_ruleset, sample_card):
    fighter = fighter_create(name="Ana", weight_class="lightweight", cards={"sample": sample_card})
    card = fighter.cards.get()
    url = reverse("admin:fighters_ratingcard_change", args=[card.pk])
    body = admin_client.get(url).content.decode()
    assert f'value="{sample_card["power"]}"' in body
    edited = {**sample_card, "speed": 10, "traits": ["heart"]}
    data = card_post(fighter, "sample", edited)
    del data["fighter"], data["ruleset"]
    response = admin_client.post(url, data)
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.data["speed"] == 10 and card.data["traits"] == ["heart"]
    assert card.changes.first().diff["speed"] == [sample_card["speed"], 10]
    # invalid edit: the engine's message, the stored card untouched
    bad = card_post(fighter, "sample", {**edited, "style": "windmill"})
    del bad["fighter"], bad["ruleset"]
    response = admin_client.post(url, bad)
    assert response.status_code == 200
    assert "style: must be one of boxer, slugger" in response.content.decode()
    card.refresh_from_db()
    assert card.data["style"] == sample_card["style"]
    assert card.changes.count() == 2


def test_card_add_ruleset_switched_without_fields_saves_nothing(
    admin_client, sample_ruleset, sample_card
):
    fighter = fighter_create(name="Ana", weight_class="lightweight")
    data = card_post(fighter, "sample", sample_card)
    data["ruleset_shown"] = ""
    response = admin_client.post(reverse("admin:fighters_ratingcard_add"), data)
    assert response.status_code == 200
    assert not RatingCard.objects.exists()


def fighter_post(name, cards=(), **extra):
    data = {
        "name": name,
        "nickname": "",
        "nationality": "Ghana",
        "date_of_birth": "",
        "stance": "orthodox",
        "weight_class": "welterweight",
        "height_cm": "175",
        "reach_cm": "180",
        "camp": "",
        "is_active": "on",
        "retired_on": "",
        "cards-TOTAL_FORMS": str(len(cards)),
        "cards-INITIAL_FORMS": "0",
        "cards-MIN_NUM_FORMS": "0",
        "cards-MAX_NUM_FORMS": "1000",
        "card_changes-TOTAL_FORMS": "0",
        "card_changes-INITIAL_FORMS": "0",
        "card_changes-MIN_NUM_FORMS": "0",
        "card_changes-MAX_NUM_FORMS": "1000",
        **extra,
    }
    for i, (ruleset, card) in enumerate(cards):
        data[f"cards-{i}-ruleset"] = ruleset
        data[f"cards-{i}-data"] = json.dumps(card)
    return data


def test_fighter_add_with_inline_card(admin_client, sample_ruleset, sample_card):
    url = reverse("admin:fighters_fighter_add")
    response = admin_client.post(url, fighter_post("Kofi", [("sample", sample_card)]))
    assert response.status_code == 302, response.context["adminform"].form.errors
    fighter = Fighter.objects.get(name="Kofi")
    assert Career.objects.filter(fighter=fighter).exists()
    assert fighter.cards.get().data == sample_card
    assert CardChange.objects.filter(fighter=fighter).count() == 1


def test_fighter_add_with_invalid_inline_card_saves_nothing(
    admin_client, sample_ruleset, sample_card
):
    url = reverse("admin:fighters_fighter_add")
    bad = {**sample_card, "power": 0}
    response = admin_client.post(url, fighter_post("Kofi", [("sample", bad)]))
    assert response.status_code == 200
    assert "power: must be between 1 and 10 (got 0)" in response.content.decode()
    assert not Fighter.objects.exists() and not RatingCard.objects.exists()


def test_fighter_change_page_shows_cards_and_history(admin_client, sample_ruleset, sample_card):
    fighter = fighter_create(name="Ana", weight_class="lightweight", cards={"sample": sample_card})
    card_save(fighter=fighter, ruleset="sample", data={**sample_card, "power": 1, "speed": 1})
    body = admin_client.get(
        reverse("admin:fighters_fighter_change", args=[fighter.pk])
    ).content.decode()
    assert "card history" in body.lower()
    assert "edit field by field" in body
    assert "<code>power</code>" in body
    card = fighter.cards.get()
    assert reverse("admin:fighters_ratingcard_change", args=[card.pk]) in body


def _queries(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx)


@pytest.mark.parametrize(
    "model", ["fighter", "ratingcard", "cardchange", "camp", "cornerman", "career"]
)
def test_changelists_query_count_does_not_grow(admin_client, sample_ruleset, sample_card, model):
    from fighters.models import Camp
    from fighters.services import corner_man_create

    def add(start, n):
        for i in range(start, start + n):
            camp = Camp.objects.create(name=f"Camp {i}")
            corner_man_create(name=f"Corner {i}", camp=camp)
            fighter = fighter_create(
                name=f"F{i}", weight_class="lightweight", camp=camp, cards={"sample": sample_card}
            )
            card_save(fighter=fighter, ruleset="sample", data={**sample_card, "power": 1})

    url = reverse(f"admin:fighters_{model}_changelist")
    add(0, 2)
    few = _queries(admin_client, url)
    add(2, 20)
    many = _queries(admin_client, url)
    assert many == few, (few, many)
    assert few <= 10


def test_bulk_retire_and_move(admin_client):
    a = fighter_create(name="A", weight_class="lightweight")
    b = fighter_create(name="B", weight_class="lightweight")
    url = reverse("admin:fighters_fighter_changelist")
    admin_client.post(url, {"action": "retire_fighters", "_selected_action": [a.pk]})
    a.refresh_from_db()
    assert not a.is_active and a.retired_on is not None
    admin_client.post(
        url,
        {
            "action": "move_weight_class",
            "_selected_action": [a.pk, b.pk],
            "weight_class": "middleweight",
        },
    )
    assert set(Fighter.objects.values_list("weight_class", flat=True)) == {"middleweight"}
    response = admin_client.post(
        url,
        {"action": "move_weight_class", "_selected_action": [a.pk], "weight_class": ""},
        follow=True,
    )
    assert "Choose a weight class" in response.content.decode()


def test_search_and_filter(admin_client):
    fighter_create(name="Zed Alpha", weight_class="lightweight", nationality="Kenya")
    fighter_create(name="Yan Beta", weight_class="heavyweight")
    url = reverse("admin:fighters_fighter_changelist")
    body = admin_client.get(url, {"q": "kenya"}).content.decode()
    assert "Zed Alpha" in body and "Yan Beta" not in body
    body = admin_client.get(url, {"weight_class__exact": "heavyweight"}).content.decode()
    assert "Yan Beta" in body and "Zed Alpha" not in body


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_card_form_round_trips_generated_card(admin_client, ruleset):
    """Every registered ruleset's generated card survives the named-field form."""
    rules = get_ruleset(ruleset)
    fighter = fighter_create(name="Gen", weight_class="lightweight")
    card = {
        k: v
        for k, v in rules.generate_card(random.Random(3), None).items()
        if k not in ("name", "id")
    }
    response = admin_client.post(
        reverse("admin:fighters_ratingcard_add"), card_post(fighter, ruleset, card)
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    stored = RatingCard.objects.get(fighter=fighter, ruleset=ruleset)
    assert stored.data == card_save(fighter=fighter, ruleset=ruleset, data=card).data


def test_card_delete_in_admin_keeps_history(admin_client, admin_user, sample_ruleset, sample_card):
    fighter = fighter_create(name="Del", weight_class="lightweight", cards={"sample": sample_card})
    card = fighter.cards.get()
    url = reverse("admin:fighters_ratingcard_delete", args=[card.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not RatingCard.objects.exists()
    removal = CardChange.objects.get(after__isnull=True)
    assert removal.before == sample_card and removal.changed_by == admin_user


def test_inline_card_edit_and_delete_through_fighter_page(
    admin_client, sample_ruleset, sample_card
):
    fighter = fighter_create(name="Inl", weight_class="welterweight", cards={"sample": sample_card})
    card = fighter.cards.get()
    url = reverse("admin:fighters_fighter_change", args=[fighter.pk])
    data = fighter_post("Inl")
    data.update(
        {
            "cards-TOTAL_FORMS": "1",
            "cards-INITIAL_FORMS": "1",
            "cards-0-id": str(card.pk),
            "cards-0-fighter": str(fighter.pk),
            "cards-0-data": json.dumps({**sample_card, "speed": 10}),
        }
    )
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.context["inline_admin_formsets"][0].formset.errors
    card.refresh_from_db()
    assert card.data["speed"] == 10
    data["cards-0-DELETE"] = "on"
    assert admin_client.post(url, data).status_code == 302
    assert not RatingCard.objects.exists()
    assert CardChange.objects.filter(fighter=fighter).count() == 3


def test_card_add_page_without_ruleset_asks_for_one(admin_client):
    response = admin_client.get(reverse("admin:fighters_ratingcard_add"), {"ruleset": "chess"})
    assert response.status_code == 200
    assert "Choose a ruleset first." in response.content.decode()
    response = admin_client.get(reverse("admin:fighters_ratingcard_add"))
    assert response.status_code == 200


def test_history_inline_shows_latest_and_links_all(admin_client, sample_ruleset, sample_card):
    from fighters.admin import HISTORY_INLINE_ROWS

    fighter = fighter_create(name="Hist", weight_class="lightweight", cards={"sample": sample_card})
    other = fighter_create(name="Other", weight_class="lightweight", cards={"sample": sample_card})
    for i in range(HISTORY_INLINE_ROWS + 5):
        card_save(fighter=fighter, ruleset="sample", data={**sample_card, "power": 1 + i % 10})
    response = admin_client.get(reverse("admin:fighters_fighter_change", args=[fighter.pk]))
    formset = [
        f for f in response.context["inline_admin_formsets"] if f.formset.model is CardChange
    ]
    shown = list(formset[0].formset.queryset)
    assert len(shown) == HISTORY_INLINE_ROWS
    assert all(c.fighter_id == fighter.pk for c in shown)
    assert shown[0] == CardChange.objects.filter(fighter=fighter).first()  # newest first
    url = reverse("admin:fighters_cardchange_changelist")
    response = admin_client.get(url, {"fighter__id__exact": fighter.pk})
    assert response.status_code == 200
    assert response.context["cl"].result_count == HISTORY_INLINE_ROWS + 6
    assert other.pk != fighter.pk
