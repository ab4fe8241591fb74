"""Public reads kept ready: a page or an API read is built once per *data
generation* and served from the cache until what it shows changes.

What a fan reads (a record book, a division's tables, the front page's panels)
changes only when a bout is recorded, postponed or voided, a card or a roster is
edited, a projector derives a division or a league's date moves. Each of those
replaces the site's **generation** (``changed()``), a random token in the
shared cache; a read is kept under the generation it was built in and is built
again the first time it is asked for under a new one.

- ``changed()``: outside a transaction, a new generation at once; inside one,
  once when it commits (a roster of a thousand fighters is one renewal), and
  nothing if it rolls back. Who calls it: ``league.read_models`` connects it to
  every model's save and delete in the apps, the bouts app's signals, the end of
  every Celery task of the pipeline, and every write the site answers as done
  (``WritesRenewMiddleware``); the projector and the league's clock call it
  themselves (they write in bulk, without signals). ``TIMEOUT`` bounds how long an entry
  outlives a change made some other way (raw SQL in a shell): two minutes.
- ``cached_read(view)``: wraps a view (a page or a DRF view) so that its GET
  and HEAD answers come from the cache, with validators: ``ETag`` (the entry's
  generation and build time, the deploy version and the viewer) and
  ``Last-Modified`` (when the entry was built); a request whose
  ``If-None-Match`` / ``If-Modified-Since`` still match gets a 304 without
  building anything (no query for an anonymous visitor). Only 200s are kept.
  ``If-Modified-Since`` counts in seconds: a client sending it without
  ``If-None-Match`` (browsers send both) may be told 304 for a page rebuilt in
  the same second as its copy.
- **Whose view**: an entry is kept per viewer. Anonymous visitors share one; a
  signed-in visitor has his own (his user, the header his page shows — unread
  notices, console link —, his CSRF cookie), an API client its own (its
  ``Authorization`` header). A page with a message to show is not cached.
- **Single flight**: when the generation moved, one request rebuilds the entry
  (it holds a lock in the cache); while it does, others asking for the same
  entry are served the last one built, if it is at most ``STALE_SECONDS`` old,
  with its own validators, rather than all building it at once. An anonymous
  visitor's page (not an API read: a script reads after it writes) that recent
  is rebuilt *behind* the answer: the request that takes the
  lock is served the last one too, and a thread of this process builds the new
  one (at most ``BACKGROUND_BUILDS`` at once; past that, the request builds
  it). So a page fans keep asking for during a fight night is answered from the
  cache while results come in, at most one rebuild behind; a page nobody asked
  for in the last ``STALE_SECONDS`` is built for the request that asks.
- A read made inside a transaction is built and not cached (it may see writes
  not yet committed, whose renewal has not happened).
- ``remember(name, build, *parts)``: the same, for data rather than responses
  (a panel's rows), for pages that keep part of what they show.

It is on where the cache is shared by every process (``READ_CACHE``, on with
Redis): a process-local cache would not hear another process's changes.
``DEPLOY_VERSION`` (settings) is part of every key and validator, so a new
release never serves what the old one built.
"""

from __future__ import annotations

import hashlib
import io
import logging
import threading
import time
import uuid
from collections.abc import Callable
from functools import partial, wraps

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date

TIMEOUT = 120
STALE_SECONDS = 10
LOCK_SECONDS = 30
BACKGROUND_BUILDS = 2
logger = logging.getLogger(__name__)
# Response headers a view sets that are part of what it answers (the rest are the
# middleware's, set again on every response).
KEPT_HEADERS = ("Content-Type", "Content-Language", "Allow", "Link", "Vary")


def enabled() -> bool:
    return bool(getattr(settings, "READ_CACHE", False))


def _prefix() -> str:
    # The database's name too: a test run's workers (or two sites) may share one Redis.
    return f"ringside:{settings.DATABASES['default']['NAME']}:reads"


def _generation_key() -> str:
    return f"{_prefix()}:generation"


# --- the generation -----------------------------------------------------------------


def _renew() -> None:
    cache.set(_generation_key(), f"{uuid.uuid4().hex[:12]}", None)


def _renew_on_commit() -> None:
    transaction.get_connection().reads_renewal_waiting = False
    _renew()


def _pending(connection) -> bool:
    """A renewal waits for this connection's commit (a rollback drops it, and
    with it this answer; once it has run, a new change asks for another)."""
    return getattr(connection, "reads_renewal_waiting", False) and any(
        func is _renew_on_commit for _sids, func, _robust in connection.run_on_commit
    )


