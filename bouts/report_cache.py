"""A fought bout's record never changes until it is voided, so what shows it is
cached and answers conditional requests.

- ``state(bout_id)``: one small query — status, completed_at, voided_at — and
  from it the bout's *version*: only a completed or voided bout is final enough
  to cache (a voided one is final for good).
- ``etag`` / ``last_modified``: validators for ``If-None-Match`` and
  ``If-Modified-Since`` (a 304 without reading the record);
  ``conditional_response``: the one place both report views (the page and the
  API's detail) answer with them.
- ``get`` / ``put``: the rendered report, by kind ("api": the detail's data,
  "page": the anonymous page's HTML), stored with its version and used only
  while the bout still has it; ``forget`` drops both (voiding calls it on
  commit). The cache is Django's: Redis when REDIS_URL is set, local memory
  otherwise (settings).

``REPORT_VERSION`` is part of every key and validator: bump it when what a
report shows changes shape (a serializer or the page's template), so no client
or cache keeps the old one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date

from . import report_privacy
from .models import Bout, BoutStatus

REPORT_VERSION = 1
TIMEOUT = 24 * 3600  # a day: reports are cheap to rebuild, memory is not free
FINAL = (BoutStatus.COMPLETED, BoutStatus.VOIDED)
# "api" for each variant of what a viewer may not see (report_privacy.Withheld).
KINDS = (*(f"api{variant}" for variant in report_privacy.VARIANTS), "page")


@dataclass(frozen=True)
class BoutState:
    bout_id: int
    status: str
    completed_at: datetime | None
    voided_at: datetime | None
    # When its result was recorded: part of the version, so a bout row that is
    # a different bout under a reused id (another database, a rolled-back test)
    # never matches a report cached for the first one.
    recorded_at: datetime | None = None
    # What the viewer the state was read for may not see (report_privacy).
    withheld: report_privacy.Withheld = report_privacy.NOTHING

    @property
    def final(self) -> bool:
        return self.status in FINAL

    @property
    def version(self) -> str:
        stamps = [
            when.timestamp() if when else 0
            for when in (self.completed_at, self.voided_at, self.recorded_at)
        ]
        return f"{REPORT_VERSION}-{self.status}-" + "-".join(f"{t:.6f}" for t in stamps)

    def etag(self, *vary) -> str:
        """A strong validator for this bout's version (and whatever else the
        response depends on: the viewer, the format)."""
        parts = [str(self.bout_id), self.version, *map(str, vary)]
        return '"' + "-".join(parts).replace('"', "") + '"'

    @property
    def last_modified(self) -> datetime | None:
        stamps = [when for when in (self.completed_at, self.voided_at) if when]
        return max(stamps) if stamps else None


STATE_FIELDS = ("status", "completed_at", "voided_at", "result__recorded_at")


def state(bout_id, *, viewer=None, hidden_fighters=None) -> BoutState | None:
    """The bout's state, or None for no such bout (or an id that is not one).
    With ``viewer`` (and the fighters whose cards he may not see), the same one
    query also answers what of the report he may not see (``withheld``)."""
    try:
        bout_id = int(bout_id)
    except (TypeError, ValueError):
        return None
    annotations = {}
    if viewer is not None:
        annotations = report_privacy.state_annotations(viewer, hidden_fighters)
    found = (
        Bout.objects.filter(pk=bout_id)
        .annotate(**annotations)
        .values(*STATE_FIELDS, *annotations)
        .first()
    )
    if found is None:
        return None
    withheld = report_privacy.NOTHING
    if viewer is not None:
        withheld = report_privacy.withheld_from_row(found, viewer)
    return BoutState(bout_id, *(found[name] for name in STATE_FIELDS), withheld=withheld)


def _key(kind: str, bout_id: int) -> str:
    # The database's name too: two databases (a test run's workers, two sites)
    # may share one Redis.
    return f"ringside:{settings.DATABASES['default']['NAME']}:bout-report:{kind}:{bout_id}"


def get(kind: str, bout: BoutState):
    """The cached report of ``kind`` for this version of the bout, or None."""
    if not bout.final:
        return None
    stored = cache.get(_key(kind, bout.bout_id))
    if stored is None or stored[0] != bout.version:
        return None
    return stored[1]


def put(kind: str, bout: BoutState, report) -> None:
    if bout.final:
        cache.set(_key(kind, bout.bout_id), (bout.version, report), TIMEOUT)


def forget(bout_id: int) -> None:
    cache.delete_many([_key(kind, bout_id) for kind in KINDS])


def conditional_response(
    request,
    bout: BoutState,
    *vary,
    build: Callable[[], HttpResponseBase],
    private: bool = False,
) -> HttpResponseBase:
    """A final bout's report answered with its validators: a 304 when the request's
    ``If-None-Match`` / ``If-Modified-Since`` still match (``build`` is not called),
    else ``build()``; either carries ETag (``bout.etag(*vary)``), Last-Modified and
    Cache-Control: revalidate every time, ``private`` (a signed-in visitor's
    page) or public."""
    etag = bout.etag(*vary)
    last_modified = bout.last_modified
    response = get_conditional_response(
        request,
        etag=etag,
        last_modified=int(last_modified.timestamp()) if last_modified else None,
    )
    if response is None:
        response = build()
    response["ETag"] = etag
    if last_modified:
        response["Last-Modified"] = http_date(last_modified.timestamp())
    scope = {"private": True} if private else {"public": True}
    patch_cache_control(response, **scope, max_age=0, must_revalidate=True)
    return response
