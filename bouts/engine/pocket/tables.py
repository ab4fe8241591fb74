"""Pocket Boxing's dice and constants, as data.

The beta rules (seed 003) name the dice but print no faces; the faces below are
the choices documented in RULES.md ("Dice faces"). Every die is a d6 rolled with
``floor(rng.random() * 6)`` (a face index 0..5).
"""

from __future__ import annotations

HEAD = "head"
BODY = "body"
TARGETS = (HEAD, BODY)

STYLES = ("boxer", "swarmer", "brawler")
GUARDS = ("philly_shell", "cross_arm", "peek_a_boo")
ATTRIBUTES = ("speed", "power", "defence", "chin")
ATTR_LOW, ATTR_HIGH = 1, 5

# --- fighter dice: (punch, damage); damage 0 = MISS -----------------------------
MISS = "miss"
FIGHTER_DICE = {
    # a technician: one miss, steady damage
    "boxer": (("miss", 0), ("jab", 1), ("jab", 1), ("cross", 2), ("hook", 2), ("uppercut", 3)),
    # pressure: short punches, +1 on counters (tables.SWARMER_COUNTER_BONUS)
    "swarmer": (("miss", 0), ("jab", 1), ("hook", 1), ("hook", 2), ("cross", 2), ("uppercut", 3)),
    # power: two misses, big shots
    "brawler": (("miss", 0), ("miss", 0), ("jab", 1), ("hook", 2), ("cross", 3), ("overhand", 4)),
}

# --- guard (defence, BROWN) dice -----------------------------------------------------
STEP_BACK = "step_back"
GUARD_UP = "guard_up"
GUARD_DOWN = "guard_down"
DUCK_COUNTER = "duck_counter"
OPEN = "open"
# (face, head modifier, body modifier)
_SB = (STEP_BACK, 0, 0)
_UP1 = (GUARD_UP, -1, +1)
_UP2 = (GUARD_UP, -2, +2)
_DOWN = (GUARD_DOWN, +2, -2)
_DC = (DUCK_COUNTER, 0, 0)
_OPEN = (OPEN, +3, +3)
GUARD_DICE = {
    # shoulder roll: slips and rolls away, counters; covers the head lightly
    "philly_shell": (_SB, _SB, _UP1, _DOWN, _DC, _OPEN),
    # the armadillo: arms stacked in front of the face, hardly ever countering
    "cross_arm": (_SB, _UP2, _UP2, _UP1, _DOWN, _OPEN),
    # gloves high, bob and weave, counter
    "peek_a_boo": (_UP2, _UP1, _DOWN, _DC, _DC, _OPEN),
}
FACE_TEXT = {
    STEP_BACK: "steps back",
    GUARD_UP: "guard up",
    GUARD_DOWN: "guard down",
    DUCK_COUNTER: "ducks and counters",
    OPEN: "is caught open",
}

# --- injury die: (injury, location, extra damage to scoring punches there, severity)
INJURY_DIE = (
    ("broken nose", HEAD, 1, 2),
    ("cut eye", HEAD, 1, 1),
    ("broken jaw", HEAD, 2, 3),
    ("cracked rib", BODY, 1, 2),
    ("bruised liver", BODY, 1, 1),
    ("broken rib", BODY, 2, 3),
)

# --- the rules' numbers -------------------------------------------------------------
HEALTH = 50
ROUND_SECONDS = 180
STUN_AT = 7  # damage dealt in one exchange
KNOCKDOWN_AT = 10  # damage dealt in one exchange
CLINCH_FACES = {"boxer": 4}  # a clinch succeeds on this or more (others 5)
CLINCH_DEFAULT = 5
SWARMER_COUNTER_BONUS = 1
SPECIAL_DAMAGE = 5
DIRTY_DAMAGE = 3
# ten count: two rolls of the black die must total this (5th knockdown on: 12)
COUNT_TARGETS = (4, 7, 9, 11)
COUNT_TARGET_LATER = 12
WARNINGS_FOR_DQ = 3

# referee foul tolerance: the black die must show this or more for a warning;
# a very lenient referee also needs a second roll of 4-6 (1 in 12 overall)
WARNING_FACE = {"strict": 4, "normal": 5, "lenient": 6, "very_lenient": 6}
# referee stoppage: TKO when health falls to this or below
TKO_AT = {"early": 2, "normal": 0, "late": 0, "very_late": 0}
# corner strategy: chance the default policy makes the informed choice
CORNER_SMART = {"poor": 0.35, "average": 0.6, "good": 0.8, "excellent": 0.95}

# clock: seconds an exchange takes = base + per punch + a d6 x spread
EXCHANGE_BASE = 28
EXCHANGE_PER_PUNCH = 3
EXCHANGE_SPREAD = 4
COUNT_SECONDS = 14

# The most damage one punch can do: the hardest punch (a special punch, or a swarmer's
# counter with its bonus) on the guard face that adds most, at a fighter with every
# injury at that target, with the point of power
MOST_DAMAGE = (
    max(
        SPECIAL_DAMAGE,
        DIRTY_DAMAGE,
        *(damage + SWARMER_COUNTER_BONUS for die in FIGHTER_DICE.values() for _, damage in die),
    )
    + max(max(head, body) for die in GUARD_DICE.values() for _, head, body in die)
    + max(sum(extra for _, where, extra, _ in INJURY_DIE if where == target) for target in TARGETS)
    + 1
)
