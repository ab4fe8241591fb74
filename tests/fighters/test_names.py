"""Folded names for the fighter index's search (fighters.names) and the column that
keeps them (Fighter.search_name), including the data migration for old rows."""

import importlib

import pytest
from django.apps import apps

from fighters.models import Fighter
from fighters.names import fold, search_name
from fighters.services import fighter_create


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Zoltán Németh", "zoltan nemeth"),
        ("ŁUKASZ  Żółć", "lukasz zolc"),
        ("Søren Ødegaard", "soren odegaard"),
        ("Straße", "strasse"),
        ("Đorđe Ðukić", "dorde dukic"),
        ("Ÿves Çelik", "yves celik"),
        ("  ", ""),
    ],
)
def test_fold(text, folded):
    assert fold(text) == folded


def test_search_name_holds_name_and_nickname():
    assert search_name(name="Niko Šegović", nickname="El Niño") == "niko segovic el nino"
    assert search_name(name="Plain") == "plain"


@pytest.mark.django_db
def test_every_save_keeps_the_search_name():
    fighter = fighter_create(name="Émile Brûlé", weight_class="middleweight")
    assert Fighter.objects.get(pk=fighter.pk).search_name == "emile brule"
    # A partial save that leaves the name alone does not touch it.
    fighter.is_active = False
    fighter.retired_on = fighter.created_at.date()
    fighter.save(update_fields=["is_active", "retired_on"])
    assert Fighter.objects.get(pk=fighter.pk).search_name == "emile brule"


@pytest.mark.django_db
def test_the_data_migration_fills_existing_rows():
    migration = importlib.import_module("fighters.migrations.0006_fighter_search_name")
    made = [
        fighter_create(name=name, weight_class="middleweight")
        for name in ("Ferenc Puskás", "Jiří Novák", "Plain Name")
    ]
    Fighter.objects.update(search_name="")  # as the rows were before the column
    migration.fill_search_names(apps, None)
    assert dict(
        Fighter.objects.filter(pk__in=[f.pk for f in made]).values_list("name", "search_name")
    ) == {
        "Ferenc Puskás": "ferenc puskas",
        "Jiří Novák": "jiri novak",
        "Plain Name": "plain name",
    }
