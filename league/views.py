"""League pages: home, a league, an event's card, a division (standings, rankings,
title), a tournament's bracket, a title's lineage. Thin: they fetch with the
selectors and hand rows to the templates."""

from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404, render

from bouts.engine import RULESETS
from bouts.models import Bout, BoutStatus

from . import selectors, services
from .models import Division, Event, League, Season, Title, Tournament

RECENT_BOUTS = 10
LEAGUE_EVENTS = 12


def _bout_lines():
    """Bouts as list lines: both sides and the result joined, the engine's full
    result left in the database."""
    return Bout.objects.select_related("red", "blue", "red_camp", "blue_camp", "result").defer(
        "inputs", "options", "plans", "result__engine_result"
    )


def home(request):
    leagues = League.objects.annotate(
        division_count=Count("divisions", distinct=True), event_count=Count("events", distinct=True)
    ).order_by("name")
    recent = _bout_lines().filter(status=BoutStatus.COMPLETED).order_by("-date", "-order", "-id")
    context = {
        "rulesets": [r.describe() for r in RULESETS.values()],
        "leagues": leagues,
        "recent_bouts": recent[:RECENT_BOUTS],
    }
    return render(request, "home.html", context)


def league_detail(request, slug: str):
    league = get_object_or_404(League, slug=slug)
    events = (
        Event.objects.filter(league=league)
        .annotate(bout_count=Count("bouts"))
        .order_by("-date", "-id")[:LEAGUE_EVENTS]
    )
    context = {
        "league": league,
        "champions": selectors.league_champions(league=league),
        "events": events,
        "tournaments": Tournament.objects.filter(league=league)
        .select_related("division", "champion", "champion_camp")
        .order_by("-start_date", "-id"),
    }
    return render(request, "league/league_detail.html", context)


def event_detail(request, pk: int):
    event = get_object_or_404(
        Event.objects.select_related("league", "season").prefetch_related(
            Prefetch("bouts", queryset=_bout_lines().order_by("-order", "-id"))
        ),
        pk=pk,
    )
    return render(request, "league/event_detail.html", {"event": event})


def division_detail(request, pk: int):
    division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
    seasons = list(Season.objects.filter(division=division).order_by("-number"))
    season = seasons[0] if seasons else None
    wanted = request.GET.get("season")
    if wanted and wanted.isdigit():
        season = next((s for s in seasons if s.pk == int(wanted)), season)
    context = {
        "division": division,
        "league": division.league,
        "seasons": seasons,
        "season": season,
        "standings": list(selectors.season_standings(season=season)) if season else [],
        "postponed": list(selectors.season_postponed(season=season)) if season else [],
        "rankings": selectors.division_rankings(division=division),
        "title": Title.objects.filter(division=division)
        .select_related("champion", "champion_camp")
        .first(),
        "tournaments": Tournament.objects.filter(division=division).order_by("-start_date"),
        "derivation": services.division_derivation(division.pk),
    }
    return render(request, "league/division_detail.html", context)


def title_detail(request, pk: int):
    """The title of division ``pk`` and its lineage, first champion first."""
    division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
    context = {
        "division": division,
        "league": division.league,
        "title": Title.objects.filter(division=division)
        .select_related("champion", "champion_camp")
        .first(),
        "reigns": list(selectors.title_lineage(division=division)),
    }
    return render(request, "league/title_detail.html", context)


def tournament_detail(request, pk: int):
    tournament = get_object_or_404(Tournament.objects.select_related("league", "division"), pk=pk)
    lines, champion = selectors.tournament_bracket(tournament=tournament)
    stages: dict[int, list] = {}
    for line in lines:
        stages.setdefault(line.stage, []).append(line)
    context = {
        "tournament": tournament,
        "league": tournament.league,
        "stages": [{"stage": n, "matches": stages[n]} for n in sorted(stages)],
        "champion": champion,
    }
    return render(request, "league/tournament_detail.html", context)
