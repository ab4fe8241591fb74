"""export_league and import_league: the demo leagues (every ruleset, team leagues
with camps among them) exported to files, the database emptied, imported back
with the same derived tables and a clean check_league; bad input is one clear
line and exit status 1."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from bouts.models import Bout
from fighters.models import Camp, CornerMan, Fighter
from league.models import League
from referees.models import Doctor, Judge, Referee

from ..archive.fought import derived_tables

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def empty_the_database():
    Bout.objects.all().delete()
    League.objects.all().delete()
    for model in (Fighter, CornerMan, Camp, Referee, Judge, Doctor):
        model.objects.all().delete()


def test_the_demo_leagues_exported_and_imported_into_an_empty_database_are_the_same(
    tmp_path, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        run("load_demo", "--seed", "3", "--fighters", "4", "--tournament-size", "4", "--fight")
    leagues = list(League.objects.order_by("slug"))
    assert len(leagues) > 1
    before, files = {}, {}
    for league in leagues:
        before[league.slug] = derived_tables(league)
        files[league.slug] = tmp_path / f"{league.slug}.json"
        _out, err = run("export_league", league.slug, "-o", str(files[league.slug]))
        assert f"written to {files[league.slug]}" in err
    empty_the_database()

    for slug, path in files.items():
        out, _err = run("import_league", str(path))
        assert out.startswith(f"{slug}: imported")
    for slug, path in files.items():
        league = League.objects.get(slug=slug)
        out, _err = run("check_league", slug)
        assert "agree" in out
        assert derived_tables(league) == before[slug], slug
        exported = tmp_path / f"again-{slug}.json"
        run("export_league", slug, "-o", str(exported))
        assert json.loads(exported.read_text()) == json.loads(path.read_text())


def test_exporting_an_unknown_league_names_the_known_ones():
    with pytest.raises(CommandError, match=r"no league 'nope' \(known: none\)"):
        run("export_league", "nope")


def test_a_file_that_is_not_json_is_one_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": ')
    with pytest.raises(CommandError) as caught:
        run("import_league", str(path))
    assert str(caught.value).startswith(f"{path}: not JSON (Expecting value at line 1")
    with pytest.raises(CommandError, match="cannot read it"):
        run("import_league", str(tmp_path / "missing.json"))


def test_a_bad_archive_names_its_first_problem_and_writes_nothing(tmp_path):
    path = tmp_path / "bad.json"
    archive = {
        "format": "ringside-league-archive",
        "version": 1,
        "complete": True,
        "league": {"name": "Bad", "slug": "bad", "ruleset": "webl", "start_date": "2026-01-01"},
        "fighters": [{"id": "F1", "name": "One", "weight_class": "middleweight"}],
        "bouts": [{"id": "B1", "red": "F1", "blue": "x", "date": "2026-01-02"}],
    }
    path.write_text(json.dumps(archive))
    with pytest.raises(CommandError) as caught:
        run("import_league", str(path))
    assert str(caught.value) == (
        f"{path}: not imported: bouts[0].blue: no fighter 'x' in this archive"
    )
    assert not League.objects.exists() and not Fighter.objects.exists()


def test_the_exit_status_is_1_and_the_message_one_line_on_stderr(tmp_path, capsys):
    from league.management.commands.import_league import Command

    path = tmp_path / "list.json"
    path.write_text("[]")
    with pytest.raises(SystemExit) as caught:
        Command().run_from_argv(["manage.py", "import_league", str(path)])
    assert caught.value.code == 1
    err = capsys.readouterr().err
    assert err == f"CommandError: {path}: not imported: archive: must be a JSON object\n"
