"""Export -> import into an emptied database -> identical derived tables, a clean
``check_league``, and the same archive exported again (issue 35, item 4)."""

import json

import pytest
from django.contrib.auth import get_user_model

from bouts.models import Bout
from fighters.models import Camp, CornerMan, Fighter
from league.archive import export_league, import_league
from league.models import League
from league.selectors import league_check
from referees.models import Doctor, Judge, Referee

from .fought import derived_tables, fought_league

pytestmark = pytest.mark.django_db


def empty_the_database(league) -> None:
    """Delete the league and everything it owns (and the shared rows it used)."""
    Bout.objects.filter(event__league=league).delete()
    Bout.objects.filter(division__league=league).delete()
    league.delete()
    Fighter.objects.all().delete()
    CornerMan.objects.all().delete()
    Camp.objects.all().delete()
    for model in (Referee, Judge, Doctor):
        model.objects.all().delete()


def staff():
    return get_user_model().objects.create_user("archive-staff", password="x", is_staff=True)


def test_an_imported_league_has_the_same_derived_tables_and_exports_the_same(ruleset):
    league = fought_league(ruleset)
    assert league_check(league=league) == []
    before = derived_tables(league)
    for table in (
        "standings",
        "reigns",
        "rating_history",
        "record_lines",
        "awards",
        "hall_of_fame",
    ):
        assert before[table], f"the league to archive has no {table}"
    archive = json.loads(json.dumps(export_league(league)))
    assert archive["season_breaks"][0]["done"] == ["crown", "awards"]
    assert archive["seasons"][0]["champion"] is not None
    # The tournament's stages travel with it (a plain bracket: one elimination stage).
    assert [s["kind"] for s in archive["tournaments"][0]["stages"]] == ["single"]
    by = staff()

    empty_the_database(league)
    assert not Bout.objects.exists() and not League.objects.exists()
    imported = import_league(archive, by=by)

    assert imported.slug == archive["league"]["slug"]
    assert league_check(league=imported) == []
    after = derived_tables(imported)
    for table in before:
        assert after[table] == before[table], table
    again = json.loads(json.dumps(export_league(imported)))
    assert again == archive
