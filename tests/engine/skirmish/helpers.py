"""Crafted squads, scripted rolls and fixed policies for skirmish unit tests."""

from __future__ import annotations

from bouts.engine.skirmish import RULESET
from bouts.engine.skirmish.battle import Battle
from bouts.engine.skirmish.policy import Policy


class Scripted:
    """Stands in for random.Random; an endless supply of ``fill`` after the script."""

    def __init__(self, values=(), fill=0.5):
        self.values = list(values)
        self.fill = fill
        self.used = 0

    def random(self) -> float:
        self.used += 1
        return self.values.pop(0) if self.values else self.fill


class Aim(Policy):
    """Every card attacks the enemy card with the first id in ``order`` not yet past
    exhaustion;
    withdraws when told to."""

    def __init__(self, order=(), withdraw=False):
        self.order = list(order)
        self.leave = withdraw

    def target(self, card, enemies, battle):
        for wanted in self.order:
            for e in enemies:
                if e.id == wanted and e.health - e.fatigue - e.damage >= 0:
                    return e
        return enemies[0]

    def withdraw(self, mine, theirs, battle) -> bool:
        return self.leave


def c(cid, attack=1, defence=1, speed=5, health=9, multi=1, name=None):
    return {
        "id": cid,
        "name": name or f"Card {cid}",
        "attack": attack,
        "defence": defence,
        "speed": speed,
        "health": health,
        "multi_attack": multi,
    }


def side(name, *cards, trait="none"):
    return RULESET.validate_side({"name": name, "fighters": list(cards), "trait": trait})


def battle(
    red_cards,
    blue_cards,
    red_aim=(),
    blue_aim=(),
    rng=None,
    cycles=30,
    red_trait="none",
    blue_trait="none",
    red_withdraw=False,
    blue_withdraw=False,
):
    red = side("Reds", *red_cards, trait=red_trait)
    blue = side("Blues", *blue_cards, trait=blue_trait)
    policies = {"red": Aim(red_aim, red_withdraw), "blue": Aim(blue_aim, blue_withdraw)}
    return Battle(red, blue, cycles, rng or Scripted(), policies)


def unit(b, side_name, cid):
    return next(u for u in b.units[side_name] if u.id == cid)
