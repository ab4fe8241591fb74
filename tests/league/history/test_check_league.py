"""check_league recomputes every record line and award from the bouts, reports
a difference, and --repair rewrites them."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league.history import services
from league.models import Award, RecordLine

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_check_league_reports_wrong_records_and_awards_and_repairs_them(world):
    services.season_awards_hand_out(world.season, by=world.commissioner)
    out, _ = run("check_league", world.league.slug)
    assert "records and awards agree" in out
    RecordLine.objects.filter(division=world.division).update(knockouts=9)
    Award.objects.filter(kind="knockout").update(bout=world.bouts[3])
    with pytest.raises(CommandError, match="disagreement"):
        _, err = run("check_league", world.league.slug)
    out, err = run("check_league", world.league.slug, "--repair")
    assert "rebuilt" in out and "agree" in out and not err
    assert Award.objects.get(kind="knockout").bout_id == world.bouts[0].pk
