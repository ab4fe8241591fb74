"""One WeBL bout: the seed's thirteen steps per round, in ``fight``.

``fight`` sets the bout up (officials, plans: ``follow_plan``; fighters), plays the
rounds in one loop, each step marked ``# --- step N`` with the rule it applies, and
writes the result (``bout_result``). The loop keeps the round's values in local
variables (a call a step costs more than the speed goal allows: bench/README.md); what
is rare or done once lives beside it: the fighters and what a pair of plan lines means
(fighter.py, steps 2-3 recomputed only when a line or an injury changes), the round's
incidents with their records and events (incidents.py: fouls, injuries, knockdowns),
stoppages (stoppage.py) and the judges (scoring.round_scores). formulas.py holds the
seed's formulas as functions, tested against its worked examples, and the constants the
loop uses.
"""

from __future__ import annotations

from math import floor, sqrt

from ..result import TKO, BoutResult, decision_from_totals
from .clock import BY_CLOCK, END_OF_ROUND
from .default_plans import default_rounds
from .fighter import PAIRS, Fighter, new_pair
from .formulas import (
    DIRTY_DAMAGE,
    DIRTY_WARNED_DAMAGE,
    HEAD_INJURY,
    INJURY_REPEAT_CAP,
    round2,
    round2_four,
)
from .incidents import fouls as call_fouls
from .incidents import injuries as record_injuries
from .incidents import knocks
from .injuries import open_cuts
from .officials import DOCTOR, TKO_LINE, UNINTENTIONAL, WARN_CHANCE
from .plans import TOWEL, conditional_action
from .scoring import adjust, bout_judges, round_scores
from .stoppage import corner_stoppage, round_stoppage

STUN_SHARE = 0.75  # a round's damage >= 75% of the knockdown line is reported as a stun
MIN_FACTOR = 0.05  # step 4 never scales attributes below 5% (endurance <= 0 is a TKO)
NOISE = 0.12  # steps 7 and 8: x (1 + 0.12 (u1 - u2)), "usually within 10%"
INJURY_SHARE = 0.001  # step 9: DAM x DAM / 10 percent


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


