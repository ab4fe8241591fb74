"""The cards in a battle (``Unit``) and their set-up from validated cards."""

from __future__ import annotations

FLOATS = tuple(float(n) for n in range(10))  # speed is 1..9, attack 0..9
# 16 x health as a float (health is 1..20; the table runs further): the start of a
# card's key is then a float plus a float, which 3.11 specialises (int + float is the
# generic add)
KEY_OF_HEALTH = tuple(16.0 * n for n in range(256))
IN_BRACKETS = tuple(f" ({n})" for n in range(10))  # attack and defence are 0..9
# name -> its ten labels "Name (0)" .. "Name (9)", and the ten ends of an attack's
# text on it, (" hits Name (0).", " cannot get through Name (0).") ..: cards fight
# many battles under the same name, and a lookup costs less than joining strings for
# every card and every attack
LABELS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {}


def name_labels(name: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    if len(LABELS) >= 1024:
        LABELS.clear()
    labels = tuple(name + tail for tail in IN_BRACKETS)
    ends = tuple((f" hits {label}.", f" cannot get through {label}.") for label in labels)
    LABELS[name] = labels, ends
    return labels, ends


# The smart target's key (policy.DefaultPolicy.target) adds this for a card past
# exhaustion (its margin below 0): such cards are left alone while others stand.
# The keys are floats holding whole numbers (exact far beyond these sizes, so every
# sum and compare is the ints'): the interpreter makes a float from its free list and
# compares two floats on its fast path, where an int above 256 is a new object at
# every update (~90 instructions an update fewer).
PAST_EXHAUSTION = 16384.0
NO_TARGET = float(1 << 20)  # above every key
# Every key of a card past exhaustion is above this, every other key below it: a margin
# is at most 20 (the health) and at the end of a cycle at least -51 (12 enemies' three
# attacks and its own three), and the key is 16 x margin + target_bias (-9..4096),
# + PAST_EXHAUSTION below 0. So ``fatigue + damage > health`` is ``target_key >
# EXHAUSTED_ABOVE`` (one read): the battle and the damage/fatigue setters keep the key
# true (any margin from -511 to 255 would do).
EXHAUSTED_ABOVE = 8191.0


class Unit:
    """One card in the battle (made by ``make_units``)."""

    # The card's line in the result (Battle.lines) is its attribute dict: side, id,
    # name, attacks, hits, damage_dealt and damage_taken are set first, in this
    # order, by ``make_units`` (a class's instances share their keys: the battle reads
    # and writes them as fast as slots), fatigue, exhausted and exhausted_cycle are
    # added at the end. Everything else is a slot, outside the line.
    __slots__ = (
        "__dict__",
        "acted",
        "as_attacker",
        "attack",
        "defence",
        "exhausted",
        "exhausted_cycle",
        "fatigue_points",
        "health",
        "hit_text",
        "miss_text",
        "multi",
        "on",
        "order",
        "policy",
        "speed",
        "speed_float",
        "target_bias",
        "target_key",
    )

    @property
    def dealt(self) -> int:
        """Damage dealt (one point a hit)."""
        return self.damage_dealt

    @dealt.setter
    def dealt(self, value: int) -> None:
        self.damage_dealt = value

    # Damage and fatigue are read and set through these (tests, custom policies): a
    # write keeps ``target_key`` true. The battle itself updates the slots directly.
    @property
    def damage(self) -> int:
        """Damage taken."""
        return self.damage_taken

    @damage.setter
    def damage(self, value: int) -> None:
        self.damage_taken = value
        self.rekey()

    @property
    def fatigue(self) -> int:
        return self.fatigue_points

    @fatigue.setter
    def fatigue(self, value: int) -> None:
        self.fatigue_points = value
        self.rekey()

    def rekey(self) -> None:
        """``target_key`` from the fields."""
        margin = self.health - self.fatigue_points - self.damage_taken
        key = (margin << 4) + self.target_bias
        self.target_key = key + PAST_EXHAUSTION if margin < 0 else key


def make_units(side: str, cards: list[dict], policy, on: list | None = None) -> list[Unit]:
    """One side's cards in the battle, in its order, each with ``on``: the side's
    choices in a pass, which the battle keeps up to date. Built here rather than by a
    constructor (``Unit`` has none, so ``Unit()`` calls no Python code and costs less
    than ``object.__new__(Unit)``, whose wrapper takes the arguments as a tuple)."""
    # read for every card: as locals (a local read costs less than a global one)
    unit = Unit
    floats = FLOATS
    key_of_health = KEY_OF_HEALTH
    labels_of = LABELS
    units = []
    for card in cards:
        u = unit()
        u.side = side
        u.policy = policy  # the side's Policy (chooses whom this card attacks)
        u.on = on
        u.id = card["id"]
        u.name = name = card["name"]
        u.attack = attack = card["attack"]
        u.defence = defence = card["defence"]
        u.speed = speed = card["speed"]
        # for the cycle's order: a float less a float is the interpreter's fast path
        # (a float less an int is not), and the value is the same
        u.speed_float = floats[speed]
        u.health = health = card["health"]
        u.multi = card["multi_attack"]  # validated sides always have it
        # The smart target's fixed part of this card's key (policy.DefaultPolicy.target):
        # 4096 if it has no defence (tires nobody), less its attack. Attack and defence
        # never change in a battle, so it is worked out once, not at every look.
        u.target_bias = bias = (0.0 if defence else 4096.0) - floats[attack]  # (above)
        # the play-by-play's "Name (value)" for this card attacking and defending
        # (attack and defence never change during a battle), from the name's ten labels
        try:
            labels, ends = labels_of[name]
        except KeyError:
            labels, ends = name_labels(name)
        u.as_attacker = labels[attack]
        # " hits Name (defence).", " cannot get through Name (defence)."
        u.hit_text, u.miss_text = ends[defence]
        u.fatigue_points = 0
        # The smart target's key less its attacker's part: 16 x margin + target_bias,
        # plus PAST_EXHAUSTION once the margin is below 0. The battle keeps it in step
        # with every point of damage and fatigue, so the scan reads one number a card.
        u.target_key = key_of_health[health] + bias
        # the line's counters, in its order (see ``Unit``)
        u.attacks = 0
        u.hits = 0  # set at the end (Battle.lines): one hit, one point of damage
        u.damage_dealt = 0
        u.damage_taken = 0
        u.exhausted = False
        u.exhausted_cycle = None
        u.acted = False
        # ``order`` is set at the start of every cycle, before it is read
        units.append(u)  # in place (a bound method in a local would be called)
    return units
