"""League pages: home, a league, an event's card, a division (standings, rankings,
title), a tournament's bracket, a title's lineage. Thin: they fetch with the
selectors and hand rows to the templates."""

from django.db.models import Count, Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from bouts.bout_lines import bout_lines, division_results, latest_results
from bouts.engine import RULESETS
from bouts.engine.result import DECISIONS, INSIDE_THE_DISTANCE
from bouts.models import UNFINISHED

from . import region_selectors, selectors, services
from .models import Division, Event, League, Season, Title, Tournament, TournamentFormat
from .pages import bracket, front, lineage, stages
from .pages.bracket import DRAW_RULE_WORDS
from .pages.paging import page_of
from .services.membership import is_commissioner, is_manager
from .standings.metrics import METRICS

RECENT_BOUTS = 10
DIVISION_RESULTS = 20
LEAGUE_EVENTS = 12
HOME_TOURNAMENTS = 6
HOME_FIGHT_NIGHTS = 5
HOME_HEADLINES = 8


def home(request):
    leagues = League.objects.annotate(
        division_count=Count("divisions", distinct=True), event_count=Count("events", distinct=True)
    ).order_by("name")
    context = {
        "rulesets": [r.describe() for r in RULESETS.values()],
        "leagues": leagues,
        "next_nights": list(front.upcoming_events()[:HOME_FIGHT_NIGHTS]),
        "champions": front.champions(),
        "headlines": front.headlines(limit=HOME_HEADLINES),
        "recent_bouts": latest_results(limit=RECENT_BOUTS),
        "tournaments": Tournament.objects.select_related(
            "league", "division", "champion", "champion_camp"
        ).order_by("-start_date", "-id")[:HOME_TOURNAMENTS],
    }
    return render(request, "home.html", context)


def league_detail(request, slug: str):
    league = get_object_or_404(League, slug=slug)
    user = request.user
    plays_it = user.is_authenticated and (user.is_staff or is_manager(user, league))
    events = list(
        Event.objects.filter(league=league)
        .annotate(bout_count=Count("bouts"))
        .order_by("-date", "-id")[: LEAGUE_EVENTS + 1]
    )
    context = {
        "league": league,
        "more_events": len(events) > LEAGUE_EVENTS,
        "champions": selectors.league_champions(league=league),
        "events": events[:LEAGUE_EVENTS],
        "tournaments": Tournament.objects.filter(league=league)
        .select_related("division", "champion", "champion_camp")
        .order_by("-start_date", "-id"),
        # "Build a fighter" where the league allows it: its managers (and staff).
        "may_build": league.career_mode and plays_it,
        # Who plays the league is its own people's to see (league_managers' rule).
        "sees_managers": plays_it or (user.is_authenticated and is_commissioner(user, league)),
    }
    return render(request, "league/league_detail.html", context)


def event_detail(request, pk: int):
    event = get_object_or_404(
        Event.objects.select_related("league", "season").prefetch_related(
            Prefetch("bouts", queryset=bout_lines().order_by("-order", "-id"))
        ),
        pk=pk,
    )
    # While a bout is still to fight, the page polls the card's state (event.js).
    live = any(bout.status in UNFINISHED for bout in event.bouts.all())
    return render(request, "league/event_detail.html", {"event": event, "live": live})


def division_detail(request, pk: int):
    division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
    seasons = list(Season.objects.filter(division=division).order_by("-number"))
    results, keep = page_of(request, division_results(division=division), DIVISION_RESULTS)
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
        "ladders": list(division.ladders.order_by("name")),
        "derivation": services.division_derivation(division.pk),
        "results": results,
        "keep": keep,
        "tiebreakers": [METRICS[k].label for k in division.league.tiebreakers if k in METRICS],
        "inside_the_distance": INSIDE_THE_DISTANCE,
    }
    return render(request, "league/division_detail.html", context)


def division_regions(request, pk: int):
    """A career league's regions in one division: regional champions, lineages and
    rankings, and the world title's contenders (docs/career.md)."""
    division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
    if not division.league.regions_enabled:
        raise Http404("This league has no regions.")
    context = {
        "division": division,
        "league": division.league,
        "picture": region_selectors.division_regions(division=division),
    }
    return render(request, "league/division_regions.html", context)


def title_detail(request, pk: int):
    """The title of division ``pk`` and its lineage, first champion first."""
    division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
    reigns = list(selectors.title_lineage(division=division))
    context = {
        "division": division,
        "league": division.league,
        "title": Title.objects.filter(division=division)
        .select_related("champion", "champion_camp")
        .first(),
        "reigns": lineage.reign_lines(reigns, through=_draw_words(reigns)),
    }
    return render(request, "league/title_detail.html", context)


def _drawn_or_decider(bout) -> bool:
    result = getattr(bout, "result", None)
    if result is not None and result.winner is None:
        return True
    match = getattr(bout, "tournament_match", None)
    return match is not None and match.key.endswith(".D")


def _draw_words(reigns) -> dict[int, str]:
    """Why a reign's drawn tournament bout (or decider) sent its champion through."""
    bouts = [
        r.start_bout_id
        for r in reigns
        if r.start_bout_id and _drawn_or_decider(r.start_bout) and r.start_bout.is_title_bout
    ]
    if not bouts:
        return {}
    return {pk: s.words for pk, s in services.tournament_settlements(bouts).items()}


def tournament_detail(request, pk: int):
    tournament = get_object_or_404(Tournament.objects.select_related("league", "division"), pk=pk)
    lines, champion = selectors.tournament_bracket(tournament=tournament)
    rounds = bracket.rounds(lines, double=tournament.format == TournamentFormat.DOUBLE)
    sections = stages.stage_sections(tournament)
    context = {
        "tournament": tournament,
        "league": tournament.league,
        "sections": sections,
        "stages_words": " → ".join(s.stage.in_words for s in sections)
        or tournament.get_format_display(),
        "has_bracket": not sections or sections[-1].stage.is_bracket,
        "rounds": rounds,
        "picture": bracket.picture(rounds) if rounds else None,
        "final": next((line for line in reversed(lines) if line.final and line.bout_id), None),
        "champion": champion or tournament.champion or tournament.champion_camp,
        "decisions": DECISIONS,
        "draw_rule_words": DRAW_RULE_WORDS[tournament.draw_rule],
    }
    return render(request, "league/tournament_detail.html", context)
