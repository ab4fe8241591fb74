"""A fighter's state in the bout, and what a pair of plan lines means for a round
(steps 2-3 and the line's multipliers), computed once per pairing and cached."""

from __future__ import annotations

from . import formulas
from .cards import ATTR_MAX, weight_strength_bonus
from .formulas import ENERGY, RECOVERY, RECOVERY_PER_REST
from .injuries import nose_fatigue, vision_penalty
from .plans import Line
from .styles import LESS_AGG, resolve_fast, style_aggression

_KNOCK: dict[float, dict] = {}  # starting endurance -> step 10 lines by targeting
# (red's key, blue's key, red's line, blue's line) -> new_pair(): pure, shared by bouts
# (a key holds what the pair's values depend on: Fighter.key)
PAIRS: dict[tuple, tuple] = {}
_PAIRS_MAX = 20000
# (red's key, blue's key, red's style, blue's style) -> resolve_fast()'s two attribute
# tuples (which AGG does not change): pure, shared by bouts, at most _PAIRS_MAX
STYLED: dict[tuple, tuple] = {}
_LINES: dict[tuple, tuple] = {}  # (line, AGG, opponent all-out) -> line_values in parts
_NAMES = {"red": "Red", "blue": "Blue"}
STUN_SHARE = 0.75  # a round's damage >= 75% of the knockdown line is reported as a stun
# an attribute (a validated int in 1..ATTR_MAX) -> the same value as a float
_FLOATS = tuple(float(x) for x in range(ATTR_MAX + 1))


def _knock_table(start: float) -> dict:
    table = _KNOCK.get(start)
    if table is None:
        table = _KNOCK[start] = {
            t: (one * start, two * start, out * start)
            for t, (one, two, out) in formulas.KNOCK_THRESHOLDS.items()
        }
    return table


# TGH -> (starting endurance 10 x TGH, its step 10 lines): one lookup by a small key
# (a card's TGH is a whole number 1-30) instead of a mixed multiplication and a float's hash
_BY_TGH: dict = {}


def _tgh_entry(tgh) -> tuple:
    start = 10.0 * tgh  # cards.endurance
    entry = (start, _KNOCK.get(start) or _knock_table(start))
    if len(_BY_TGH) < 64:
        _BY_TGH[tgh] = entry
    return entry


class Fighter:
    """A fighter's state between the steps (the round loop keeps hot values in locals
    and writes them back here before a helper or a condition reads them).

    ``key`` is what a pair of lines means for him depends on (``new_pair``): ``(STR,
    SPD, AGL, HGT, starting endurance)``, SPD and AGL less the injury penalties (never
    below 1), ``stats`` its first three; ``changed``: an
    injury this round changes the penalties from the next (``update_penalties``)."""

    __slots__ = (
        "agl",
        "changed",
        "downs",
        "dq",
        "end",
        "hgt",
        "injuries",
        "key",
        "knock",
        "name",
        "side",
        "spd",
        "start",
        "stats",
        "str",
        "stuns",
        "warnings",
    )

    def __init__(self, side: str, card: dict, opp: dict, weight_rule: bool):
        self.side = side
        self.name = card.get("name") or _NAMES[side]
        tgh = card["tgh"]
        start, self.knock = _BY_TGH.get(tgh) or _tgh_entry(tgh)
        self.start = self.end = start
        strength = _FLOATS[card["str"]]  # as a float
        if weight_rule:
            strength += weight_strength_bonus(card.get("weight"), opp.get("weight"))
        self.str = strength
        self.spd = spd = _FLOATS[card["spd"]]
        self.agl = agl = _FLOATS[card["agl"]]
        self.hgt = hgt = card["hgt"]
        self.stats = (strength, spd, agl)
        self.key = (strength, spd, agl, hgt, start)
        self.injuries = []
        self.changed = self.dq = False
        self.warnings = self.downs = self.stuns = 0

    def update_penalties(self) -> float:
        """After a round with an injury: SPD and AGL penalties from the next round on;
        returns the extra fatigue of an injured nose."""
        self.changed = False
        pen_spd, pen_agl = vision_penalty(self.injuries)
        self.stats = stats = (
            self.str,
            v if (v := self.spd - pen_spd) > 1.0 else 1.0,
            v if (v := self.agl - pen_agl) > 1.0 else 1.0,
        )
        self.key = (*stats, self.hgt, self.start)
        return nose_fatigue(self.injuries)


