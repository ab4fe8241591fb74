"""Point budgets for career leagues: what a new card costs and what training moves.

None of the source documents has a budget; WeBL (the league the ``webl`` ruleset
descends from) gave every new fighter 70 ability points. A ruleset opts in by
setting ``Ruleset.budget`` to a :class:`BudgetRule`: the abilities a manager buys
(a path into the card, its bounds, its price per point) and the default budget.
Each ruleset's RULES.md says which fields it counts and why ("Career budget").

Pure Python: the league's career service asks the engine, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CardError


@dataclass(frozen=True)
class Ability:
    """One bought ability: ``path`` into the card (``"fresh.cf_b"`` for a nested
    field), its bounds, and what one point of it costs."""

    path: str
    low: int
    high: int
    price: int = 1
    step: int = 1  # what one training session moves (Octagon's stamina moves by 5)
    default: int | None = None  # for an optional field; None = required

    def read(self, card: dict) -> int:
        value = card
        for part in self.path.split("."):
            if not isinstance(value, dict) or part not in value:
                if self.default is not None:
                    return self.default
                raise CardError(self.path, "is required")
            value = value[part]
        if isinstance(value, bool) or not isinstance(value, int):
            raise CardError(self.path, f"must be a whole number (got {value!r})")
        return value

    def write(self, card: dict, value: int) -> dict:
        """A copy of ``card`` with this ability set to ``value`` (nested dicts copied)."""
        out = dict(card)
        parts = self.path.split(".")
        node = out
        for part in parts[:-1]:
            node[part] = dict(node[part])
            node = node[part]
        node[parts[-1]] = value
        return out


@dataclass(frozen=True)
class BudgetRule:
    """A ruleset's budget: the abilities counted and the budget a league gets
    when it sets none. WeBL counts raw values; with ``charge_from_floor`` a rule
    charges only what is above each ability's floor (a card at every floor is free)."""

    abilities: tuple[Ability, ...]
    default_budget: int
    charge_from_floor: bool = False

    def ability(self, key: str) -> Ability:
        for ability in self.abilities:
            if ability.path == key:
                return ability
        known = ", ".join(a.path for a in self.abilities)
        raise CardError("train", f"is not a trainable ability (choose one of {known})")

    def cost(self, card: dict) -> int:
        """The points ``card`` spends."""
        total = 0
        for ability in self.abilities:
            value = ability.read(card)
            total += ability.price * (value - ability.low if self.charge_from_floor else value)
        return total

    def bounds(self) -> tuple[int, int]:
        """The cheapest and dearest card the abilities' bounds allow."""
        low = sum(a.price * (0 if self.charge_from_floor else a.low) for a in self.abilities)
        high = sum(
            a.price * (a.high - a.low if self.charge_from_floor else a.high) for a in self.abilities
        )
        return low, high

    def check(self, card: dict, budget: int | None = None) -> int:
        """The points ``card`` spends, or ``CardError`` naming the overspend."""
        budget = self.default_budget if budget is None else budget
        spent = self.cost(card)
        if spent > budget:
            raise CardError("budget", f"the card spends {spent} points; the budget is {budget}")
        return spent

    def train(self, card: dict, key: str, sessions: int = 1) -> dict:
        """``card`` with ability ``key`` moved by ``sessions`` training steps (a loss
        when negative), held within the ability's bounds."""
        ability = self.ability(key)
        value = ability.read(card)
        moved = value + sessions * ability.step
        return ability.write(card, min(ability.high, max(ability.low, moved)))

    def age(self, card: dict, points: int) -> tuple[dict, list[str]]:
        """``card`` after losing ``points`` ability points to age, each from the
        highest ability still above its floor (ties: the first listed), so aging
        wears down a fighter's best asset first (by one training step). Returns the card and the
        abilities that lost a point, in order."""
        lost: list[str] = []
        for _ in range(max(0, points)):
            best = None
            for ability in self.abilities:
                value = ability.read(card)
                if value > ability.low and (best is None or value > best[1]):
                    best = (ability, value)
            if best is None:
                break
            ability, value = best
            card = ability.write(card, max(ability.low, value - ability.step))
            lost.append(best[0].path)
        return card, lost
