"""The fighter index: every fighter, searched by name (accents and case ignored)
and sorted by record, rating, division or nationality."""

from django.http import QueryDict
from django.shortcuts import render

from .. import directory
from .paging import page_of

FIGHTERS_PER_PAGE = 50


def fighter_index(request):
    query = request.GET.get("q", "").strip()[:100]
    sort = request.GET.get("sort", directory.DEFAULT_FIGHTER_SORT)
    if sort not in directory.FIGHTER_SORTS:
        sort = directory.DEFAULT_FIGHTER_SORT
    page, keep = page_of(
        request, directory.fighter_index(query=query, sort=sort), FIGHTERS_PER_PAGE
    )
    sorts = {}
    for key, (label, _ordering) in directory.FIGHTER_SORTS.items():
        link = QueryDict(mutable=True)
        if query:
            link["q"] = query
        link["sort"] = key
        sorts[key] = {"label": label, "current": key == sort, "query": link.urlencode()}
    context = {
        "query": query,
        "sort": sort,
        "sort_label": sorts[sort]["label"],
        "sorts": sorts,
        "page": page,
        "keep": keep,
    }
    return render(request, "league/fighter_index.html", context)
