"""Who may write through the API: the machinery, without the league.

Reads are public. Writes need an authenticated account that is staff (writes
everywhere) or a commissioner, who writes only in the leagues he commissions.
Leagues are the top layer, which nothing here may import, so the two
league-specific reads are hooks on the viewset:

- ``leagues_of_object(obj)`` and ``leagues_of_data(data)``: the ids of the leagues
  an object and a request's data belong to, read from the app's own rows;
- ``commissioned_league_ids(request)``: the ids of the leagues the user
  commissions. Empty here, so a viewset used as it is lets only staff write; the
  league app supplies the real lookup when it mounts the viewset
  (``league.api.permissions``).

A viewset for something shared by every league (officials) sets
``staff_only_writes`` and needs neither hook.
"""

from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import SAFE_METHODS, BasePermission

NOT_YOUR_LEAGUE = "You are not a commissioner of this league."


def commissioned_leagues_of(view, request) -> frozenset[int]:
    """What the view's hook answers (nothing for a view without one)."""
    lookup = getattr(view, "commissioned_league_ids", None)
    return frozenset() if lookup is None else lookup(request)


def may_write_leagues(view, request, league_ids, *, nowhere_is_open=False) -> bool:
    """Staff writes everywhere; a commissioner only where every league touched is
    his. A row of no league (a free agent, a camp no league has taken) is
    staff-only to edit; data naming no league (a new fighter, a corner man of no
    camp) is open to any commissioner (``nowhere_is_open``)."""
    user = request.user
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:  # as core.scoping.may_edit
        return True
    mine = commissioned_leagues_of(view, request)
    if not mine:
        return False
    league_ids = set(league_ids)
    if not league_ids:
        return nowhere_is_open
    return league_ids <= mine


class IsStaffOrCommissioner(BasePermission):
    message = "Writes need a staff account or a commissioner of the league."

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        user = request.user
        if user is None or not user.is_authenticated:
            return False
        if user.is_staff:
            return True
        if getattr(view, "staff_only_writes", False):
            return False
        return bool(commissioned_leagues_of(view, request))

    def has_object_permission(self, request, view, obj):
        if request.method in SAFE_METHODS:
            return True
        if request.user.is_staff:
            return True
        if getattr(view, "staff_only_writes", False):
            return False
        self.message = NOT_YOUR_LEAGUE
        return may_write_leagues(view, request, view.leagues_of_object(obj))


class LeagueScopedViewSetMixin:
    """Checks the leagues of the data written, not just of the object: a
    commissioner may neither create in another league nor move something there.

    Subclasses implement ``leagues_of_object(obj)`` and ``leagues_of_data(data)``
    (both return league ids); the league app overrides
    ``commissioned_league_ids(request)``."""

    permission_classes = [IsStaffOrCommissioner]
    staff_only_writes = False

    def commissioned_league_ids(self, request) -> frozenset[int]:
        return frozenset()  # only staff writes until the league supplies the lookup

    def leagues_of_object(self, obj) -> set[int]:
        raise NotImplementedError

    def leagues_of_data(self, data: dict) -> set[int]:
        raise NotImplementedError

    def check_data_leagues(self, data: dict) -> None:
        if self.request.user.is_staff:
            return
        leagues = self.leagues_of_data(data)
        if not may_write_leagues(self, self.request, leagues, nowhere_is_open=True):
            raise PermissionDenied(NOT_YOUR_LEAGUE)
