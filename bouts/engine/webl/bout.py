"""One WeBL bout: the seed's thirteen steps per round, stoppages, scoring, the result.

The per-round path is kept lean: steps 2-3 (styles and height) depend only on the two
plan lines and the injury penalties, so they are recomputed only when one of those
changes; the rest is arithmetic on local variables, with one summary event per round
plus an event for each stun, knockdown, injury, foul and stoppage (rare paths live in
helper functions).
"""

from __future__ import annotations

from math import sqrt
from operator import itemgetter

from ..result import DQ, KO, RTD, TDRAW, TKO, BoutResult, clock, decision_from_totals
from . import formulas as F
from .cards import weight_strength_bonus
from .default_plans import default_plan_key, fast_default_plan, plan_for_key
from .formulas import round2
from .injuries import (
    LOCATIONS,
    injure,
    injury_name,
    injury_type,
    nose_fatigue,
    open_cuts,
    severity,
    vision_penalty,
)
from .officials import DOCTOR, TKO_LINE, UNINTENTIONAL, WARN_CHANCE
from .plans import TOWEL, Line, Plan, parse_line
from .scoring import (
    _CLOSE_MODE,
    AGGRESSOR,
    CLOSE,
    DAMAGE_WEIGHT,
    EVEN,
    HOME,
    JUDGE_NOISE,
    VIEW,
    apply_knockdowns,
    apply_penalty,
    judge_params,
)
from .styles import resolve_styles

ROUND_SECONDS = 180
LAST_SECOND = ROUND_SECONDS - 1
DQ_LADDER = (0.10, 0.20, 0.40, 0.80, 1.0)  # step 5: DQ chance at the 1st..5th warning
STUN_SHARE = 0.75  # a round's damage >= 75% of the knockdown line is reported as a stun
MIN_FACTOR = 0.05  # step 4 never scales attributes below 5% (endurance <= 0 is a TKO)
FALLBACK = parse_line("5/7/8")
_KNOCK: dict[float, dict] = {}
_PAIRS: dict[tuple, tuple] = {}  # steps 2-3 by (attributes, heights, lines): pure, shared
_CLOCKS = tuple(clock(s) for s in range(ROUND_SECONDS + 1))
END_OF_ROUND = _CLOCKS[ROUND_SECONDS]
# (cards for red, cards for blue) -> (winner, method): decision_from_totals on every case
_DECISIONS = {
    (r, b): decision_from_totals([[1, 0]] * r + [[0, 1]] * b + [[0, 0]] * (3 - r - b))
    for r in range(4)
    for b in range(4 - r)
}


def default_plan(me: dict, opp: dict, strategy: str, rng) -> Plan:
    """The corner's default plan (plans.default_plan_text), built without parsing."""
    return plan_for_key(default_plan_key(me, opp, strategy, rng))


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


def _side_values(line: Line, stats: tuple, agg: int, opp_line: Line) -> tuple:
    """What the round needs from one side's line, computed once per pairing:
    ``(STR, SPD, AGL, AGG, fatigue, energy used, POW x all-out, DEF, target, dirty,
    landed multiplier, damage multiplier for the target, holding chance, thrown,
    injury-chance multiplier for the opponent)``."""
    key = (line.label, agg, opp_line.style == "allout")
    static = _LINE_VALUES.get(key)
    if static is None:
        static = _LINE_VALUES[key] = _line_values(line, agg, opp_line.style == "allout")
    # Floats for the round's arithmetic (exact for these small integers: the same
    # results, without mixed int-float operations in the loop).
    s, p, a = stats
    return (float(s), float(p), float(a), float(agg), *static)


_LINE_VALUES: dict[tuple, tuple] = {}


def _line_values(line: Line, agg: int, opp_allout: bool) -> tuple:
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
    # Injury chance multiplier for the *opponent* (step 9): head x1.5, body x0.5.
    opp_inj = {"H": F.HEAD_INJURY, "B": F.BODY_INJURY}.get(line.target, 1.0)
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
    )


