"""The import's fighters: their rows, cards, card history and regions.

A fighter in a camp is known by his camp and name (the database keeps them
unique): when the camp is one the database had already and holds a fighter of
that name, he is that fighter, used as he is — his cards, card history and
standing plans are his already (a fighter of two leagues is in both their
archives). Any other fighter is a new row."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from fighters.cards import card_validate
from fighters.models import CardChange, Fighter, RatingCard
from fighters.names import search_name
from league.models import League, RegionMember

from . import format as spec
from .writer import Writer


def _validation_problems(error: ValidationError, where: str) -> list[str]:
    if hasattr(error, "error_dict"):
        return [f"{where}.{field}: {m}" for field, ms in error.message_dict.items() for m in ms]
    return [f"{where}: {m}" for m in error.messages]


def _existing(writer: Writer, fighters: list[dict]) -> dict[tuple, int]:
    """``{(camp id, name): fighter id}`` of the reused camps' fighters the
    archive names."""
    camps = [writer.ref("camp", c) for c in writer.reused_camps]
    names = [f.get("name") for f in fighters if f.get("camp") in writer.reused_camps]
    if not camps or not names:
        return {}
    rows = Fighter.objects.filter(camp_id__in=camps, name__in=names)
    return {(camp, name): pk for pk, camp, name in rows.values_list("pk", "camp_id", "name")}


def write_fighters(writer: Writer, fighters: list[dict], league: League) -> None:
    existing = _existing(writer, fighters)
    new_items, objs = [], []
    for n, item in enumerate(fighters):
        fighter = writer.build(item, spec.FIGHTER, f"fighters[{n}]")
        known = existing.get((fighter.camp_id, fighter.name))
        if known is not None:
            writer.ids.setdefault("fighter", {})[item["id"]] = known
            writer.reused_fighters.add(item["id"])
            continue
        fighter.search_name = search_name(name=fighter.name, nickname=fighter.nickname)
        new_items.append((n, item))
        objs.append(fighter)
    writer.check()
    objs = writer.insert(Fighter, objs)
    writer.register("fighter", [item for _, item in new_items], objs, "id")
    members = [
        RegionMember(
            league=league,
            region_id=writer.ref("region", item["region"]),
            fighter_id=writer.ref("fighter", item["id"]),
        )
        for item in fighters
        if item.get("region") is not None
    ]
    writer.insert(RegionMember, members)
    cards = _cards(writer, new_items, objs)
    _history(writer, new_items, objs, cards)
    _reused_history(writer, fighters)


def _cards(writer: Writer, new_items, objs) -> dict[tuple, int]:
    cards = []
    for (n, item), fighter in zip(new_items, objs):
        for k, card in enumerate(item.get("cards", [])):
            where = f"fighters[{n}].cards[{k}]"
            row = writer.build(card, spec.CARD, where, fighter_id=fighter.pk, rating=0.0)
            try:
                row.data, row.rating = card_validate(
                    ruleset=row.ruleset, data=row.data, name=fighter.name, fighter_id=fighter.pk
                )
            except ValidationError as error:
                writer.problems.extend(_validation_problems(error, where))
            cards.append(row)
    writer.check()
    cards = writer.insert(RatingCard, cards)
    return {(c.fighter_id, c.ruleset): c.pk for c in cards}


def _history(writer: Writer, new_items, objs, card_ids: dict) -> None:
    changes, items = [], []
    for (n, item), fighter in zip(new_items, objs):
        for k, change in enumerate(item.get("card_history", [])):
            where = f"fighters[{n}].card_history[{k}]"
            row = writer.build(change, spec.CARD_CHANGE, where, fighter_id=fighter.pk)
            row.card_id = card_ids.get((fighter.pk, row.ruleset))
            changes.append(row)
            items.append(change)
    writer.check()
    changes = writer.insert(CardChange, changes)
    writer.keep_times(changes, items, "changed_at", "fighters[].card_history")
    writer.register("card_change", items, changes, "id")


def _reused_history(writer: Writer, fighters: list[dict]) -> None:
    """A reused fighter's card changes, as the archive names them: his history
    in the database, in the same order (its archive lists it whole)."""
    reused = [f for f in fighters if f["id"] in writer.reused_fighters]
    if not reused:
        return
    ids = [writer.ref("fighter", f["id"]) for f in reused]
    stored: dict[int, list[int]] = {}
    for pk, fighter_id in (
        CardChange.objects.filter(fighter_id__in=ids)
        .order_by("changed_at", "id")
        .values_list("pk", "fighter_id")
    ):
        stored.setdefault(fighter_id, []).append(pk)
    mapping = writer.ids.setdefault("card_change", {})
    for item, pk in zip(reused, ids):
        for change, stored_pk in zip(item.get("card_history", []), stored.get(pk, [])):
            mapping[change["id"]] = stored_pk
