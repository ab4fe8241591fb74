"""One WeBL round after the plan lines (bout.play_rounds: step 1, the lines, a corner's
stoppage, steps 2-3, step 4's factors), in three groups of the seed's steps, each written
for the pair of fighters, red's side first in every step (the order of the draws):

- ``exchange``: steps 5-8, what each lands and the damage he does (and step 5's fouls);
- ``harm``: steps 9-12, injuries, knockdowns, the TKO line, endurance after the round;
- ``end_of_round``: step 12's figures, step 13 (a stoppage ends the bout) and the judges.

What a pair of lines means for a round (steps 2-3, ``fighter.pair_meaning``) comes laid out
for these groups; the round's values go from one group to the next as arguments and
return values; each group unpacks only what it reads every round, and hands the rare
incidents what they read and write of the bout as one tuple. What is rare lives beside
them: the incidents with their records and events (incidents.py: fouls, injuries,
knockdowns), stoppages (stoppage.py) and the judges' arithmetic (scoring.round_scores,
scoring.adjust_round).
"""

from __future__ import annotations

from math import floor, sqrt

from ..result import TKO
from .clock import BY_CLOCK, END_OF_ROUND
from .formulas import DIRTY_DAMAGE, DIRTY_WARNED_DAMAGE, HEAD_INJURY, INJURY_REPEAT_CAP, round2
from .incidents import fouls as call_fouls
from .incidents import injuries as record_injuries
from .incidents import knocks
from .injuries import open_cuts
from .scoring import adjust_round, round_scores
from .stoppage import round_stoppage

NOISE = 0.12  # steps 7 and 8: x (1 + 0.12 (u1 - u2)), "usually within 10%"
INJURY_SHARE = 0.001  # step 9: DAM x DAM / 10 percent


def exchange(random, red, blue, number, red_factor, blue_factor, meaning, bout):
    """Steps 5-8 for the pair, with step 4's factors: ``meaning`` is what their lines mean
    (``pair_meaning``), ``bout`` the bout's ``(a clean fighter's chance of a foul, what the
    referee's calls read and write: incidents.fouls)``. Returns
    ``(red's punches landed, blue's, the damage each takes before the head/body multiplier
    (what knockdowns measure), after it, each one's point penalties)``."""
    (
        red_speed,
        red_aggression,
        red_power,
        red_defence,
        red_landing,
        red_most_landed,
        red_target_multiplier,
        blue_speed,
        blue_aggression,
        blue_power,
        blue_defence,
        blue_landing,
        blue_most_landed,
        blue_target_multiplier,
        red_dirty,
        red_holding,
        blue_dirty,
        blue_holding,
    ) = meaning
    unintentional, refereeing = bout
    red_speed *= red_factor  # step 4: SPD, AGL (DEF_RATE) and STR (damage) x the factor
    blue_speed *= blue_factor
    # --- step 5: warnings, penalties, disqualification (incidents.fouls): a dirty or
    # holding fighter may be penalised, a clean one fouls by chance
    red_warned = blue_warned = False
    red_penalty = blue_penalty = 0  # point penalties this round
    if red_dirty or red_holding or random() < unintentional:
        red_warned, red_penalty = call_fouls(red, number, red_dirty, red_holding, refereeing)
    if blue_dirty or blue_holding or random() < unintentional:
        blue_warned, blue_penalty = call_fouls(blue, number, blue_dirty, blue_holding, refereeing)
    # --- step 6: DEF_RATE = DEF x AGL (x the factor), at least 1
    red_def_rate = red_defence * red_factor
    if red_def_rate < 1.0:
        red_def_rate = 1.0
    blue_def_rate = blue_defence * blue_factor
    if blue_def_rate < 1.0:
        blue_def_rate = 1.0
    # --- step 7: punches landed, randomised (usually within 10%), at most 8 x AGG
    noise = 1.0 + NOISE * (random() - random())
    red_landed = red_landing * red_speed / sqrt(3.0 * blue_def_rate) * noise
    if red_landed > red_most_landed:  # thrown, as a float (the same value in every use)
        red_landed = red_most_landed
    noise = 1.0 + NOISE * (random() - random())
    blue_landed = blue_landing * blue_speed / sqrt(3.0 * red_def_rate) * noise
    if blue_landed > blue_most_landed:
        blue_landed = blue_most_landed
    # --- step 8: damage, all-out and dirty included (knockdowns), then the head/body multiplier
    noise = 1.0 + NOISE * (random() - random())
    blue_knock_damage = (
        red_power * red_factor * sqrt(red_aggression * red_speed) / blue_def_rate * noise
    )
    if red_dirty:
        blue_knock_damage *= DIRTY_WARNED_DAMAGE if red_warned else DIRTY_DAMAGE
    noise = 1.0 + NOISE * (random() - random())
    red_knock_damage = (
        blue_power * blue_factor * sqrt(blue_aggression * blue_speed) / red_def_rate * noise
    )
    if blue_dirty:
        red_knock_damage *= DIRTY_WARNED_DAMAGE if blue_warned else DIRTY_DAMAGE
    return (
        red_landed,
        blue_landed,
        red_knock_damage,
        blue_knock_damage,
        red_knock_damage * blue_target_multiplier,
        blue_knock_damage * red_target_multiplier,
        red_penalty,
        blue_penalty,
    )


