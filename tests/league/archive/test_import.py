"""Importing an archive: permission, a taken slug, values checked by the models
with the item named, nothing half written, and a commissioner's archive (without
what only staff may read) refused."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied

from bouts.models import Bout, BoutStatus
from fighters.models import Camp, Fighter
from league.archive import ArchiveError, export_league, import_league
from league.models import League
from league.selectors import league_check

pytestmark = pytest.mark.django_db


def problems_of(data, by, **kwargs) -> list[str]:
    with pytest.raises(ArchiveError) as caught:
        import_league(data, by=by, **kwargs)
    return caught.value.problems


def test_a_taken_slug_is_refused_and_a_new_slug_and_name_import_a_copy(booked, roles):
    archive = export_league(booked)
    staff = roles["staff"]
    assert problems_of(archive, staff) == [
        f"league.slug: a league {booked.slug!r} exists already; import it under a new slug",
        f"league.name: a league named {booked.name!r} exists already; give it a new name",
    ]
    copy = import_league(archive, by=staff, slug="the-copy", name="The Copy")
    assert (copy.slug, copy.name) == ("the-copy", "The Copy")
    assert league_check(league=copy) == []
    bouts = Bout.objects.filter(event__league=copy)
    originals = Bout.objects.filter(event__league=booked)
    assert sorted(bouts.values_list("seed", "status")) == sorted(
        originals.values_list("seed", "status")
    )
    assert not set(bouts.values_list("red_id", flat=True)) & set(
        originals.values_list("red_id", flat=True)
    ), "the copy's fighters are its own rows"
    again = export_league(copy)
    archive["league"].update(slug="the-copy", name="The Copy")
    assert again == archive


def test_a_bad_value_names_the_item_and_nothing_is_written(booked, roles):
    archive = export_league(booked)
    archive["fighters"][1]["stance"] = "sideways"
    archive["bouts"][0]["result"] = {"winner": "red", "method": "KO", "round": "two"}
    before = (League.objects.count(), Fighter.objects.count(), Bout.objects.count())
    problems = problems_of(archive, roles["staff"], slug="bad-copy", name="Bad Copy")
    assert problems == ["fighters[1].stance: Value 'sideways' is not a valid choice."]
    assert (League.objects.count(), Fighter.objects.count(), Bout.objects.count()) == before


def test_a_bad_card_and_a_bad_nested_row_are_named(booked, roles):
    archive = export_league(booked)
    archive["fighters"][0]["cards"][0]["data"] = {"nonsense": True}
    problems = problems_of(archive, roles["staff"], slug="bad-card", name="Bad Card")
    assert problems and all(p.startswith("fighters[0].cards[0].data: ") for p in problems)
    archive = export_league(booked)
    archive["bouts"][0]["result"] = {"winner": "red", "method": "KO", "round": "two"}
    problems = problems_of(archive, roles["staff"], slug="bad-result", name="Bad Result")
    assert problems[0].startswith("bouts[0].result.round: ")
    assert "time: is required" in " ".join(problems)
    assert not League.objects.filter(slug__in=["bad-card", "bad-result"]).exists()


def test_a_camp_the_database_has_is_used_as_it_is_with_its_fighters(booked, roles):
    from fighters.services import camp_create

    camp = camp_create(name="Shared Camp", city="Leeds")
    fighter = booked.divisions.get().fighters.order_by("id").first()
    Fighter.objects.filter(pk=fighter.pk).update(camp=camp)
    archive = export_league(booked)
    archive["camps"][0]["city"] = "Elsewhere"
    copy = import_league(archive, by=roles["staff"], slug="camp-copy", name="Camp Copy")
    assert Camp.objects.filter(name="Shared Camp").get().city == "Leeds"
    assert copy.divisions.get().fighters.filter(pk=fighter.pk).exists()
    assert Fighter.objects.filter(name=fighter.name).count() == 1
    others = Fighter.objects.exclude(pk=fighter.pk).filter(divisions__league=copy)
    assert others.count() == 3 and not others.filter(divisions__league=booked).exists()
    assert league_check(league=copy) == []


@pytest.mark.parametrize(
    "role", ["plain user", "manager", "another league's commissioner", "commissioner"]
)
def test_only_staff_or_a_league_creator_imports(booked, roles, role):
    archive = export_league(booked)
    with pytest.raises(PermissionDenied):
        import_league(archive, by=roles[role], slug="not-allowed", name="Not Allowed")
    assert not League.objects.filter(slug="not-allowed").exists()


def test_a_user_allowed_to_create_leagues_imports_and_commissions_the_copy(booked, roles):
    user = roles["plain user"]
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    user = get_user_model().objects.get(pk=user.pk)  # the permission cache
    copy = import_league(export_league(booked), by=user, slug="creator-copy", name="Creator")
    assert copy.commissioners.filter(pk=user.pk).exists()


def test_only_staff_imports_into_camps_that_exist(booked, roles):
    """Not staff: an archive naming an existing camp would give its fighters the
    archive's bouts."""
    from fighters.services import camp_create

    camp = camp_create(name="Somebody's Camp")
    Fighter.objects.filter(pk=booked.divisions.get().fighters.first().pk).update(camp=camp)
    user = roles["plain user"]
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    user = get_user_model().objects.get(pk=user.pk)
    problems = problems_of(export_league(booked), user, slug="into-camps", name="Into Camps")
    assert problems == [
        'camps[0].name: a camp named "Somebody\'s Camp" exists on this site; '
        "only staff imports a league into camps that exist"
    ]


def test_a_commissioners_archive_leaves_out_unfought_seeds_and_plans_and_is_not_imported(
    booked, roles
):
    archive = export_league(booked, include_private=False)
    assert archive["complete"] is False
    scheduled = [b for b in archive["bouts"] if b["status"] == BoutStatus.SCHEDULED]
    assert scheduled and all(b["seed"] is None and b["inputs"] is None for b in scheduled)
    assert all(p == [] for f in archive["fighters"] for p in [f["standing_plans"]])
    problems = problems_of(archive, roles["staff"], slug="partial", name="Partial")
    assert problems[0].startswith("complete: this archive was made without its private parts")


def test_a_league_slug_or_name_that_is_not_text_is_named(booked, roles):
    archive = export_league(booked)
    archive["league"]["slug"] = ["not", "text"]
    assert problems_of(archive, roles["staff"], name="Other") == ["league.slug: must be text"]


def test_rows_that_clash_in_the_database_are_said_in_words(booked, roles):
    archive = export_league(booked)
    first, second = archive["bouts"][0], archive["bouts"][1]
    second.update(event=first["event"], order=first["order"])  # one place on a card, twice
    problems = problems_of(archive, roles["staff"], slug="clash", name="Clash")
    assert problems == [
        "archive: two of its rows clash (the same place on a card, the same name in a camp, "
        "the same key twice), or clash with rows this site has"
    ]
    assert not League.objects.filter(slug="clash").exists()
