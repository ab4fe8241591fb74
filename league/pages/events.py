"""Every event, newest first, a page at a time (the league page shows the latest
few and links here for the rest)."""

from django.shortcuts import get_object_or_404, render

from .. import directory
from ..models import League
from .paging import page_of

EVENTS_PER_PAGE = 40


def event_list(request):
    league = None
    slug = request.GET.get("league")
    if slug:
        league = get_object_or_404(League, slug=slug)
    page, keep = page_of(request, directory.event_list(league=league), EVENTS_PER_PAGE)
    return render(request, "league/event_list.html", {"league": league, "page": page, "keep": keep})
