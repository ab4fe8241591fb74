"""Step 9 and "Effects of Injury": locations, levels, promotion, effects, stoppages.

An injury is a small list ``[location index, level, damage caused so far, round]``.
"""

from __future__ import annotations

from math import floor

from ..result import MAJOR, MINOR, SEVERE
from .formulas import INJURY_REPEAT_CAP

# Locations: swellings are twice as likely as each other location (seed); the table
# of ten equally likely slots follows reference/webl.md.
CUT_OVER, CUT_BELOW, SWELLING, NOSE, JAW = "cut_over", "cut_below", "swelling", "nose", "jaw"
LOCATIONS = (
    (CUT_OVER, "left eye"),
    (CUT_OVER, "right eye"),
    (CUT_BELOW, "left eye"),
    (CUT_BELOW, "right eye"),
    (SWELLING, "left eye"),
    (SWELLING, "right eye"),
    (NOSE, "nose"),
    (JAW, "jaw"),
)
LOCATION_SLOTS = (0, 1, 2, 3, 4, 4, 5, 5, 6, 7)  # ten equally likely slots

# Level 1..4 chances: 2/3, 2/9, 2/27, 1/27 (seed).
LEVEL_CUTS = (2 / 3, 8 / 9, 26 / 27)
SWELLING_MAX = 3

_CUT_NAMES = ("minor cut", "cut", "serious cut", "gash")


def injury_name(loc: int, level: int) -> str:
    kind, where = LOCATIONS[loc]
    if kind == CUT_OVER:
        return f"{_CUT_NAMES[level - 1]} over the {where}"
    if kind == CUT_BELOW:
        return f"{_CUT_NAMES[level - 1]} below the {where}"
    if kind == SWELLING:
        side = where.split()[0]
        if level == 1:
            return f"swelling around the {where}"
        return f"badly swollen {where}" if level == 2 else f"{side} eye swollen shut"
    if kind == NOSE:
        return ("bloody nose", "fractured nose", "fractured nose", "broken nose")[level - 1]
    return ("bloody lip", "bloody mouth", "broken tooth", "broken jaw")[level - 1]


def injury_type(loc: int) -> str:
    kind = LOCATIONS[loc][0]
    return "cut" if kind in (CUT_OVER, CUT_BELOW) else kind


def severity(loc: int, level: int) -> int:
    """Ringside's MINOR/MAJOR/SEVERE: level 1 minor, 2-3 major, 4 (and an eye swollen
    shut) severe."""
    if level >= 4 or (LOCATIONS[loc][0] == SWELLING and level >= SWELLING_MAX):
        return SEVERE
    return MINOR if level == 1 else MAJOR


def roll_level(u: float) -> int:
    """A new injury's level from a uniform number u in [0, 1)."""
    if u < LEVEL_CUTS[0]:
        return 1
    if u < LEVEL_CUTS[1]:
        return 2
    if u < LEVEL_CUTS[2]:
        return 3
    return 4


def promote(level: int, kind: str, u1: float, u2: float) -> int:
    """An aggravated injury's new level. Swelling always rises one level (max 3); other
    injuries are promoted half the time (u1 < 0.5): level 1 -> 2/3/4 with 2/3, 2/9, 1/9;
    level 2 -> 3/4 with 2/3, 1/3; level 3 -> 4."""
    if kind == SWELLING:
        return min(SWELLING_MAX, level + 1)
    if u1 >= 0.5 or level >= 4:
        return level
    if level == 1:
        return 2 if u2 < 2 / 3 else (3 if u2 < 8 / 9 else 4)
    if level == 2:
        return 3 if u2 < 2 / 3 else 4
    return 4


def injury_damage(kind: str, level: int) -> float:
    """Damage an injury causes when it happens (and again each time it is aggravated):
    cuts 1 per level, nose 1 per level from level 2, broken jaw 5."""
    if kind in (CUT_OVER, CUT_BELOW):
        return float(level)
    if kind == NOSE:
        return float(level) if level >= 2 else 0.0
    if kind == JAW:
        return 5.0 if level >= 4 else 0.0
    return 0.0


