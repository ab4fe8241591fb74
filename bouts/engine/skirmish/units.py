"""The cards in a battle (``Unit``) and their set-up from validated cards."""

from __future__ import annotations

from .policy import HURTS

# name -> its ten labels "Name (0)" .. "Name (9)", and the ten ends of an attack's text
# on it, (" hits Name (0).", " cannot get through Name (0).") ..: the same cards fight
# many battles under the same names, so each name's texts are made once (at most 1,024
# names are kept)
LABELS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {}


def name_labels(name: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The name's texts, made and kept (``LABELS``)."""
    if len(LABELS) >= 1024:
        LABELS.clear()
    tags = tuple(f"{name} ({value})" for value in range(10))  # attack, defence 0..9
    ends = tuple((f" hits {tag}.", f" cannot get through {tag}.") for tag in tags)
    LABELS[name] = tags, ends
    return tags, ends


class Unit:
    """One card in the battle (made by ``make_units``).

    Its line in the result (``Battle.lines``) is its attribute dict: side, id, name,
    attacks, hits, damage_dealt, damage_taken, fatigue, exhausted and exhausted_cycle,
    set in this order by ``make_units`` and kept up in the battle (``hits`` is set at
    the end: one hit, one point of damage). Everything else is a slot, outside the
    line."""

    __slots__ = (
        "__dict__",
        "acted",  # 1 once it has attacked this cycle (an equal attack then hits it), else 0
        "as_attacker",  # "Name (attack)"
        "attack",
        "defence",
        "defenceless",  # defence 0: an attack on it tires nobody
        "health",
        "hit_text",  # " hits Name (defence)."
        "hurts",  # whom it can hurt: its attack's row of ``policy.HURTS``
        "margin",  # health less fatigue and damage: below 0, the card is exhausted
        "minus_attack",  # -attack: the smart target's last preference, the higher first
        "miss_text",  # " cannot get through Name (defence)."
        "multi",  # attacks a cycle (multi_attack)
        "order",  # this cycle's place in the speed order (``Battle.speed_order``)
        "policy",  # the side's Policy: whom this card attacks
        "speed",
    )

    @property
    def dealt(self) -> int:
        """Damage dealt (one point a hit)."""
        return self.damage_dealt

    @dealt.setter
    def dealt(self, value: int) -> None:
        self.damage_dealt = value

    @property
    def damage(self) -> int:
        """Damage taken."""
        return self.damage_taken

    @damage.setter
    def damage(self, value: int) -> None:
        self.damage_taken = value
        self.margin = self.health - self.fatigue - value

    def set_fatigue(self, value: int) -> None:
        """Fatigue set from outside (a test's card state); the margin follows."""
        self.fatigue = value
        self.margin = self.health - value - self.damage_taken


def make_units(side: str, cards: list[dict], policy) -> list[Unit]:
    """One side's cards in the battle, in its order."""
    units = []
    for card in cards:
        unit = Unit()
        # the line's ten keys first, in its order: the line is then the attribute dict
        # as it is at the end, with no key added to it (``Unit``)
        unit.side = side
        unit.id = card["id"]
        unit.name = name = card["name"]
        unit.attacks = 0
        unit.hits = 0  # set at the end (Battle.lines): one hit, one point of damage
        unit.damage_dealt = 0
        unit.damage_taken = 0
        unit.fatigue = 0
        unit.exhausted = False
        unit.exhausted_cycle = None
        unit.policy = policy
        unit.attack = attack = card["attack"]
        unit.defence = defence = card["defence"]
        unit.speed = card["speed"]
        unit.health = unit.margin = card["health"]
        unit.multi = card["multi_attack"]  # validated sides always have it
        unit.acted = 0
        # what the smart target reads of its enemies, and whom this card can hurt (its
        # attack's row of policy.HURTS): attack and defence never change in a battle
        unit.defenceless = defence == 0
        unit.minus_attack = -attack
        unit.hurts = HURTS[attack]
        # the play-by-play's "Name (value)" for this card attacking and defending
        # (attack and defence never change in a battle)
        labels, ends = LABELS.get(name) or name_labels(name)
        unit.as_attacker = labels[attack]
        unit.hit_text, unit.miss_text = ends[defence]
        units.append(unit)
    return units
