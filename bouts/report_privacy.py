"""What of a bout's record a viewer may not see (issue 30).

- A **hidden card** (a career league's ``hide_cards``: the league decides whose,
  through the ``hidden_card_fighters`` hook it answers when it mounts the API)
  must not leak through the record of a fought bout: the values the engine echoes
  of a card — WeBL's starting endurance (ten times TGH) and the endurance left,
  Title Bout's ratings and endurance points — are left out for that side.
- A **standing plan** still applies to its fighter's next bouts: a bout fought
  with one shows it (its text, and the plan lines the engine echoes per round)
  only to the side's manager and staff; everyone else reads "the manager's
  standing plan", kept private.
- A scheduled bout's **seed** makes it predictable (the engine is deterministic
  and open cards are public): staff only, until it is fought; then it is the
  replay key.

What is withheld is computed in the same query that reads a bout's state for
the report cache (``report_cache.state``), so a cached report stays one query;
reports are cached per ``Withheld.variant``, never one viewer's for another.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Coalesce

from .models import BoutStatus

SIDES = ("red", "blue")
# What each ruleset's result repeats of a card, per side: details keys holding
# ``{"red": ..., "blue": ...}`` and keys of a round's stats.
CARD_DETAILS = {
    "webl": ("starting_endurance", "endurance"),
    "titlebout": ("ratings", "endurance"),
    "skirmish": ("traits",),
}
CARD_ROUND_STATS = {"webl": ("endurance",), "titlebout": ("end",)}
# Team rulesets: what a side's fighter lines repeat of each fighter's card.
CARD_LINE_STATS = {"octagon": ("style",)}
# What it repeats of a side's plan: WeBL the plan text and each round's line,
# Title Bout each round's strategy (chosen and used, and its play-by-play line),
# Octagon the corner policy.
PLAN_DETAILS = {"webl": ("plans",), "octagon": ("policies",)}
PLAN_ROUND_STATS = {"webl": ("plan",), "titlebout": ("strategy",)}
PLAN_ROUND_LISTS = {"titlebout": ("strategies",)}  # [{"round", "chosen": {side: ...}, ...}]
PLAN_EVENT_KINDS = {"titlebout": ("strategy",)}
STANDING = "standing"
FOUGHT = (BoutStatus.COMPLETED, BoutStatus.VOIDED)


@dataclass(frozen=True)
class Withheld:
    """The sides whose card echoes, and whose standing plan, a viewer may not see."""

    cards: frozenset[str] = frozenset()
    plans: frozenset[str] = frozenset()

    @property
    def variant(self) -> str:
        """A cache-key suffix: the same for every viewer shown the same report."""
        parts = [f"card-{s}" for s in SIDES if s in self.cards]
        parts += [f"plan-{s}" for s in SIDES if s in self.plans]
        return "".join(f"-{part}" for part in parts)


NOTHING = Withheld()
# Every variant a bout's report may be cached under (report_cache.forget drops all).
VARIANTS = tuple(
    Withheld(frozenset(cards), frozenset(plans)).variant
    for cards in ((), ("red",), ("blue",), SIDES)
    for plans in ((), ("red",), ("blue",), SIDES)
)


def sees_everything(user) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_staff)


def state_annotations(user, hidden_fighters) -> dict:
    """Annotations for the bout state query answering what ``user`` may not see
    (nothing to add for staff). ``hidden_fighters``: a values("pk") queryset of
    fighters whose cards he may not see, or None."""
    if sees_everything(user):
        return {}
    out = {}
    for side in SIDES:
        if hidden_fighters is None:
            out[f"{side}_card_hidden"] = Value(False)
            out[f"{side}_camp_hidden"] = Value(False)
        else:
            # A one-on-one side is its fighter; a team side, any fighter of its camp.
            out[f"{side}_card_hidden"] = Exists(hidden_fighters.filter(pk=OuterRef(f"{side}_id")))
            out[f"{side}_camp_hidden"] = Exists(
                hidden_fighters.filter(camp_id=OuterRef(f"{side}_camp_id"))
            )
        out[f"{side}_plan_source"] = KT(f"inputs__plan_sources__{side}__kind")
        out[f"{side}_manager"] = Coalesce(f"{side}__camp__owner_id", f"{side}_camp__owner_id")
    return out


def withheld_from_row(row: dict, user) -> Withheld:
    """``Withheld`` from a state row carrying ``state_annotations``."""
    if sees_everything(user) or f"{SIDES[0]}_card_hidden" not in row:
        return NOTHING
    viewer = user.pk if user is not None and user.is_authenticated else None
    cards = frozenset(
        side for side in SIDES if row[f"{side}_card_hidden"] or row[f"{side}_camp_hidden"]
    )
    plans = frozenset(
        side
        for side in SIDES
        if row[f"{side}_plan_source"] == STANDING
        and (viewer is None or row[f"{side}_manager"] != viewer)
    )
    return Withheld(cards, plans)


def _drop_side(holder, key: str, side: str) -> None:
    value = holder.get(key) if isinstance(holder, dict) else None
    if isinstance(value, dict):
        holder[key] = {k: v for k, v in value.items() if k != side}


def _without_sides(entry, sides: frozenset[str]):
    """A per-round entry (``{"round", "chosen": {"red": ..}, ...}``) without
    ``sides`` in any of its side-keyed parts."""
    if not isinstance(entry, dict):
        return entry
    out = {}
    for key, value in entry.items():
        if isinstance(value, dict):
            value = {side: part for side, part in value.items() if side not in sides}
        out[key] = value
    return out


def redact_report(data: dict, ruleset: str, withheld: Withheld) -> dict:
    """The API's bout detail ``data`` without what ``withheld`` names (a copy
    where it changes): detail keys per side, round stats, the fought plans."""
    if withheld == NOTHING:
        return data
    data = dict(data)
    details = dict(data.get("details") or {})
    for sides, keys in (
        (withheld.cards, CARD_DETAILS.get(ruleset, ())),
        (withheld.plans, PLAN_DETAILS.get(ruleset, ())),
    ):
        for side in sides:
            for key in keys:
                _drop_side(details, key, side)
    for key in PLAN_ROUND_LISTS.get(ruleset, ()) if withheld.plans else ():
        if isinstance(details.get(key), list):
            details[key] = [_without_sides(entry, withheld.plans) for entry in details[key]]
    data["details"] = details
    kinds = PLAN_EVENT_KINDS.get(ruleset, ())
    if kinds and withheld.plans and isinstance(data.get("play_by_play"), list):
        data["play_by_play"] = [
            event
            for event in data["play_by_play"]
            if not (event.get("kind") in kinds and event.get("side") in withheld.plans)
        ]
    drop = {
        side: set(CARD_ROUND_STATS.get(ruleset, ()) if side in withheld.cards else ())
        | set(PLAN_ROUND_STATS.get(ruleset, ()) if side in withheld.plans else ())
        for side in SIDES
    }
    rounds = []
    for line in data.get("rounds") or []:
        line = dict(line)
        for side in SIDES:
            if drop[side] and isinstance(line.get(side), dict):
                stats = {
                    k: v for k, v in line[side].get("stats", {}).items() if k not in drop[side]
                }
                line[side] = {**line[side], "stats": stats}
        rounds.append(line)
    if "rounds" in data:
        data["rounds"] = rounds
    line_keys = set(CARD_LINE_STATS.get(ruleset, ()))
    if line_keys and withheld.cards and data.get("fighter_lines"):
        data["fighter_lines"] = [
            {
                **line,
                "stats": {k: v for k, v in (line.get("stats") or {}).items() if k not in line_keys},
            }
            if line.get("side") in withheld.cards
            else line
            for line in data["fighter_lines"]
        ]
    return data


def may_see_seed(bout, user) -> bool:
    """A bout's seed: staff's until it is fought, everyone's after."""
    return bout.status in FOUGHT or sees_everything(user)