def fight(red_card, blue_card, rounds, rng, officials, corners, plans, options) -> BoutResult:
    """Fight one bout. ``officials`` is ``(referee, judges, doctor, the judges' views
    or None: scoring.bout_judges draws them)`` and ``corners`` the corners, resolved
    (officials.py); ``plans`` maps a side to a Plan or None (then
    the corner writes its default plan)."""
    random = rng.random
    referee, judges, doctor, views = officials
    warn_chance = WARN_CHANCE[referee["fouls"]]
    unintentional_chance = UNINTENTIONAL[referee["overall"]]
    tko_share = TKO_LINE[referee["stoppage"]]
    doctor_line, gash_stops = DOCTOR[doctor["caution"]]
    if views is None:
        views = bout_judges(judges, random, options.get("home"), options.get("champion"))
    weight_rule = options.get("weight_rule", True)

    # a corner that sends no plan writes its default one (red's drawn first)
    red_rounds, red_text, red_variables, red_conditional, red_towels = follow_plan(
        plans.get("red"), red_card, blue_card, corners["red"]["strategy"], random
    )
    blue_rounds, blue_text, blue_variables, blue_conditional, blue_towels = follow_plan(
        plans.get("blue"), blue_card, red_card, corners["blue"]["strategy"], random
    )
    towels = red_towels or blue_towels
    red = Fighter("red", red_card, blue_card, weight_rule)
    blue = Fighter("blue", blue_card, red_card, weight_rule)
    red_name, blue_name = red.name, blue.name
    red_start, blue_start = red.start, blue.start
    red_endurance, blue_endurance = red_start, blue_start
    red_tko_line, blue_tko_line = tko_share * red_start, tko_share * blue_start
    red_recovery = blue_recovery = None  # recovery factors, set with each round's lines
    red_knock, blue_knock = red.knock, blue.knock

    # what the bout writes
    events: list = []
    knockdowns: list = []
    injury_records: list = []
    fouls: list = []
    records = (knockdowns, injury_records, fouls)
    stats: list = []
    cards: tuple = ([], [], [])  # each judge's card
    red_lands, blue_lands = f"{red_name} lands ", f"{blue_name} lands "
    won = [0, 0]
    conditional = red_conditional or blue_conditional
    totals = ([0, 0], [0, 0], [0, 0])  # kept for the conditions
    winner = method = None
    end_round, end_time = rounds, END_OF_ROUND
    red_styled = blue_styled = None
    restyle = True  # steps 2-3 to (re)compute: injury penalties changed
    hurt = False  # an injury roll landed: penalties may change at the end of the round
    fouled = False  # a foul was called: a disqualification is possible
    red_nose = blue_nose = 0.0
    red_left, blue_left = red_start, blue_start  # endurance to 2 dp (10 x TGH is exact)

    for number in range(1, rounds + 1):
        first_event = len(events)
        # --- step 1: recovery between rounds
        if number > 1:
            lost = red_start - red_endurance
            if lost > 0.0:
                red_endurance += lost * red_recovery
            lost = blue_start - blue_endurance
            if lost > 0.0:
                blue_endurance += lost * blue_recovery
        # --- the plan lines (conditions see the state after the rest)
        red_line, red_conditions = red_rounds[number]
        blue_line, blue_conditions = blue_rounds[number]
        if red_conditions or blue_conditions:
            red.end, blue.end = red_endurance, blue_endurance
            if red_conditions:
                red_line = conditional_action(
                    red_line, red_conditions, red_variables(red, blue, number, 0, totals, won)
                )
            if blue_conditions:
                blue_line = conditional_action(
                    blue_line, blue_conditions, blue_variables(blue, red, number, 1, totals, won)
                )
        if (
            red_endurance <= 0.0
            or blue_endurance <= 0.0
            or (towels and (red_line is TOWEL or blue_line is TOWEL))
        ):
            quit_red = red_line is TOWEL or red_endurance <= 0
            quit_blue = blue_line is TOWEL or blue_endurance <= 0
            winner, method, end_round, end_time = corner_stoppage(
                number, quit_red, quit_blue, red_name, blue_name, events
            )
            red_left, blue_left = (
                round2(red_endurance),
                round2(blue_endurance),
            )  # the endurance after the rest
            break

        # --- steps 2-3: styles and height (recomputed when a line or an injury changes)
        if restyle or red_line is not red_styled or blue_line is not blue_styled:
            red_styled, blue_styled, restyle = red_line, blue_line, False
            key = (red.key, blue.key, red_line.label, blue_line.label)
            red_values, red_more, blue_values, blue_more, lean = PAIRS.get(key) or new_pair(
                key, red, blue, red_line, blue_line
            )
            (
                red_speed,
                red_aggression,
                red_fatigue,
                red_recovery,
                red_power,
                red_defence,
                red_most_landed,
            ) = red_values
            (
                red_target,
                red_targets_cuts,
                red_may_foul,
                red_dirty,
                red_landed_multiplier,
                red_target_multiplier,
                red_holding,
                red_thrown,
                red_thrown_text,
                _,
                red_injury_multiplier,
            ) = red_more
            (
                blue_speed,
                blue_aggression,
                blue_fatigue,
                blue_recovery,
                blue_power,
                blue_defence,
                blue_most_landed,
            ) = blue_values
            (
                blue_target,
                blue_targets_cuts,
                blue_may_foul,
                blue_dirty,
                blue_landed_multiplier,
                blue_target_multiplier,
                blue_holding,
                blue_thrown,
                _,
                blue_thrown_text,
                blue_injury_multiplier,
            ) = blue_more
            red_knock_lines = red_knock[blue_target]
            blue_knock_lines = blue_knock[red_target]
            red_stun_line = red_knock_lines[0] * STUN_SHARE
            blue_stun_line = blue_knock_lines[0] * STUN_SHARE

        # --- step 4: endurance scaling
        red_factor = red_endurance / red_start
        if red_factor < MIN_FACTOR:
            red_factor = MIN_FACTOR
        blue_factor = blue_endurance / blue_start
        if blue_factor < MIN_FACTOR:
            blue_factor = MIN_FACTOR
        red_speed_now = red_speed * red_factor
        blue_speed_now = blue_speed * blue_factor

        # --- step 5: warnings, penalties, disqualification
        red_warned = blue_warned = False
        red_penalty = blue_penalty = 0  # point penalties this round
        if red_may_foul or random() < unintentional_chance:
            red_warned, red_penalty = call_fouls(
                rng,
                red,
                number,
                red_dirty,
                red_holding,
                warn_chance,
                unintentional_chance,
                fouls,
                events,
            )
            fouled = True
        if blue_may_foul or random() < unintentional_chance:
            blue_warned, blue_penalty = call_fouls(
                rng,
                blue,
                number,
                blue_dirty,
                blue_holding,
                warn_chance,
                unintentional_chance,
                fouls,
                events,
            )
            fouled = True

        # --- step 6: DEF_RATE = DEF x AGL, at least 1
        red_def_rate = red_defence * red_factor  # (DEF x AGL) x factor, as written out
        if red_def_rate < 1.0:
            red_def_rate = 1.0
        blue_def_rate = blue_defence * blue_factor
        if blue_def_rate < 1.0:
            blue_def_rate = 1.0

        # --- step 7: punches landed, randomised (usually within 10%), at most 8 x AGG
        red_landed = (
            red_landed_multiplier
            * red_speed_now
            / sqrt(3.0 * blue_def_rate)
            * (1.0 + NOISE * (random() - random()))
        )
        if red_landed > red_most_landed:  # thrown, as a float (the same value in every use below)
            red_landed = red_most_landed
        blue_landed = (
            blue_landed_multiplier
            * blue_speed_now
            / sqrt(3.0 * red_def_rate)
            * (1.0 + NOISE * (random() - random()))
        )
        if blue_landed > blue_most_landed:
            blue_landed = blue_most_landed

        # --- step 8: damage (all-out and dirty included; knockdowns use it before the
        # head/body multiplier)
        blue_knock_damage = (
            red_power
            * red_factor
            * sqrt(red_aggression * red_speed_now)
            / blue_def_rate
            * (1.0 + NOISE * (random() - random()))
        )
        if red_dirty:
            blue_knock_damage *= DIRTY_WARNED_DAMAGE if red_warned else DIRTY_DAMAGE
        red_knock_damage = (
            blue_power
            * blue_factor
            * sqrt(blue_aggression * blue_speed_now)
            / red_def_rate
            * (1.0 + NOISE * (random() - random()))
        )
        if blue_dirty:
            red_knock_damage *= DIRTY_WARNED_DAMAGE if blue_warned else DIRTY_DAMAGE
        blue_damage = blue_knock_damage * red_target_multiplier  # what a does to b
        red_damage = red_knock_damage * blue_target_multiplier

        # --- step 9: injuries (the first rolls here, the rest in incidents.injuries)
        red_stop = blue_stop = None  # (share of the round, method, text)
        # what each takes in the round: the damage, and any injury damage (added when
        # an injury lands; the damage is > 0, so + 0.0 would change nothing)
        red_taken, blue_taken = red_damage, blue_damage
        red_injury_chance = red_damage * red_damage * INJURY_SHARE * red_injury_multiplier
        if blue_targets_cuts and open_cuts(red.injuries):
            red_injury_chance *= HEAD_INJURY
        blue_injury_chance = blue_damage * blue_damage * INJURY_SHARE * blue_injury_multiplier
        if red_targets_cuts and open_cuts(blue.injuries):
            blue_injury_chance *= HEAD_INJURY
        if red.injuries:
            # an injury made worse, and a new one: one draw each
            worse = new = False
            if random() < (
                red_injury_chance if red_injury_chance < INJURY_REPEAT_CAP else INJURY_REPEAT_CAP
            ):
                worse = True
            if random() < red_injury_chance:
                new = True
            if worse or new:
                hurt = True
                red_injury_damage, red_stop = record_injuries(
                    rng,
                    red,
                    red_injury_chance,
                    number,
                    doctor_line,
                    gash_stops,
                    worse,
                    new,
                    injury_records,
                    events,
                )
                red_taken = red_damage + red_injury_damage
        elif random() < red_injury_chance:
            hurt = True
            red_injury_damage, red_stop = record_injuries(
                rng,
                red,
                red_injury_chance,
                number,
                doctor_line,
                gash_stops,
                False,
                True,
                injury_records,
                events,
            )
            red_taken = red_damage + red_injury_damage
        if blue.injuries:
            worse = new = False
            if random() < (
                blue_injury_chance if blue_injury_chance < INJURY_REPEAT_CAP else INJURY_REPEAT_CAP
            ):
                worse = True
            if random() < blue_injury_chance:
                new = True
            if worse or new:
                hurt = True
                blue_injury_damage, blue_stop = record_injuries(
                    rng,
                    blue,
                    blue_injury_chance,
                    number,
                    doctor_line,
                    gash_stops,
                    worse,
                    new,
                    injury_records,
                    events,
                )
                blue_taken = blue_damage + blue_injury_damage
        elif random() < blue_injury_chance:
            hurt = True
            blue_injury_damage, blue_stop = record_injuries(
                rng,
                blue,
                blue_injury_chance,
                number,
                doctor_line,
                gash_stops,
                False,
                True,
                injury_records,
                events,
            )
            blue_taken = blue_damage + blue_injury_damage

        # --- step 10: knockdowns and knockouts
        red_knockdowns = blue_knockdowns = 0
        if red_knock_damage >= red_stun_line:
            red_knockdowns, stop = knocks(
                rng, red, blue, red_knock_damage, red_knock_lines, number, knockdowns, events
            )
            if stop and (red_stop is None or stop[0] < red_stop[0]):
                red_stop = stop
        if blue_knock_damage >= blue_stun_line:
            blue_knockdowns, stop = knocks(
                rng, blue, red, blue_knock_damage, blue_knock_lines, number, knockdowns, events
            )
            if stop and (blue_stop is None or stop[0] < blue_stop[0]):
                blue_stop = stop

        # --- step 11: the damage comes off endurance; TKO at zero
        if red_endurance - red_taken <= red_tko_line:
            share = (red_endurance - red_tko_line) / red_taken if red_taken > 0.0 else 1.0
            if red_stop is None or share < red_stop[0]:
                red_stop = (share, TKO, f"The referee stops it: {red_name} cannot continue.")
        if blue_endurance - blue_taken <= blue_tko_line:
            share = (blue_endurance - blue_tko_line) / blue_taken if blue_taken > 0.0 else 1.0
            if blue_stop is None or share < blue_stop[0]:
                blue_stop = (share, TKO, f"The referee stops it: {blue_name} cannot continue.")

        # --- step 12: fatigue (AGG, cutting off the ring, an injured nose)
        red_endurance -= red_taken + red_fatigue + red_nose
        blue_endurance -= blue_taken + blue_fatigue + blue_nose
        red_landed_count = floor(red_landed + 0.5)  # punches landed, rounded
        blue_landed_count = floor(blue_landed + 0.5)
        red_dealt, red_left, blue_dealt, blue_left = round2_four(
            blue_damage, red_endurance, red_damage, blue_endurance
        )
        stats.append(
            {
                "round": number,
                "red": {
                    "landed": red_landed_count,
                    "thrown": red_thrown,
                    "damage": red_dealt,
                    "endurance": red_left,
                    "plan": red_line.label,
                },
                "blue": {
                    "landed": blue_landed_count,
                    "thrown": blue_thrown,
                    "damage": blue_dealt,
                    "endurance": blue_left,
                    "plan": blue_line.label,
                },
            }
        )

        # --- step 13: a stoppage ends the bout (double (T)KO by timing, DQ priority)
        if red_stop or blue_stop or (fouled and (red.dq or blue.dq)):
            end_round = number
            winner, method, end_time = round_stoppage(
                rng, number, red_stop, blue_stop, red, blue, events, first_event, records
            )
            break

        # --- the judges: 10-point must, each with his view and a counting error; a
        # knockdown's 10-8 on every card whatever his punch score, then penalties
        scores = round_scores(views, random, red_landed, blue_damage, blue_landed, red_damage, lean)
        if red_knockdowns != blue_knockdowns:
            first = adjust(scores[0], red_knockdowns, blue_knockdowns, red_penalty, blue_penalty)
            scores = [first, first[:], first[:]]
        elif (
            red_penalty or blue_penalty
        ):  # equal knockdowns cancel: penalties on each judge's score
            scores = [
                adjust(score, red_knockdowns, blue_knockdowns, red_penalty, blue_penalty)
                for score in scores
            ]
        for card, score in zip(cards, scores):
            card.append(score)
        if conditional:
            _tally(totals, won, scores)
        events.append(
            {
                "round": number,
                "clock": END_OF_ROUND,
                "kind": "round",
                "side": None,
                # "Round 3: A lands 31 of 48, B lands 27 of 40."
                "text": f"Round {number}: {red_lands}{red_landed_count}{red_thrown_text}"
                f"{blue_lands}{blue_landed_count}{blue_thrown_text}",
            }
        )
        # A round's events in the order of the clock: the round event (3:00) is last
        # already, so only two incidents or more can be out of order.
        if len(events) - first_event > 2:
            events[first_event:] = sorted(events[first_event:], key=BY_CLOCK)
        # Injury penalties to SPD and AGL (and a bad nose) count from the next round.
        if hurt:
            hurt = False
            if red.changed:
                red_nose = red.update_penalties()
                restyle = True
            if blue.changed:
                blue_nose = blue.update_penalties()
                restyle = True

    if method is None:
        winner, method = decision_from_totals([card_totals(card) for card in cards])
    red.end, blue.end = red_endurance, blue_endurance
    return bout_result(
        (winner, method, end_round, end_time),
        rounds,
        officials,
        (cards, knockdowns, injury_records, fouls, stats, events),
        (red_left, blue_left, red_start, blue_start),
        (red_text, blue_text),
    )