def new_pair(key: tuple, a: Fighter, b: Fighter, la: Line, lb: Line) -> tuple:
    """Steps 2-3 for two lines, cached in ``PAIRS`` by the fighters' keys and the lines
    (``key`` is ``(a.key, b.key, la.label, lb.label)``): what the lines mean for the
    round, laid out for the round's groups of steps (steps.py), red's values then blue's:

    - steps 4-8 (``steps.exchange``): each side's ``(SPD, AGG, POW x all-out x STR,
      DEF x AGL)`` and ``(landed multiplier, thrown as a float (step 7's cap), damage
      multiplier for the target)``, then step 5's ``(may be penalised, dirty, holding
      chance)`` for both;
    - steps 9-12 (``steps.harm``): each side's ``(he targets cuts, his injury-chance
      multiplier, the knockdown lines of the damage he takes, the stun line, fatigue)``;
    - the round's figures and the judges (``steps.end_of_round``): ``(red's thrown,
      blue's, the round event's two endings, the lines' labels, the close-round leans
      (aggressor, counterpuncher))``;
    - then step 1's recovery factors for the rest after the round, red's and blue's."""
    style_a, style_b = la.style, lb.style
    if style_a or style_b:
        # steps 2-3's attributes do not depend on AGG: one resolve_fast per matchup
        # of styles (a default plan keeps its style for all four lines)
        skey = (a.key, b.key, style_a, style_b)
        styled = STYLED.get(skey)
        if styled is None:
            if len(STYLED) > _PAIRS_MAX:
                STYLED.clear()
            styled = STYLED[skey] = resolve_fast(a.stats, b.stats, a.hgt, b.hgt, la, lb)[:2]
        (s_a, p_a, g_a), (s_b, p_b, g_b) = styled
        if style_a in LESS_AGG or style_b in LESS_AGG:
            agg_a, agg_b = style_aggression(style_a, style_b, la.agg, lb.agg)
        else:  # no other style changes AGG
            agg_a, agg_b = la.agg, lb.agg
    else:  # resolve_styles without styles: the values (all >= 1) and the height bonus
        agg_a, agg_b = la.agg, lb.agg
        s_a, p_a, g_a = a.stats
        s_b, p_b, g_b = b.stats
        ha, hb = a.hgt, b.hgt
        if ha > hb:
            half = _FLOATS[ha - hb] * 0.5  # half the height difference
            p_a += half
            g_a += half
        elif hb > ha:
            half = _FLOATS[hb - ha] * 0.5
            p_b += half
            g_b += half
    allout_a = allout_b = False  # an all-out line on either side
    if style_a == "allout":
        allout_a = True
    if style_b == "allout":
        allout_b = True
    head_a, tail_a, opp_a, own_a = _LINES.get((la.label, agg_a, allout_b)) or _line_parts(
        la, agg_a, allout_b
    )
    head_b, tail_b, opp_b, own_b = _LINES.get((lb.label, agg_b, allout_a)) or _line_parts(
        lb, agg_b, allout_a
    )
    if len(PAIRS) > _PAIRS_MAX:
        PAIRS.clear()
    # Every value is a float already (the round's arithmetic has no mixed int-float
    # operations): the fighters' attributes are floats, AGG is made one in _line_parts.
    agg_a, fat_a, recf_a, pow_a, def_a, cap_a = head_a
    agg_b, fat_b, recf_b, pow_b, def_b, cap_b = head_b
    tgt_a, cuts_a, may_a, dirty_a, land_a, mult_a, hold_a, thrown_a, text_a, _ = tail_a
    tgt_b, cuts_b, may_b, dirty_b, land_b, mult_b, hold_b, thrown_b, _, text_b = tail_b
    # step 10: the lines of the damage each takes, by the other's targeting
    knock_a, knock_b = a.knock[tgt_b], b.knock[tgt_a]
    pair = PAIRS[key] = (
        (  # steps 4-8; the products the round takes in this order: POW x STR (x factor
            # ...), DEF x AGL (x factor)
            (p_a, agg_a, pow_a * s_a, def_a * g_a),
            (land_a, cap_a, mult_a),
            (p_b, agg_b, pow_b * s_b, def_b * g_b),
            (land_b, cap_b, mult_b),
            (may_a, dirty_a, hold_a, may_b, dirty_b, hold_b),
        ),
        (  # steps 9-12 (step 9: his own body blows, the other's head punches)
            (cuts_a, own_a * opp_b, knock_a, knock_a[0] * STUN_SHARE, fat_a),
            (cuts_b, own_b * opp_a, knock_b, knock_b[0] * STUN_SHARE, fat_b),
        ),
        (  # the round's figures and the judges
            thrown_a,
            thrown_b,
            text_a,
            text_b,
            la.label,
            lb.label,
            (  # who a judge of each close-round view favours (aggressor, counterpuncher)
                "red" if agg_a > agg_b else ("blue" if agg_b > agg_a else None),
                "red" if def_a > def_b else ("blue" if def_b > def_a else None),
            ),
        ),
        recf_a,
        recf_b,
    )
    return pair