def harm(random, red, blue, number, exchanged, meaning, red_endurance, blue_endurance, bout):
    """Steps 9-12 for the pair after ``exchange`` (``exchanged``), ``meaning`` what the lines
    mean for them (``pair_meaning``), ``bout`` the bout's ``(red's TKO line, blue's, what the
    incidents read and write: incidents.injuries)``. Returns ``(red's endurance after the
    round, blue's, (red's stoppage (None or (share of the round, method, text)), blue's,
    red's knockdowns, blue's))``."""
    _, _, red_knock_damage, blue_knock_damage, red_damage, blue_damage, _, _ = exchanged
    (
        red_targets_cuts,
        red_injury_multiplier,
        red_knock_lines,
        red_stun_line,
        red_fatigue,
        blue_targets_cuts,
        blue_injury_multiplier,
        blue_knock_lines,
        blue_stun_line,
        blue_fatigue,
    ) = meaning
    red_tko_line, blue_tko_line, incidents = bout
    # --- step 9: injuries, DAM x DAM / 10 percent (x1.5 when the other targets his cuts);
    # an injury made worse (at most 50%) and a new one, a draw each (incidents.injuries)
    red_stop = blue_stop = None
    red_taken, blue_taken = red_damage, blue_damage  # and any injury damage
    red_chance = red_damage * red_damage * INJURY_SHARE * red_injury_multiplier
    if blue_targets_cuts and open_cuts(red.injuries):
        red_chance *= HEAD_INJURY
    blue_chance = blue_damage * blue_damage * INJURY_SHARE * blue_injury_multiplier
    if red_targets_cuts and open_cuts(blue.injuries):
        blue_chance *= HEAD_INJURY
    worse, new = injury_draws(red, red_chance, random)
    if worse or new:
        injury_damage, red_stop = record_injuries(red, red_chance, number, worse, new, incidents)
        red_taken += injury_damage
    worse, new = injury_draws(blue, blue_chance, random)
    if worse or new:
        injury_damage, blue_stop = record_injuries(blue, blue_chance, number, worse, new, incidents)
        blue_taken += injury_damage
    # --- step 10: knockdowns and knockouts (from 75% of the line: a stun)
    red_knockdowns = blue_knockdowns = 0
    if red_knock_damage >= red_stun_line:
        red_knockdowns, stop = knocks(
            red, blue, red_knock_damage, red_knock_lines, number, incidents
        )
        if stop and (red_stop is None or stop[0] < red_stop[0]):
            red_stop = stop
    if blue_knock_damage >= blue_stun_line:
        blue_knockdowns, stop = knocks(
            blue, red, blue_knock_damage, blue_knock_lines, number, incidents
        )
        if stop and (blue_stop is None or stop[0] < blue_stop[0]):
            blue_stop = stop
    # --- step 11: the damage comes off endurance; TKO at the referee's line
    if red_endurance - red_taken <= red_tko_line:
        share = (red_endurance - red_tko_line) / red_taken if red_taken > 0.0 else 1.0
        if red_stop is None or share < red_stop[0]:
            red_stop = (share, TKO, f"The referee stops it: {red.name} cannot continue.")
    if blue_endurance - blue_taken <= blue_tko_line:
        share = (blue_endurance - blue_tko_line) / blue_taken if blue_taken > 0.0 else 1.0
        if blue_stop is None or share < blue_stop[0]:
            blue_stop = (share, TKO, f"The referee stops it: {blue.name} cannot continue.")
    # --- step 12: fatigue (AGG, cutting off the ring) and an injured nose
    red_endurance -= red_taken + red_fatigue + red.nose
    blue_endurance -= blue_taken + blue_fatigue + blue.nose
    return red_endurance, blue_endurance, (red_stop, blue_stop, red_knockdowns, blue_knockdowns)


