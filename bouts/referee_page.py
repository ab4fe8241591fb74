"""The referee page: ratings, how his bouts ended, the bouts he worked. It shows
bouts, so it lives in bouts (referees sits below)."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from referees import selectors as referee_selectors

from . import officials

BOUTS_PER_PAGE = 50


def referee_detail(request, pk: int):
    referee = referee_selectors.referee_get(referee_id=pk)
    if referee is None:
        raise Http404("No such referee.")
    page = Paginator(officials.referee_bouts(referee=referee), BOUTS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "referee": referee,
        "summary": officials.referee_summary(referee=referee),
        "page": page,
    }
    return render(request, "referees/referee_detail.html", context)
