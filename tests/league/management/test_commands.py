"""The league's commands: the demo league fought and consistent under check_league."""

import datetime
import io
import re
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError, OutputWrapper

from bouts.models import Bout, BoutStatus
from league.management.commands import _league
from league.management.commands._league import column_name, name_width
from league.models import League, Standing, Title, Tournament

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_demo_league_fought_and_consistent(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        out, err = run(
            "load_demo", "--seed", "3", "--fighters", "4", "--tournament-size", "4", "--fight"
        )
    leagues = list(League.objects.order_by("slug"))
    assert leagues, out + err
    for league in leagues:
        division = league.divisions.get()
        assert division.fighters.count() == 4
        season = division.seasons.get()
        assert Standing.objects.filter(season=season).count() == 4
        tournament = Tournament.objects.get(division=division)
        # Every bout run, or postponed on its fight night (a fighter suspended by
        # an earlier round: 60 days after a KO, and the rounds are 14 days apart).
        finished = Bout.objects.filter(
            division=division,
            status__in=[BoutStatus.COMPLETED, BoutStatus.FAILED, BoutStatus.POSTPONED],
        )
        assert finished.count() >= 6  # the round robin at least
        assert not Bout.objects.filter(division=division).exclude(pk__in=finished).exists()
        postponed = Bout.objects.filter(division=division, status=BoutStatus.POSTPONED)
        assert all("suspended" in b.postponed_reason for b in postponed)
        out_check, _ = run("check_league", league.slug)
        assert "agree" in out_check
        if tournament.status == "completed":
            assert tournament.champion is not None
    assert "champion" in out
    # What it prints reads as the pages do: whole names, dates as "3 Dec 2027".
    assert "defence(s)" not in out and not re.search(r"\d{4}-\d{2}-\d{2}", out)
    for league in leagues:
        for standing in Standing.objects.filter(season__division__league=league):
            assert str(standing.fighter or standing.camp) in out
    # Loading again with --if-empty leaves the leagues alone.
    out, _ = run("load_demo", "--if-empty")
    assert "not loaded again" in out
    assert League.objects.count() == len(leagues)
    Title.objects.all()  # titles exist per division
    assert Title.objects.count() == len(leagues)


def test_check_league_fails_on_disagreement(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run("load_demo", "--seed", "4", "--fighters", "3", "--fight", "--tournament-size", "2")
    league = League.objects.order_by("slug").first()
    Standing.objects.filter(season__league=league).update(points=77)
    with pytest.raises(CommandError, match="disagreement"):
        run("check_league", league.slug)
    out, _ = run("check_league", league.slug, "--repair")
    assert "rebuilt" in out and "agree" in out
    with pytest.raises(CommandError, match="no league"):
        run("check_league", "nope")


def test_simulate_season_and_run_tournament(django_capture_on_commit_callbacks):
    run("load_demo", "--seed", "5", "--fighters", "4")
    league = League.objects.order_by("slug").first()
    division = league.divisions.get()
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = run("simulate_season", league.slug, "--division", division.weight_class)
    assert "6 bouts" in out
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = run(
            "run_tournament", league.slug, "--division", division.name, "--size", "3", "--double"
        )
    assert "champion" in out
    with pytest.raises(CommandError, match="only 4 eligible"):
        run("run_tournament", league.slug, "--division", division.weight_class, "--size", "9")
    with pytest.raises(CommandError, match="no division"):
        run("simulate_season", league.slug, "--division", "featherweight")


def test_simulate_season_plays_through_several_seasons_of_a_league_that_auto_advances(
    django_capture_on_commit_callbacks,
):
    run("load_demo", "--seed", "5", "--fighters", "4")
    league = League.objects.order_by("slug").first()
    with pytest.raises(CommandError, match="auto-advance seasons"):
        run("simulate_season", league.slug, "--seasons", "2")
    League.objects.filter(pk=league.pk).update(auto_advance_seasons=True)
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = run("simulate_season", league.slug, "--seasons", "2")
    numbers = sorted(league.seasons.values_list("number", "status"))
    assert numbers == [(1, "completed"), (2, "completed")]
    assert "season 2" in out
    with pytest.raises(CommandError, match="at least one"):
        run("simulate_season", league.slug, "--seasons", "0")


def test_demo_never_fails(monkeypatch):
    from league.management.commands import load_demo

    def broken(self, *args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(load_demo.Command, "handle", broken)
    _out, err = run("demo")
    assert "could not be completed" in err


def test_a_names_column_fits_its_longest_name_up_to_forty_characters():
    names = ["Lee Leonard", "Davi Luiz Santos “Smokin’”"]
    assert name_width(names) == len(names[1])
    assert column_name(names[1], name_width(names)) == names[1]
    long = "Maximiliano Bartholomew Fitzgerald “The Unbreakable”"
    assert name_width([long]) == 40
    assert column_name(long, 40) == long[:39] + "…"
    assert name_width([]) == 0


def test_a_lineage_prints_its_dates_as_the_pages_do_and_counts_defences_in_words(monkeypatch):
    def reign(number, defences, started, ended=None):
        return SimpleNamespace(
            number=number,
            fighter=f"Champion {number}",
            camp=None,
            defences=defences,
            started_on=started,
            ended_on=ended,
            get_end_reason_display=lambda: "lost the title",
        )

    division = SimpleNamespace(name="Middleweight")
    league = SimpleNamespace(name="The League")
    reigns = [
        reign(1, 1, datetime.date(2027, 1, 5), datetime.date(2027, 12, 3)),
        reign(2, 0, datetime.date(2027, 12, 3)),
    ]
    monkeypatch.setattr(_league, "league_champions", lambda league: [(division, "Champion 2")])
    monkeypatch.setattr(_league, "title_lineage", lambda division: reigns)
    out = io.StringIO()
    _league.print_champions(OutputWrapper(out), league)  # a command's stdout
    assert out.getvalue().splitlines() == [
        "The League Middleweight champion: Champion 2",
        "  #1 Champion 1: from 5 Jan 2027, 1 defence, until 3 Dec 2027 (lost the title)",
        "  #2 Champion 2: from 3 Dec 2027, 0 defences, champion now",
    ]
