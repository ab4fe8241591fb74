"""One WeBL bout: the seed's thirteen steps per round, in ``fight``.

The round loop keeps its values in local variables and does the arithmetic of
formulas.py in place (the constants are the same objects); what is rare or done once
lives beside it: the fighters and what a pair of plan lines means (fighter.py, steps
2-3 recomputed only when a line or an injury changes), the round's incidents with
their records and events (incidents.py: fouls, injuries, knockdowns), stoppages
(stoppage.py) and the judges' views (scoring.py).
"""

from __future__ import annotations

from math import floor, sqrt

from ..result import TKO, BoutResult, decision_from_totals
from . import formulas
from .clock import BY_CLOCK, END_OF_ROUND
from .default_plans import default_rounds
from .fighter import PAIRS, Fighter, new_pair
from .formulas import round2, round2_four
from .incidents import fouls as call_fouls
from .incidents import injuries as record_injuries
from .incidents import knocks
from .injuries import open_cuts
from .officials import DOCTOR, TKO_LINE, UNINTENTIONAL, WARN_CHANCE
from .plans import TOWEL
from .scoring import adjust, bout_judges, round_scores
from .stoppage import corner_stoppage, round_stoppage

STUN_SHARE = 0.75  # a round's damage >= 75% of the knockdown line is reported as a stun
MIN_FACTOR = 0.05  # step 4 never scales attributes below 5% (endurance <= 0 is a TKO)


def _tally(totals, won, scores) -> None:
    """What plans' conditions read, after a round: each judge's ``[red, blue]`` total
    and the rounds won on at least two cards (kept only when a plan has conditions)."""
    for total, (red, blue) in zip(totals, scores):
        total[0] += red
        total[1] += blue
    if sum(red > blue for red, blue in scores) >= 2:
        won[0] += 1
    elif sum(blue > red for red, blue in scores) >= 2:
        won[1] += 1


def card_totals(card: list) -> list[int]:
    """A judge's ``[red, blue]`` totals over his card."""
    red = blue = 0
    for red_points, blue_points in card:
        red += red_points
        blue += blue_points
    return [red, blue]


def _conditional_line(fallback, conds, env):
    """Plan.choose for a round with conditions: the last statement that holds wins."""
    for rule in conds:
        try:
            if rule.test.holds(env):
                return rule.action
        except ZeroDivisionError:  # a division by zero: the condition is false
            pass
    return fallback


