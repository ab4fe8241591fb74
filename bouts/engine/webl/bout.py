"""One WeBL bout: ``fight`` sets the bout up (officials, plans: ``follow_plan``;
fighters), ``play_rounds`` plays the rounds, and ``fight`` writes the result
(``bout_result``).

A round, in ``play_rounds``' loop: step 1 (the rest) and the plan lines, a corner's
stoppage, steps 2-3 when a line or an injury changes (what a pair of lines means:
fighter.pair_meaning), step 4's factors, then the round's three groups
of steps (steps.py): ``exchange`` (steps 5-8), ``harm`` (steps 9-12) and ``end_of_round``
(step 12's figures, step 13, the judges). The round's values go from one group to the
next as arguments and return values; what lasts from round to round (endurance, the
lines' meaning) stays in the loop, what is the fighters' own (injuries, warnings,
knockdowns) on the fighters.
"""

from __future__ import annotations

from ..result import BoutResult, decision_from_totals
from .clock import END_OF_ROUND
from .default_plans import default_rounds
from .fighter import Fighter, pair_meaning
from .formulas import round2
from .officials import DOCTOR, TKO_LINE, UNINTENTIONAL, WARN_CHANCE
from .plans import TOWEL, conditional_action
from .scoring import bout_judges
from .steps import end_of_round, exchange, harm
from .stoppage import corner_stoppage

MIN_FACTOR = 0.05  # step 4 never scales attributes below 5% (endurance <= 0 is a TKO)


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
    if views is None:
        views = bout_judges(judges, random, options.get("home"), options.get("champion"))
    # a corner that sends no plan writes its default one (red's drawn first)
    red_plan = follow_plan(
        plans.get("red"), red_card, blue_card, corners["red"]["strategy"], random
    )
    blue_plan = follow_plan(
        plans.get("blue"), blue_card, red_card, corners["blue"]["strategy"], random
    )
    weight_rule = options.get("weight_rule", True)
    red = Fighter("red", red_card, blue_card, weight_rule)
    blue = Fighter("blue", blue_card, red_card, weight_rule)
    # what the bout writes, and what plans' conditions read (kept only when they do)
    events, knockdowns, injury_records, fouls, stats, cards = [], [], [], [], [], ([], [], [])
    totals = ([0, 0], [0, 0], [0, 0]) if red_plan[3] or blue_plan[3] else ()
    # what each group of the round's steps reads and writes of the bout (steps.py): steps
    # 5-8 (a clean fighter's chance of a foul each round, what the referee's calls read:
    # incidents.fouls), steps 9-12 (the TKO lines each round, what the incidents read:
    # incidents.injuries, incidents.knocks), then the round's figures, step 13 and the
    # judges; the Random is there for the rare draws (incidents.py, stoppage.py)
    warn_chance, unintentional = WARN_CHANCE[referee["fouls"]], UNINTENTIONAL[referee["overall"]]
    tko_share = TKO_LINE[referee["stoppage"]]
    incidents = (rng, DOCTOR[doctor["caution"]], knockdowns, injury_records, events)
    records = (knockdowns, injury_records, fouls)
    reads = (
        (unintentional, (rng, warn_chance, unintentional, fouls, events)),
        (tko_share * red.start, tko_share * blue.start, incidents),
        (red, blue, rng, random, views, cards, totals, [0, 0], stats, events, records),
    )
    ending, red_endurance, blue_endurance = play_rounds(
        random, red, blue, rounds, red_plan, blue_plan, reads
    )
    if ending is None:  # the last bell: the judges' cards decide
        winner, method = decision_from_totals([card_totals(card) for card in cards])
        ending = (winner, method, rounds, END_OF_ROUND)
    return bout_result(
        ending,
        rounds,
        officials,
        (cards, knockdowns, injury_records, fouls, stats, events),
        (round2(red_endurance), round2(blue_endurance), red.start, blue.start),
        (red_plan[1], blue_plan[1]),
    )


def play_rounds(random, red, blue, rounds, red_plan, blue_plan, reads) -> tuple:
    """The rounds until a stoppage or the last bell: ``random`` is the bout's draws,
    ``red_plan`` and ``blue_plan`` are ``follow_plan``'s, ``reads`` what each group of steps
    reads and writes of the bout (``fight``). Returns ``(how the bout ended (winner, method,
    round, time) or None after the last bell, red's endurance, blue's)``."""
    red_rounds, _, red_variables, _, red_towels = red_plan
    blue_rounds, _, blue_variables, _, blue_towels = blue_plan
    towels = red_towels or blue_towels
    refereeing, harm_reads, judging = reads
    _, _, _, _, _, _, totals, won, _, events, _ = judging  # what plans' conditions read
    red_endurance, blue_endurance = red_start, blue_start = red.start, blue.start
    red_styled = blue_styled = red_recovery = blue_recovery = None
    restyle = False
    for number in range(1, rounds + 1):
        first_event = len(events)
        # --- step 1: recovery between rounds (by the energy the last round's line left)
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
                variables = red_variables(red, blue, number, 0, totals, won)
                red_line = conditional_action(red_line, red_conditions, variables)
            if blue_conditions:
                variables = blue_variables(blue, red, number, 1, totals, won)
                blue_line = conditional_action(blue_line, blue_conditions, variables)
        # a corner's stoppage: a towel, or a fighter who cannot come out
        red_quits = red_endurance <= 0.0 or (towels and red_line is TOWEL)
        if red_quits or blue_endurance <= 0.0 or (towels and blue_line is TOWEL):
            blue_quits = blue_endurance <= 0.0 or blue_line is TOWEL
            ending = corner_stoppage(number, red_quits, blue_quits, red.name, blue.name, events)
            return ending, red_endurance, blue_endurance
        # --- steps 2-3: styles and height (again when a line or an injury changes)
        if restyle or red_line is not red_styled or blue_line is not blue_styled:
            red_styled, blue_styled, restyle = red_line, blue_line, False
            meaning = pair_meaning(red, blue, red_line, blue_line)
            exchanging, harming, figures, red_recovery, blue_recovery = meaning
        # --- step 4: STR, SPD and AGL x endurance left / starting endurance
        red_factor = red_endurance / red_start
        if red_factor < MIN_FACTOR:
            red_factor = MIN_FACTOR
        blue_factor = blue_endurance / blue_start
        if blue_factor < MIN_FACTOR:
            blue_factor = MIN_FACTOR
        # --- steps 5-8, 9-12, then step 12's figures, step 13 and the judges
        exchanged = exchange(
            random, red, blue, number, red_factor, blue_factor, exchanging, refereeing
        )
        red_endurance, blue_endurance, harmed = harm(
            random, red, blue, number, exchanged, harming, red_endurance, blue_endurance, harm_reads
        )
        ending = end_of_round(
            number, first_event, exchanged, red_endurance, blue_endurance, harmed, figures, judging
        )
        if ending:
            winner, method, end_time = ending
            return (winner, method, number, end_time), red_endurance, blue_endurance
        # an injury's penalties to SPD and AGL (and a bad nose) count from the next round
        if red.changed:
            red.update_penalties()
            restyle = True
        if blue.changed:
            blue.update_penalties()
            restyle = True
    return None, red_endurance, blue_endurance


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
