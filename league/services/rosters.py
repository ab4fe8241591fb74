"""What a league's rosters may take (issue 30): the one rule, whichever door a
roster write comes through (the API's divisions, the admin, a command).

A division's roster (its fighters, and its camps under a team ruleset) takes:
- from staff, or the operator (``user=None``: a command, a data migration),
  anyone;
- from a commissioner, only fighters and camps already of leagues he
  commissions: every league the fighter, his camp, or the camp is on the roster
  of or has fought in (``fighters.scope``) must be his. A free agent — of no
  league at all — is staff's to place: otherwise any commissioner could take a
  fighter or a camp another league is about to sign, and with it the camp's
  plans (a camp's manager is given in the leagues it plays in).

Taking someone off a roster is the league's own business: only additions are
checked.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction

from core.scoping import commissioned_league_ids
from fighters import scope
from fighters.models import Camp, Fighter
from league.models import Division, League
from league.services.membership import require_commissioner

FREE_AGENT = "{name} is a free agent: only staff places a free agent on a league's roster."
ELSEWHERE = (
    "{name} belongs to a league you do not commission: only its commissioners "
    "(of every league it plays in) or staff may place it on another roster."
)


def _is_operator_or_staff(user) -> bool:
    return user is None or (user.is_authenticated and (user.is_staff or user.is_superuser))


def fighter_roster_leagues(fighter: Fighter) -> set[int]:
    """The leagues a fighter counts as of when he is placed on a roster: his own
    and his camp's (a camp's fighter carries its leagues with him)."""
    leagues = scope.fighter_league_ids(fighter=fighter)
    if fighter.camp_id is not None:
        leagues |= scope.camp_league_ids(camp=fighter.camp)
    return leagues


def _problem(name: str, leagues: set[int], mine: frozenset[int]) -> str | None:
    if not leagues:
        return FREE_AGENT.format(name=name)
    if not leagues <= mine:
        return ELSEWHERE.format(name=name)
    return None


def roster_additions_check(
    *, user, league: League, fighters: Iterable[Fighter] = (), camps: Iterable[Camp] = ()
) -> None:
    """Refuse (ValidationError naming each field and person) any fighter or camp
    ``user`` may not add to a roster of ``league``; PermissionDenied for someone
    who does not run ``league`` at all."""
    if _is_operator_or_staff(user):
        return
    require_commissioner(user, league)
    mine = commissioned_league_ids(user)
    errors: dict[str, list[str]] = {}
    for fighter in fighters:
        problem = _problem(fighter.name, fighter_roster_leagues(fighter), mine)
        if problem:
            errors.setdefault("fighters", []).append(problem)
    for camp in camps:
        problem = _problem(camp.name, scope.camp_league_ids(camp=camp), mine)
        if problem:
            errors.setdefault("camps", []).append(problem)
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def division_roster_set(
    *,
    user,
    division: Division,
    fighters: Iterable[Fighter] | None = None,
    camps: Iterable[Camp] | None = None,
) -> Division:
    """Set ``division``'s roster (``None``: that part unchanged). Whoever is added
    must pass ``roster_additions_check``; nothing is written otherwise."""
    if not _is_operator_or_staff(user):
        require_commissioner(user, division.league)
    fighters = None if fighters is None else list(fighters)
    camps = None if camps is None else list(camps)
    held_fighters = set(division.fighters.values_list("pk", flat=True)) if division.pk else set()
    held_camps = set(division.camps.values_list("pk", flat=True)) if division.pk else set()
    roster_additions_check(
        user=user,
        league=division.league,
        fighters=[f for f in fighters or () if f.pk not in held_fighters],
        camps=[c for c in camps or () if c.pk not in held_camps],
    )
    if fighters is not None:
        division.fighters.set(fighters)
    if camps is not None:
        division.camps.set(camps)
    return division


@transaction.atomic
def division_roster_remove(*, user, division: Division, fighter: Fighter) -> None:
    """Take ``fighter`` off ``division``'s roster (the league's own business: a
    commissioner of the league or staff). His bouts and records stay; bouts
    already booked are the card builder's to take off."""
    require_commissioner(user, division.league)
    if not division.fighters.filter(pk=fighter.pk).exists():
        raise ValidationError(
            {"fighter": [f"{fighter.name} is not on the {division.name} roster."]}
        )
    division.fighters.remove(fighter)


@transaction.atomic
def division_roster_add(*, user, division: Division, fighter: Fighter) -> None:
    """Put ``fighter`` (back) on ``division``'s roster, under
    ``roster_additions_check``: a fighter still of the commissioner's leagues
    only (one who left every league is staff's to place)."""
    require_commissioner(user, division.league)
    if division.fighters.filter(pk=fighter.pk).exists():
        raise ValidationError({"fighter": [f"{fighter.name} is on the {division.name} roster."]})
    try:
        roster_additions_check(user=user, league=division.league, fighters=[fighter])
    except ValidationError as exc:
        raise ValidationError({"fighter": exc.messages}) from None
    division.fighters.add(fighter)