def changed(**_signal_kwargs) -> None:
    """What public reads show has changed (or will, when this transaction
    commits). A signal receiver as is."""
    if not enabled():
        return
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        _renew()
    elif not _pending(connection):
        connection.reads_renewal_waiting = True
        transaction.on_commit(_renew_on_commit)


_epoch = "0"  # part of every entry's key; only reset() (tests) changes it


def reset() -> None:
    """A new generation outright, and no entry built before it served even as a
    recent one (tests start from here: each test's rows are new)."""
    global _epoch
    _epoch = uuid.uuid4().hex[:8]
    _renew()


def _in_transaction() -> bool:
    return transaction.get_connection().in_atomic_block


# --- whose view ---------------------------------------------------------------------


def _digest(*parts) -> str:
    return hashlib.sha256("\n".join(map(str, parts)).encode()).hexdigest()[:24]


_header_parts: list[Callable] = []


def register_header_parts(parts: Callable) -> None:
    """``parts(user)``: what the site's header shows a signed-in user (his unread
    notices, his links), part of his pages' key: the apps above say what it is."""
    if parts not in _header_parts:
        _header_parts.append(parts)


def viewer_key(request) -> str | None:
    """Whose view a response is, as a key part; None for a request that must
    not be cached (a message waiting to be shown)."""
    if request.COOKIES.get("messages"):
        return None
    authorization = request.META.get("HTTP_AUTHORIZATION")
    if authorization and request.path.startswith("/api/"):
        return "client:" + _digest(authorization)
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anonymous"
    header = tuple(part(user) for part in _header_parts)
    navigation = (header, user.is_staff, user.get_username())
    csrf_cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    return f"user:{user.pk}:" + _digest(navigation, csrf_cookie)


def viewer_kind(viewer: str) -> str:
    return viewer.split(":", 1)[0]


# --- entries ------------------------------------------------------------------------


def _entry_key(viewer: str, request) -> str:
    accept = request.META.get("HTTP_ACCEPT", "") if request.path.startswith("/api/") else ""
    digest = _digest(settings.DEPLOY_VERSION, request.get_host(), request.get_full_path(), accept)
    return f"{_prefix()}:{_epoch}:{viewer}:{digest}"


def _etag(entry: dict, viewer: str) -> str:
    """Weak: the same entry served again is the same bytes, but a signed-in
    visitor's page rebuilt for the same generation carries a new CSRF mask."""
    whose = _digest(settings.DEPLOY_VERSION, viewer)[:12]
    return f'W/"{entry["generation"]}.{entry["built"]:.3f}.{whose}"'


def _response(entry: dict) -> HttpResponse:
    response = HttpResponse(entry["body"], status=200)
    for name, value in entry["headers"]:
        response[name] = value
    return response


def _validated(request, entry: dict, viewer: str, response=None):
    """``response`` (or the entry's) with its validators, or a 304 when the
    request's still match."""
    etag = _etag(entry, viewer)
    built = int(entry["built"])
    answer = get_conditional_response(request, etag=etag, last_modified=built)
    if answer is None:
        answer = response if response is not None else _response(entry)
    answer["ETag"] = etag
    answer["Last-Modified"] = http_date(built)
    scope = {"public": True} if viewer == "anonymous" else {"private": True}
    patch_cache_control(answer, max_age=0, must_revalidate=True, **scope)
    return answer


def _build(view, request, args, kwargs, generation: str):
    response = view(request, *args, **kwargs)
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    if response.status_code != 200 or getattr(response, "streaming", False):
        return response, None
    if not _json_or_html(response):
        return response, None
    entry = {
        "generation": generation,
        "built": round(time.time(), 3),
        "body": response.content,
        "headers": [(name, response[name]) for name in KEPT_HEADERS if response.has_header(name)],
    }
    return response, entry


def _json_or_html(response) -> bool:
    kind = response.get("Content-Type", "")
    return kind.startswith("application/json") or kind.startswith("text/html")


def _generation_and_entry(key: str) -> tuple[str, dict | None]:
    found = cache.get_many([_generation_key(), key])
    generation = found.get(_generation_key())
    if generation is None:
        cache.add(_generation_key(), uuid.uuid4().hex[:12], None)
        generation = cache.get(_generation_key())
    return generation, found.get(key)


