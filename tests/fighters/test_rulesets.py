"""Ruleset-specific checks, each skipped only while its ruleset has not landed in
bouts.engine.RULESETS."""

import json
import random

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from bouts.engine.registry import RULESETS
from fighters.cards import card_shape
from fighters.models import CardChange, RatingCard
from fighters.services import card_save, fighter_create

from .conftest import registered_or_skip

pytestmark = pytest.mark.django_db


def need(ruleset):
    if ruleset not in RULESETS:
        pytest.skip(f"{ruleset} has not landed in bouts.engine.RULESETS")
    return RULESETS[ruleset]


def generated(ruleset, seed=1, rating=None):
    card = RULESETS[ruleset].generate_card(random.Random(seed), rating)
    return {k: v for k, v in card.items() if k not in ("name", "id")}


def test_titlebout_bad_range_refused_with_engine_message(admin_client):
    need("titlebout")
    fighter = fighter_create(name="Tb", weight_class="middleweight")
    card = generated("titlebout")
    card["fresh"] = {**card["fresh"], "pl": [1, 90]}
    with pytest.raises(ValidationError) as exc:
        card_save(fighter=fighter, ruleset="titlebout", data=card)
    assert exc.value.message_dict["data"] == [
        "fresh.pl: must satisfy 1 <= low <= high <= 80 (got [1, 90])"
    ]
    # the admin's named-field form shows the same message on fresh.pl, saves nothing
    post = {"fighter": fighter.pk, "ruleset": "titlebout", "ruleset_shown": "titlebout"}
    from fighters.cards import flatten, format_cell

    for key, value in flatten(card).items():
        post[f"card.{key}"] = format_cell(value) if isinstance(value, list | dict) else value
    response = admin_client.post(reverse("admin:fighters_ratingcard_add"), post)
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert form.errors["card.fresh.pl"] == [
        "fresh.pl: must satisfy 1 <= low <= high <= 80 (got [1, 90])"
    ]
    assert not RatingCard.objects.exists() and not CardChange.objects.exists()


def test_titlebout_form_names_nested_fields(admin_client):
    need("titlebout")
    fighter = fighter_create(name="Tb", weight_class="middleweight")
    body = admin_client.get(
        reverse("admin:fighters_ratingcard_add"), {"ruleset": "titlebout", "fighter": fighter.pk}
    ).content.decode()
    for name in ("card.fresh.pl", "card.fatigued.ko", "card.hitting.jab.three", "card.southpaw"):
        assert f'name="{name}"' in body


def test_pocket_style_choice_refused():
    need("pocket")
    fighter = fighter_create(name="Pk", weight_class="lightweight")
    with pytest.raises(ValidationError) as exc:
        card_save(
            fighter=fighter, ruleset="pocket", data={**generated("pocket"), "style": "windmill"}
        )
    assert exc.value.messages == ["style: must be one of boxer, swarmer, brawler (got 'windmill')"]


def test_webl_attribute_range_refused():
    need("webl")
    fighter = fighter_create(name="Wb", weight_class="lightweight")
    with pytest.raises(ValidationError) as exc:
        card_save(fighter=fighter, ruleset="webl", data={**generated("webl"), "str": 31})
    assert exc.value.messages == ["str: must be between 1 and 30 (got 31)"]


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_unknown_field_refused_every_ruleset(ruleset):
    fighter = fighter_create(name="U", weight_class="lightweight")
    with pytest.raises(ValidationError) as exc:
        card_save(fighter=fighter, ruleset=ruleset, data={**generated(ruleset), "zzz_bogus": 1})
    (message,) = exc.value.messages
    assert message.startswith("zzz_bogus: ")
    assert not RatingCard.objects.exists()


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_card_form_shows_every_shape_field(admin_client, ruleset):
    fighter = fighter_create(name="S", weight_class="lightweight")
    response = admin_client.get(
        reverse("admin:fighters_ratingcard_add"), {"ruleset": ruleset, "fighter": fighter.pk}
    )
    body = response.content.decode()
    shape = card_shape(ruleset)
    assert shape
    for key in shape:
        assert f'name="card.{key}"' in body
    # the prefilled template is a valid card
    form = response.context["adminform"].form
    initial = {k[len("card.") :]: form.initial[k] for k in form.initial if k.startswith("card.")}
    from fighters.cards import parse_cell, unflatten

    values = {k: parse_cell(v) if isinstance(v, str) else v for k, v in initial.items()}
    card_save(fighter=fighter, ruleset=ruleset, data=unflatten(values))
    assert json.dumps(RatingCard.objects.get().data)
