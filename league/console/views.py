"""Console pages for a league, its divisions and its seasons and tournaments.
The card builder (an event's page) is ``league.console.cards``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from league.models import Division, Event, League
from league.services import membership, setup

from ..submit import submit
from . import calendar, forms, selectors
from .competitions import CompetitionForm
from .ladders import division_ladders


@login_required
def home(request):
    leagues = selectors.leagues_run_by(request.user).annotate(
        division_count=Count("divisions", distinct=True),
        event_count=Count("events", distinct=True),
    )
    return render(
        request,
        "console/home.html",
        {"leagues": leagues, "can_create": setup.can_create_league(request.user)},
    )


@login_required
def league_new(request):
    if not setup.can_create_league(request.user):
        raise PermissionDenied("Creating a league needs an administrator's permission.")
    form = forms.LeagueForm(request.POST or None)
    if request.method == "POST":
        answer = submit(
            request,
            form,
            lambda data: setup.league_create(user=request.user, **data),
            done=lambda league: f"{league.name} is created; you are its commissioner.",
            then=lambda league: redirect("console:league", slug=league.slug),
        )
        if answer:
            return answer
    return render(request, "console/league_form.html", {"form": form, "league": None})


def league_of(request, slug) -> League:
    league = get_object_or_404(League, slug=slug)
    membership.require_commissioner(request.user, league)
    return league


@login_required
def league_page(request, slug):
    league = league_of(request, slug)
    divisions = league.divisions.annotate(
        fighter_count=Count("fighters", distinct=True), camp_count=Count("camps", distinct=True)
    )
    events = league.events.annotate(bout_count=Count("bouts")).order_by("-date", "-id")[:30]
    return render(
        request,
        "console/league.html",
        {
            **calendar.calendar_context(league),
            "league": league,
            "divisions": divisions,
            "events": events,
            "division_form": forms.DivisionForm(prefix="division"),
            "event_form": forms.EventForm(prefix="event"),
        },
    )


@login_required
def league_edit(request, slug):
    league = league_of(request, slug)
    form = forms.LeagueForm(request.POST or None, instance=league)
    if request.method == "POST":
        answer = submit(
            request,
            form,
            lambda data: setup.league_update(user=request.user, league=league, **data),
            done=lambda _: "Settings saved.",
            then=lambda _: redirect("console:league", slug=league.slug),
        )
        if answer:
            return answer
        league.refresh_from_db()  # the form's validation wrote the refused values into it
    return render(request, "console/league_form.html", {"form": form, "league": league})


@login_required
@require_POST
def division_new(request, slug):
    league = league_of(request, slug)
    form = forms.DivisionForm(request.POST, prefix="division")
    return submit(
        request,
        form,
        lambda data: setup.division_create(user=request.user, league=league, **data),
        done=lambda division: f"{division.name} division added.",
        then=lambda division: redirect("console:division", pk=division.pk),
    ) or _league_again(request, league, division_form=form)


@login_required
@require_POST
def event_new(request, slug):
    league = league_of(request, slug)
    form = forms.EventForm(request.POST, prefix="event")
    return submit(
        request,
        form,
        lambda data: setup.event_create(user=request.user, league=league, **data),
        done=lambda event: f"{event.name} created: now put bouts on its card.",
        then=lambda event: redirect("console:event", pk=event.pk),
    ) or _league_again(request, league, event_form=form)


def _league_again(request, league, **bound):
    """The league page again, a bound form showing its errors (status 400)."""
    context = {
        "league": league,
        "divisions": league.divisions.annotate(
            fighter_count=Count("fighters", distinct=True),
            camp_count=Count("camps", distinct=True),
        ),
        "events": league.events.annotate(bout_count=Count("bouts")).order_by("-date", "-id")[:30],
        "division_form": bound.get("division_form") or forms.DivisionForm(prefix="division"),
        "event_form": bound.get("event_form") or forms.EventForm(prefix="event"),
    }
    return render(request, "console/league.html", context, status=400)


def _division_for(request, pk) -> Division:
    division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
    membership.require_commissioner(request.user, division.league)
    return division


def _division_context(division, **bound):
    team, members = selectors.division_members(division)
    return {
        "division": division,
        "league": division.league,
        "team": team,
        "members": members,
        "roster_form": bound.get("roster_form") or forms.RosterForm(prefix="roster"),
        "rename_form": bound.get("rename_form")
        or forms.RenameForm(prefix="rename", initial={"name": division.name}),
        "season_form": bound.get("season_form") or forms.SeasonForm(prefix="season"),
        "tournament_form": bound.get("tournament_form")
        or forms.TournamentForm(prefix="tournament"),
        "competition_form": bound.get("competition_form") or CompetitionForm(prefix="competition"),
        "seasons": list(division.seasons.order_by("-number")[:10]),
        "tournaments": list(division.tournaments.order_by("-start_date", "-id")[:10]),
        **division_ladders(division, bound.get("ladder_form")),
    }


@login_required
def division_page(request, pk):
    division = _division_for(request, pk)
    return render(request, "console/division.html", _division_context(division))


def _division_action(request, pk, form_class, prefix, action, done):
    division = _division_for(request, pk)
    form = form_class(request.POST, prefix=prefix)
    answer = submit(
        request,
        form,
        lambda data: action(division, data),
        done=done,
        then=lambda _: redirect("console:division", pk=division.pk),
    )
    if answer:
        return answer
    context = _division_context(division, **{f"{prefix}_form": form})
    return render(request, "console/division.html", context, status=400)


@login_required
@require_POST
def division_rename(request, pk):
    return _division_action(
        request,
        pk,
        forms.RenameForm,
        "rename",
        lambda division, data: setup.division_update(
            user=request.user, division=division, name=data["name"]
        ),
        lambda division: f"Division renamed {division.name}.",
    )


@login_required
@require_POST
def season_rename(request, pk, season_pk):
    division = _division_for(request, pk)
    season = get_object_or_404(division.seasons, pk=season_pk)
    form = forms.RenameForm(request.POST, prefix="season-name")
    back = redirect("console:division", pk=division.pk)
    if submit(
        request,
        form,
        lambda data: setup.season_update(user=request.user, season=season, name=data["name"]),
        done=lambda _: f"Season renamed {season.name}.",
        then=lambda _: back,
    ):
        return back
    for message in [m for errors in form.errors.values() for m in errors]:
        messages.error(request, message)
    return back


@login_required
@require_POST
def roster_generate(request, pk):
    return _division_action(
        request,
        pk,
        forms.RosterForm,
        "roster",
        lambda division, data: setup.division_roster_generate(
            user=request.user, division=division, **data
        ),
        lambda made: f"{len(made['fighters'])} fighters generated and added to the roster.",
    )


@login_required
@require_POST
def season_new(request, pk):
    return _division_action(
        request,
        pk,
        forms.SeasonForm,
        "season",
        lambda division, data: setup.season_start(user=request.user, division=division, **data),
        lambda season: (
            f"{season.name} scheduled: {season.fixtures.count()} bouts to fight, "
            "each night's card drawn from the fighters fit on its date. Play it from the "
            "league's calendar."
        ),
    )


@login_required
@require_POST
def tournament_new(request, pk):
    return _division_action(
        request,
        pk,
        forms.TournamentForm,
        "tournament",
        lambda division, data: setup.tournament_start(user=request.user, division=division, **data),
        lambda tournament: (
            f"{tournament.name} created, seeded from the rankings. "
            + (
                "Its rounds are being fought."
                if tournament.fight_now
                else "Its first round's card waits for you: fight it from its card or the calendar."
            )
        ),
    )


def event_of(request, pk) -> Event:
    event = get_object_or_404(Event.objects.select_related("league", "season"), pk=pk)
    membership.require_commissioner(request.user, event.league)
    return event
