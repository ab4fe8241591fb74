"""One WeBL bout: the seed's thirteen steps per round, stoppages, scoring, the result.

The per-round path is kept lean: steps 2-3 (styles and height) depend only on the two
plan lines and the injury penalties, so they are computed once per pairing and cached;
everything else is plain arithmetic on local variables, with one summary event per round
plus an event for each knockdown, injury, foul and stoppage.
"""

from __future__ import annotations

from math import sqrt

from ..result import DQ, KO, RTD, TDRAW, TKO, BoutResult, clock, decision_from_totals
from . import formulas as F
from .cards import endurance, weight_strength_bonus
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
from .plans import TOWEL, Line, Plan, default_plan_text, parse_line, parse_plan
from .scoring import apply_knockdowns, apply_penalty, judge_params, judge_round
from .styles import resolve_styles

ROUND_SECONDS = 180
DQ_LADDER = (0.10, 0.20, 0.40, 0.80, 1.0)  # step 5: DQ chance at the 1st..5th warning
STUN_SHARE = 0.75  # a round's damage >= 75% of the knockdown line is reported as a stun
FALLBACK = parse_line("5/7/8")
_DEFAULT_PLANS: dict[str, Plan] = {}


def default_plan(me: dict, opp: dict, strategy: str) -> Plan:
    text = default_plan_text(me, opp, strategy)
    plan = _DEFAULT_PLANS.get(text)
    if plan is None:
        plan = _DEFAULT_PLANS[text] = parse_plan(text)
    return plan


class Fighter:
    """A fighter's state during the bout."""

    __slots__ = (
        "agl",
        "card",
        "dealt",
        "downs",
        "dq",
        "end",
        "hgt",
        "injuries",
        "knock",
        "landed",
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
        "thrown",
        "used",
        "warnings",
    )

    def __init__(self, side: str, card: dict, opp: dict, plan: Plan, weight_rule: bool):
        self.side = side
        self.name = card.get("name") or side.capitalize()
        self.card = card
        self.start = endurance(card)
        self.end = self.start
        bonus = weight_strength_bonus(card.get("weight"), opp.get("weight")) if weight_rule else 0
        self.str = card["str"] + bonus
        self.spd = float(card["spd"])
        self.agl = float(card["agl"])
        self.hgt = card["hgt"]
        self.plan = plan
        self.used = F.ENERGY
        self.injuries: list = []
        self.pen_spd = self.pen_agl = 0.0
        self.pen_version = 0
        self.nose = 0.0
        self.warnings = self.downs = self.stuns = 0
        self.dq = False
        self.landed = self.thrown = 0
        self.dealt = 0.0
        # Step 10 thresholds by the opponent's targeting.
        self.knock = {t: F.knock_thresholds(self.start, t) for t in F.KNOCK_THRESHOLDS}


def _side_values(me: Fighter, line: Line, stats: tuple, agg: int, opp_line: Line) -> tuple:
    """Everything the round needs from one side's line, computed once per pairing."""
    s, p, agl = stats
    style = line.style
    fat_agg = line.agg if style == "feint" else agg  # feint's lost point still tires
    used = fat_agg + line.pow + line.defense
    land_mult = 1.0
    if line.target:
        land_mult = F.TARGETED_LANDED * (F.CUT_TARGET if line.target == "C" else 1.0)
    tgt_mult = F.damage_modifiers(line.target, False, False)[0]
    dmg_mult = (F.ALLOUT_DEALT if style == "allout" else 1.0) * (
        F.ALLOUT_TAKEN if opp_line.style == "allout" else 1.0
    )
    cut_cost = F.CUT_OFF_RING_COST * agg if style == "cut" else 0.0
    hold = line.defense * line.defense / 400.0 if style == "clinch" and line.defense >= 10 else 0.0
    return (
        s,
        p,
        agl,
        agg,
        fat_agg + cut_cost,
        used,
        line.pow,
        line.defense,
        line.target,
        line.dirty,
        land_mult,
        tgt_mult,
        dmg_mult,
        hold,
        8 * agg,
    )


