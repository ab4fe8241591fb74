"""A fighter's state in the bout, and what a pair of plan lines means for a round
(steps 2-3 and the line's multipliers), computed once per pairing and cached."""

from __future__ import annotations

from . import formulas as F
from .cards import weight_strength_bonus
from .plans import Line, Plan
from .styles import resolve_styles

_KNOCK: dict[float, dict] = {}  # starting endurance -> step 10 lines by targeting
_PAIRS: dict[tuple, tuple] = {}  # steps 2-3 by (attributes, heights, lines): pure, shared
_PAIRS_MAX = 20000
_LINE_VALUES: dict[tuple, tuple] = {}
_HALVES: dict[tuple, tuple] = {}


def _knock_table(start: float) -> dict:
    table = _KNOCK.get(start)
    if table is None:
        table = _KNOCK[start] = {
            t: (one * start, two * start, out * start)
            for t, (one, two, out) in F.KNOCK_THRESHOLDS.items()
        }
    return table


class Fighter:
    """A fighter's state between the steps (the round loop keeps hot values in locals
    and writes them back here before a helper or a condition reads them)."""

    __slots__ = (
        "agl",
        "downs",
        "dq",
        "end",
        "hgt",
        "injuries",
        "knock",
        "name",
        "nose",
        "pen_agl",
        "pen_spd",
        "pen_version",
        "plan",
        "side",
        "spd",
        "start",
        "str",
        "stuns",
        "warnings",
    )

    def __init__(self, side: str, card: dict, opp: dict, plan: Plan, weight_rule: bool):
        self.side = side
        self.name = card.get("name") or side.capitalize()
        self.start = self.end = start = 10.0 * card["tgh"]  # cards.endurance
        if weight_rule:
            weight, opp_weight = card.get("weight"), opp.get("weight")
            bonus = weight_strength_bonus(weight, opp_weight) if weight and opp_weight else 0.0
        else:
            bonus = 0
        self.str = card["str"] + bonus
        self.spd = float(card["spd"])
        self.agl = float(card["agl"])
        self.hgt = card["hgt"]
        self.plan = plan
        self.injuries = []
        self.pen_spd = self.pen_agl = self.nose = 0.0
        self.pen_version = 0  # negative: penalties change at the end of this round
        self.warnings = self.downs = self.stuns = 0
        self.dq = False
        self.knock = _KNOCK.get(start) or _knock_table(start)  # step 10 lines by targeting


def pair_values(a: Fighter, b: Fighter, la: Line, lb: Line) -> tuple:
    """Steps 2-3 for the two lines: red's ``side_values`` cut after the 8th value, the
    last two replaced by his own injury-chance multiplier, then blue's (four tuples
    that unpack without slicing in the round loop), from the fighters' attributes less
    their injury penalties (never below 1)."""
    sa = (
        a.str,
        v if (v := a.spd - a.pen_spd) > 1.0 else 1.0,
        v if (v := a.agl - a.pen_agl) > 1.0 else 1.0,
    )
    sb = (
        b.str,
        v if (v := b.spd - b.pen_spd) > 1.0 else 1.0,
        v if (v := b.agl - b.pen_agl) > 1.0 else 1.0,
    )
    key = (sa, sb, a.hgt, b.hgt, la.label, lb.label)  # a label is the whole line
    pair = _PAIRS.get(key)
    if pair is None:
        if len(_PAIRS) > _PAIRS_MAX:
            _PAIRS.clear()
        ra, rb, agg_a, agg_b = resolve_styles(sa, sb, a.hgt, b.hgt, la, lb)
        va1, va2 = _halves(la, ra, agg_a, lb)
        vb1, vb2 = _halves(lb, rb, agg_b, la)
        # Step 9: each fighter's own injury-chance multiplier, from both lines.
        pair = _PAIRS[key] = (
            va1,
            (*va2[:6], va2[7] * vb2[6]),
            vb1,
            (*vb2[:6], vb2[7] * va2[6]),
        )
    return pair


def _halves(line: Line, stats: tuple, agg: int, opp_line: Line) -> tuple:
    """``side_values`` as its first eight values and the rest."""
    key = (line.label, agg, opp_line.style == "allout")
    static = _HALVES.get(key)
    if static is None:
        values = line_values(line, agg, opp_line.style == "allout")
        static = _HALVES[key] = (values[:4], values[4:])
    s, p, a = stats
    return (float(s), float(p), float(a), float(agg), *static[0]), static[1]


def side_values(line: Line, stats: tuple, agg: int, opp_line: Line) -> tuple:
    """What the round needs from one side's line, computed once per pairing:
    ``(STR, SPD, AGL, AGG, fatigue, energy used, POW x all-out, DEF, target, dirty,
    landed multiplier, damage multiplier for the target, holding chance, thrown,
    injury-chance multiplier for the opponent, injury-chance multiplier for himself)``."""
    key = (line.label, agg, opp_line.style == "allout")
    static = _LINE_VALUES.get(key)
    if static is None:
        static = _LINE_VALUES[key] = line_values(line, agg, opp_line.style == "allout")
    # Floats for the round's arithmetic (exact for these small integers: the same
    # results, without mixed int-float operations in the loop).
    s, p, a = stats
    return (float(s), float(p), float(a), float(agg), *static)


def line_values(line: Line, agg: int, opp_allout: bool) -> tuple:
    """The parts of ``side_values`` that depend on the line alone."""
    style = line.style
    fat_agg = line.agg if style == "feint" else agg  # feint's lost point still tires
    used = fat_agg + line.pow + line.defense
    land_mult = 8.0 * agg
    if line.target:
        land_mult *= F.TARGETED_LANDED * (F.CUT_TARGET if line.target == "C" else 1.0)
    tgt_mult = F.damage_modifiers(line.target, False, False)[0]
    dmg_mult = (F.ALLOUT_DEALT if style == "allout" else 1.0) * (
        F.ALLOUT_TAKEN if opp_allout else 1.0
    )
    cut_cost = F.CUT_OFF_RING_COST * agg if style == "cut" else 0.0
    hold = line.defense * line.defense / 400.0 if style == "clinch" and line.defense >= 10 else 0.0
    # Step 9: head punches x1.5 on the opponent's injury chance; throwing body blows
    # x0.25 on the fighter's own.
    opp_inj = F.HEAD_INJURY if line.target == "H" else 1.0
    own_inj = F.BODY_INJURY if line.target == "B" else 1.0
    return (
        fat_agg + cut_cost,
        used,
        line.pow * dmg_mult,
        float(line.defense),
        line.target,
        line.dirty,
        land_mult,
        tgt_mult,
        min(1.0, hold),
        8 * agg,
        opp_inj,
        own_inj,
    )
