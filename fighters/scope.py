"""The leagues a fighter or camp belongs to, for the commissioners' scope
(``core.scoping``): those whose roster holds it, and those it has fought in.

A division's roster is read here through its reverse relation (``divisions``).
Bouts are a higher layer, which fighters may not import, so the bouts app tells
which leagues fighters and camps have fought in by registering its lookups when
it starts (``bouts.apps``). A fighter taken off a roster stays in the scope of
the leagues he fought in: his record there is still theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .models import Camp, Fighter

FoughtIn = Callable[[Iterable[int]], set[int]]

_fought_in: dict[str, FoughtIn] = {}


def register_fought_in(*, fighters: FoughtIn, camps: FoughtIn) -> None:
    """``fighters(ids)`` / ``camps(ids)`` answer the ids of the leagues any of
    those fighters / camps has fought in."""
    _fought_in["fighters"] = fighters
    _fought_in["camps"] = camps


def _fought(kind: str, ids: Iterable[int]) -> set[int]:
    lookup = _fought_in.get(kind)
    ids = list(ids)
    return set(lookup(ids)) if lookup and ids else set()


def fighter_league_ids(*, fighter: Fighter) -> set[int]:
    """Leagues whose roster holds the fighter, and leagues he has fought in."""
    if fighter.pk is None:
        return set()
    rostered = set(fighter.divisions.values_list("league_id", flat=True))
    return rostered | _fought("fighters", [fighter.pk])


def camp_league_ids(*, camp: Camp) -> set[int]:
    """Leagues whose roster holds the camp or one of its fighters, and leagues the
    camp or one of its fighters has fought in."""
    if camp.pk is None:
        return set()
    fighter_ids = list(camp.fighters.values_list("pk", flat=True))
    leagues = set(camp.divisions.values_list("league_id", flat=True))
    leagues |= set(
        Fighter.objects.filter(camp=camp, divisions__isnull=False).values_list(
            "divisions__league_id", flat=True
        )
    )
    return leagues | _fought("camps", [camp.pk]) | _fought("fighters", fighter_ids)