def fight(red_card, blue_card, rounds, rng, officials, corners, plans, options) -> BoutResult:
    """Fight one bout. ``officials`` is ``(referee, judges, doctor, the judges' views
    or None: scoring.bout_judges draws them)`` and ``corners`` the corners, resolved
    (officials.py); ``plans`` maps a side to a Plan or None (then
    the corner writes its default plan)."""
    random = rng.random
    referee, judges, doctor, views = officials
    warn_p = WARN_CHANCE[referee["fouls"]]
    unint_p = UNINTENTIONAL[referee["overall"]]
    tko_share = TKO_LINE[referee["stoppage"]]
    doctor_line, gash_stops = DOCTOR[doctor["caution"]]
    if views is None:
        views = bout_judges(judges, random, options.get("home"), options.get("champion"))
    weight_rule = options.get("weight_rule", True)

    # a corner that sends no plan writes its default one (the bout needs no Plan of it)
    plan_r = plans.get("red")
    if plan_r is None:
        look_a, text_r, env_r, cond_r = default_rounds(
            red_card, blue_card, corners["red"]["strategy"], random
        )
        towels = False
    else:
        look_a, text_r, env_r, cond_r = plan_r.rounds, None, plan_r.env, plan_r.has_conditions
        towels = plan_r.towels
    plan_b = plans.get("blue")
    if plan_b is None:
        look_b, text_b, env_b, cond_b = default_rounds(
            blue_card, red_card, corners["blue"]["strategy"], random
        )
    else:
        look_b, text_b, env_b, cond_b = plan_b.rounds, None, plan_b.env, plan_b.has_conditions
        towels = towels or plan_b.towels
    a = Fighter("red", red_card, blue_card, weight_rule)
    b = Fighter("blue", blue_card, red_card, weight_rule)
    an, bn = a.name, b.name
    st_a, st_b = a.start, b.start
    e_a, e_b = st_a, st_b
    tko_a, tko_b = tko_share * st_a, tko_share * st_b
    recf_a = recf_b = None  # recovery factors, set with each round's lines
    knock_a, knock_b = a.knock, b.knock
    dirty_dmg, dirty_warned_dmg = formulas.DIRTY_DAMAGE, formulas.DIRTY_WARNED_DAMAGE
    min_factor, end_of_round = MIN_FACTOR, END_OF_ROUND
    sqrt_, floor_ = sqrt, floor
    pair_for = PAIRS.get  # (PAIRS.clear() keeps the dict: the bound get stays right)

    # what the bout writes
    events: list = []
    knockdowns: list = []
    injuries_out: list = []
    fouls: list = []
    records = (knockdowns, injuries_out, fouls)
    stats: list = []
    cards: tuple = ([], [], [])  # each judge's card
    an_lands, bn_lands = f"{an} lands ", f"{bn} lands "
    won = [0, 0]
    conditional = cond_r or cond_b
    totals = ([0, 0], [0, 0], [0, 0])  # kept for the conditions
    winner = method = None
    end_round, end_time = rounds, END_OF_ROUND
    pla = plb = None
    restyle = True  # steps 2-3 to (re)compute: injury penalties changed
    hurt = False  # an injury roll landed: penalties may change at the end of the round
    fouled = False  # a foul was called: a disqualification is possible
    nose_a = nose_b = 0.0
    left_a, left_b = st_a, st_b  # endurance to 2 dp (10 x TGH is exact)

    for rnd in range(1, rounds + 1):
        first_event = len(events)
        # --- step 1: recovery between rounds
        if rnd > 1:
            lost = st_a - e_a
            if lost > 0.0:
                e_a += lost * recf_a
            lost = st_b - e_b
            if lost > 0.0:
                e_b += lost * recf_b
        # --- the plan lines (conditions see the state after the rest)
        la, conds_a = look_a[rnd]
        lb, conds_b = look_b[rnd]
        if conds_a or conds_b:
            a.end, b.end = e_a, e_b
            if conds_a:
                la = _conditional_line(la, conds_a, env_r(a, b, rnd, 0, totals, won))
            if conds_b:
                lb = _conditional_line(lb, conds_b, env_b(b, a, rnd, 1, totals, won))
        if e_a <= 0.0 or e_b <= 0.0 or (towels and (la is TOWEL or lb is TOWEL)):
            quit_a = la is TOWEL or e_a <= 0
            quit_b = lb is TOWEL or e_b <= 0
            winner, method, end_round, end_time = corner_stoppage(
                rnd, quit_a, quit_b, an, bn, events
            )
            left_a, left_b = round2(e_a), round2(e_b)  # the endurance after the rest
            break

        # --- steps 2-3: styles and height (recomputed when a line or an injury changes)
        if restyle or la is not pla or lb is not plb:
            pla, plb, restyle = la, lb, False
            key = (a.key, b.key, la.label, lb.label)
            va1, va2, vb1, vb2, lean = pair_for(key) or new_pair(key, a, b, la, lb)
            p_a0, agg_a, fat_a, recf_a, ps_a, dl_a, cap_a = va1
            tg_a, cut_a, fouling_a, dirty_a, lm_a, tm_a, hold_a, thrown_a, of_a, _, inj_a_mult = va2
            p_b0, agg_b, fat_b, recf_b, ps_b, dl_b, cap_b = vb1
            tg_b, cut_b, fouling_b, dirty_b, lm_b, tm_b, hold_b, thrown_b, _, of_b, inj_b_mult = vb2
            kn_a = knock_a[tg_b]
            kn_b = knock_b[tg_a]
            stun_a = kn_a[0] * STUN_SHARE
            stun_b = kn_b[0] * STUN_SHARE

        # --- step 4: endurance scaling
        fa = e_a / st_a
        if fa < min_factor:
            fa = min_factor
        fb = e_b / st_b
        if fb < min_factor:
            fb = min_factor
        p_a = p_a0 * fa
        p_b = p_b0 * fb

        # --- step 5: warnings, penalties, disqualification
        warned_a = warned_b = False
        pen_a = pen_b = 0  # point penalties this round
        if fouling_a or random() < unint_p:
            warned_a, pen_a = call_fouls(
                rng, a, rnd, dirty_a, hold_a, warn_p, unint_p, fouls, events
            )
            fouled = True
        if fouling_b or random() < unint_p:
            warned_b, pen_b = call_fouls(
                rng, b, rnd, dirty_b, hold_b, warn_p, unint_p, fouls, events
            )
            fouled = True

        # --- step 6: DEF_RATE = DEF x AGL, at least 1
        dr_a = dl_a * fa  # (DEF x AGL) x factor, as written out
        if dr_a < 1.0:
            dr_a = 1.0
        dr_b = dl_b * fb
        if dr_b < 1.0:
            dr_b = 1.0

        # --- step 7: punches landed, randomised (usually within 10%), at most 8 x AGG
        land_a = lm_a * p_a / sqrt_(3.0 * dr_b) * (1.0 + 0.12 * (random() - random()))
        if land_a > cap_a:  # thrown, as a float (the same value in every use below)
            land_a = cap_a
        land_b = lm_b * p_b / sqrt_(3.0 * dr_a) * (1.0 + 0.12 * (random() - random()))
        if land_b > cap_b:
            land_b = cap_b

        # --- step 8: damage (all-out and dirty included; knockdowns use it before the
        # head/body multiplier)
        kd_b = ps_a * fa * sqrt_(agg_a * p_a) / dr_b * (1.0 + 0.12 * (random() - random()))
        if dirty_a:
            kd_b *= dirty_warned_dmg if warned_a else dirty_dmg
        kd_a = ps_b * fb * sqrt_(agg_b * p_b) / dr_a * (1.0 + 0.12 * (random() - random()))
        if dirty_b:
            kd_a *= dirty_warned_dmg if warned_b else dirty_dmg
        dmg_b = kd_b * tm_a  # what a does to b
        dmg_a = kd_a * tm_b

        # --- step 9: injuries (the first rolls here, the rest in incidents.injuries)
        stop_a = stop_b = None  # (share of the round, method, text)
        # what each takes in the round: the damage, and any injury damage (added when
        # an injury lands; the damage is > 0, so + 0.0 would change nothing)
        taken_a, taken_b = dmg_a, dmg_b
        ch_a = dmg_a * dmg_a * 0.001 * inj_a_mult
        if cut_b and open_cuts(a.injuries):
            ch_a *= formulas.HEAD_INJURY
        ch_b = dmg_b * dmg_b * 0.001 * inj_b_mult
        if cut_a and open_cuts(b.injuries):
            ch_b *= formulas.HEAD_INJURY
        if a.injuries:
            # an injury made worse, and a new one: one draw each
            aggr = new = False
            if random() < (ch_a if ch_a < 0.5 else 0.5):
                aggr = True
            if random() < ch_a:
                new = True
            if aggr or new:
                hurt = True
                inj_a, stop_a = record_injuries(
                    rng, a, ch_a, rnd, doctor_line, gash_stops, aggr, new, injuries_out, events
                )
                taken_a = dmg_a + inj_a
        elif random() < ch_a:
            hurt = True
            inj_a, stop_a = record_injuries(
                rng, a, ch_a, rnd, doctor_line, gash_stops, False, True, injuries_out, events
            )
            taken_a = dmg_a + inj_a
        if b.injuries:
            aggr = new = False
            if random() < (ch_b if ch_b < 0.5 else 0.5):
                aggr = True
            if random() < ch_b:
                new = True
            if aggr or new:
                hurt = True
                inj_b, stop_b = record_injuries(
                    rng, b, ch_b, rnd, doctor_line, gash_stops, aggr, new, injuries_out, events
                )
                taken_b = dmg_b + inj_b
        elif random() < ch_b:
            hurt = True
            inj_b, stop_b = record_injuries(
                rng, b, ch_b, rnd, doctor_line, gash_stops, False, True, injuries_out, events
            )
            taken_b = dmg_b + inj_b

        # --- step 10: knockdowns and knockouts
        downs_a = downs_b = 0
        if kd_a >= stun_a:
            downs_a, stop = knocks(rng, a, b, kd_a, kn_a, rnd, knockdowns, events)
            if stop and (stop_a is None or stop[0] < stop_a[0]):
                stop_a = stop
        if kd_b >= stun_b:
            downs_b, stop = knocks(rng, b, a, kd_b, kn_b, rnd, knockdowns, events)
            if stop and (stop_b is None or stop[0] < stop_b[0]):
                stop_b = stop

        # --- step 11: the damage comes off endurance; TKO at zero
        if e_a - taken_a <= tko_a:
            share = (e_a - tko_a) / taken_a if taken_a > 0.0 else 1.0
            if stop_a is None or share < stop_a[0]:
                stop_a = (share, TKO, f"The referee stops it: {an} cannot continue.")
        if e_b - taken_b <= tko_b:
            share = (e_b - tko_b) / taken_b if taken_b > 0.0 else 1.0
            if stop_b is None or share < stop_b[0]:
                stop_b = (share, TKO, f"The referee stops it: {bn} cannot continue.")

        # --- step 12: fatigue (AGG, cutting off the ring, an injured nose)
        e_a -= taken_a + fat_a + nose_a
        e_b -= taken_b + fat_b + nose_b
        la_i = floor_(land_a + 0.5)  # punches landed, rounded
        lb_i = floor_(land_b + 0.5)
        dealt_a, left_a, dealt_b, left_b = round2_four(dmg_b, e_a, dmg_a, e_b)
        stats.append(
            {
                "round": rnd,
                "red": {
                    "landed": la_i,
                    "thrown": thrown_a,
                    "damage": dealt_a,
                    "endurance": left_a,
                    "plan": la.label,
                },
                "blue": {
                    "landed": lb_i,
                    "thrown": thrown_b,
                    "damage": dealt_b,
                    "endurance": left_b,
                    "plan": lb.label,
                },
            }
        )

        # --- step 13: a stoppage ends the bout (double (T)KO by timing, DQ priority)
        if stop_a or stop_b or (fouled and (a.dq or b.dq)):
            end_round = rnd
            winner, method, end_time = round_stoppage(
                rng, rnd, stop_a, stop_b, a, b, events, first_event, records
            )
            break

        # --- the judges: 10-point must, each with his view and a counting error; a
        # knockdown's 10-8 on every card whatever his punch score, then penalties
        scores = round_scores(views, random, land_a, dmg_b, land_b, dmg_a, lean)
        if downs_a != downs_b:
            first = adjust(scores[0], downs_a, downs_b, pen_a, pen_b)
            scores = [first, first[:], first[:]]
        elif pen_a or pen_b:  # equal knockdowns cancel: penalties on each judge's score
            scores = [adjust(score, downs_a, downs_b, pen_a, pen_b) for score in scores]
        for card, score in zip(cards, scores):
            card.append(score)
        if conditional:
            _tally(totals, won, scores)
        events.append(
            {
                "round": rnd,
                "clock": end_of_round,
                "kind": "round",
                "side": None,
                # "Round 3: A lands 31 of 48, B lands 27 of 40." from ready pieces
                "text": f"Round {rnd}: {an_lands}{la_i}{of_a}{bn_lands}{lb_i}{of_b}",
            }
        )
        # A round's events in the order of the clock: the round event (3:00) is last
        # already, so only two incidents or more can be out of order.
        if len(events) - first_event > 2:
            events[first_event:] = sorted(events[first_event:], key=BY_CLOCK)
        # Injury penalties to SPD and AGL (and a bad nose) count from the next round.
        if hurt:
            hurt = False
            if a.changed:
                nose_a = a.update_penalties()
                restyle = True
            if b.changed:
                nose_b = b.update_penalties()
                restyle = True

    if method is None:
        winner, method = decision_from_totals([card_totals(card) for card in cards])
    a.end, b.end = e_a, e_b
    j1, j2, j3 = judges
    # positional: half the cost of keywords (tests/engine/test_contract.py pins the order)
    return BoutResult(
        "webl",
        0,  # the seed: bouts.engine.simulate sets it
        rounds,
        winner,
        method,
        end_round,
        end_time,
        [j1["name"], j2["name"], j3["name"]],
        list(cards),
        knockdowns,
        injuries_out,
        fouls,
        stats,
        events,
        [],  # fighters: none in a one-on-one bout
        {
            "endurance": {"red": left_a, "blue": left_b},
            "starting_endurance": {"red": st_a, "blue": st_b},
            "plans": {"red": text_r or plan_r.text(), "blue": text_b or plan_b.text()},
            "referee": referee,
            "doctor": doctor,
            "judges": judges,
        },
    )