def cached_read(view: Callable) -> Callable:
    """``view`` with its GET/HEAD answers kept per generation and viewer, and
    validated (see the module docstring). Other methods go to ``view`` as is."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method not in ("GET", "HEAD") or not enabled() or _in_transaction():
            return view(request, *args, **kwargs)
        viewer = viewer_key(request)
        if viewer is None:
            return view(request, *args, **kwargs)
        key = _entry_key(viewer, request)
        generation, entry = _generation_and_entry(key)
        if entry is not None and entry["generation"] == generation:
            return _validated(request, entry, viewer)
        lock = f"{key}:building"
        building = cache.add(lock, 1, LOCK_SECONDS)
        recent = entry is not None and time.time() - entry["built"] < STALE_SECONDS
        if recent and not building:
            return _validated(request, entry, viewer)  # another request is building it
        if recent and _behind(request, viewer) and _background.acquire(blocking=False):
            # A page fans keep asking for: theirs now, the new one built behind it.
            _start(partial(_refresh, view, request, args, kwargs, generation, key))
            return _validated(request, entry, viewer)
        try:
            response, entry = _build(view, request, args, kwargs, generation)
            if entry is not None:
                cache.set(key, entry, TIMEOUT)
        finally:
            if building:
                cache.delete(lock)
        return response if entry is None else _validated(request, entry, viewer, response)

    wrapper.cached_read = True
    return wrapper


# Rebuilds behind a served answer, at most this many at once in a process (each
# holds a database connection); past it, the request rebuilds as it would.
_background = threading.BoundedSemaphore(BACKGROUND_BUILDS)


def _anonymous_copy(request):
    """The request as an anonymous visitor's, apart from the one being answered
    (its middleware goes on with it): no cookies, an empty session."""
    from importlib import import_module

    from django.contrib.auth.models import AnonymousUser
    from django.core.handlers.wsgi import WSGIRequest

    environ = {**request.environ, "wsgi.input": io.BytesIO(b""), "CONTENT_LENGTH": "0"}
    environ.pop("HTTP_COOKIE", None)
    environ.pop("HTTP_IF_NONE_MATCH", None)
    environ.pop("HTTP_IF_MODIFIED_SINCE", None)
    copy = WSGIRequest(environ)
    copy.user = AnonymousUser()
    copy.session = import_module(settings.SESSION_ENGINE).SessionStore()
    return copy


def _behind(request, viewer: str) -> bool:
    """Whether this answer may be rebuilt behind the one served: an anonymous
    visitor's page (the API answers a script's read after its write as it is)."""
    return viewer == "anonymous" and not request.path.startswith("/api/")


def _start(refresh: Callable) -> None:
    """``refresh()`` in a thread of its own, which closes its database connection."""
    from django.db import connections

    def run():
        try:
            refresh()
        finally:
            connections.close_all()

    threading.Thread(target=run, daemon=True, name="read-cache").start()


def _refresh(view, request, args, kwargs, generation: str, key: str) -> None:
    """Build the anonymous entry of ``request`` again, behind its answer."""
    try:
        _response, entry = _build(view, _anonymous_copy(request), args, kwargs, generation)
        if entry is not None:
            cache.set(key, entry, TIMEOUT)
    except Exception:  # the next request builds it (and shows the error) as usual
        logger.exception("read cache: rebuilding %s", request.get_full_path())
    finally:
        cache.delete(f"{key}:building")
        _background.release()


def cached_patterns(patterns, names) -> list:
    """``patterns`` with the views of those named in ``names`` wrapped in
    ``cached_read`` (a router's URLs, whose views are made for us)."""
    from django.urls import URLPattern

    wrapped = []
    for pattern in patterns:
        if isinstance(pattern, URLPattern) and pattern.name in names:
            pattern = URLPattern(
                pattern.pattern, cached_read(pattern.callback), pattern.default_args, pattern.name
            )
        wrapped.append(pattern)
    return wrapped


class WritesRenewMiddleware:
    """A write the site answered as done (a POST, PUT, PATCH or DELETE answered
    below 400: a console form, the admin, the API) renews the generation, whatever
    path it wrote by (bulk updates send no model signal). Sign-in and sign-out
    change no public read."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            request.method not in ("GET", "HEAD", "OPTIONS", "TRACE")
            and response.status_code < 400
            and not request.path.startswith("/accounts/")
        ):
            changed()
        return response


# --- data ---------------------------------------------------------------------------


def remember(name: str, build: Callable, *parts, timeout: int = TIMEOUT):
    """``build()``'s value, kept under the generation and ``name``/``parts``
    (whatever it depends on besides the data: a viewer kind, a page number).
    Without the cache, or inside a transaction, ``build()`` every time."""
    if not enabled() or _in_transaction():
        return build()
    key = f"{_prefix()}:{_epoch}:data:{name}:" + _digest(settings.DEPLOY_VERSION, *parts)
    generation, entry = _generation_and_entry(key)
    if entry is not None and entry[0] == generation:
        return entry[1]
    value = build()
    cache.set(key, (generation, value), timeout)
    return value