_BY_CLOCK = itemgetter("clock")  # "m:ss" within one round sorts as text


def _before_stoppage(rnd, seconds, events, first, *records) -> None:
    """In a round that ends early, what happened in it happened before the stoppage:
    its moments are scaled into the time before the stoppage (events and the
    knockdown, injury and foul records alike), then put in order."""
    share = seconds / ROUND_SECONDS

    def scaled(clock_text: str) -> str:
        minutes, secs = clock_text.split(":")
        return _CLOCKS[int((int(minutes) * 60 + int(secs)) * share)]

    for event in events[first:]:
        event["clock"] = scaled(event["clock"])
    for record in records:
        for item in reversed(record):
            if item["round"] != rnd:
                break
            item["time"] = scaled(item["time"])
    events[first:] = sorted(events[first:], key=_BY_CLOCK)


def _close_round(mode: int, home, lean) -> list:
    """A close round for a judge: even, or to his side (aggressor, counterpuncher, home)."""
    if mode == EVEN:
        return [10, 10]
    side = home if mode == HOME else lean[mode - AGGRESSOR]
    if side is None:
        return [10, 10]
    return [10, 9] if side == "red" else [9, 10]


def _adjust(score: list, downs_a: int, downs_b: int, pen_a: int, pen_b: int) -> list:
    """Knockdowns, then point penalties, on one judge's score for the round."""
    if downs_a or downs_b:
        score = apply_knockdowns(score, downs_a, downs_b)
    for _ in range(pen_a):
        score = apply_penalty(score, "red")
    for _ in range(pen_b):
        score = apply_penalty(score, "blue")
    return score


def resolve_stoppage(stop_a, stop_b, dq_a: bool, dq_b: bool, name_a="Red", name_b="Blue"):
    """How a round with a stoppage ends: ``(winner, method, share, text)``.

    ``stop_a``/``stop_b`` are ``(share of the round, method, text)`` for a (T)KO
    suffered by red/blue (the share of the round at which it happened: the damage
    needed over the damage done), or None. Seed: when both are (T)KO'd the earlier
    one loses; a DQ'd fighter's (T)KO of his opponent is disregarded; a fighter DQ'd
    and (T)KO'd in the same round loses by the (T)KO. Both DQ'd and no (T)KO: a
    technical draw (our choice). ``share`` is None for a disqualification."""
    if dq_a:
        stop_b = None  # a DQ'd fighter's (T)KO is disregarded
    if dq_b:
        stop_a = None
    if stop_a or stop_b:
        if stop_b is None or (stop_a is not None and stop_a[0] < stop_b[0]):
            share, method, text = stop_a
            return "blue", method, share, text
        share, method, text = stop_b
        return "red", method, share, text
    if dq_a and dq_b:
        return None, TDRAW, None, "Both fighters are disqualified."
    loser = name_a if dq_a else name_b
    return ("blue" if dq_a else "red"), DQ, None, f"{loser} is disqualified for fighting dirty."


