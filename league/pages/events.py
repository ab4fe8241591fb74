"""Every event, newest first, a page at a time (the league page shows the latest
few and links here for the rest)."""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .. import card_status, directory
from ..models import Event, League
from .paging import page_of

EVENTS_PER_PAGE = 40


def event_list(request):
    league = None
    slug = request.GET.get("league")
    if slug:
        league = get_object_or_404(League, slug=slug)
    page, keep = page_of(request, directory.event_list(league=league), EVENTS_PER_PAGE)
    return render(request, "league/event_list.html", {"league": league, "page": page, "keep": keep})


@require_GET
def event_status(request, pk):
    """The card's live state as JSON (public: statuses and results are public)."""
    event = get_object_or_404(Event, pk=pk)
    return JsonResponse(card_status.card_statuses(event))
