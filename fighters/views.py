"""The fighter page: record summary and fight history, the way record books print them."""

from django.http import Http404
from django.shortcuts import render

from bouts.selectors import fighter_history

from . import selectors
from .models import Career


def fighter_detail(request, pk: int):
    fighter = selectors.fighter_get(fighter_id=pk)
    if fighter is None:
        raise Http404("No such fighter.")
    try:
        career = fighter.career
    except Career.DoesNotExist:
        career = Career(fighter=fighter)
    stoppage_wins = career.ko_wins + career.tko_wins
    context = {
        "fighter": fighter,
        "career": career,
        "stoppage_wins": stoppage_wins,
        "stoppage_rate": round(100 * stoppage_wins / career.wins) if career.wins else 0,
        "cards": list(fighter.cards.all()),
        "divisions": list(fighter.divisions.all()),
        "history": fighter_history(fighter=fighter),
    }
    return render(request, "fighters/fighter_detail.html", context)