def fight(red_card, blue_card, *, rounds, rng, officials, corners, plans, options) -> BoutResult:
    """Fight one bout. ``officials``/``corners`` are resolved (officials.py); ``plans``
    maps a side to a Plan or None (then the corner writes its default plan)."""
    random = rng.random
    referee, judges, doctor = officials["referee"], officials["judges"], officials["doctor"]
    warn_p = WARN_CHANCE[referee["fouls"]]
    unint_p = UNINTENTIONAL[referee["overall"]]
    tko_share = TKO_LINE[referee["stoppage"]]
    doctor_line, gash_stops = DOCTOR[doctor["caution"]]
    home, champion = options.get("home"), options.get("champion")
    # Per judge: red's landed and damage weights, blue's, close-round view, home side
    # (judge_params, inlined for the common unbiased judge: the same draws and floats).
    weights = []
    for j in judges:
        taste = random()
        view = random()
        if j.get("bias", "none") == "none":
            wd = DAMAGE_WEIGHT * (0.5 + taste)
            lean = VIEW * (2.0 * view - 1.0)
            fr, fb = 1.0 + lean, 1.0 - lean
            mode = _CLOSE_MODE[j.get("close_round", "even")]
            weights.append((fr, wd * fr, fb, wd * fb, mode, home))
        else:
            wl, wd, fr, fb, m, h = judge_params(j, home, champion, taste, view)
            weights.append((wl * fr, wd * fr, wl * fb, wd * fb, m, h))
    lo, span = 1.0 - JUDGE_NOISE, 2.0 * JUDGE_NOISE
    weight_rule = options.get("weight_rule", True)

    plan_r = plans.get("red") or fast_default_plan(
        red_card, blue_card, corners["red"]["strategy"], random
    )
    plan_b = plans.get("blue") or fast_default_plan(
        blue_card, red_card, corners["blue"]["strategy"], random
    )
    a = Fighter("red", red_card, blue_card, plan_r, weight_rule)
    b = Fighter("blue", blue_card, red_card, plan_b, weight_rule)
    an, bn = a.name, b.name
    st_a, st_b = a.start, b.start
    e_a, e_b = st_a, st_b
    tko_a, tko_b = tko_share * st_a, tko_share * st_b
    used_a = used_b = F.ENERGY
    recf_a = recf_b = F.RECOVERY  # recovery factors, set with each round's lines
    look_a, look_b = plan_r.lookup, plan_b.lookup
    env_r, env_b = plan_r.env, plan_b.env
    knock_a, knock_b = a.knock, b.knock
    rec, rec_rest, energy = F.RECOVERY, F.RECOVERY_PER_REST, F.ENERGY
    dirty_dmg, dirty_warned_dmg = F.DIRTY_DAMAGE, F.DIRTY_WARNED_DAMAGE

    events: list = []
    append_event = events.append
    knockdowns: list = []
    injuries_out: list = []
    fouls: list = []
    stats: list = []
    cards = ([], [], [])
    totals = ([0, 0], [0, 0], [0, 0])
    won = [0, 0]
    lr1, dr1, lb1, db1, mode1, home1 = weights[0]
    lr2, dr2, lb2, db2, mode2, home2 = weights[1]
    lr3, dr3, lb3, db3, mode3, home3 = weights[2]
    card1, card2, card3 = cards
    needs_r, needs_b = plan_r.needs, plan_b.needs
    track_won = bool(needs_r or needs_b) and (
        "roundswon" in needs_r
        or "roundslost" in needs_r
        or "roundswon" in needs_b
        or "roundslost" in needs_b
    )
    tr1 = tb1 = tr2 = tb2 = tr3 = tb3 = 0
    winner = method = None
    end_round, end_time = rounds, END_OF_ROUND
    pla = plb = None
    restyle = True  # steps 2-3 to (re)compute: injury penalties changed
    hurt = False  # an injury roll landed: penalties may change at the end of the round
    fouled = False  # a foul was called: a disqualification is possible
    nose_a = nose_b = 0.0
    va = vb = None

    for rnd in range(1, rounds + 1):
        first_event = len(events)
        # --- step 1: recovery between rounds
        if rnd > 1:
            lost = st_a - e_a
            if lost > 0:
                e_a += lost * recf_a
            lost = st_b - e_b
            if lost > 0:
                e_b += lost * recf_b
        # --- the plan lines (conditions see the state after the rest)
        la, conds = look_a[rnd]
        if conds:
            a.end, b.end = e_a, e_b
            totals[0][:] = tr1, tb1
            totals[1][:] = tr2, tb2
            totals[2][:] = tr3, tb3
            env = env_r(a, b, rnd, 0, totals, won)
            for rule in conds:  # Plan.choose, inlined: the last line that applies wins
                try:
                    if rule.test.holds(env):
                        la = rule.action
                        break
                except ZeroDivisionError:  # a division by zero: the condition is false
                    pass
        lb, conds = look_b[rnd]
        if conds:
            a.end, b.end = e_a, e_b
            totals[0][:] = tr1, tb1
            totals[1][:] = tr2, tb2
            totals[2][:] = tr3, tb3
            env = env_b(b, a, rnd, 1, totals, won)
            for rule in conds:
                try:
                    if rule.test.holds(env):
                        lb = rule.action
                        break
                except ZeroDivisionError:
                    pass
        la = la or FALLBACK
        lb = lb or FALLBACK
        if la is TOWEL or lb is TOWEL or e_a <= 0 or e_b <= 0:
            quit_a = la is TOWEL or e_a <= 0
            quit_b = lb is TOWEL or e_b <= 0
            end_round = max(1, rnd - 1)
            end_time = END_OF_ROUND if rnd > 1 else _CLOCKS[0]
            if quit_a and quit_b:
                winner, method = None, TDRAW
                text = f"Both corners stop the fight before round {rnd}."
            else:
                loser = a if quit_a else b
                winner, method = ("blue" if quit_a else "red"), RTD
                text = f"{loser.name}'s corner stops the fight before round {rnd}."
            append_event(
                {
                    "round": end_round,
                    "clock": end_time,
                    "kind": "stoppage",
                    "side": winner,
                    "text": text,
                }
            )
            break

        # --- steps 2-3: styles and height (recomputed when a line or an injury changes)
        if restyle or la is not pla or lb is not plb:
            pla, plb, restyle = la, lb, False
            # (STR, max(1, SPD - penalty), max(1, AGL - penalty)), max without the call
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
                if len(_PAIRS) > 20000:
                    _PAIRS.clear()
                ra, rb, agg_a, agg_b = resolve_styles(sa, sb, a.hgt, b.hgt, la, lb)
                pair = _PAIRS[key] = (
                    _side_values(la, ra, agg_a, lb),
                    _side_values(lb, rb, agg_b, la),
                )
            va, vb = pair
            (
                s_a0,
                p_a0,
                l_a0,
                agg_a,
                fat_a,
                used_a,
                pow_a,
                def_a,
                tg_a,
                dirty_a,
                lm_a,
                tm_a,
                hold_a,
                thrown_a,
                inj_b_mult,
            ) = va
            (
                s_b0,
                p_b0,
                l_b0,
                agg_b,
                fat_b,
                used_b,
                pow_b,
                def_b,
                tg_b,
                dirty_b,
                lm_b,
                tm_b,
                hold_b,
                thrown_b,
                inj_a_mult,
            ) = vb
            kn_a = knock_a[tg_b]
            kn_b = knock_b[tg_a]
            stun_a = kn_a[0] * STUN_SHARE
            stun_b = kn_b[0] * STUN_SHARE
            lean = (
                "red" if agg_a > agg_b else ("blue" if agg_b > agg_a else None),
                "red" if def_a > def_b else ("blue" if def_b > def_a else None),
            )
            # step 1 of the next round: the share of lost endurance regained
            recf_a = rec + rec_rest * (energy - used_a)
            recf_b = rec + rec_rest * (energy - used_b)

        # --- step 4: endurance scaling
        fa = e_a / st_a
        if fa < MIN_FACTOR:
            fa = MIN_FACTOR
        fb = e_b / st_b
        if fb < MIN_FACTOR:
            fb = MIN_FACTOR
        p_a = p_a0 * fa
        p_b = p_b0 * fb

        # --- step 5: warnings, penalties, disqualification
        warned_a = warned_b = False
        pen_a = pen_b = 0  # point penalties this round
        if dirty_a or hold_a or random() < unint_p:
            warned_a, pen_a = _fouls(rng, a, rnd, dirty_a, hold_a, warn_p, unint_p, fouls, events)
            fouled = True
        if dirty_b or hold_b or random() < unint_p:
            warned_b, pen_b = _fouls(rng, b, rnd, dirty_b, hold_b, warn_p, unint_p, fouls, events)
            fouled = True

        # --- step 6: DEF_RATE = DEF x AGL, at least 1
        dr_a = def_a * l_a0 * fa
        if dr_a < 1.0:
            dr_a = 1.0
        dr_b = def_b * l_b0 * fb
        if dr_b < 1.0:
            dr_b = 1.0

        # --- step 7: punches landed, randomised (usually within 10%), at most 8 x AGG
        land_a = lm_a * p_a / sqrt(3.0 * dr_b) * (1.0 + 0.12 * (random() - random()))
        if land_a > thrown_a:
            land_a = thrown_a
        land_b = lm_b * p_b / sqrt(3.0 * dr_a) * (1.0 + 0.12 * (random() - random()))
        if land_b > thrown_b:
            land_b = thrown_b

        # --- step 8: damage (all-out and dirty included; knockdowns use it before the
        # head/body multiplier)
        kd_b = pow_a * s_a0 * fa * sqrt(agg_a * p_a) / dr_b * (1.0 + 0.12 * (random() - random()))
        if dirty_a:
            kd_b *= dirty_warned_dmg if warned_a else dirty_dmg
        kd_a = pow_b * s_b0 * fb * sqrt(agg_b * p_b) / dr_a * (1.0 + 0.12 * (random() - random()))
        if dirty_b:
            kd_a *= dirty_warned_dmg if warned_b else dirty_dmg
        dmg_b = kd_b * tm_a  # what a does to b
        dmg_a = kd_a * tm_b

        # --- step 9: injuries
        stop_a = stop_b = None  # (share of the round, method, text)
        inj_a = inj_b = 0.0
        ch_a = dmg_a * dmg_a * 0.001 * inj_a_mult
        if tg_b == "C" and open_cuts(a.injuries):
            ch_a *= F.HEAD_INJURY
        ch_b = dmg_b * dmg_b * 0.001 * inj_b_mult
        if tg_a == "C" and open_cuts(b.injuries):
            ch_b *= F.HEAD_INJURY
        if a.injuries:
            aggr = random() < (ch_a if ch_a < 0.5 else 0.5)
            new = random() < ch_a
            if aggr or new:
                hurt = True
                inj_a, stop_a = _injuries(
                    rng, a, ch_a, rnd, doctor_line, gash_stops, aggr, new, injuries_out, events
                )
        elif random() < ch_a:
            hurt = True
            inj_a, stop_a = _injuries(
                rng, a, ch_a, rnd, doctor_line, gash_stops, False, True, injuries_out, events
            )
        if b.injuries:
            aggr = random() < (ch_b if ch_b < 0.5 else 0.5)
            new = random() < ch_b
            if aggr or new:
                hurt = True
                inj_b, stop_b = _injuries(
                    rng, b, ch_b, rnd, doctor_line, gash_stops, aggr, new, injuries_out, events
                )
        elif random() < ch_b:
            hurt = True
            inj_b, stop_b = _injuries(
                rng, b, ch_b, rnd, doctor_line, gash_stops, False, True, injuries_out, events
            )

        # --- step 10: knockdowns and knockouts
        downs_a = downs_b = 0
        if kd_a >= stun_a:
            downs_a, stop = _knocks(rng, a, b, kd_a, kn_a, rnd, knockdowns, events)
            if stop and (stop_a is None or stop[0] < stop_a[0]):
                stop_a = stop
        if kd_b >= stun_b:
            downs_b, stop = _knocks(rng, b, a, kd_b, kn_b, rnd, knockdowns, events)
            if stop and (stop_b is None or stop[0] < stop_b[0]):
                stop_b = stop

        # --- step 11: the damage comes off endurance; TKO at zero
        taken_a = dmg_a + inj_a
        taken_b = dmg_b + inj_b
        if e_a - taken_a <= tko_a:
            share = (e_a - tko_a) / taken_a if taken_a > 0 else 1.0
            if stop_a is None or share < stop_a[0]:
                stop_a = (share, TKO, f"The referee stops it: {an} cannot continue.")
        if e_b - taken_b <= tko_b:
            share = (e_b - tko_b) / taken_b if taken_b > 0 else 1.0
            if stop_b is None or share < stop_b[0]:
                stop_b = (share, TKO, f"The referee stops it: {bn} cannot continue.")

        # --- step 12: fatigue (AGG, cutting off the ring, an injured nose)
        e_a -= taken_a + fat_a + nose_a
        e_b -= taken_b + fat_b + nose_b
        la_i = int(land_a + 0.5)
        lb_i = int(land_b + 0.5)
        stats.append(
            {
                "round": rnd,
                "red": {
                    "landed": la_i,
                    "thrown": thrown_a,
                    "damage": round2(dmg_b),
                    "endurance": round2(e_a),
                    "plan": la.label,
                },
                "blue": {
                    "landed": lb_i,
                    "thrown": thrown_b,
                    "damage": round2(dmg_a),
                    "endurance": round2(e_b),
                    "plan": lb.label,
                },
            }
        )

        # --- step 13: a stoppage ends the bout (double (T)KO by timing, DQ priority)
        if stop_a or stop_b or (fouled and (a.dq or b.dq)):
            winner, method, share, text = resolve_stoppage(stop_a, stop_b, a.dq, b.dq, an, bn)
            if share is None:  # a disqualification: the foul's moment in the round
                seconds = int(random() * (ROUND_SECONDS - 1)) + 1
            else:
                seconds = int(share * ROUND_SECONDS)  # within 1..179 (min/max without calls)
                seconds = 1 if seconds < 1 else (LAST_SECOND if seconds > LAST_SECOND else seconds)
            end_round, end_time = rnd, _CLOCKS[seconds]
            if len(events) > first_event:
                _before_stoppage(rnd, seconds, events, first_event, knockdowns, injuries_out, fouls)
            append_event(
                {"round": rnd, "clock": end_time, "kind": "stoppage", "side": winner, "text": text}
            )
            break

        # --- the judges: 10-point must, each with his view and a counting error
        # (unrolled for the three judges: this is the hottest part of a round)
        red = (lr1 * land_a + dr1 * dmg_b) * (lo + span * random())
        blue = lb1 * land_b + db1 * dmg_a
        margin = CLOSE * (red + blue)
        if red - blue > margin:
            s1 = [10, 9]
        elif blue - red > margin:
            s1 = [9, 10]
        else:
            s1 = _close_round(mode1, home1, lean)
        red = (lr2 * land_a + dr2 * dmg_b) * (lo + span * random())
        blue = lb2 * land_b + db2 * dmg_a
        margin = CLOSE * (red + blue)
        if red - blue > margin:
            s2 = [10, 9]
        elif blue - red > margin:
            s2 = [9, 10]
        else:
            s2 = _close_round(mode2, home2, lean)
        red = (lr3 * land_a + dr3 * dmg_b) * (lo + span * random())
        blue = lb3 * land_b + db3 * dmg_a
        margin = CLOSE * (red + blue)
        if red - blue > margin:
            s3 = [10, 9]
        elif blue - red > margin:
            s3 = [9, 10]
        else:
            s3 = _close_round(mode3, home3, lean)
        if downs_a or downs_b or pen_a or pen_b:
            s1, s2, s3 = (_adjust(x, downs_a, downs_b, pen_a, pen_b) for x in (s1, s2, s3))
        card1.append(s1)
        card2.append(s2)
        card3.append(s3)
        tr1 += s1[0]
        tb1 += s1[1]
        tr2 += s2[0]
        tb2 += s2[1]
        tr3 += s3[0]
        tb3 += s3[1]
        if track_won:  # rounds won on at least two cards (plan variables)
            if (s1[0] > s1[1]) + (s2[0] > s2[1]) + (s3[0] > s3[1]) >= 2:
                won[0] += 1
            elif (s1[1] > s1[0]) + (s2[1] > s2[0]) + (s3[1] > s3[0]) >= 2:
                won[1] += 1
        append_event(
            {
                "round": rnd,
                "clock": END_OF_ROUND,
                "kind": "round",
                "side": None,
                "text": f"Round {rnd}: {an} lands {la_i} of {thrown_a}, "
                f"{bn} lands {lb_i} of {thrown_b}.",
            }
        )
        if len(events) - first_event > 1:  # a round's events in the order of the clock
            events[first_event:] = sorted(events[first_event:], key=_BY_CLOCK)
        # Injury penalties to SPD and AGL (and a bad nose) count from the next round.
        if hurt:
            hurt = False
            if a.pen_version < 0:
                a.pen_version = 1 - a.pen_version
                a.pen_spd, a.pen_agl = vision_penalty(a.injuries)
                a.nose = nose_a = nose_fatigue(a.injuries)
                restyle = True
            if b.pen_version < 0:
                b.pen_version = 1 - b.pen_version
                b.pen_spd, b.pen_agl = vision_penalty(b.injuries)
                b.nose = nose_b = nose_fatigue(b.injuries)
                restyle = True

    if method is None:  # result.decision_from_totals, for three judges
        red_cards = (tr1 > tb1) + (tr2 > tb2) + (tr3 > tb3)
        blue_cards = (tb1 > tr1) + (tb2 > tr2) + (tb3 > tr3)
        winner, method = _DECISIONS[red_cards, blue_cards]
    a.end, b.end = e_a, e_b
    return BoutResult(
        ruleset="webl",
        seed=0,
        scheduled_rounds=rounds,
        winner=winner,
        method=method,
        round=end_round,
        time=end_time,
        judges=[j["name"] for j in judges],
        scorecards=list(cards),
        knockdowns=knockdowns,
        injuries=injuries_out,
        fouls=fouls,
        rounds=stats,
        events=events,
        details={
            "endurance": {"red": round2(e_a), "blue": round2(e_b)},
            "starting_endurance": {"red": st_a, "blue": st_b},
            "plans": {"red": plan_r.text(), "blue": plan_b.text()},
            "referee": referee,
            "doctor": doctor,
            "judges": judges,
        },
    )