def follow_plan(plan, card, opp_card, strategy, random) -> tuple:
    """A fighter's plan as the rounds read it: ``(round -> (line, conditional
    statements), what its conditions read (Plan.env), its text, it has conditions, it
    may throw the towel)``: his corner's plan, or the default one his corner writes
    (drawn now, with the bout's draws; the bout needs no Plan of it)."""
    if plan is None:
        rounds, text, variables, conditional = default_rounds(card, opp_card, strategy, random)
        return rounds, text, variables, conditional, False
    return plan.rounds, plan.text(), plan.env, plan.has_conditions, plan.towels


def bout_result(ending, rounds, officials, written, endurance, plan_texts) -> BoutResult:
    """What the bout leaves behind: ``ending`` is ``(winner, method, round, time)``,
    ``written`` the judges' cards, the knockdown, injury and foul records, the rounds'
    figures and the events, ``endurance`` each fighter's at the end (to 2 dp) and at
    the start, ``plan_texts`` the two plans."""
    winner, method, end_round, end_time = ending
    referee, judges, doctor, _ = officials
    cards, knockdowns, injury_records, fouls, stats, events = written
    red_left, blue_left, red_start, blue_start = endurance
    red_text, blue_text = plan_texts
    first_judge, second_judge, third_judge = judges
    # positional, in the order tests/engine/test_contract.py pins
    return BoutResult(
        "webl",
        0,  # the seed: bouts.engine.simulate sets it
        rounds,
        winner,
        method,
        end_round,
        end_time,
        [first_judge["name"], second_judge["name"], third_judge["name"]],
        list(cards),
        knockdowns,
        injury_records,
        fouls,
        stats,
        events,
        [],  # fighters: none in a one-on-one bout
        {
            "endurance": {"red": red_left, "blue": blue_left},
            "starting_endurance": {"red": red_start, "blue": blue_start},
            "plans": {"red": red_text, "blue": blue_text},
            "referee": referee,
            "doctor": doctor,
            "judges": judges,
        },
    )