def end_of_round(
    number, first_event, exchanged, red_endurance, blue_endurance, harmed, figures, bout
):
    """Step 12's figures, step 13 and the judges, after ``exchange`` and ``harm``
    (``exchanged``, ``harmed``: what they returned): ``figures`` is what the lines
    mean for them (``pair_meaning``), ``bout`` the bout's ``(red, blue, its Random, its
    random(), judges' views, judges' cards, totals and rounds won (conditions read
    them), round figures, events, knockdown, injury and foul records)``. Returns how a
    stoppage ended the bout, ``(winner, method, time)``, or None."""
    red_landed, blue_landed, _, _, red_damage, blue_damage, red_penalty, blue_penalty = exchanged
    red_stop, blue_stop, red_downs, blue_downs = harmed
    red_thrown, blue_thrown, red_thrown_text, blue_thrown_text, red_label, blue_label, lean = (
        figures
    )
    red, blue, rng, random, views, cards, totals, won, stats, events, records = bout
    # --- step 12's figures: punches landed, rounded; damage and endurance to 2 dp
    red_landed_count = floor(red_landed + 0.5)
    blue_landed_count = floor(blue_landed + 0.5)
    stats.append(
        {
            "round": number,
            "red": {
                "landed": red_landed_count,
                "thrown": red_thrown,
                "damage": round2(blue_damage),
                "endurance": round2(red_endurance),
                "plan": red_label,
            },
            "blue": {
                "landed": blue_landed_count,
                "thrown": blue_thrown,
                "damage": round2(red_damage),
                "endurance": round2(blue_endurance),
                "plan": blue_label,
            },
        }
    )
    # --- step 13: a stoppage ends the bout (double (T)KO by timing, DQ priority)
    if red_stop or blue_stop or red.dq or blue.dq:  # a DQ: a foul called this round
        return round_stoppage(
            rng, number, red_stop, blue_stop, red, blue, events, first_event, records
        )
    # --- the judges: 10-point must, each with his view and a counting error; a
    # knockdown's 10-8 on every card whatever his punch score, then penalties
    scores = round_scores(views, random, red_landed, blue_damage, blue_landed, red_damage, lean)
    if red_downs != blue_downs or red_penalty or blue_penalty:
        scores = adjust_round(scores, red_downs, blue_downs, red_penalty, blue_penalty)
    for card, score in zip(cards, scores):
        card.append(score)
    if totals:
        tally(totals, won, scores)
    events.append(
        {
            "round": number,
            "clock": END_OF_ROUND,
            "kind": "round",
            "side": None,
            # "Round 3: A lands 31 of 48, B lands 27 of 40."
            "text": f"Round {number}: {red.name} lands {red_landed_count}{red_thrown_text}"
            f"{blue.name} lands {blue_landed_count}{blue_thrown_text}",
        }
    )
    # A round's events in the order of the clock: the round event (3:00) is last
    # already, so only two incidents or more can be out of order.
    if len(events) - first_event > 2:
        events[first_event:] = sorted(events[first_event:], key=BY_CLOCK)
    return None


def tally(totals, won, scores) -> None:
    """What plans' conditions read, after a round: each judge's ``[red, blue]`` total
    and the rounds won on at least two cards (kept only when a plan has conditions)."""
    for total, (red, blue) in zip(totals, scores):
        total[0] += red
        total[1] += blue
    if sum(red > blue for red, blue in scores) >= 2:
        won[0] += 1
    elif sum(blue > red for red, blue in scores) >= 2:
        won[1] += 1


def injury_draws(fighter, chance: float, random) -> tuple[bool, bool]:
    """Step 9's draws for one fighter, ``chance`` his injury chance this round: an
    injury made worse (only with one already; at most ``INJURY_REPEAT_CAP``), then a new
    one."""
    if fighter.injuries:
        return random() < min(INJURY_REPEAT_CAP, chance), random() < chance
    return False, random() < chance