def _env(me: Fighter, op: Fighter, rnd: int, side_index: int, totals, won) -> dict:
    mine = [t[side_index] - t[1 - side_index] for t in totals]
    ahead = sum(1 for d in mine if d > 0)
    behind = sum(1 for d in mine if d < 0)
    opp_pct = 100.0 * op.end / op.start
    return {
        "round": rnd,
        "score": round(sum(mine) / 3.0),
        "endurance_percent": 100.0 * me.end / me.start,
        "endurance": me.end,
        "opp": "strong" if opp_pct >= 70 else ("tired" if opp_pct >= 40 else "exhausted"),
        "roundswon": won[side_index],
        "roundslost": won[1 - side_index],
        "mycuts": open_cuts(me.injuries),
        "hiscuts": open_cuts(op.injuries),
        "mystuns": me.stuns,
        "hisstuns": op.stuns,
        "myknockdowns": me.downs,
        "hisknockdowns": op.downs,
        "warnings": me.warnings,
        "decision_won": 1 if ahead >= 2 else 0,
        "decision_lost": 1 if behind >= 2 else 0,
    }


def fight(red_card, blue_card, *, rounds, rng, officials, corners, plans, options) -> BoutResult:
    """Fight one bout. ``officials``/``corners`` are resolved (officials.py), ``plans``
    maps a side to a Plan or None (the corner's default plan)."""
    random = rng.random
    referee, judges, doctor = officials["referee"], officials["judges"], officials["doctor"]
    warn_p = WARN_CHANCE[referee["fouls"]]
    unint_p = UNINTENTIONAL[referee["overall"]]
    tko_share = TKO_LINE[referee["stoppage"]]
    doctor_line, gash_stops = DOCTOR[doctor["caution"]]
    home, champion = options.get("home"), options.get("champion")
    jparams = [judge_params(j, home, champion) for j in judges]
    weight_rule = options.get("weight_rule", True)

    plan_r = plans.get("red") or default_plan(red_card, blue_card, corners["red"]["strategy"])
    plan_b = plans.get("blue") or default_plan(blue_card, red_card, corners["blue"]["strategy"])
    a = Fighter("red", red_card, blue_card, plan_r, weight_rule)
    b = Fighter("blue", blue_card, red_card, plan_b, weight_rule)
    an, bn = a.name, b.name
    tko_a, tko_b = tko_share * a.start, tko_share * b.start

    events: list = []
    knockdowns: list = []
    injuries_out: list = []
    fouls: list = []
    rounds_out: list = []
    cards = [[], [], []]
    totals = [[0, 0], [0, 0], [0, 0]]
    won = [0, 0]
    cache: dict = {}
    texts: dict = {}
    winner = None
    method = None
    end_round = rounds
    end_time = clock(ROUND_SECONDS)
    stop_text = ""

    for rnd in range(1, rounds + 1):
        # --- step 1: recovery between rounds
        if rnd > 1:
            for f in (a, b):
                lost = f.start - f.end
                if lost > 0:
                    f.end += lost * (F.RECOVERY + F.RECOVERY_PER_REST * (F.ENERGY - f.used))
        # --- the plan line for this round (conditions see the state after the rest)
        fb_a, conds_a = a.plan.lookup[rnd]
        la = (a.plan.choose(rnd, _env(a, b, rnd, 0, totals, won)) if conds_a else fb_a) or FALLBACK
        fb_b, conds_b = b.plan.lookup[rnd]
        lb = (b.plan.choose(rnd, _env(b, a, rnd, 1, totals, won)) if conds_b else fb_b) or FALLBACK
        if la is TOWEL or lb is TOWEL or a.end <= 0 or b.end <= 0:
            quit_a = la is TOWEL or a.end <= 0
            quit_b = lb is TOWEL or b.end <= 0
            end_round, end_time = max(1, rnd - 1), clock(ROUND_SECONDS if rnd > 1 else 0)
            if quit_a and quit_b:
                winner, method = None, TDRAW
                stop_text = f"Both corners stop the fight before round {rnd}."
            else:
                loser = a if quit_a else b
                winner, method = ("blue" if quit_a else "red"), RTD
                stop_text = f"{loser.name}'s corner stops the fight before round {rnd}."
            events.append(
                {
                    "round": end_round,
                    "clock": end_time,
                    "kind": "stoppage",
                    "side": winner,
                    "text": stop_text,
                }
            )
            break

        # --- steps 2-3: styles and height (cached per pairing and injury state)
        key = (id(la), id(lb), a.pen_version, b.pen_version)
        vals = cache.get(key)
        if vals is None:
            sa = (a.str, max(1.0, a.spd - a.pen_spd), max(1.0, a.agl - a.pen_agl))
            sb = (b.str, max(1.0, b.spd - b.pen_spd), max(1.0, b.agl - b.pen_agl))
            ra, rb, agg_a, agg_b = resolve_styles(sa, sb, a.hgt, b.hgt, la, lb)
            vals = cache[key] = (
                _side_values(a, la, ra, agg_a, lb),
                _side_values(b, lb, rb, agg_b, la),
            )
        va, vb = vals
        (
            s_a,
            p_a,
            l_a,
            agg_a,
            fat_a,
            used_a,
            pow_a,
            def_a,
            tg_a,
            dirty_a,
            lm_a,
            tm_a,
            dm_a,
            hold_a,
            thrown_a,
        ) = va
        (
            s_b,
            p_b,
            l_b,
            agg_b,
            fat_b,
            used_b,
            pow_b,
            def_b,
            tg_b,
            dirty_b,
            lm_b,
            tm_b,
            dm_b,
            hold_b,
            thrown_b,
        ) = vb

        # --- step 4: endurance scaling
        fa = a.end / a.start
        fb = b.end / b.start
        if fa < 0.05:
            fa = 0.05
        if fb < 0.05:
            fb = 0.05
        s_a *= fa
        p_a *= fa
        l_a *= fa
        s_b *= fb
        p_b *= fb
        l_b *= fb

        # --- step 5: warnings, penalties, disqualification
        warned_a = warned_b = False
        pen_a = pen_b = 0  # point penalties this round
        if dirty_a or hold_a or random() < unint_p:
            warned_a, pen_a = _fouls(rng, a, rnd, dirty_a, hold_a, warn_p, unint_p, fouls, events)
        if dirty_b or hold_b or random() < unint_p:
            warned_b, pen_b = _fouls(rng, b, rnd, dirty_b, hold_b, warn_p, unint_p, fouls, events)

        # --- step 6: DEF_RATE
        dr_a = def_a * l_a
        if dr_a < 1.0:
            dr_a = 1.0
        dr_b = def_b * l_b
        if dr_b < 1.0:
            dr_b = 1.0

        # --- step 7: punches landed (randomised, usually within 10%), cap 8 x AGG
        land_a = 8 * agg_a * p_a / sqrt(3.0 * dr_b) * lm_a * (1.0 + 0.12 * (random() - random()))
        if land_a > thrown_a:
            land_a = thrown_a
        land_b = 8 * agg_b * p_b / sqrt(3.0 * dr_a) * lm_b * (1.0 + 0.12 * (random() - random()))
        if land_b > thrown_b:
            land_b = thrown_b

        # --- step 8: damage (all-out, dirty); knockdowns use it before head/body
        kd_b = pow_a * s_a * sqrt(agg_a * p_a) / dr_b * dm_a * (1.0 + 0.12 * (random() - random()))
        if dirty_a:
            kd_b *= F.DIRTY_WARNED_DAMAGE if warned_a else F.DIRTY_DAMAGE
        kd_a = pow_b * s_b * sqrt(agg_b * p_b) / dr_a * dm_b * (1.0 + 0.12 * (random() - random()))
        if dirty_b:
            kd_a *= F.DIRTY_WARNED_DAMAGE if warned_b else F.DIRTY_DAMAGE
        dmg_b = kd_b * tm_a  # damage a deals to b
        dmg_a = kd_a * tm_b

        # --- step 9: injuries
        stop_a = stop_b = None  # (ratio, method, text)
        inj_a = inj_b = 0.0
        ch_a = dmg_a * dmg_a / 1000.0
        if tg_b == "H" or (tg_b == "C" and open_cuts(a.injuries)):
            ch_a *= F.HEAD_INJURY
        elif tg_b == "B":
            ch_a *= F.BODY_INJURY
        ch_b = dmg_b * dmg_b / 1000.0
        if tg_a == "H" or (tg_a == "C" and open_cuts(b.injuries)):
            ch_b *= F.HEAD_INJURY
        elif tg_a == "B":
            ch_b *= F.BODY_INJURY
        if a.injuries:
            inj_a, stop_a = _injuries(
                rng, a, ch_a, rnd, doctor_line, gash_stops, None, injuries_out, events
            )
        elif random() < ch_a:
            inj_a, stop_a = _injuries(
                rng, a, ch_a, rnd, doctor_line, gash_stops, True, injuries_out, events
            )
        if b.injuries:
            inj_b, stop_b = _injuries(
                rng, b, ch_b, rnd, doctor_line, gash_stops, None, injuries_out, events
            )
        elif random() < ch_b:
            inj_b, stop_b = _injuries(
                rng, b, ch_b, rnd, doctor_line, gash_stops, True, injuries_out, events
            )

        # --- step 10: knockdowns and knockouts
        downs_a = downs_b = 0
        k1, k2, k3 = a.knock[tg_b]
        if kd_a >= k1 * STUN_SHARE:
            downs_a, stop = _knocks(rng, a, b, kd_a, k1, k2, k3, rnd, knockdowns, events)
            if stop and (stop_a is None or stop[0] < stop_a[0]):
                stop_a = stop
        k1, k2, k3 = b.knock[tg_a]
        if kd_b >= k1 * STUN_SHARE:
            downs_b, stop = _knocks(rng, b, a, kd_b, k1, k2, k3, rnd, knockdowns, events)
            if stop and (stop_b is None or stop[0] < stop_b[0]):
                stop_b = stop

        # --- step 11: damage comes off endurance; TKO at zero
        before_a, before_b = a.end, b.end
        taken_a = dmg_a + inj_a
        taken_b = dmg_b + inj_b
        a.end -= taken_a
        b.end -= taken_b
        if a.end <= tko_a:
            ratio = (before_a - tko_a) / taken_a if taken_a > 0 else 1.0
            if stop_a is None or ratio < stop_a[0]:
                stop_a = (ratio, TKO, f"The referee stops it: {an} cannot continue.")
        if b.end <= tko_b:
            ratio = (before_b - tko_b) / taken_b if taken_b > 0 else 1.0
            if stop_b is None or ratio < stop_b[0]:
                stop_b = (ratio, TKO, f"The referee stops it: {bn} cannot continue.")

        # --- step 12: fatigue (AGG, cutting off the ring, an injured nose)
        a.end -= fat_a + a.nose
        b.end -= fat_b + b.nose
        a.used, b.used = used_a, used_b

        la_i = int(land_a + 0.5)
        lb_i = int(land_b + 0.5)
        a.landed += la_i
        b.landed += lb_i
        a.thrown += thrown_a
        b.thrown += thrown_b
        a.dealt += dmg_b
        b.dealt += dmg_a
        ta = texts.get(id(la))
        if ta is None:
            ta = texts[id(la)] = la.text()
        tb = texts.get(id(lb))
        if tb is None:
            tb = texts[id(lb)] = lb.text()
        rounds_out.append(
            {
                "round": rnd,
                "red": {
                    "landed": la_i,
                    "thrown": thrown_a,
                    "damage": round(dmg_b, 2),
                    "endurance": round(a.end, 2),
                    "plan": ta,
                },
                "blue": {
                    "landed": lb_i,
                    "thrown": thrown_b,
                    "damage": round(dmg_a, 2),
                    "endurance": round(b.end, 2),
                    "plan": tb,
                },
            }
        )

        # --- stoppages: double (T)KO by timing, DQ priority
        if stop_a or stop_b or a.dq or b.dq:
            if a.dq:
                stop_b = None  # a DQ'd fighter's (T)KO is disregarded
            if b.dq:
                stop_a = None
            if stop_a or stop_b:
                if stop_b is None or (stop_a is not None and stop_a[0] < stop_b[0]):
                    ratio, method, stop_text = stop_a
                    winner = "blue"
                else:
                    ratio, method, stop_text = stop_b
                    winner = "red"
                seconds = min(ROUND_SECONDS - 1, max(1, int(ratio * ROUND_SECONDS)))
            else:
                method = DQ
                if a.dq and b.dq:
                    winner, method = None, TDRAW
                    stop_text = "Both fighters are disqualified."
                else:
                    loser = a if a.dq else b
                    winner = "blue" if a.dq else "red"
                    stop_text = f"{loser.name} is disqualified for fighting dirty."
                seconds = int(random() * (ROUND_SECONDS - 1)) + 1
            end_round, end_time = rnd, clock(seconds)
            events.append(
                {
                    "round": rnd,
                    "clock": end_time,
                    "kind": "stoppage",
                    "side": winner,
                    "text": stop_text,
                }
            )
            break

        # --- the judges
        lean = (
            "red" if agg_a > agg_b else ("blue" if agg_b > agg_a else None),
            "red" if def_a > def_b else ("blue" if def_b > def_a else None),
        )
        for j in range(3):
            score = judge_round(jparams[j], land_a, dmg_b, land_b, dmg_a, random(), random(), lean)
            if downs_a or downs_b:
                score = apply_knockdowns(score, downs_a, downs_b)
            for _ in range(pen_a):
                score = apply_penalty(score, "red")
            for _ in range(pen_b):
                score = apply_penalty(score, "blue")
            cards[j].append(score)
            t = totals[j]
            t[0] += score[0]
            t[1] += score[1]
        # rounds won: at least two judges
        r_votes = sum(1 for j in range(3) if cards[j][-1][0] > cards[j][-1][1])
        b_votes = sum(1 for j in range(3) if cards[j][-1][1] > cards[j][-1][0])
        if r_votes >= 2:
            won[0] += 1
        elif b_votes >= 2:
            won[1] += 1
        events.append(
            {
                "round": rnd,
                "clock": "3:00",
                "kind": "round",
                "side": None,
                "text": f"Round {rnd}: {an} lands {la_i} of {thrown_a}, "
                f"{bn} lands {lb_i} of {thrown_b}.",
            }
        )

        # Injury penalties to SPD and AGL take effect from the next round.
        for f in (a, b):
            if f.pen_version < 0:
                f.pen_version = 1 - f.pen_version
                f.pen_spd, f.pen_agl = vision_penalty(f.injuries)
                f.nose = nose_fatigue(f.injuries)
    else:
        winner, method = decision_from_totals(totals)

    if method is None:
        winner, method = decision_from_totals(totals)
    return BoutResult(
        ruleset="webl",
        seed=0,
        scheduled_rounds=rounds,
        winner=winner,
        method=method,
        round=end_round,
        time=end_time,
        judges=[j["name"] for j in judges],
        scorecards=cards,
        knockdowns=knockdowns,
        injuries=injuries_out,
        fouls=fouls,
        rounds=rounds_out,
        events=events,
        details={
            "endurance": {"red": round(a.end, 2), "blue": round(b.end, 2)},
            "starting_endurance": {"red": a.start, "blue": b.start},
            "totals": {
                side: {
                    "landed": f.landed,
                    "thrown": f.thrown,
                    "damage": round(f.dealt, 2),
                    "knockdowns_suffered": f.downs,
                    "warnings": f.warnings,
                }
                for side, f in (("red", a), ("blue", b))
            },
            "plans": {"red": a.plan.text(), "blue": b.plan.text()},
            "officials": {"referee": referee, "doctor": doctor, "judges": judges},
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
                "time": clock(seconds),
                "fighter": f.side,
                "type": kind,
                "penalty": penalty,
                "points": pts,
                "warning": n,
            }
        )
        events.append(
            {"round": rnd, "clock": clock(seconds), "kind": "foul", "side": f.side, "text": text}
        )
    if hold and random() < hold:
        seconds = 1 + int(random() * (ROUND_SECONDS - 1))
        points += 1
        fouls.append(
            {
                "round": rnd,
                "time": clock(seconds),
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
                "clock": clock(seconds),
                "kind": "foul",
                "side": f.side,
                "text": f"{f.name} is penalised a point for holding.",
            }
        )
    return dirty_warned, points


