"""Who may write through the API.

Reads are public. Writes need an authenticated account that is staff (writes
everywhere) or a commissioner (a user in ``League.commissioners``), who writes only
in the leagues he commissions. A viewset says which leagues an object and a
request's data belong to (``LeagueScopedViewSetMixin``); a viewset for something
shared by every league (officials) sets ``staff_only_writes``.
"""

from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import SAFE_METHODS, BasePermission

NOT_YOUR_LEAGUE = "You are not a commissioner of this league."


def commissioned_league_ids(request) -> frozenset[int]:
    """The ids of the leagues the request's user commissions (one query, cached on
    the request)."""
    cached = getattr(request, "_ringside_commissioned", None)
    if cached is None:
        user = request.user
        if user is None or not user.is_authenticated:
            cached = frozenset()
        else:
            cached = frozenset(user.commissioned_leagues.values_list("id", flat=True))
        request._ringside_commissioned = cached
    return cached


def may_write_leagues(request, league_ids) -> bool:
    """Staff writes everywhere; a commissioner only where every league touched is
    his. Something that belongs to no league yet (a free agent, a new camp) is open
    to any commissioner."""
    user = request.user
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    mine = commissioned_league_ids(request)
    if not mine:
        return False
    return set(league_ids) <= mine


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
        return bool(commissioned_league_ids(request))

    def has_object_permission(self, request, view, obj):
        if request.method in SAFE_METHODS:
            return True
        if request.user.is_staff:
            return True
        if getattr(view, "staff_only_writes", False):
            return False
        self.message = NOT_YOUR_LEAGUE
        return may_write_leagues(request, view.leagues_of_object(obj))


class LeagueScopedViewSetMixin:
    """Checks the leagues of the data written, not just of the object: a
    commissioner may neither create in another league nor move something there.

    Subclasses implement ``leagues_of_object(obj)`` and ``leagues_of_data(data)``
    (both return league ids)."""

    permission_classes = [IsStaffOrCommissioner]
    staff_only_writes = False

    def leagues_of_object(self, obj) -> set[int]:
        raise NotImplementedError

    def leagues_of_data(self, data: dict) -> set[int]:
        raise NotImplementedError

    def check_data_leagues(self, data: dict) -> None:
        if self.request.user.is_staff:
            return
        if not may_write_leagues(self.request, self.leagues_of_data(data)):
            raise PermissionDenied(NOT_YOUR_LEAGUE)
