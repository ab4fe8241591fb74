"""A league as one JSON archive through the API (docs/archive.md):

- ``GET /api/leagues/{id or slug}/archive/``: the league's archive, for its
  commissioners and staff. Staff's is complete; a commissioner's leaves out
  what only staff may read (the seeds and plans of bouts not yet fought, the
  managers' standing plans) and says ``"complete": false``.
- ``POST /api/leagues/import/``: a complete archive (the JSON body, or a file
  in the multipart field ``archive`` for an archive over the body size limit)
  becomes a new league; ``?slug=`` and ``?name=`` give it a new slug and name.
  Staff, or an account allowed to create leagues (``league.services.setup``).
"""

from __future__ import annotations

import json

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.exceptions import ParseError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api.parsers import MAX_DEPTH, json_depth

from ..archive import export_league, import_league
from ..services.membership import is_commissioner
from .serializers import LeagueSerializer

NOT_YOURS = "Only the league's commissioners and staff export it."
IMPORT_PARAMETERS = [
    OpenApiParameter("slug", OpenApiTypes.STR, description="The new league's slug."),
    OpenApiParameter("name", OpenApiTypes.STR, description="The new league's name."),
]


def _uploaded_archive(upload):
    """The archive of a multipart upload: JSON text, nested no deeper than the
    API's bodies (an archive is a few levels deep)."""
    try:
        text = upload.read().decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError("The archive is not a text file (a league archive is JSON).") from None
    if json_depth(text) > MAX_DEPTH:
        raise ParseError(f"The archive is nested deeper than {MAX_DEPTH} levels.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ParseError(f"The archive is not JSON ({error.msg} at line {error.lineno}).") from None


class LeagueArchiveActions:
    """The archive actions of the league viewset."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "id",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                description="The league's id (digits) or its slug.",
            )
        ],
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The league's archive (JSON).")
        },
    )
    @action(
        detail=True, methods=["get"], url_path="archive", filter_backends=[], pagination_class=None
    )
    def archive(self, request, pk=None):
        """The whole league as one JSON archive (docs/archive.md): its settings,
        fighters and cards, officials, seasons, events, bouts with their whole
        records, brackets and titles."""
        league = self.get_object()
        if not is_commissioner(request.user, league):
            self.permission_denied(request, message=NOT_YOURS)
        staff = bool(request.user.is_staff)
        response = Response(export_league(league, include_private=staff))
        response["Content-Disposition"] = f'attachment; filename="{league.slug}.json"'
        return response

    @extend_schema(
        parameters=IMPORT_PARAMETERS,
        request={
            "application/json": OpenApiTypes.OBJECT,
            "multipart/form-data": OpenApiTypes.OBJECT,
        },
        responses={201: LeagueSerializer},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        permission_classes=[IsAuthenticated],
        filter_backends=[],
        pagination_class=None,
    )
    def import_archive(self, request):
        """A new league from a complete archive (docs/archive.md), checked whole
        before anything is written: a 400 names each problem by its place
        (``bouts[12].red: no fighter 'F9' in this archive``)."""
        upload = request.FILES.get("archive")
        data = _uploaded_archive(upload) if upload is not None else request.data
        league = import_league(
            data,
            by=request.user,
            slug=request.query_params.get("slug") or None,
            name=request.query_params.get("name") or None,
        )
        return Response(LeagueSerializer(league).data, status=status.HTTP_201_CREATED)
