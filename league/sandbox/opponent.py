"""The opponent a sandbox fights: built only from what the trying manager may see.

- **His card**: where the manager may see it (cards public in the league, or he is
  one of its commissioners: ``card_visibility.may_see_card``), the stored card.
  Where the league hides it, a **scouting estimate** that never reads the card row:
  the league's point budget plus the training steps his public record says he kept
  (by the league's keep rule: a win each, his best career rating, every bout, or
  none), spread evenly over the ruleset's bought abilities, on a card the ruleset's
  generator draws for him from a public seed (his id), without a weight.
- **His plan**: the plan of his latest *fought* bout under the ruleset that was
  written for that bout or given at its booking (public once fought: docs/plans.md);
  never a standing plan (it still applies to his next bouts), never a coming bout's.
  None: the ruleset's default corner policy.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Q

from bouts.engine import EngineError, generate_card, get_ruleset, validate_card
from bouts.inputs import one_on_one_card
from bouts.models import Bout, BoutStatus
from core.dates import long_date
from core.words import counted
from fighters import selectors as fighter_selectors
from fighters.models import Career, Fighter

from ..card_visibility import may_see_card
from ..models import CareerState, League, TrainingKeep


@dataclass(frozen=True)
class OpponentModel:
    card: dict
    plan: object
    card_words: str
    plan_words: str
    estimated: bool

    def as_dict(self) -> dict:
        return {
            "card": self.card,
            "plan": self.plan,
            "card_words": self.card_words,
            "plan_words": self.plan_words,
            "estimated": self.estimated,
        }


def public_seed(*parts) -> int:
    """A whole-number seed from public values (stable across processes)."""
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:6], "big")


def kept_steps(league: League | None, opponent: Fighter) -> int:
    """Training steps his public record says he kept, by the league's keep rule."""
    if league is None or not league.career_mode:
        return 0
    rule = league.training_keep_rule
    if rule == TrainingKeep.NEVER:
        return 0
    if rule == TrainingKeep.RISE:
        state = CareerState.objects.filter(league=league, fighter=opponent).first()
        return state.status if state is not None else 0
    career = Career.objects.filter(fighter=opponent).first()
    if career is None:
        return 0
    return career.bouts if rule == TrainingKeep.ALWAYS else career.wins


def estimated_card(ruleset: str, opponent: Fighter, league: League | None) -> tuple[dict, str]:
    """The scouting estimate (see the module's doc): reads no card row."""
    rules = get_ruleset(ruleset)
    card = generate_card(ruleset, public_seed("sandbox-estimate", opponent.pk))
    card.pop("weight", None)
    card["name"] = opponent.name
    budget_rule = rules.budget
    if budget_rule is None:
        return validate_card(ruleset, card), "a generated card (the ruleset has no budget)"
    budget = league.point_budget if league is not None and league.point_budget else None
    budget = budget or budget_rule.default_budget
    steps = kept_steps(league, opponent)
    abilities = budget_rule.abilities
    floor = sum(a.price * (a.low if not budget_rule.charge_from_floor else 0) for a in abilities)
    # Even spread: each ability's share of the points above the floors, within bounds.
    spare = max(0, budget - floor)
    price = sum(a.price for a in abilities)
    for ability in abilities:
        value = ability.low + spare // price
        card = ability.write(card, max(ability.low, min(ability.high, value)))
    for _ in range(steps):
        weakest = min(abilities, key=lambda a: (a.read(card), a.path))
        card = budget_rule.train(card, weakest.path)
    try:
        card = validate_card(ruleset, card)
    except EngineError:
        card = validate_card(ruleset, generate_card(ruleset, public_seed("fallback", opponent.pk)))
    words = (
        f"a scouting estimate (cards are hidden in this league): {budget} points spread "
        f"evenly, plus {counted(steps, 'training step')} his record says he kept"
    )
    return card, words


def public_plan(opponent: Fighter, ruleset: str) -> tuple[object, str]:
    """His latest fought bout's own plan (written for it or given at booking)."""
    bouts = (
        Bout.objects.filter(Q(red=opponent) | Q(blue=opponent))
        .filter(status=BoutStatus.COMPLETED, ruleset=ruleset)
        .select_related("red", "blue")
        .only("id", "date", "red_id", "blue_id", "inputs", "red__name", "blue__name")
        .order_by("-date", "-id")[:10]
    )
    for bout in bouts:
        side = "red" if bout.red_id == opponent.pk else "blue"
        inputs = bout.inputs or {}
        source = ((inputs.get("plan_sources") or {}).get(side) or {}).get("kind")
        data = (inputs.get("plans") or {}).get(side)
        if data is not None and source in ("bout", "booked"):
            other = bout.blue if side == "red" else bout.red
            return data, (
                f"the plan he fought with on {long_date(bout.date)} against "
                f"{other.name if other else 'his opponent'}"
            )
    return None, "the ruleset's default corner (he has fought no public plan yet)"


def opponent_model(user, opponent: Fighter, ruleset: str, league: League | None) -> OpponentModel:
    if may_see_card(user, opponent):
        card = fighter_selectors.fighter_card(fighter=opponent, ruleset=ruleset)
        if card is None:
            raise ValidationError({"opponent": [f"{opponent.name} has no card for this ruleset."]})
        card_data, card_words, estimated = (
            one_on_one_card(opponent, card),
            "his card (public to you)",
            False,
        )
    else:
        card_data, card_words = estimated_card(ruleset, opponent, league)
        estimated = True
    plan, plan_words = public_plan(opponent, ruleset)
    return OpponentModel(card_data, plan, card_words, plan_words, estimated)