def _injuries(rng, f: Fighter, chance, rnd, doctor_line, gash_stops, new_hit, out, events):
    """Step 9 for one fighter: ``(injury damage, stop or None)``; records the injuries."""
    damage, hits, stop = injure(rng, f.injuries, chance, rnd, doctor_line, gash_stops, new_hit)
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
                "time": clock(seconds),
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
            {"round": rnd, "clock": clock(seconds), "kind": "injury", "side": f.side, "text": text}
        )
    if stop is None:
        return damage, None
    why = {
        "eyes": f"The doctor stops it: both of {f.name}'s eyes are swollen shut.",
        "jaw": f"The fight is stopped: {f.name}'s broken jaw is aggravated.",
        "doctor": f"The doctor stops it because of {f.name}'s injury.",
    }[stop]
    return damage, (rng.random(), TKO, why)


def _knocks(rng, f: Fighter, opp: Fighter, kd, k1, k2, k3, rnd, knockdowns, events):
    """Step 10 for one fighter: ``(knockdowns, stop or None)``. Damage beyond a knockout
    is used again for knockdowns, reported in random order (a knockout first hides
    them). Damage of at least 75% of the knockdown line is reported as a stun."""
    ko = kd >= k3
    rest = kd - k3 if ko else kd
    downs = 2 if rest >= k2 else (1 if rest >= k1 else 0)
    if not ko and not downs:
        f.stuns += 1
        events.append(
            {
                "round": rnd,
                "clock": clock(ROUND_SECONDS * k1 / kd * 0.95),
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
        when = clock(max(1, min(ROUND_SECONDS - 1, int(share * ROUND_SECONDS))))
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
