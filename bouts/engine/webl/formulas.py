"""The constants of the seed's round formulas (steps 1-12), and ``round2``, the rounding
of a round's figures.

The formulas themselves live once, where the round applies them: steps 2-3 and the
lines' multipliers in ``fighter.py`` (``pair_meaning``, ``line_values``), step 1 and
step 4's factor in ``bout.play_rounds``, steps 5-12 in ``steps.py``, step 10's lines in
``incidents.knocks``; tests/engine/webl/test_round_formulas.py checks them there against
the seed's worked examples.
"""

from __future__ import annotations

from math import floor

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

# Step 8: the damage multiplier of a target (opportunistic, head, body, a cut)
TARGET_DAMAGE = {"": 1.0, "H": HEAD_DAMAGE, "B": BODY_DAMAGE, "C": CUT_TARGET}

# Step 10: (knockdown, two knockdowns, knockout) as shares of starting endurance,
# by the opponent's targeting ("" opportunistic; "C" targets cuts: opportunistic).
KNOCK_THRESHOLDS = {
    "": (0.15, 0.20, 0.25),
    "C": (0.15, 0.20, 0.25),
    "H": (0.10, 0.125, 0.15),
    "B": (0.25, 0.30, 0.35),
}


def round2(x: float) -> float:
    """``round(x, 2)``, bit for bit, without the decimal conversion ``round`` makes
    (the results print four floats a round to 2 dp; ``round(x, 2)`` is dearer).

    ``hundredths = x * 100`` is within 1e-7 of the exact 100x below 1e9: unless its
    fraction is within 1e-6 of one half, its nearest integer is that of 100x, and that
    integer / 100 (a correctly rounded division) is the double nearest it, which is
    what ``round`` returns. Near a half, at zero (the sign of -0.0) and out of
    range, ``round`` itself answers."""
    hundredths = x * 100.0
    if -1e9 < hundredths < 1e9:
        nearest = floor(hundredths)
        fraction = hundredths - nearest
        if fraction > 0.500001:
            nearest += 1
        elif fraction >= 0.499999:
            return round(x, 2)
        if nearest:
            return nearest / 100
    return round(x, 2)
