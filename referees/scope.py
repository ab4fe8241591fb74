"""Who may change an official (docs/console.md, "Officials").

Officials are shared: every league draws on the same referees, judges and
doctors. Staff change any of them. A commissioner adds officials, and changes
one who has worked only in leagues he commissions (or nowhere yet): an official
another league has used is that league's business too. Anyone else changes
none (the operator, ``user=None``, is trusted).

Which leagues an official has worked in only the bouts know; bouts are a higher
layer, which referees may not import, so the bouts app registers its lookup
when it starts (``bouts.apps``), as it does for fighters (``fighters.scope``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied

from core.scoping import commissioned_league_ids, may_edit

WorkedIn = Callable[[object], set[int]]

_worked_in: list[WorkedIn] = []

NOT_A_COMMISSIONER = "Only staff or a league's commissioner may add or change officials."
WORKED_ELSEWHERE = (
    "{name} has worked bouts of a league you do not run: only staff may change this official."
)


def register_worked_in(lookup: WorkedIn) -> None:
    """``lookup(official)`` answers the ids of the leagues whose bouts he worked."""
    _worked_in[:] = [lookup]


def official_league_ids(official) -> set[int]:
    if official.pk is None or not _worked_in:
        return set()
    return set(_worked_in[0](official))


def _is_staff(user) -> bool:
    return bool(getattr(user, "is_staff", False) or getattr(user, "is_superuser", False))


def check_may_add(user) -> None:
    if user is None:
        return
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied(NOT_A_COMMISSIONER)
    if not _is_staff(user) and not commissioned_league_ids(user):
        raise PermissionDenied(NOT_A_COMMISSIONER)


def check_may_change(user, official) -> None:
    if user is None:
        return
    check_may_add(user)
    leagues = official_league_ids(official)
    if leagues and not may_edit(user, leagues):
        raise PermissionDenied(WORKED_ELSEWHERE.format(name=official.name))
