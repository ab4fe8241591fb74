import datetime
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from bouts.engine.registry import get_ruleset
from fighters.models import Camp, CardChange, Career, Fighter, RatingCard
from fighters.services import (
    card_delete,
    card_save,
    fighter_create,
    fighter_retire,
    fighters_move_weight_class,
)

from .conftest import registered_or_skip

pytestmark = pytest.mark.django_db


def test_fighter_create_makes_career_and_cards(sample_ruleset, sample_card):
    fighter = fighter_create(
        name="Ana Ruiz", weight_class="lightweight", cards={"sample": sample_card}
    )
    assert Career.objects.get(fighter=fighter).wins == 0
    card = fighter.cards.get()
    assert card.ruleset == "sample"
    assert card.data == sample_card
    assert card.rating == sample_ruleset.card_rating(sample_card)
    change = CardChange.objects.get(fighter=fighter)
    assert change.before is None and change.after == sample_card
    assert change.diff["power"] == [None, sample_card["power"]]


def test_fighter_create_with_bad_card_writes_nothing(sample_ruleset, sample_card):
    bad = {**sample_card, "power": 42}
    with pytest.raises(ValidationError) as exc:
        fighter_create(name="Ana Ruiz", weight_class="lightweight", cards={"sample": bad})
    assert exc.value.message_dict == {"cards.sample": ["power: must be between 1 and 10 (got 42)"]}
    assert not Fighter.objects.exists()
    assert not Career.objects.exists()


def test_card_save_refuses_bad_card_with_engine_message(sample_ruleset, sample_card):
    fighter = fighter_create(name="Bo", weight_class="flyweight")
    with pytest.raises(ValidationError) as exc:
        card_save(fighter=fighter, ruleset="sample", data={**sample_card, "fresh": {"pl": 0}})
    assert exc.value.message_dict == {"data": ["fresh.pl: must be between 1 and 10 (got 0)"]}
    assert not RatingCard.objects.exists() and not CardChange.objects.exists()


def test_card_save_unknown_ruleset(sample_card):
    fighter = fighter_create(name="Bo", weight_class="flyweight")
    with pytest.raises(ValidationError) as exc:
        card_save(fighter=fighter, ruleset="nosuch", data=sample_card)
    assert "unknown ruleset 'nosuch'" in exc.value.message_dict["ruleset"][0]


def test_card_save_logs_diff_and_user(sample_ruleset, sample_card):
    user = get_user_model().objects.create_user("editor", is_staff=True)
    fighter = fighter_create(name="Bo", weight_class="flyweight")
    card_save(fighter=fighter, ruleset="sample", data=sample_card)
    changed = {**sample_card, "fresh": {"pl": 9 if sample_card["fresh"]["pl"] != 9 else 8}}
    card = card_save(fighter=fighter, ruleset="sample", data=changed, user=user, source="import")
    assert RatingCard.objects.count() == 1
    latest = card.changes.first()
    assert latest.changed_by == user and latest.source == "import"
    assert latest.diff == {"fresh.pl": [sample_card["fresh"]["pl"], changed["fresh"]["pl"]]}
    # an identical save is not a change
    card_save(fighter=fighter, ruleset="sample", data=changed)
    assert card.changes.count() == 2


def test_card_name_comes_from_fighter_row(sample_ruleset, sample_card):
    fighter = fighter_create(name="Bo", weight_class="flyweight")
    card = card_save(fighter=fighter, ruleset="sample", data={**sample_card, "name": "Other"})
    assert "name" not in card.data


def test_card_delete_keeps_history(sample_ruleset, sample_card):
    fighter = fighter_create(name="Bo", weight_class="flyweight", cards={"sample": sample_card})
    card_delete(card=fighter.cards.get())
    assert not RatingCard.objects.exists()
    assert CardChange.objects.filter(fighter=fighter).count() == 2
    assert CardChange.objects.filter(after__isnull=True).get().before == sample_card


def test_fighter_unique_name_per_camp():
    camp = Camp.objects.create(name="Kronk")
    fighter_create(name="Tommy", weight_class="middleweight", camp=camp)
    with pytest.raises(ValidationError):
        fighter_create(name="Tommy", weight_class="middleweight", camp=camp)
    fighter_create(name="Tommy", weight_class="middleweight")  # another camp (none) is fine


def test_fighter_create_refuses_implausible_height():
    with pytest.raises(ValidationError) as exc:
        fighter_create(name="Tall", weight_class="heavyweight", height_cm=400)
    assert exc.value.message_dict
    assert not Fighter.objects.exists()


def test_retire_and_move_weight_class():
    a = fighter_create(name="A", weight_class="lightweight")
    b = fighter_create(name="B", weight_class="welterweight")
    fighter_retire(fighter=a, on=datetime.date(2026, 1, 2))
    a.refresh_from_db()
    assert not a.is_active and a.retired_on == datetime.date(2026, 1, 2)
    assert fighters_move_weight_class(fighters=[a, b], weight_class="welterweight") == 1
    assert set(Fighter.objects.values_list("weight_class", flat=True)) == {"welterweight"}
    with pytest.raises(ValidationError):
        fighters_move_weight_class(fighters=[a], weight_class="jumbo")


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_generated_cards_round_trip_every_registered_ruleset(ruleset):
    rules = get_ruleset(ruleset)
    fighter = fighter_create(name="Gen", weight_class="lightweight")
    low, high = rules.rating_range
    for i, rating in enumerate((low, (low + high) / 2, high)):
        data = rules.generate_card(random.Random(i), rating)
        card = card_save(fighter=fighter, ruleset=ruleset, data=data)
        card.refresh_from_db()
        # what is stored validates again and feeds the engine unchanged
        engine_card = {**card.data, "name": fighter.name}
        if rules.team:
            engine_card["id"] = fighter.id
        assert rules.validate_card(engine_card) is not None
        assert card.rating == pytest.approx(rules.card_rating(rules.validate_card(engine_card)))


def test_database_refuses_bad_choices_even_without_full_clean():
    from django.db import IntegrityError, transaction

    from fighters.models import CornerMan

    with pytest.raises(IntegrityError), transaction.atomic():
        Fighter.objects.create(name="Raw", weight_class="jumbo")
    with pytest.raises(IntegrityError), transaction.atomic():
        Fighter.objects.create(name="Raw", weight_class="lightweight", stance="windmill")
    with pytest.raises(IntegrityError), transaction.atomic():
        CornerMan.objects.create(name="Raw", role="masseur")
    with pytest.raises(IntegrityError), transaction.atomic():
        CornerMan.objects.create(name="Raw", cut="superb")


def test_card_save_needs_a_saved_fighter(sample_ruleset, sample_card):
    with pytest.raises(ValidationError) as exc:
        card_save(fighter=Fighter(name="Ghost"), ruleset="sample", data=sample_card)
    assert exc.value.message_dict == {"fighter": ["save the fighter before its cards"]}
