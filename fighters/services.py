"""Writes for fighters, cards, camps and corner men. Every write runs full_clean()
and happens inside a transaction: bad input raises ValidationError and writes nothing.

Who may write (``core.scoping``): a write given a ``user`` is refused with
PermissionDenied unless he is staff or commissions every league the row belongs
to — the leagues a fighter or camp is on the roster of or has fought in
(``scope``); a free agent, a camp of no league and a corner man of no camp are
staff-only. ``user=None`` is the operator (commands, the roster generator).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping

from django.core.exceptions import ValidationError
from django.db import transaction

from bouts.engine.registry import get_ruleset
from core.scoping import check_may_edit

from . import scope, selectors
from .cards import card_diff, card_validate
from .models import Camp, CardChange, Career, CornerMan, Fighter, RatingCard
from .weight_classes import LIMIT_LB

FIGHTER_FIELDS = (
    "name",
    "nickname",
    "nationality",
    "date_of_birth",
    "stance",
    "height_cm",
    "reach_cm",
    "weight_class",
    "camp",
    "is_active",
    "retired_on",
)


# --- cards ------------------------------------------------------------------------
@transaction.atomic
def card_save(
    *, fighter: Fighter, ruleset: str, data, user=None, source: str = "admin", changed_by=None
):
    """Create or replace ``fighter``'s card for ``ruleset``.

    ``user`` is checked (a commissioner of the fighter's leagues, or staff;
    ``None``: the operator). A higher layer's service that has checked its own
    rule (training: the camp's manager) passes ``user=None`` and names the
    person in ``changed_by`` for the card history.

    The engine's validator decides (CardError -> ValidationError {"data": ["field: rule"]});
    the normalised card and its rating are stored, and the change is logged in a
    CardChange row (what changed, when, by whom). Saving an identical card logs nothing.
    """
    if fighter.pk is None:
        raise ValidationError({"fighter": ["save the fighter before its cards"]})
    check_may_edit(user, scope.fighter_league_ids(fighter=fighter))
    return _card_store(
        fighter=fighter, ruleset=ruleset, data=data, user=changed_by or user, source=source
    )


def _card_store(*, fighter: Fighter, ruleset: str, data, user, source: str):
    stored, rating = card_validate(
        ruleset=ruleset, data=data, name=fighter.name, fighter_id=fighter.pk
    )
    card = RatingCard.objects.select_for_update().filter(fighter=fighter, ruleset=ruleset).first()
    before = card.data if card else None
    if card is None:
        card = RatingCard(fighter=fighter, ruleset=ruleset)
    elif before == stored and card.rating == rating:
        return card
    card.data = stored
    card.rating = rating
    # the fighter is a saved row we hold; one card per (fighter, ruleset) is kept by
    # the locked lookup above and the database constraint
    card.full_clean(exclude=["fighter"])
    card.save()
    change = CardChange(
        card=card,
        fighter=fighter,
        ruleset=ruleset,
        changed_by=user if getattr(user, "pk", None) else None,
        source=source[:20],
        before=before,
        after=stored,
        diff=card_diff(before, stored),
    )
    change.full_clean(exclude=["card", "fighter", "changed_by"])  # rows we just held/saved
    change.save()
    return card


@transaction.atomic
def card_delete(*, card: RatingCard, user=None, source: str = "admin") -> None:
    """Delete a card, keeping its history (the last CardChange records the removal)."""
    check_may_edit(user, scope.fighter_league_ids(fighter=card.fighter))
    change = CardChange(
        card=None,
        fighter=card.fighter,
        ruleset=card.ruleset,
        changed_by=user if getattr(user, "pk", None) else None,
        source=source[:20],
        before=card.data,
        after=None,
        diff=card_diff(card.data, None),
    )
    change.full_clean()
    card.changes.update(card=None)
    card.delete()
    change.save()


# --- fighters ---------------------------------------------------------------------
def _cards_items(cards) -> list[tuple[str, dict]]:
    if cards is None:
        return []
    if isinstance(cards, Mapping):
        return list(cards.items())
    return [(c["ruleset"], c["data"]) for c in cards]


@transaction.atomic
def fighter_create(
    *,
    name: str,
    weight_class: str,
    nickname: str = "",
    nationality: str = "",
    date_of_birth: datetime.date | None = None,
    stance: str = "orthodox",
    height_cm: int | None = None,
    reach_cm: int | None = None,
    camp: Camp | None = None,
    is_active: bool = True,
    retired_on: datetime.date | None = None,
    cards: Mapping[str, dict] | Iterable[dict] | None = None,
    user=None,
    source: str = "admin",
    changed_by=None,
) -> Fighter:
    """A new fighter with its Career row and, optionally, cards
    (``{ruleset: card data}`` or ``[{"ruleset": ..., "data": ...}]``).

    ``user`` is checked: a fighter is made only in a camp of leagues he
    commissions (or a camp of no league yet; staff anywhere; ``None``: the
    operator). A higher layer that checked its own rule (a career manager
    building his camp's fighter) passes ``user=None`` and names the person in
    ``changed_by`` for the card history.

    A bad card raises ValidationError {"cards.<ruleset>": [...]} and nothing is written.
    """
    _check_camp_target(user, camp)
    fighter = Fighter(
        name=name.strip() if isinstance(name, str) else name,
        nickname=nickname,
        nationality=nationality,
        date_of_birth=date_of_birth,
        stance=stance,
        height_cm=height_cm,
        reach_cm=reach_cm,
        weight_class=weight_class,
        camp=camp,
        is_active=is_active,
        retired_on=retired_on,
    )
    fighter_save(fighter=fighter)
    for ruleset, data in _cards_items(cards):
        try:
            # the fighter is this write's own, not yet any league's: no scope to check
            _card_store(
                fighter=fighter,
                ruleset=ruleset,
                data=data,
                user=changed_by or user,
                source=source,
            )
        except ValidationError as exc:
            raise ValidationError({f"cards.{ruleset}": exc.messages}) from None
    return fighter


@transaction.atomic
def fighter_save(*, fighter: Fighter) -> Fighter:
    """Validate and save a Fighter instance (e.g. built by an admin form); a new
    fighter also gets its Career row."""
    is_new = fighter.pk is None
    fighter.full_clean()
    fighter.save()
    if is_new:
        career = Career(fighter=fighter)
        career.full_clean(exclude=["fighter"])
        career.save()
    return fighter


@transaction.atomic
def fighter_update(*, fighter: Fighter, data: Mapping, user=None) -> Fighter:
    """Change a fighter's own fields (not cards: those go through card_save). A new
    camp must be in the writer's scope too."""
    unknown = sorted(set(data) - set(FIGHTER_FIELDS))
    if unknown:
        raise ValidationError({unknown[0]: ["not a fighter field that can be updated"]})
    check_may_edit(user, scope.fighter_league_ids(fighter=fighter))
    camp = data.get("camp")
    if camp is not None and camp.pk != fighter.camp_id:
        _check_camp_target(user, camp)
    for field, value in data.items():
        setattr(fighter, field, value)
    fighter.full_clean()
    fighter.save()
    return fighter


@transaction.atomic
def fighter_delete(*, fighter: Fighter, user=None) -> None:
    """Delete a fighter who has no bouts (a bout protects its sides)."""
    check_may_edit(user, scope.fighter_league_ids(fighter=fighter))
    fighter.delete()


def may_manage(user, fighter: Fighter) -> bool:
    """Whether ``user`` manages ``fighter``: the owner of his camp."""
    if user is None or not getattr(user, "is_authenticated", False) or fighter.camp_id is None:
        return False
    return Camp.objects.filter(pk=fighter.camp_id, owner_id=user.pk).exists()


@transaction.atomic
def fighter_retire(*, fighter: Fighter, on: datetime.date | None = None, user=None) -> Fighter:
    """Retire a fighter on ``on`` (default today). Cards and career are kept.
    Staff, his leagues' commissioners, or his own manager (his camp's owner)."""
    if not may_manage(user, fighter):
        check_may_edit(user, scope.fighter_league_ids(fighter=fighter))
    fighter.is_active = False
    fighter.retired_on = on or datetime.date.today()
    fighter.full_clean()
    fighter.save(update_fields=["is_active", "retired_on", "updated_at"])
    return fighter


@transaction.atomic
def fighter_unretire(*, fighter: Fighter, user=None) -> Fighter:
    check_may_edit(user, scope.fighter_league_ids(fighter=fighter))
    fighter.is_active = True
    fighter.retired_on = None
    fighter.full_clean()
    fighter.save(update_fields=["is_active", "retired_on", "updated_at"])
    return fighter


@transaction.atomic
def fighters_retire(*, fighters: Iterable[Fighter], on: datetime.date | None = None) -> int:
    """Bulk retire (admin action); returns how many were retired."""
    count = 0
    for fighter in fighters:
        if fighter.is_active:
            fighter_retire(fighter=fighter, on=on)
            count += 1
    return count


@transaction.atomic
def fighters_move_weight_class(*, fighters: Iterable[Fighter], weight_class: str) -> int:
    """Bulk move to another weight class (admin action); returns how many moved."""
    if weight_class not in LIMIT_LB:
        raise ValidationError({"weight_class": [f"unknown weight class {weight_class!r}"]})
    count = 0
    for fighter in fighters:
        if fighter.weight_class != weight_class:
            fighter.weight_class = weight_class
            fighter.full_clean()
            fighter.save(update_fields=["weight_class", "updated_at"])
            count += 1
    return count


# --- camps and corner men ---------------------------------------------------------
def _check_camp_target(user, camp: Camp | None) -> None:
    """Putting someone into a camp changes that camp's leagues: they must be the
    writer's (a camp of no league takes anyone)."""
    if camp is not None and user is not None:
        leagues = scope.camp_league_ids(camp=camp)
        if leagues:
            check_may_edit(user, leagues)


@transaction.atomic
def camp_create(*, name: str, manager: str = "", city: str = "") -> Camp:
    """A new camp belongs to no league yet: any commissioner may make one (the API
    lets only staff and commissioners write at all)."""
    camp = Camp(name=name, manager=manager, city=city)
    camp.full_clean()
    camp.save()
    return camp


CAMP_FIELDS = ("name", "manager", "city")
CORNER_MAN_FIELDS = ("name", "role", "cut", "strategy", "camp", "is_available")


def _set_fields(row, data: Mapping, allowed: tuple[str, ...], what: str) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ValidationError({unknown[0]: [f"not a {what} field that can be updated"]})
    for field, value in data.items():
        setattr(row, field, value)
    row.full_clean()
    row.save()


@transaction.atomic
def camp_update(*, camp: Camp, data: Mapping, user=None) -> Camp:
    check_may_edit(user, scope.camp_league_ids(camp=camp))
    _set_fields(camp, data, CAMP_FIELDS, "camp")
    return camp


@transaction.atomic
def camp_delete(*, camp: Camp, user=None) -> None:
    check_may_edit(user, scope.camp_league_ids(camp=camp))
    camp.delete()


@transaction.atomic
def corner_man_create(
    *,
    name: str,
    role: str = "both",
    cut: str = "average",
    strategy: str = "average",
    camp: Camp | None = None,
    is_available: bool = True,
    user=None,
) -> CornerMan:
    """A corner man of no camp is any commissioner's to add; into a camp, only the
    camp's commissioners'."""
    _check_camp_target(user, camp)
    corner = CornerMan(
        name=name, role=role, cut=cut, strategy=strategy, camp=camp, is_available=is_available
    )
    corner.full_clean()
    corner.save()
    return corner


@transaction.atomic
def corner_man_update(*, corner: CornerMan, data: Mapping, user=None) -> CornerMan:
    check_may_edit(user, selectors.corner_man_league_ids(corner=corner))
    camp = data.get("camp")
    if camp is not None and camp.pk != corner.camp_id:
        _check_camp_target(user, camp)
    _set_fields(corner, data, CORNER_MAN_FIELDS, "corner man")
    return corner


@transaction.atomic
def corner_man_delete(*, corner: CornerMan, user=None) -> None:
    check_may_edit(user, selectors.corner_man_league_ids(corner=corner))
    corner.delete()


# --- fictional rosters ------------------------------------------------------------
def _free_name(model, name: str) -> str:
    """``name``, or ``name (2)``, ``(3)``... if already taken (names are unique)."""
    candidate, n = name, 1
    while model.objects.filter(name=candidate).exists():
        n += 1
        candidate = f"{name} ({n})"
    return candidate


@transaction.atomic
def roster_create(*, plan, divisions=None, user=None, progress=None) -> dict:
    """Write a fighters.roster.RosterPlan: camps, corner men, fighters with Career
    rows and cards (source "roster"). ``divisions`` maps weight class -> Division:
    each fighter joins its class's division (and, for team rulesets, its camp
    too). ``progress`` wraps the fighter loop (e.g. tqdm). All or nothing."""
    camps = [
        camp_create(name=_free_name(Camp, c.name), manager=c.manager, city=c.city)
        for c in plan.camps
    ]
    corners = [
        corner_man_create(
            name=_free_name(CornerMan, c.name),
            role=c.role,
            cut=c.cut,
            strategy=c.strategy,
            camp=camps[c.camp],
        )
        for c in plan.corners
    ]
    fighters = []
    joined: dict[int, list[Fighter]] = {}
    iterator = progress(plan.fighters) if progress else plan.fighters
    for f in iterator:
        fighter = fighter_create(
            name=f.name,
            nickname=f.nickname,
            nationality=f.nationality,
            date_of_birth=f.date_of_birth,
            stance=f.stance,
            height_cm=f.height_cm,
            reach_cm=f.reach_cm,
            weight_class=f.weight_class,
            camp=camps[f.camp],
            cards={plan.ruleset: f.card},
            user=user,
            source="roster",
        )
        fighters.append(fighter)
        if divisions and f.weight_class in divisions:
            joined.setdefault(divisions[f.weight_class].pk, []).append(fighter)
    team = get_ruleset(plan.ruleset).team
    for division in (divisions or {}).values():
        members = joined.get(division.pk, [])
        if members:
            division.fighters.add(*members)
            if team:
                division.camps.add(*{m.camp_id for m in members})
    return {"camps": camps, "corners": corners, "fighters": fighters, "joined": joined}
