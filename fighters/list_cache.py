"""The fighter list's pages, cached until something they show changes.

The list (``GET /api/fighters/``) shows fighters, their camps' names, their
careers' records and their cards' ratings, and hides the cards of career
leagues from those who may not see them. Fans read it far more often than any
of that changes, so a page is kept, whole, under the list's *generation*: a
random token that every change to what the list shows replaces.

- ``changed()`` outside a transaction replaces the generation at once. Inside
  one it replaces it once, when the transaction commits (a roster of a thousand
  fighters saved in one transaction is one write to the cache, not a thousand),
  and until then the writing connection reads and keeps its pages under a token
  of its own, new at every change and tied to its open savepoints: its own next
  read is fresh, other connections keep the committed pages, and nothing it
  cached survives a rollback (its token is dropped with the commit callback).
- Who calls it: this app's ``post_save``/``post_delete`` receivers for fighters,
  camps, careers and cards (apps.py); ``bouts.services.careers`` (it adds to
  careers in SQL, without signals); the league app for what decides whose cards
  are hidden (a league's ``hide_cards`` and commissioners, divisions' rosters).
- ``TIMEOUT`` bounds how long a page outlives a change made outside them (raw
  SQL in a shell): two minutes.
- The page is kept per viewer (what he may see) and per absolute URL (the page,
  its filters, the host its links name). It is on where the cache is shared by
  every process (``FIGHTER_LIST_CACHE``, on with Redis): a process-local cache
  would not hear another process's changes.
"""

from __future__ import annotations

import hashlib
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

TIMEOUT = 120


def _prefix() -> str:
    # The database's name too: a test run's workers (or two sites) may share one Redis.
    return f"ringside:{settings.DATABASES['default']['NAME']}:fighter-list"


def enabled() -> bool:
    return bool(getattr(settings, "FIGHTER_LIST_CACHE", False))


def _renew() -> None:
    cache.set(f"{_prefix()}:generation", uuid.uuid4().hex, None)


def _renew_on_commit() -> None:
    _renew()  # its own function: _pending() finds it among the commit callbacks


def _pending(connection) -> bool:
    """This connection's open transaction has changed the list (its renewal waits
    for the commit). A rollback drops the callback, and with it this answer."""
    return any(func is _renew_on_commit for _sids, func, _robust in connection.run_on_commit)


def changed(**_signal_kwargs) -> None:
    """What the fighter list shows has changed (or will, when this transaction
    commits): no page cached before it is served again. A signal receiver as is."""
    if not enabled():
        return
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        _renew()
        return
    connection.fighter_list_token = uuid.uuid4().hex
    if not _pending(connection):
        transaction.on_commit(_renew_on_commit)


reset = _renew  # a new generation outright (tests start from one)


def _generation() -> str:
    key = f"{_prefix()}:generation"
    generation = cache.get(key)
    if generation is None:
        cache.add(key, uuid.uuid4().hex, None)
        generation = cache.get(key)
    connection = transaction.get_connection()
    if connection.in_atomic_block and _pending(connection):
        # The writing transaction's own view: its token and open savepoints (a page
        # read inside a savepoint later rolled back is not read after it).
        savepoints = "-".join(connection.savepoint_ids)
        return f"{generation}:{connection.fighter_list_token}:{savepoints}"
    return generation


def _page_key(generation: str, viewer: str, url: str) -> str:
    digest = hashlib.sha256(f"{viewer}\n{url}".encode()).hexdigest()[:32]
    return f"{_prefix()}:{generation}:{digest}"


def viewer_of(user) -> str:
    """Whose view of the cards a page is: staff see every card, anyone else his own."""
    if user is None or not user.is_authenticated:
        return "anonymous"
    return "staff" if user.is_staff else f"user:{user.pk}"


class Page:
    """The cache slot of one page for one viewer: ``get()`` before building it,
    ``put(data)`` after. Without the cache both do nothing."""

    def __init__(self, *, viewer: str, url: str):
        self.key = _page_key(_generation(), viewer, url) if enabled() else None

    def get(self):
        return None if self.key is None else cache.get(self.key)

    def put(self, data) -> None:
        if self.key is not None:
            cache.set(self.key, data, TIMEOUT)