def _line_parts(line: Line, agg: int, opp_allout: bool) -> tuple:
    values = line_values(line, agg, opp_allout)
    target, dirty, hold, thrown = values[4], values[5], values[8], values[9]
    # (target, targets cuts, may be penalised, dirty, landed multiplier, damage
    # multiplier, holding chance, thrown, and the round event's " of 48, " / " of 40.")
    fatigue, used, pow_, defense = values[:4]
    parts = _LINES[line.label, agg, opp_allout] = (
        # step 1's recovery factor for the rest after a round of this line; thrown as a
        # float too (step 7's cap)
        (
            float(agg),
            fatigue,
            RECOVERY + RECOVERY_PER_REST * (ENERGY - used),
            pow_,
            defense,
            float(thrown),
        ),
        (
            target,
            target == "C",
            bool(dirty or hold),
            *values[5:10],
            f" of {thrown}, ",
            f" of {thrown}.",
        ),
        values[10],
        values[11],
    )
    return parts


def side_values(line: Line, stats: tuple, agg: int, opp_line: Line) -> tuple:
    """What the round needs from one side's line: ``(STR, SPD, AGL, AGG, fatigue,
    energy used, POW x all-out, DEF, target, dirty, landed multiplier, damage
    multiplier for the target, holding chance, thrown, injury-chance multiplier for
    the opponent, injury-chance multiplier for himself)``."""
    s, p, a = stats
    values = line_values(line, agg, opp_line.style == "allout")
    return (float(s), float(p), float(a), float(agg), *values)


def line_values(line: Line, agg: int, opp_allout: bool) -> tuple:
    """The parts of ``side_values`` that depend on the line alone."""
    style = line.style
    fat_agg = line.agg if style == "feint" else agg  # feint's lost point still tires
    used = fat_agg + line.pow + line.defense
    land_mult = 8.0 * agg
    if line.target:
        land_mult *= formulas.TARGETED_LANDED * (formulas.CUT_TARGET if line.target == "C" else 1.0)
    tgt_mult = formulas.damage_modifiers(line.target, False, False)[0]
    dmg_mult = (formulas.ALLOUT_DEALT if style == "allout" else 1.0) * (
        formulas.ALLOUT_TAKEN if opp_allout else 1.0
    )
    cut_cost = formulas.CUT_OFF_RING_COST * agg if style == "cut" else 0.0
    hold = line.defense * line.defense / 400.0 if style == "clinch" and line.defense >= 10 else 0.0
    # Step 9: head punches x1.5 on the opponent's injury chance; throwing body blows
    # x0.25 on the fighter's own.
    opp_inj = formulas.HEAD_INJURY if line.target == "H" else 1.0
    own_inj = formulas.BODY_INJURY if line.target == "B" else 1.0
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
