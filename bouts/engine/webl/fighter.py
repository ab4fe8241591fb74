"""A fighter's state in the bout, and what a pair of plan lines means for a round
(steps 2-3 and the line's multipliers), computed when the lines change."""

from __future__ import annotations

from . import formulas
from .cards import ATTR_MAX, weight_strength_bonus
from .formulas import ENERGY, RECOVERY, RECOVERY_PER_REST
from .injuries import nose_fatigue, vision_penalty
from .plans import Line
from .styles import resolve_styles, resting_aggression, style_aggression

_KNOCK: dict[float, dict] = {}  # starting endurance -> step 10 lines by targeting
# (red's key, blue's key, red's style, blue's style) -> resolve_styles()'s two attribute
# tuples (which AGG does not change): pure, shared by bouts, at most _STYLED_MAX
STYLED: dict[tuple, tuple] = {}
_STYLED_MAX = 20000
_LINES: dict[tuple, tuple] = {}  # (line, AGG, opponent all-out) -> line_parts()
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

    ``key`` is what the styled attributes depend on (``styled_attributes``): ``(STR,
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


def pair_meaning(red: Fighter, blue: Fighter, red_line: Line, blue_line: Line) -> tuple:
    """Steps 2-3 for two lines: what the lines mean for the round, one flat tuple for
    each of the round's groups of steps (steps.py), then step 1's recovery factors for
    the rest after the round, red's and blue's: ``(exchange_meaning, harm_meaning,
    figures_meaning, red's recovery, blue's)``.

    Made again whenever a line or an injury changes, and not kept across bouts: a pair
    is new in most bouts (a default plan's lines are drawn), and a cache of pairs would
    grow by a few entries a bout, each of them work for the garbage collector, for few
    hits; what repeats across bouts is cached by its own parts (``STYLED``, ``_LINES``)."""
    red_stats, blue_stats, red_aggression, blue_aggression = styled_attributes(
        red, blue, red_line, blue_line
    )
    red_allout, blue_allout = red_line.style == "allout", blue_line.style == "allout"
    red_parts = _LINES.get((red_line.label, red_aggression, blue_allout)) or line_parts(
        red_line, red_aggression, blue_allout
    )
    blue_parts = _LINES.get((blue_line.label, blue_aggression, red_allout)) or line_parts(
        blue_line, blue_aggression, red_allout
    )
    red_exchanging, red_harming, red_showing, red_recovery = red_parts
    blue_exchanging, blue_harming, blue_showing, blue_recovery = blue_parts
    return (
        exchange_meaning(red_stats, blue_stats, red_exchanging, blue_exchanging),
        harm_meaning(red.knock, blue.knock, red_harming, blue_harming),
        figures_meaning(red_line.label, blue_line.label, red_showing, blue_showing),
        red_recovery,
        blue_recovery,
    )


def exchange_meaning(red_stats, blue_stats, red_parts, blue_parts) -> tuple:
    """Steps 4-8 (``steps.exchange``): red's ``(SPD, AGG, POW x all-out x STR, DEF x AGL,
    landed multiplier, thrown as a float (step 7's cap), damage multiplier for the
    target)``, then blue's, then step 5's ``(dirty, holding chance)``, red's then blue's.
    Every value is a float already (the round's arithmetic has no mixed int-float
    operations): the fighters' attributes are floats, AGG is made one in ``line_parts``."""
    red_strength, red_speed, red_agility = red_stats
    blue_strength, blue_speed, blue_agility = blue_stats
    (
        red_aggression,
        red_power,
        red_defence,
        red_landing,
        red_most_landed,
        red_damage_multiplier,
        red_dirty,
        red_holding,
    ) = red_parts
    (
        blue_aggression,
        blue_power,
        blue_defence,
        blue_landing,
        blue_most_landed,
        blue_damage_multiplier,
        blue_dirty,
        blue_holding,
    ) = blue_parts
    # the products the round takes in this order: POW x STR (x factor ...), DEF x AGL
    # (x factor)
    return (
        red_speed,
        red_aggression,
        red_power * red_strength,
        red_defence * red_agility,
        red_landing,
        red_most_landed,
        red_damage_multiplier,
        blue_speed,
        blue_aggression,
        blue_power * blue_strength,
        blue_defence * blue_agility,
        blue_landing,
        blue_most_landed,
        blue_damage_multiplier,
        red_dirty,
        red_holding,
        blue_dirty,
        blue_holding,
    )


def harm_meaning(red_knock, blue_knock, red_parts, blue_parts) -> tuple:
    """Steps 9-12 (``steps.harm``): red's ``(he targets cuts, his injury-chance multiplier
    (step 9: his own body blows, the other's head punches), the knockdown lines of the
    damage he takes (step 10: by the other's targeting), the stun line, his fatigue)``,
    then blue's; ``red_knock`` and ``blue_knock`` are the fighters' lines by targeting
    (``Fighter.knock``)."""
    red_target, red_targets_cuts, red_on_opponent, red_on_himself, red_fatigue = red_parts
    blue_target, blue_targets_cuts, blue_on_opponent, blue_on_himself, blue_fatigue = blue_parts
    red_knock_lines, blue_knock_lines = red_knock[blue_target], blue_knock[red_target]
    return (
        red_targets_cuts,
        red_on_himself * blue_on_opponent,
        red_knock_lines,
        red_knock_lines[0] * STUN_SHARE,
        red_fatigue,
        blue_targets_cuts,
        blue_on_himself * red_on_opponent,
        blue_knock_lines,
        blue_knock_lines[0] * STUN_SHARE,
        blue_fatigue,
    )


def figures_meaning(red_label, blue_label, red_parts, blue_parts) -> tuple:
    """The round's figures and the judges (``steps.end_of_round``): ``(red's thrown,
    blue's, the round event's two endings, the lines' labels, the close-round leans)``;
    the leans are who a judge of each close-round view favours, ``(aggressor,
    counterpuncher)``: the side with more AGG, with more DEF, or None."""
    red_thrown, red_ending, _, red_aggression, red_defence = red_parts
    blue_thrown, _, blue_ending, blue_aggression, blue_defence = blue_parts
    leans = (lean(red_aggression, blue_aggression), lean(red_defence, blue_defence))
    return (red_thrown, blue_thrown, red_ending, blue_ending, red_label, blue_label, leans)


def lean(red_value: float, blue_value: float):
    """The side with the larger value (a close round's lean), or None."""
    if red_value > blue_value:
        return "red"
    return "blue" if blue_value > red_value else None


def styled_attributes(red: Fighter, blue: Fighter, red_line: Line, blue_line: Line) -> tuple:
    """Steps 2-3 for two lines: ``(red's (STR, SPD, AGL), blue's, red's AGG, blue's)``
    after the styles and the height bonus (``styles.resolve_styles``). The attributes do
    not depend on AGG: they are kept per pair of fighters and styles (a default plan
    keeps its style for all four lines)."""
    red_style, blue_style = red_line.style, blue_line.style
    styled_key = (red.key, blue.key, red_style, blue_style)
    styled = STYLED.get(styled_key)
    if styled is None:
        if len(STYLED) > _STYLED_MAX:
            STYLED.clear()
        styled = STYLED[styled_key] = resolve_styles(
            red.stats, blue.stats, red.hgt, blue.hgt, red_line, blue_line
        )[:2]
    aggression = style_aggression(red_style, blue_style, red_line.agg, blue_line.agg)
    return (*styled, *aggression)


def line_parts(line: Line, aggression: int, opponent_allout: bool) -> tuple:
    """What one side's line means for a round whoever the fighters, cached in ``_LINES`` by
    the line's label, AGG after the styles and whether the opponent goes all-out (``pair_meaning``
    looks there first); grouped as ``pair_meaning`` lays them out for the round's groups of
    steps:

    - steps 4-8: ``(AGG as a float, POW x all-out, DEF, landed multiplier, thrown as a
      float (step 7's cap), damage multiplier for the target, dirty, step 5's holding
      chance)``;
    - steps 9-12: ``(target, targets cuts, step 9's multiplier on the opponent's injury
      chance, on his own, fatigue (step 12))``;
    - the round's figures and the judges: ``(thrown, the round event's ending as red's
      " of 48, " and as blue's " of 40.", AGG as a float, DEF)``;
    - step 1's recovery factor for the rest after a round of this line."""
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
    key = (line.label, aggression, opponent_allout)
    aggression = float(aggression)
    parts = _LINES[key] = (
        (
            aggression,
            power,
            defence,
            landing,
            float(thrown),
            damage_multiplier,
            dirty,
            holding,
        ),
        (target, target == "C", opponent_injury, own_injury, fatigue),
        (thrown, f" of {thrown}, ", f" of {thrown}.", aggression, defence),
        RECOVERY + RECOVERY_PER_REST * (ENERGY - used),
    )
    return parts


def side_values(line: Line, stats: tuple, agg: int, opp_line: Line) -> tuple:
    """What the round needs from one side's line: ``(STR, SPD, AGL, AGG, fatigue,
    energy used, POW x all-out, DEF, target, dirty, landed multiplier, damage
    multiplier for the target, holding chance, thrown, injury-chance multiplier for
    the opponent, injury-chance multiplier for himself)``."""
    strength, speed, agility = stats
    values = line_values(line, agg, opp_line.style == "allout")
    return (float(strength), float(speed), float(agility), float(agg), *values)


def line_values(line: Line, agg: int, opp_allout: bool) -> tuple:
    """The parts of ``side_values`` that depend on the line alone."""
    style = line.style
    # AGG a style takes away rests him (clinch, counter), or tires him as if used (feint)
    tiring = agg if resting_aggression(style) else line.agg
    used = tiring + line.pow + line.defense
    land_mult = 8.0 * agg
    if line.target:
        land_mult *= formulas.TARGETED_LANDED * (formulas.CUT_TARGET if line.target == "C" else 1.0)
    tgt_mult = formulas.TARGET_DAMAGE[line.target]
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
        tiring + cut_cost,
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