def vision_penalty(injuries) -> tuple[float, float]:
    """(SPD, AGL) lost to injuries: cuts over an eye 0.5 SPD per level, a serious cut
    0.5 AGL and a gash 1 AGL; a badly swollen eye 1/1, an eye swollen shut 2/2."""
    spd = agl = 0.0
    for loc, level, _dmg, _rnd in injuries:
        kind = LOCATIONS[loc][0]
        if kind == CUT_OVER:
            spd += 0.5 * level
            agl += 0.5 if level == 3 else (1.0 if level == 4 else 0.0)
        elif kind == SWELLING:
            if level == 2:
                spd += 1.0
                agl += 1.0
            elif level >= 3:
                spd += 2.0
                agl += 2.0
    return spd, agl


def nose_fatigue(injuries) -> float:
    """An injured nose (any level) costs one more endurance point per round."""
    for i in injuries:  # a loop: no generator, and the compare sits before its jump
        if LOCATIONS[i[0]][0] == NOSE:
            return 1.0
    return 0.0


def open_cuts(injuries) -> int:
    return sum(1 for i in injuries if LOCATIONS[i[0]][0] in (CUT_OVER, CUT_BELOW))


def both_eyes_shut(injuries) -> bool:
    shut = {i[0] for i in injuries if LOCATIONS[i[0]][0] == SWELLING and i[1] >= SWELLING_MAX}
    return len(shut) == 2


def injure(rng, injuries, chance, rnd, doctor_line, gash_stops, aggravate, new_hit):
    """Step 9 for one fighter, once the caller has rolled. Returns
    ``(damage, events, stop)``.

    The caller rolls whether an earlier injury is aggravated (``aggravate``; chance
    capped at 50%) and whether a new injury happens (``new_hit``); while injuries
    land, further ones follow at the same chance capped at 50%. A new injury at the
    location of an earlier one aggravates it instead. ``events`` are
    ``(loc, level, aggravated)``; ``stop`` is None or why the fight is stopped
    ("eyes", "jaw", "doctor")."""
    damage = 0.0
    events = []
    stop = None
    capped = chance if chance < INJURY_REPEAT_CAP else INJURY_REPEAT_CAP
    random = rng.random
    hits = []  # an earlier injury to aggravate, or None for a new one
    if aggravate and injuries:
        hits.append(injuries[int(random() * len(injuries))])
    if new_hit:
        hits.append(None)
        while len(hits) < 12 and random() < capped:
            hits.append(None)
    for hit in hits:
        if hit is None:
            # x 10.0 and floor: float operations (int() of a positive float is floor)
            loc = LOCATION_SLOTS[floor(random() * 10.0)]
            for same in injuries:  # an earlier injury at this location?
                if same[0] == loc:
                    break
            else:
                same = None
            if same is None:
                kind = LOCATIONS[loc][0]
                level = 1 if kind == SWELLING else roll_level(random())
                dmg = injury_damage(kind, level)
                injuries.append([loc, level, dmg, rnd])
                damage += dmg
                events.append((loc, level, False))
                stop = stop or _doctor(kind, level, dmg, False, doctor_line, gash_stops)
                if kind == SWELLING and both_eyes_shut(injuries):
                    stop = stop or "eyes"
                continue
            hit = same
        # aggravation
        loc, level = hit[0], hit[1]
        kind = LOCATIONS[loc][0]
        if kind == JAW and level >= 4:
            stop = stop or "jaw"
        new_level = promote(level, kind, random(), random())
        dmg = injury_damage(kind, new_level)
        hit[1] = new_level
        hit[2] += dmg
        damage += dmg
        events.append((loc, new_level, True))
        stop = stop or _doctor(kind, new_level, hit[2], True, doctor_line, gash_stops)
        if kind == SWELLING and both_eyes_shut(injuries):
            stop = stop or "eyes"
    return damage, events, stop


def _doctor(kind, level, caused, aggravated, doctor_line, gash_stops):
    """The doctor stops a level 3-4 injury that has caused ``doctor_line`` (seed: 7)
    points of damage, and a gash over an eye (the seed's cut-off sentence, completed
    in RULES.md): at once, or for a permissive doctor when it is aggravated."""
    if level >= 3 and caused >= doctor_line:
        return "doctor"
    if kind == CUT_OVER and level >= 4 and (gash_stops or aggravated):
        return "doctor"
    return None
