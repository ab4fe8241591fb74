"""Who may edit what belongs to leagues: the rule every write service applies.

Staff edit everything. A commissioner edits a row only when every league it
belongs to is one he commissions; a row that belongs to no league (a free agent,
a camp or corner man no league has taken) is staff-only. Anonymous users and
plain accounts edit nothing here (managers' own writes have their own rules).

Which leagues a user commissions is known only to the league app, the top layer,
which nothing below may import: it registers its lookup when it starts
(``league.apps``), as the API's viewset hooks do (``core.api.permissions``).
Until then nobody but staff may edit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.core.exceptions import PermissionDenied

NOT_YOURS = "Only staff or a commissioner of every league this belongs to may change it."

_lookup: Callable[[object], Iterable[int]] | None = None


def register_commissioned_lookup(lookup: Callable[[object], Iterable[int]]) -> None:
    """``lookup(user)`` answers the ids of the leagues ``user`` commissions."""
    global _lookup
    _lookup = lookup


def commissioned_league_ids(user) -> frozenset[int]:
    """The ids of the leagues ``user`` commissions (one query; not kept on the
    user, whose leagues may change while the object lives)."""
    if user is None or not getattr(user, "is_authenticated", False) or _lookup is None:
        return frozenset()
    return frozenset(_lookup(user))


def may_edit(user, league_ids: Iterable[int]) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.is_superuser:
        return True
    league_ids = set(league_ids)
    if not league_ids:
        return False
    return league_ids <= commissioned_league_ids(user)


def may_commission(user, league_id: int) -> bool:
    """Staff, or a commissioner of the league ``league_id``: who runs a league's
    console, cards, managers and voids. The one place this rule is written."""
    return may_edit(user, [league_id])


def check_may_edit(user, league_ids: Iterable[int], message: str = NOT_YOURS) -> None:
    """Raise ``PermissionDenied`` (a 403 in the API) unless ``user`` may edit a row
    of ``league_ids``. ``user=None`` is the operator (a management command, a
    data migration): those callers are trusted and not checked."""
    if user is None:
        return
    if not may_edit(user, league_ids):
        raise PermissionDenied(message)
