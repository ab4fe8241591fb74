"""The seed's round formulas as small pure functions (steps 1, 4, 6, 7, 8, 9, 10).

The bout loop in ``bout.py`` writes the same arithmetic out in its steps and uses the
constants defined here; the tests check both against the seed's worked examples.
"""

from __future__ import annotations

from math import floor, sqrt

ENERGY = 20
RECOVERY = 0.15  # step 1: share of lost endurance regained between rounds
RECOVERY_PER_REST = 0.02  # step 1: extra share per unused energy point
PUNCHES_PER_AGG = 8  # step 7
TARGETED_LANDED = 0.85  # step 7: head or body punching lands 15% fewer
CUT_TARGET = 0.90  # reference: targeting a cut costs 10% of damage and scoring
HEAD_DAMAGE = 0.85  # step 8
BODY_DAMAGE = 1.15  # step 8
DIRTY_DAMAGE = 1.10  # step 8
DIRTY_WARNED_DAMAGE = 1.05  # step 8
ALLOUT_DEALT = 2.0  # step 2, all-out
ALLOUT_TAKEN = 4.0  # step 2, all-out
CUT_OFF_RING_COST = 0.25  # step 2: endurance per AGG point when cutting off the ring
HEAD_INJURY = 1.5  # step 9
BODY_INJURY = 0.25  # step 9: a fighter throwing body blows (the rule text; RULES.md)
INJURY_REPEAT_CAP = 0.5  # step 9: second and later injuries, aggravation

# Step 10: (knockdown, two knockdowns, knockout) as shares of starting endurance,
# by the opponent's targeting ("" opportunistic; "C" targets cuts: opportunistic).
KNOCK_THRESHOLDS = {
    "": (0.15, 0.20, 0.25),
    "C": (0.15, 0.20, 0.25),
    "H": (0.10, 0.125, 0.15),
    "B": (0.25, 0.30, 0.35),
}


def recovery(start: float, current: float, energy_used: int) -> float:
    """Step 1: endurance at the start of a round after the rest between rounds."""
    lost = start - current
    if lost <= 0:
        return current
    unused = max(0, ENERGY - energy_used)
    return current + lost * (RECOVERY + RECOVERY_PER_REST * unused)


def endurance_factor(start: float, current: float) -> float:
    """Step 4: STR, SPD and AGL are multiplied by endurance left / starting endurance."""
    return current / start


def def_rate(defense: float, agl: float) -> float:
    """Step 6: DEF_RATE = DEF x AGL, never below 1."""
    return max(1.0, defense * agl)


def punches_landed(agg: int, spd: float, opp_def_rate: float, target: str = "", noise=1.0):
    """Step 7: (8 x AGG x SPD) / sqrt(3 x OPP(DEF_RATE)), randomised, -15% when
    targeting, capped at 8 x AGG."""
    landed = PUNCHES_PER_AGG * agg * spd / sqrt(3.0 * opp_def_rate) * noise
    if target:
        landed *= TARGETED_LANDED
        if target == "C":
            landed *= CUT_TARGET
    return min(landed, PUNCHES_PER_AGG * agg)


def raw_damage(pow_: int, str_: float, agg: int, spd: float, opp_def_rate: float, noise=1.0):
    """Step 8: POW x STR x sqrt(AGG x SPD) / OPP(DEF_RATE), randomised."""
    return pow_ * str_ * sqrt(agg * spd) / opp_def_rate * noise


def damage_modifiers(target: str, dirty: bool, warned: bool) -> tuple[float, float]:
    """Step 8 modifiers applied successively: ``(target multiplier, dirty multiplier)``."""
    tgt = {"": 1.0, "H": HEAD_DAMAGE, "B": BODY_DAMAGE, "C": CUT_TARGET}[target]
    dirt = (DIRTY_WARNED_DAMAGE if warned else DIRTY_DAMAGE) if dirty else 1.0
    return tgt, dirt


def injury_chance(damage: float, opp_target: str = "", own_target: str = "") -> float:
    """Step 9: DAM x DAM / 10 percent, x1.5 if the opponent is throwing head punches,
    x0.25 if the fighter is throwing body blows (the rule's words; RULES.md on the
    example's 7.2%)."""
    chance = damage * damage / 1000.0
    if opp_target == "H":
        chance *= HEAD_INJURY
    if own_target == "B":
        chance *= BODY_INJURY
    return chance


def knock_thresholds(start: float, opp_target: str) -> tuple[float, float, float]:
    """Step 10: damage for a knockdown, two knockdowns and a knockout."""
    one, two, out = KNOCK_THRESHOLDS[opp_target]
    return one * start, two * start, out * start


def knockdowns_and_ko(damage: float, start: float, opp_target: str) -> tuple[int, bool]:
    """Step 10: (knockdowns, knocked out) for a round's damage (before the head/body
    multiplier). Damage beyond a knockout is used again for knockdowns."""
    one, two, out = knock_thresholds(start, opp_target)
    ko = damage >= out
    if ko:
        damage -= out
    downs = 2 if damage >= two else (1 if damage >= one else 0)
    return downs, ko


def round2(x: float) -> float:
    """``round(x, 2)``, bit for bit, without the decimal conversion ``round`` makes
    (the results print four floats a round to 2 dp; ``round(x, 2)`` is dearer).

    ``y = x * 100`` is within 1e-7 of the exact 100x for |y| < 1e9: unless its
    fraction is within 1e-6 of one half, the nearest integer r of y is that of 100x,
    and ``r / 100`` (a correctly rounded division) is the double nearest r/100, which
    is what ``round`` returns. Near a half, at zero (the sign of -0.0) and out of
    range, ``round`` itself answers."""
    y = x * 100.0
    if -1e9 < y < 1e9:
        r = floor(y)
        f = y - r
        if f > 0.500001:
            r += 1
        elif f >= 0.499999:
            return round(x, 2)
        if r:
            return r / 100
    return round(x, 2)


# y + NEAREST - NEAREST is y's nearest integer (exact for |y| < 2^51), in float
# operations only; z * z below NOT_HALF: y is not within 1e-6 of a half.
NEAREST = 1.5 * 2.0**52
NOT_HALF = 0.499999**2


def round2_four(a: float, b: float, c: float, d: float) -> tuple:
    """``round2`` of four values in one call (a round's damage and endurance for both
    fighters), each with the same result as ``round2``: the nearest integer of
    ``100 x`` (``NEAREST``), unless ``100 x`` is within 1e-6 of a half, where ``round2``
    answers, as it does at zero. A bout's values stay far inside |x| < 1e7 (a round's
    damage is at most ~2e5 with attributes <= 30), so ``round2``'s range test is left
    out."""
    nearest, not_half = NEAREST, NOT_HALF
    y = a * 100.0
    r = (y + nearest) - nearest
    z = y - r
    a = r / 100.0 if z * z < not_half and r else round2(a)
    y = b * 100.0
    r = (y + nearest) - nearest
    z = y - r
    b = r / 100.0 if z * z < not_half and r else round2(b)
    y = c * 100.0
    r = (y + nearest) - nearest
    z = y - r
    c = r / 100.0 if z * z < not_half and r else round2(c)
    y = d * 100.0
    r = (y + nearest) - nearest
    z = y - r
    d = r / 100.0 if z * z < not_half and r else round2(d)
    return a, b, c, d
