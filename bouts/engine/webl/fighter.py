"""A fighter's state in the bout, and what a pair of plan lines means for a round
(steps 2-3 and the line's multipliers), computed once per pairing and cached."""

from __future__ import annotations

from typing import NamedTuple

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
_LINES: dict[tuple, LineParts] = {}  # (line, AGG, opponent all-out) -> line_parts()
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
    injury this round changes the penalties from the next (``update_penalties``); ``nose``:
    an injured nose's extra fatigue a round (step 12)."""

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
        "nose",
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
        self.nose = 0.0

    def update_penalties(self) -> None:
        """After a round with an injury: SPD and AGL penalties and an injured nose's
        extra fatigue from the next round on."""
        self.changed = False
        pen_spd, pen_agl = vision_penalty(self.injuries)
        self.stats = stats = (
            self.str,
            v if (v := self.spd - pen_spd) > 1.0 else 1.0,
            v if (v := self.agl - pen_agl) > 1.0 else 1.0,
        )
        self.key = (*stats, self.hgt, self.start)
        self.nose = nose_fatigue(self.injuries)


def new_pair(key: tuple, red: Fighter, blue: Fighter, red_line: Line, blue_line: Line) -> tuple:
    """Steps 2-3 for two lines, cached in ``PAIRS`` by the fighters' keys and the lines
    (``key`` is ``(red.key, blue.key, red_line.label, blue_line.label)``): what the
    lines mean for the round, laid out for the round's groups of steps (steps.py), red's
    values then blue's:

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
    red_stats, blue_stats, red_aggression, blue_aggression = styled_attributes(
        red, blue, red_line, blue_line
    )
    red_strength, red_speed, red_agility = red_stats
    blue_strength, blue_speed, blue_agility = blue_stats
    red_allout, blue_allout = red_line.style == "allout", blue_line.style == "allout"
    red_parts = line_parts(red_line, red_aggression, blue_allout)
    blue_parts = line_parts(blue_line, blue_aggression, red_allout)
    if len(PAIRS) > _PAIRS_MAX:
        PAIRS.clear()
    # Every value is a float already (the round's arithmetic has no mixed int-float
    # operations): the fighters' attributes are floats, AGG is made one in line_parts.
    pair = PAIRS[key] = (
        (  # steps 4-8; the products the round takes in this order: POW x STR (x factor
            # ...), DEF x AGL (x factor)
            (
                red_speed,
                red_parts.aggression,
                red_parts.power * red_strength,
                red_parts.defence * red_agility,
            ),
            (red_parts.landing, red_parts.thrown_cap, red_parts.damage_multiplier),
            (
                blue_speed,
                blue_parts.aggression,
                blue_parts.power * blue_strength,
                blue_parts.defence * blue_agility,
            ),
            (blue_parts.landing, blue_parts.thrown_cap, blue_parts.damage_multiplier),
            (
                red_parts.may_foul,
                red_parts.dirty,
                red_parts.holding,
                blue_parts.may_foul,
                blue_parts.dirty,
                blue_parts.holding,
            ),
        ),
        (  # steps 9-12
            harm_meaning(red_parts, blue_parts, red.knock[blue_parts.target]),
            harm_meaning(blue_parts, red_parts, blue.knock[red_parts.target]),
        ),
        (  # the round's figures and the judges
            red_parts.thrown,
            blue_parts.thrown,
            red_parts.first_ending,
            blue_parts.second_ending,
            red_line.label,
            blue_line.label,
            (  # who a judge of each close-round view favours (aggressor, counterpuncher)
                lean(red_parts.aggression, blue_parts.aggression),
                lean(red_parts.defence, blue_parts.defence),
            ),
        ),
        red_parts.recovery,
        blue_parts.recovery,
    )
    return pair


def harm_meaning(parts: LineParts, opponent: LineParts, knock_lines: tuple) -> tuple:
    """One side's part of steps 9-12 (``new_pair``): he targets cuts, his injury-chance
    multiplier (step 9: his own body blows, the other's head punches), the knockdown
    lines of the damage he takes (step 10: ``knock_lines``, by the other's targeting),
    the stun line, his fatigue."""
    return (
        parts.targets_cuts,
        parts.own_injury * opponent.opponent_injury,
        knock_lines,
        knock_lines[0] * STUN_SHARE,
        parts.fatigue,
    )


def lean(red_value: float, blue_value: float):
    """The side with the larger value (a close round's lean), or None."""
    if red_value > blue_value:
        return "red"
    return "blue" if blue_value > red_value else None


def styled_attributes(red: Fighter, blue: Fighter, red_line: Line, blue_line: Line) -> tuple:
    """Steps 2-3 for two lines: ``(red's (STR, SPD, AGL), blue's, red's AGG, blue's)``
    after the styles and the height bonus."""
    red_style, blue_style = red_line.style, blue_line.style
    if red_style or blue_style:
        # steps 2-3's attributes do not depend on AGG: one resolve_fast per matchup
        # of styles (a default plan keeps its style for all four lines)
        styled_key = (red.key, blue.key, red_style, blue_style)
        styled = STYLED.get(styled_key)
        if styled is None:
            if len(STYLED) > _PAIRS_MAX:
                STYLED.clear()
            styled = STYLED[styled_key] = resolve_fast(
                red.stats, blue.stats, red.hgt, blue.hgt, red_line, blue_line
            )[:2]
        red_stats, blue_stats = styled
        if red_style in LESS_AGG or blue_style in LESS_AGG:
            aggression = style_aggression(red_style, blue_style, red_line.agg, blue_line.agg)
            return (red_stats, blue_stats, *aggression)
        return red_stats, blue_stats, red_line.agg, blue_line.agg  # no other style changes AGG
    # resolve_styles without styles: the values (all >= 1) and the height bonus
    red_strength, red_speed, red_agility = red.stats
    blue_strength, blue_speed, blue_agility = blue.stats
    if red.hgt > blue.hgt:
        half = _FLOATS[red.hgt - blue.hgt] * 0.5  # half the height difference
        red_speed += half
        red_agility += half
    elif blue.hgt > red.hgt:
        half = _FLOATS[blue.hgt - red.hgt] * 0.5
        blue_speed += half
        blue_agility += half
    return (
        (red_strength, red_speed, red_agility),
        (blue_strength, blue_speed, blue_agility),
        red_line.agg,
        blue_line.agg,
    )


class LineParts(NamedTuple):
    """What one side's line means for a round whoever the fighters (``line_parts``)."""

    aggression: float  # AGG after the styles, as a float
    fatigue: float  # step 12
    recovery: float  # step 1's factor for the rest after a round of this line
    power: float  # POW x all-out
    defence: float
    target: str
    targets_cuts: bool
    may_foul: bool  # dirty or holding: step 5 may penalise him
    dirty: bool
    landing: float  # step 7's landed multiplier
    damage_multiplier: float  # for the target
    holding: float  # step 5's holding chance
    thrown: int
    thrown_cap: float  # thrown as a float (step 7's cap)
    first_ending: str  # the round event's " of 48, " (red's) and " of 40." (blue's)
    second_ending: str
    opponent_injury: float  # step 9: on the opponent's injury chance
    own_injury: float  # step 9: on his own


def line_parts(line: Line, aggression: int, opponent_allout: bool) -> LineParts:
    """``line_values`` for a round, cached in ``_LINES`` by the line, AGG after the
    styles and whether the opponent goes all-out."""
    parts = _LINES.get((line.label, aggression, opponent_allout))
    if parts is not None:
        return parts
    (
        fatigue,
        used,
        power,
        defence,
        target,
        dirty,
        landing,
        damage_multiplier,
        holding,
        thrown,
        opponent_injury,
        own_injury,
    ) = line_values(line, aggression, opponent_allout)
    parts = _LINES[line.label, aggression, opponent_allout] = LineParts(
        float(aggression),
        fatigue,
        RECOVERY + RECOVERY_PER_REST * (ENERGY - used),
        power,
        defence,
        target,
        target == "C",
        bool(dirty or holding),
        dirty,
        landing,
        damage_multiplier,
        holding,
        thrown,
        float(thrown),
        f" of {thrown}, ",
        f" of {thrown}.",
        opponent_injury,
        own_injury,
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
