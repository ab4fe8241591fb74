"""The league's archive, downloaded from the console (docs/archive.md)."""

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse

from league.archive import export_league

from .views import league_of


@login_required
def league_archive(request, slug):
    """The whole league as one JSON file, for its commissioners and staff (a
    commissioner's leaves out what only staff may read: docs/archive.md)."""
    league = league_of(request, slug)
    archive = export_league(league, include_private=request.user.is_staff)
    response = HttpResponse(
        json.dumps(archive, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{league.slug}.json"'
    return response