def _fouls(rng, f: Fighter, rnd, dirty, hold, warn_p, unint_p, fouls, events):
    """Step 5 for one fighter: ``(warned for dirty fighting, penalty points)``.

    A dirty fighter is warned with ``warn_p`` (seed 50%); any fighter may be warned
    for an unintentional foul (``unint_p``, seed 1.5%), which counts on the ladder
    but never disqualifies. The n-th warning for dirty fighting disqualifies with
    10/20/40/80/100%; from the second warning on each warning costs a point. A
    clinching fighter with DEF >= 10 is penalised for holding with DEF x DEF / 4 %."""
    random = rng.random
    points = 0
    dirty_warned = False
    kind = None
    if dirty and random() < warn_p:
        kind = "dirty"
        dirty_warned = True
    elif (dirty or hold) and random() < unint_p:
        kind = "unintentional"
    elif not (dirty or hold):
        kind = "unintentional"  # the caller's roll already landed
    if kind:
        f.warnings += 1
        n = f.warnings
        seconds = 1 + int(random() * (ROUND_SECONDS - 1))
        penalty, pts = "warning", 0
        if kind == "dirty" and random() < DQ_LADDER[min(n, len(DQ_LADDER)) - 1]:
            f.dq = True
            penalty = "disqualification"
        elif n >= 2:
            penalty, pts = "point", 1
        points += pts
        what = "foul blows" if kind == "dirty" else "an unintentional foul"
        text = {
            "warning": f"{f.name} is warned for {what}.",
            "point": f"{f.name} is warned for {what} and loses a point.",
            "disqualification": f"{f.name} is warned for {what} and disqualified.",
        }[penalty]
        fouls.append(
            {
                "round": rnd,
                "time": _CLOCKS[seconds],
                "fighter": f.side,
                "type": kind,
                "penalty": penalty,
                "points": pts,
                "warning": n,
            }
        )
        events.append(
            {"round": rnd, "clock": _CLOCKS[seconds], "kind": "foul", "side": f.side, "text": text}
        )
    if hold and random() < hold:
        seconds = 1 + int(random() * (ROUND_SECONDS - 1))
        points += 1
        fouls.append(
            {
                "round": rnd,
                "time": _CLOCKS[seconds],
                "fighter": f.side,
                "type": "holding",
                "penalty": "point",
                "points": 1,
                "warning": f.warnings,
            }
        )
        events.append(
            {
                "round": rnd,
                "clock": _CLOCKS[seconds],
                "kind": "foul",
                "side": f.side,
                "text": f"{f.name} is penalised a point for holding.",
            }
        )
    return dirty_warned, points


