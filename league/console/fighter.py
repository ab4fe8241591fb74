"""A fighter of the league in the console (docs/console.md, "A fighter"): his
card for the league's ruleset field by field (each field explained, the
engine's own messages beside the field) with its history; retire him or bring
him back; take him off a division's roster or put him back. Every write is a
service's (``fighters.services``, ``league.services.rosters``), which checks
who may; the destructive ones are confirmed on the page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from fighters import scope
from fighters.models import CardChange, Fighter, RatingCard
from fighters.services import card_save, fighter_retire, fighter_unretire
from league.services import rosters

from . import forms
from .views import league_of

HISTORY = 10  # card changes shown, newest first
# where a card change came from, in words (CardChange.source)
SOURCES = {
    "admin": "in the admin",
    "console": "in the console",
    "import": "from a card file",
    "api": "through the API",
    "training": "by training",
    "development": "by development between seasons",
    "aging": "by age",
    "career": "in his career",
    "roster": "when generated",
    "void": "when a result was voided",
}


def _fighter_of(request, slug, pk):
    """The league (the user runs it) and a fighter of it: on one of its rosters
    or with a bout in it; anyone else's fighter is not found here."""
    league = league_of(request, slug)
    fighter = get_object_or_404(Fighter.objects.select_related("camp"), pk=pk)
    if league.pk not in scope.fighter_league_ids(fighter=fighter):
        raise Http404("No such fighter in this league.")
    return league, fighter


def _page(request, league, fighter, *, card_form=None, status=200):
    card = RatingCard.objects.filter(fighter=fighter, ruleset=league.ruleset).first()
    divisions = list(league.divisions.order_by("name"))
    on = set(fighter.divisions.filter(league=league).values_list("pk", flat=True))
    history = list(
        CardChange.objects.filter(fighter=fighter, ruleset=league.ruleset)
        .select_related("changed_by")
        .order_by("-changed_at", "-id")[:HISTORY]
    )
    context = {
        "league": league,
        "fighter": fighter,
        "card": card,
        "card_form": card_form
        or forms.FighterCardForm(
            ruleset=league.ruleset, card=card.data if card else None, prefix="card"
        ),
        "rosters": [(division, division.pk in on) for division in divisions],
        "history": [
            (change, list(change.diff.items())[:8], SOURCES.get(change.source, ""))
            for change in history
        ],
    }
    return render(request, "console/fighter.html", context, status=status)


@login_required
def fighter_page(request, slug, pk):
    league, fighter = _fighter_of(request, slug, pk)
    return _page(request, league, fighter)


@login_required
@require_POST
def fighter_card(request, slug, pk):
    league, fighter = _fighter_of(request, slug, pk)
    card = RatingCard.objects.filter(fighter=fighter, ruleset=league.ruleset).first()
    form = forms.FighterCardForm(
        request.POST, ruleset=league.ruleset, card=card.data if card else None, prefix="card"
    )
    if form.is_valid():
        try:
            card_save(
                fighter=fighter,
                ruleset=league.ruleset,
                data=form.card_data(),
                user=request.user,
                source="console",
            )
        except ValidationError as error:
            form.put_engine_errors(error)
        else:
            messages.success(request, f"{fighter.name}'s card is saved.")
            return redirect("console:fighter", slug=league.slug, pk=fighter.pk)
    return _page(request, league, fighter, card_form=form, status=400)


def _act(request, league, fighter, action, done):
    try:
        action()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, done)
    return redirect("console:fighter", slug=league.slug, pk=fighter.pk)


@login_required
@require_POST
def fighter_retire_view(request, slug, pk):
    league, fighter = _fighter_of(request, slug, pk)
    on = league.today or timezone.localdate()
    return _act(
        request,
        league,
        fighter,
        lambda: fighter_retire(fighter=fighter, on=on, user=request.user),
        f"{fighter.name} is retired; “Bring him back” undoes it.",
    )


@login_required
@require_POST
def fighter_unretire_view(request, slug, pk):
    league, fighter = _fighter_of(request, slug, pk)
    return _act(
        request,
        league,
        fighter,
        lambda: fighter_unretire(fighter=fighter, user=request.user),
        f"{fighter.name} is active again.",
    )


@login_required
@require_POST
def fighter_roster(request, slug, pk, division_pk, action):
    league, fighter = _fighter_of(request, slug, pk)
    division = get_object_or_404(league.divisions, pk=division_pk)
    if action == "remove":
        write, done = rosters.division_roster_remove, f"off the {division.name} roster"
    elif action == "add":
        write, done = rosters.division_roster_add, f"on the {division.name} roster"
    else:
        raise Http404("No such roster action.")
    answer = _act(
        request,
        league,
        fighter,
        lambda: write(user=request.user, division=division, fighter=fighter),
        f"{fighter.name} is {done}.",
    )
    if action == "remove" and league.pk not in scope.fighter_league_ids(fighter=fighter):
        # he left the league altogether: his page here is gone, the division's is not
        return redirect("console:division", pk=division.pk)
    return answer
