"""A drawn tournament bout settled by the tournament's stated rule (judges'
cards, a decider bout, the higher seed); round-by-round tournaments wait for
their cards to be fought and rest their entrants as the calendar's rule says."""

import datetime as dt

import pytest
from django.test import TestCase

from bouts.models import Bout, BoutStatus, MedicalSuspension
from bouts.services import bout_record
from league import services
from league.models import Event, Title, TournamentMatch
from league.services.tournament_draws import tournament_settlements

from .conftest import fake_result, record

pytestmark = pytest.mark.django_db

BLUE_ON_ROUNDS = [[[9, 10], [9, 10], [10, 9]]] * 3  # blue wins 2 of 3 rounds on every card


def _draw(bout, cards=BLUE_ON_ROUNDS):
    result = fake_result(None, "DRAW")
    result["scorecards"] = cards
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_record(bout=bout, result=result)


def _final(tournament, key="W1.1"):
    return Bout.objects.get(tournament_match__tournament=tournament, tournament_match__key=key)


def test_cards_rule_sends_the_side_ahead_on_rounds_and_says_so(ruleset):
    _league, division = make_two(ruleset)
    tournament = services.tournament_create(division=division, size=2, queue=False)
    final = _final(tournament)
    _draw(final)
    tournament.refresh_from_db()
    assert tournament.champion == final.blue
    assert tournament_settlements([final.pk])[final.pk].words == (
        "through on the judges' cards, rounds won 6\u20133"
    )


def test_seed_rule_sends_the_higher_seed_through_whatever_the_cards(ruleset):
    _league, division = make_two(ruleset)
    tournament = services.tournament_create(
        division=division, size=2, queue=False, draw_rule="seed"
    )
    final = _final(tournament)  # seed 1 in the red corner
    _draw(final)
    tournament.refresh_from_db()
    assert tournament.champion == final.red
    assert Title.objects.get(division=division).champion == final.red
    assert tournament_settlements([final.pk])[final.pk].words == "through as the higher seed"


def test_decider_rule_books_a_decider_on_the_next_fit_date_and_its_winner_goes_through(
    ruleset,
):
    _league, division = make_two(ruleset)
    tournament = services.tournament_create(
        division=division, size=2, queue=False, draw_rule="decider"
    )
    final = _final(tournament)
    _draw(final)
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.champion is None
    decider = _final(tournament, "W1.1.D")
    assert (decider.red_id, decider.blue_id) == (final.red_id, final.blue_id)
    assert decider.date > final.date and decider.is_title_bout
    assert decider.status == BoutStatus.SCHEDULED  # waits for its card (round by round)
    assert tournament_settlements([final.pk])[final.pk].side is None
    # The drawn final moved no belt; the decider's winner takes it.
    assert Title.objects.get(division=division).champion is None
    record(decider, "red", "KO")
    tournament.refresh_from_db()
    assert tournament.status == "completed" and tournament.champion == final.red
    assert tournament_settlements([decider.pk])[decider.pk].words == "won the decider"
    assert Title.objects.get(division=division).champion == final.red
    # Re-deriving books nothing more.
    services.division_project(division_id=division.pk)
    assert TournamentMatch.objects.filter(tournament=tournament).count() == 2


def test_a_drawn_decider_sends_the_higher_seed_through(ruleset):
    _league, division = make_two(ruleset)
    tournament = services.tournament_create(
        division=division, size=2, queue=False, draw_rule="decider"
    )
    final = _final(tournament)
    _draw(final)
    decider = _final(tournament, "W1.1.D")
    _draw(decider)
    tournament.refresh_from_db()
    assert tournament.champion == final.red  # seed 1
    settled = tournament_settlements([decider.pk])[decider.pk]
    assert settled.words == "through as the higher seed after a drawn decider"
    assert Title.objects.get(division=division).champion == final.red


def test_decider_in_an_early_round_delays_the_next_round(ruleset):
    _league, division = make_two(ruleset, fighters=4)
    tournament = services.tournament_create(
        division=division, size=4, queue=False, draw_rule="decider"
    )
    first = _final(tournament, "W1.1")
    _draw(first)
    record(_final(tournament, "W1.2"), "red", "UD")
    assert not TournamentMatch.objects.filter(tournament=tournament, key="W2.1").exists()
    decider = _final(tournament, "W1.1.D")
    record(decider, "blue", "UD")
    final = _final(tournament, "W2.1")
    assert first.blue_id in (final.red_id, final.blue_id)  # the decider's winner
    assert final.date > decider.date


def test_round_by_round_cards_wait_and_a_knockout_suspension_pushes_the_next_round(ruleset):
    _league, division = make_two(ruleset, fighters=4)
    tournament = services.tournament_create(
        division=division, size=4, double=True, queue=False, draw_rule="seed"
    )
    assert not tournament.fight_now
    first_round = Event.objects.get(tournament=tournament)
    assert first_round.fight_at is None and first_round.fired_at is None
    w11, w12 = (_final(tournament, k) for k in ("W1.1", "W1.2"))
    assert {w11.status, w12.status} == {BoutStatus.SCHEDULED}
    record(w11, "red", "KO")  # the loser is suspended 60 days (a KO loss)
    suspension = MedicalSuspension.objects.get(fighter_id=w11.blue_id)
    record(w12, "red", "UD")
    # The next round's cards are made, and wait to be fought.
    losers = _final(tournament, "L1.1")
    winners = _final(tournament, "W2.1")
    assert losers.status == winners.status == BoutStatus.SCHEDULED
    assert losers.event.fight_at is None and losers.event.fired_at is None
    assert losers.date > suspension.ends_on
    assert winners.date < losers.date
    assert winners.date - w11.date < dt.timedelta(days=60)


def make_two(ruleset, fighters=2):
    from .conftest import make_league

    return make_league(ruleset, fighters)


def test_round_by_round_entrants_rest_the_leagues_rest_days_between_rounds(ruleset):
    from .conftest import make_league

    _league, division = make_league(ruleset, 4, rest_days=30, days_between_events=7)
    tournament = services.tournament_create(division=division, size=4, queue=False)
    w11, w12 = (_final(tournament, k) for k in ("W1.1", "W1.2"))
    record(w11, "red", "UD")
    record(w12, "red", "UD")
    final = _final(tournament, "W2.1")
    assert final.date > max(w11.date, w12.date) + dt.timedelta(days=30)
    assert final.status == BoutStatus.SCHEDULED and final.event.fight_at is None