def _injuries(rng, f: Fighter, chance, rnd, doctor_line, gash_stops, aggr, new, out, events):
    """Step 9 for one fighter: ``(injury damage, stop or None)``; records the injuries."""
    damage, hits, stop = injure(rng, f.injuries, chance, rnd, doctor_line, gash_stops, aggr, new)
    if not hits:
        return 0.0, None
    f.pen_version = -abs(f.pen_version) - 1  # penalties change from the next round
    for loc, level, aggravated in hits:
        seconds = 1 + int(rng.random() * (ROUND_SECONDS - 1))
        name = injury_name(loc, level)
        text = f"{f.name}'s {name} is aggravated." if aggravated else f"{f.name} has a {name}."
        if not aggravated and name.startswith(("badly", "left", "right", "swelling")):
            text = f"{f.name} has {name}."
        out.append(
            {
                "round": rnd,
                "time": _CLOCKS[seconds],
                "fighter": f.side,
                "type": injury_type(loc),
                "location": LOCATIONS[loc][1],
                "level": level,
                "severity": severity(loc, level),
                "aggravated": aggravated,
                "text": text,
            }
        )
        events.append(
            {
                "round": rnd,
                "clock": _CLOCKS[seconds],
                "kind": "injury",
                "side": f.side,
                "text": text,
            }
        )
    if stop is None:
        return damage, None
    why = {
        "eyes": f"The doctor stops it: both of {f.name}'s eyes are swollen shut.",
        "jaw": f"The fight is stopped: {f.name}'s broken jaw is aggravated.",
        "doctor": f"The doctor stops it because of {f.name}'s injury.",
    }[stop]
    return damage, (rng.random(), TKO, why)


