"""Pagination that keeps the page's other query parameters (search, sort)."""

from django.core.paginator import Page, Paginator


def page_of(request, rows, per_page: int) -> tuple[Page, str]:
    """The requested page of ``rows`` and the query string without ``page`` (for
    the pager's links)."""
    page = Paginator(rows, per_page).get_page(request.GET.get("page"))
    keep = request.GET.copy()
    keep.pop("page", None)
    return page, keep.urlencode()
