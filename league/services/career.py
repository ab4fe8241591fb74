"""The career game's fighter creation (docs/career.md): a manager builds a fighter
for his own camp in a career league, spending the league's point budget on the
abilities the ruleset's budget rule counts (bouts/engine/budget.py).

Who: the camp's owner, a manager of the league (or staff). ``PermissionDenied``
for anyone else; ``ValidationError`` with field messages for bad input (the
ability's own name, ``budget`` for an overspend); nothing is written in either case.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from bouts.engine import get_ruleset
from bouts.engine.budget import BudgetRule
from bouts.engine.errors import CardError
from fighters.models import Camp, Fighter
from fighters.services import fighter_create
from league.models import League
from league.services.common import derive_seed, ruleset_is_team
from league.services.membership import is_manager

SIGN_IN = "Sign in first."


def budget_rule(league: League) -> BudgetRule:
    rule = get_ruleset(league.ruleset).budget
    if rule is None:  # every registered ruleset has one; a new one must add it
        raise ValidationError({"league": [f"{league.ruleset} has no career budget rule."]})
    return rule


def league_budget(league: League) -> int:
    """The league's point budget, or the ruleset's default (WeBL 70)."""
    if league.point_budget is not None:
        return league.point_budget
    return budget_rule(league).default_budget


def require_career_league(league: League) -> None:
    if not league.career_mode:
        raise ValidationError({"league": [f"{league.name} is not a career league."]})


def may_manage_camp(user, league: League, camp: Camp) -> bool:
    """Staff, or the camp's owner while he is a manager of ``league``."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return camp.owner_id == user.pk and is_manager(user, league)


def _abilities(rule: BudgetRule, abilities: Mapping) -> dict[str, int]:
    """The bought abilities as ints within their bounds, or field errors."""
    if not isinstance(abilities, Mapping):
        raise ValidationError({"abilities": ["must be an object of ability points"]})
    errors: dict[str, list[str]] = {}
    known = {a.path for a in rule.abilities}
    for key in sorted(set(abilities) - known):
        errors[key] = [f"not an ability this league buys (it buys {', '.join(sorted(known))})"]
    out: dict[str, int] = {}
    for ability in rule.abilities:
        value = abilities.get(ability.path)
        if value is None:
            errors[ability.path] = ["is required"]
        elif isinstance(value, bool) or not isinstance(value, int):
            errors[ability.path] = [f"must be a whole number (got {value!r})"]
        elif not ability.low <= value <= ability.high:
            errors[ability.path] = [f"must be between {ability.low} and {ability.high}"]
        else:
            out[ability.path] = value
    if errors:
        raise ValidationError(errors)
    return out


def build_card(*, league: League, camp: Camp, name: str, abilities: Mapping) -> dict:
    """The new fighter's card: the bought abilities on top of the ruleset's free
    choices (style, tables, dice), drawn by its generator from a seed of league,
    camp and name so the same request builds the same card. Validated by the
    engine and checked against the league's budget."""
    ruleset = get_ruleset(league.ruleset)
    rule = budget_rule(league)
    bought = _abilities(rule, abilities)
    rng = random.Random(derive_seed("career-card", league.pk, camp.pk, name))
    card = ruleset.generate_card(rng, None)
    for ability in rule.abilities:
        card = ability.write(card, bought[ability.path])
    if "name" in card:  # the generator's invented name gives way to the fighter's
        card["name"] = name
    try:
        card = ruleset.validate_card(card)
        rule.check(card, league_budget(league))
    except CardError as exc:
        raise ValidationError({exc.field or "card": [exc.rule]}) from None
    return card


def career_fighter_create(
    *,
    actor,
    league: League,
    camp: Camp,
    name: str,
    weight_class: str,
    abilities: Mapping,
    **fields,
) -> Fighter:
    """A new fighter for ``camp`` in ``league``'s division of ``weight_class``, with
    a card bought within the league's budget (``fields``: the fighter's other
    fields, e.g. nickname, height_cm)."""
    if actor is None or not actor.is_authenticated:
        raise PermissionDenied(SIGN_IN)
    if not may_manage_camp(actor, league, camp):
        raise PermissionDenied(f"Only {camp.name}'s manager builds its fighters in {league.name}.")
    require_career_league(league)
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise ValidationError({"name": ["A fighter needs a name."]})
    division = league.divisions.filter(weight_class=weight_class).first()
    if division is None:
        raise ValidationError({"weight_class": [f"{league.name} has no such division."]})
    card = build_card(league=league, camp=camp, name=name, abilities=abilities)
    with transaction.atomic():
        fighter = fighter_create(
            name=name,
            weight_class=weight_class,
            camp=camp,
            cards={league.ruleset: card},
            user=None,  # checked above: the camp's own manager, in his league
            changed_by=actor,
            source="career",
            **fields,
        )
        division.fighters.add(fighter)
        if ruleset_is_team(league.ruleset):
            division.camps.add(camp)
    return fighter