def _knocks(rng, f: Fighter, opp: Fighter, kd, thresholds, rnd, knockdowns, events):
    """Step 10 for one fighter: ``(knockdowns, stop or None)``. Damage beyond a knockout
    is used again for knockdowns, reported in random order (a knockout first hides
    them). Damage of at least 75% of the knockdown line is reported as a stun."""
    k1, k2, k3 = thresholds
    ko = kd >= k3
    rest = kd - k3 if ko else kd
    downs = 2 if rest >= k2 else (1 if rest >= k1 else 0)
    if not ko and not downs:
        f.stuns += 1
        s = int(ROUND_SECONDS * 0.9 * kd / k1 - 90)
        events.append(
            {
                "round": rnd,
                "clock": _CLOCKS[s if s < LAST_SECOND else LAST_SECOND],
                "kind": "stun",
                "side": f.side,
                "text": f"{f.name} is stunned by {opp.name}.",
            }
        )
        return 0, None
    ratio_ko = k3 / kd if ko else 1.0
    if ko and downs and rng.random() < 0.5:
        downs = 0  # the knockout came first: the knockdowns do not appear
    for i in range(downs):
        share = (k1 if i == 0 else k2) / kd if not ko else ratio_ko * (i + 1) / (downs + 1)
        s = int(share * ROUND_SECONDS)
        when = _CLOCKS[1 if s < 1 else (LAST_SECOND if s > LAST_SECOND else s)]
        f.downs += 1
        knockdowns.append({"round": rnd, "time": when, "fighter": f.side, "count": 8})
        events.append(
            {
                "round": rnd,
                "clock": when,
                "kind": "knockdown",
                "side": f.side,
                "text": f"{opp.name} knocks {f.name} down; he is up at eight.",
            }
        )
    if not ko:
        return downs, None
    return downs, (ratio_ko, KO, f"{opp.name} knocks out {f.name}.")
