"""Hidden cards (docs/career.md): in a league with ``hide_cards`` a fighter's card is
seen only by his camp's owner, the league's commissioners and staff. Everyone else
scouts him (league.scouting). One queryset, used as a subquery, so hiding adds no
query to a list."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from fighters.models import Fighter

from .models import League


def hidden_card_fighters(user) -> QuerySet[Fighter] | None:
    """The fighters whose cards ``user`` may not see; None when he sees them all."""
    if user is not None and user.is_authenticated and user.is_staff:
        return None
    leagues = League.objects.filter(hide_cards=True)
    signed_in = user is not None and user.is_authenticated
    if signed_in:
        leagues = leagues.exclude(commissioners=user)
    hidden = Fighter.objects.filter(
        Q(divisions__league__in=leagues) | Q(camp__divisions__league__in=leagues)
    )
    if signed_in:
        hidden = hidden.exclude(camp__owner=user)
    return hidden.values("pk")


def may_see_card(user, fighter: Fighter) -> bool:
    hidden = hidden_card_fighters(user)
    return hidden is None or not hidden.filter(pk=fighter.pk).exists()
