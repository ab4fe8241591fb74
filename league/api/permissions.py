"""Commissioners: the league's half of the write permissions.

The machinery is ``core.api.permissions``; it asks the viewset which leagues the
user commissions. Only the league knows (``League.commissioners``), so the league
answers: its own viewsets through ``CommissionerScopedViewSetMixin``, the other
apps' viewsets through ``commissioner_writes`` when the router mounts them.
"""

from core import scoping
from core.api.permissions import LeagueScopedViewSetMixin

from ..card_visibility import hidden_card_fighters


def commissioned_league_ids(request) -> frozenset[int]:
    """The ids of the leagues the request's user commissions (one query, cached on
    the request)."""
    cached = getattr(request, "ringside_commissioned_league_ids", None)
    if cached is None:
        cached = scoping.commissioned_league_ids(request.user)
        request.ringside_commissioned_league_ids = cached
    return cached


class CommissionerScopedViewSetMixin(LeagueScopedViewSetMixin):
    """A league-scoped viewset whose commissioners write in their own leagues."""

    def commissioned_league_ids(self, request) -> frozenset[int]:
        return commissioned_league_ids(request)

    def hidden_card_fighters(self, request):
        """Career leagues' hidden cards (league.card_visibility)."""
        return hidden_card_fighters(request.user)


def commissioner_writes(viewset: type) -> type:
    """``viewset`` (another app's ``LeagueScopedViewSetMixin`` viewset) as the API
    serves it: the same class, the same name and docs, with commissioners' writes."""
    if not issubclass(viewset, LeagueScopedViewSetMixin):
        raise TypeError(f"{viewset.__name__} is not league-scoped")
    return type(
        viewset.__name__,
        (CommissionerScopedViewSetMixin, viewset),
        {"__doc__": viewset.__doc__, "__module__": viewset.__module__},
    )
