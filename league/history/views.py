"""The league's history page: its seasons, the award races, the record book
and the hall of fame (docs/history.md). A fixed number of queries."""

from django.shortcuts import get_object_or_404, render

from league.history import selectors
from league.history.awards import RULES, TITLES
from league.models import League


def league_history(request, slug: str):
    league = get_object_or_404(League, slug=slug)
    racing, races = selectors.award_races(league)
    context = {
        "league": league,
        "seasons": selectors.league_history(league),
        "racing": racing,
        "races": races,
        "records": selectors.record_book(league),
        "hall_of_fame": list(selectors.hall_of_fame(league)),
        "rules": [(TITLES[kind], rule) for kind, rule in RULES.items()],
    }
    return render(request, "league/history/league_history.html", context)
