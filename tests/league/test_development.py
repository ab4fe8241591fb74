import datetime as dt
import io
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from bouts.engine import RULESETS, generate_card, get_ruleset
from core.words import counted
from fighters.models import CardChange, RatingCard
from league import development, services
from league.calendar.seasons import season_book_night, season_close
from league.models import Reign

from .conftest import make_league, record

pytestmark = pytest.mark.django_db


def test_growth_and_punishment_model():
    assert [development.growth_steps(a) for a in (21, 25, 28, 32, 35)] == [2, 1, 0, -1, -2]
    assert development.punishment_steps(knockdowns=4, stoppage_losses=1) == -2
    assert development.should_retire(age=38, rating=99, rating_range=(0, 100), stoppage_losses=0)
    assert development.should_retire(age=34, rating=20, rating_range=(0, 100), stoppage_losses=0)
    assert not development.should_retire(
        age=34, rating=60, rating_range=(0, 100), stoppage_losses=0
    )
    assert development.age_on(dt.date(2000, 6, 2), dt.date(2026, 6, 1)) == 25


@pytest.mark.parametrize("ruleset", [n for n, r in RULESETS.items() if not r.team])
def test_develop_card_moves_the_rating_the_right_way(ruleset):
    rules = get_ruleset(ruleset)
    low, high = rules.rating_range
    card = rules.validate_card(generate_card(ruleset, 5, (low + high) / 2))
    better = development.develop_card(rules, card, 3, random.Random(1))
    worse = development.develop_card(rules, card, -3, random.Random(1))
    assert rules.card_rating(better) > rules.card_rating(card) > rules.card_rating(worse)
    rules.validate_card(better)
    rules.validate_card(worse)
    assert better.get("name") == card.get("name") == worse.get("name")


def test_league_develop_writes_history_and_retires_the_champion(ruleset):
    league, division = make_league(ruleset, 4, development=True)
    tournament = services.tournament_create(division=division, size=2, queue=False)
    bout = tournament.matches.get().bout
    record(bout, "red", "UD")
    champion = bout.red
    assert Reign.objects.get(title__division=division).fighter == champion
    # The champion is old: he retires; the young develop.
    champion.date_of_birth = dt.date(1980, 1, 1)
    champion.save()
    before = dict(RatingCard.objects.values_list("fighter_id", "rating"))
    on = bout.date + dt.timedelta(days=30)
    summary = development.league_develop(league=league, on=on)
    assert summary.retired == 1 and summary.cards >= 1
    champion.refresh_from_db()
    assert not champion.is_active and champion.retired_on == on
    reign = Reign.objects.get(title__division=division)
    assert reign.end_reason == "retired" and reign.ended_on == on
    changed = CardChange.objects.filter(source="development")
    assert changed.count() == summary.cards
    # Fighters born in 2000 are 26: one step up each (no punishment taken).
    for card in RatingCard.objects.filter(fighter__in=division.fighters.exclude(pk=champion.pk)):
        assert card.rating >= before[card.fighter_id]
    from league.selectors import league_check

    assert league_check(league=league) == []


def test_a_second_season_develops_careers_first(ruleset):
    _league, division = make_league(ruleset, 4, development=True)
    first = services.season_schedule(division=division, seed=1, queue=False)
    for bout in season_book_night(first, first.start_date).bouts.all():
        record(bout, "red", "UD")
    assert not CardChange.objects.filter(source="development").exists()
    # One season at a time: the first is closed before its end, then the next.
    season_close(season=first, reason="a shorter first season", check_permission=False)
    second = services.season_schedule(division=division, seed=1, queue=False)
    assert second.number == 2
    # Born in 2000, 26 at the break: every fighter develops one step.
    assert CardChange.objects.filter(source="development").count() == 4


def test_the_develop_command_says_what_it_did_in_words(ruleset):
    league, _division = make_league(ruleset, 4, development=True)
    out = io.StringIO()
    call_command("develop_league", league.slug, "--on", "2027-03-01", stdout=out)
    summary = CardChange.objects.filter(source="development").count()
    expected = f"{league.slug} on 1 Mar 2027: {counted(summary, 'card')} developed"
    assert out.getvalue().startswith(expected), out.getvalue()
    with pytest.raises(CommandError, match="--on: not a date: 'soon'"):
        call_command("develop_league", league.slug, "--on", "soon", stdout=io.StringIO())
    league.development = False
    league.save(update_fields=["development"])
    with pytest.raises(CommandError, match="does not develop careers"):
        call_command("develop_league", league.slug, stdout=io.StringIO())
