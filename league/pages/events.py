"""Every event, newest first, a page at a time (the league page shows the latest
few and links here for the rest)."""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .. import card_status
from ..models import Event, League
from . import front
from .paging import page_of

EVENTS_PER_PAGE = 40
UPCOMING_SHOWN = 20


def event_list(request):
    """Upcoming fight nights (soonest first, the few next) above the results
    (newest first, a page at a time)."""
    league = None
    slug = request.GET.get("league")
    if slug:
        league = get_object_or_404(League, slug=slug)
    upcoming = list(front.upcoming_events(league=league)[: UPCOMING_SHOWN + 1])
    page, keep = page_of(request, front.result_events(league=league), EVENTS_PER_PAGE)
    context = {
        "league": league,
        "upcoming": upcoming[:UPCOMING_SHOWN],
        "more_upcoming": len(upcoming) > UPCOMING_SHOWN,
        "page": page,
        "keep": keep,
    }
    return render(request, "league/event_list.html", context)


@require_GET
def event_status(request, pk):
    """The card's live state as JSON (public: statuses and results are public)."""
    event = get_object_or_404(Event, pk=pk)
    return JsonResponse(card_status.card_statuses(event))
