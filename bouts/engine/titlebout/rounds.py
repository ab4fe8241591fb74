"""End of round, between rounds, the bout from bell to result. Plain functions of the
``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from math import floor
from operator import itemgetter

from ..result import RTD, TD, TDRAW, BoutResult, decision_from_totals
from . import actions, clock, cuts, fouls, ratings, tables
from .cards import card_rating
from .deck import DECK, ROUND_CARDS, shuffled
from .scoring import score_round
from .state import BoutOver, BoutState, Fighter, finish
from .tables import DAMAGE_MAY


# --- end of round, between rounds, the bout -------------------------------------------
def end_of_round(state: BoutState) -> int:
    """The judges' cards (``judge_round``), the round's winner, the END lost, the
    round's line and its event, Front Runner. Returns the judges' verdict: the number of
    cards for red minus those for blue."""
    red, blue = state.red, state.blue
    won = judge_round(state)
    if red.pts > blue.pts:
        state.last_winner = red
        red.margin += 1
        blue.margin -= 1
    elif blue.pts > red.pts:
        state.last_winner = blue
        blue.margin += 1
        red.margin -= 1
    missing_punches = state.missing_punches
    for fighter, against in ((red, blue.pts), (blue, red.pts)):
        # the END a round costs: the points scored against him, his extra loss and
        # drain, his missed punches with the missing-punches option; never below 0
        end = fighter.end - against - fighter.end_extra - fighter.end_drain
        if missing_punches:
            end -= fighter.missed
        fighter.end = end if end > 0 else 0
        fighter.against.append(against)
    state.round_stats.append(stats_line(state))
    text = f"End of round {state.rnd}: {red.name} {red.pts} points, {blue.name} {blue.pts}"
    clock.ev(state, "round", None, text)
    if state.front_runners:
        front_runner(red, won > 0, won < 0)
        front_runner(blue, won < 0, won > 0)
    return won


def judge_round(state: BoutState) -> int:
    """Each judge's card for the round, and the cards for red less those for blue. The
    points as the judges see them (the aggressiveness option: +1 to the aggressor who
    outscored his man); the Check card is drawn every round but looked at only on a
    Check round or after a knockdown or a deduction (``checked_cards``); the other
    rounds' three cards are the chart's (``CHART``)."""
    red, blue = state.red, state.blue
    red_seen, blue_seen = red.pts, blue.pts
    if state.aggressiveness:
        if state.aggressor is red:
            if red_seen > blue_seen:
                red_seen += 1
        elif blue_seen > red_seen:
            blue_seen += 1
    check_draw = state.rng.random()
    ahead = red_seen - blue_seen
    if red.kd_scored or blue.kd_scored or red.deducted or blue.deducted:
        chart = None
    elif -CHART_REACH < ahead < CHART_REACH:
        chart = CHART[ahead]
    else:
        chart = CHART_WIDE[ahead > 0]
    if chart is not None:
        red_points, blue_points, verdict = chart
        for judge_cards in state.cards:  # each judge his own list
            judge_cards.append([red_points, blue_points])
        return verdict
    won = 0
    for card, judge_cards in zip(
        checked_cards(state, red_seen, blue_seen, check_draw), state.cards
    ):
        judge_cards.append(card)
        won += card_verdict(card)
    return won


def card_verdict(card) -> int:
    """A judge's card for red (1), blue (-1) or even (0)."""
    red_points, blue_points = card
    return 1 if red_points > blue_points else -1 if blue_points > red_points else 0


def checked_cards(state: BoutState, red_seen: int, blue_seen: int, check_draw: float) -> list:
    """A Check round's, a knockdown's or a deduction's three cards: ``score_round`` with
    the Check card drawn from the round's used cards by ``check_draw``, less the
    points deducted."""
    red, blue = state.red, state.blue
    deck = state.deck
    used = min(state.i, len(deck))
    check_card = (deck or DECK)[floor(check_draw * (used if used > 1 else 1))]
    context = state.ctx
    if state.judge_leanings:  # (the aggressor and styles are read only by the leanings)
        context["aggressor"] = state.aggressor.side
        context["styles"] = {"red": red.style, "blue": blue.style}
        judges = state.judges
    else:
        judges = None
    cards = score_round(
        red_seen, blue_seen, red.kd_scored, blue.kd_scored, check_card, judges, context
    )
    if red.deducted or blue.deducted:
        for card in cards:
            card[0] -= red.deducted
            card[1] -= blue.deducted
    return cards


def chart_card(ahead: int):
    """Every judge's card (red, blue) when red is ``ahead`` by so many points (behind:
    negative) and nothing calls for a Check: 1-6 and 16-18 ahead are a Check (None),
    7-15 a 10-9, 19 or more a 10-8."""
    if ahead < 0:
        card = chart_card(-ahead)
        return None if card is None else (card[1], card[0])
    if ahead == 0:
        return (10, 10)
    if ahead <= 6 or 16 <= ahead <= 18:
        return None
    return (10, 9) if ahead <= 15 else (10, 8)


def chart_entry(card):
    """A chart card's points (red's, blue's) and the three judges' verdict on it
    (``card_verdict`` each, read at import), or None for a Check."""
    return None if card is None else (*card, 3 * card_verdict(card))


CHART_REACH = 40
# red ``ahead`` by under CHART_REACH points -> ``chart_entry``; beyond it, 10-8 either way
CHART = {ahead: chart_entry(chart_card(ahead)) for ahead in range(1 - CHART_REACH, CHART_REACH)}
CHART_WIDE = {True: chart_entry((10, 8)), False: chart_entry((8, 10))}


def front_runner(fighter: Fighter, won: bool, lost: bool):
    """Front Runner: -2 CF after three rounds lost in a row; a round won +1, two in a
    row back to normal."""
    if won:
        fighter.won_streak += 1
        fighter.lost_streak = 0
    elif lost:
        fighter.lost_streak += 1
        fighter.won_streak = 0
    if fighter.lost_streak >= 3:
        fighter.front = -2
    elif won:
        fighter.front = 0 if fighter.won_streak >= 2 else min(1, fighter.front + 1)


def stats_line(state: BoutState) -> dict:
    """The round's line in the result (``rounds``): each fighter's counts."""
    return {"round": state.rnd, "red": round_counts(state.red), "blue": round_counts(state.blue)}


def round_counts(fighter: Fighter) -> dict:
    """One fighter's counts for the round (``stats_line``)."""
    knockdowns = fighter.kd_counts  # mostly empty
    return {
        "points": fighter.pts,
        "landed": fighter.landed,
        "thrown": fighter.landed + fighter.missed,
        "missed": fighter.missed,
        "damage": fighter.pts,
        "clinches": fighter.clinches,
        "knockdowns": len(knockdowns) if knockdowns else 0,
        "deducted": fighter.deducted,
        "end": fighter.end,
        "cut_damage": fighter.damage,
        "style": fighter.style,
        "strategy": fighter.strategy,
        "actions": fighter.actions,
    }


def between_rounds(state: BoutState):
    """Fatigue, conditions, carry-over, corner work, the referee and doctor, the rib."""
    discretion = state.discretion
    for fighter in (state.red, state.blue):
        opponent = fighter.opp
        if fighter.end <= 0 and not fighter.fatigued:
            if state.traits_on and "second_wind" in fighter.traits and not fighter.second_wind_used:
                fighter.second_wind_used = True
                if clock.aux_rn(state) <= 45:
                    fighter.end = 15
                    clock.ev(state, "trait", fighter.side, f"{fighter.name} finds his second wind")
            if fighter.end <= 0:
                fighter.fatigued = True
                clock.ev(state, "fatigue", fighter.side, f"{fighter.name} is fatigued")
        fighter.cf_round = fighter.cf_next
        fighter.def_round = fighter.def_next
        fighter.cf_next = fighter.def_next = 0
        if opponent.pts >= 25:
            res = tables.condition(fighter.ko, clock.aux_rn(state))
            if res:
                clock.ev(
                    state, "condition", fighter.side, f"{fighter.name} {tables.CONDITION_TEXT[res]}"
                )
            if res >= 1:
                fighter.cf_round -= 1
            if res == 2:
                fighter.def_round += 2
            if res == 3:
                fighter.def_bout += 2
        rn = clock.aux_rn(state)  # the carry-over check's RN: drawn every round
        if fighter.kd_counts:
            fighter.carry = tables.carry_over(fighter.kd_counts, rn)
            if fighter.carry:
                clock.ev(
                    state,
                    "carryover",
                    fighter.side,
                    f"{fighter.name} is still feeling the knockdown",
                )
        else:
            fighter.carry = False
        fighter.kd_temp = 0
        if fighter.slugger_round:
            fighter.slugger_round = False
        if fighter.locations:
            cuts.corner_work(state, fighter)
        if fighter.damage >= DAMAGE_MAY and fighter.damage > fighter.damage_checked:
            cuts.damage_check(state, fighter)
        if discretion and fighter.fatigued and len(fighter.against) >= 2:
            beating = fighter.against[-1] + fighter.against[-2]
            if beating >= 28 and clock.rn20(state) <= (4 if beating < 38 else 8):
                clock.ev(
                    state,
                    "retire",
                    fighter.side,
                    f"{fighter.name}'s corner has seen enough and retires him on his stool",
                )
                finish(state, opponent, RTD, True)
        if fighter.rib and clock.aux_rn(state) <= tables.RIB_STOP:
            clock.ev(
                state, "retire", fighter.side, f"{fighter.name} cannot go on with the rib injury"
            )
            finish(state, opponent, RTD, True)
    # self-doubts: restored if ahead after three rounds
    if state.rnd == 3 and state.traits_on:
        for fighter in (state.red, state.blue):
            if fighter.self_doubt and fighter.margin > 0:
                fighter.self_doubt = False
                fighter.cf_trait += 1


def run(state: BoutState) -> BoutResult:
    """The bout, round by round, and its result: each round's bell (``start_round``),
    the round (``actions.play_round``), the bell's end (``clock.bell``), the round's end
    (``end_of_round``), the doctor's extra round, and between rounds
    (``between_rounds``)."""
    try:
        ratings.pre_bout(state)
        for number in range(1, state.rounds + 1):
            trait_cf = start_round(state, number)
            actions.play_round(state)
            clock.bell(state)
            # the round's trait CF is taken off again at the bell
            state.red.cf_round -= trait_cf[0]
            state.blue.cf_round -= trait_cf[1]
            end_of_round(state)
            if state.one_more_round and state.one_more_round[1] <= number < state.rounds:
                cuts.technical(state, "the doctor's extra round is over")
            if number < state.rounds:
                between_rounds(state)
    except BoutOver:
        pass
    return result(state)


def start_round(state: BoutState, number: int) -> tuple[int, int]:
    """The bell of round ``number``: the fighters' counts, the round deck, the
    aggressor and his event, the referee's error, styles, strategies, the round's trait
    CF (returned: red's, blue's) and the CFs."""
    state.rnd = number
    red, blue = state.red, state.blue
    for fighter in (red, blue):
        # his counts for the round, and ``alarm``: the opponent's points this round
        # from which a TKO or the towel is possible (the lowest TKO threshold less the
        # points of the last rounds, less the towel's five)
        fighter.pts = fighter.landed = fighter.missed = fighter.clinches = 0
        fighter.actions = fighter.kd_scored = fighter.deducted = 0
        fighter.fouled_round = fighter.end_extra = 0
        if fighter.kd_counts:  # (an empty list is kept: most rounds have no knockdown)
            fighter.kd_counts = []
        alarm, two, three = fighter.thr
        against = fighter.against  # a line for each round fought
        if number > 1:
            two -= against[-1]
            three -= against[-1]
            if number > 2:
                three -= against[-2]
        fighter.alarm = min(alarm, two, three) - 5
    deal(state, number)
    aggressor = state.aggressor = round_aggressor(state, number)
    mode = state.referee_errors
    if mode == "per_round" or (mode == "once" and number == 1):
        fouls.referee_error(state)
    red_margin, blue_margin = red.margin, blue.margin
    red.style = ratings.choose_style(state, red, red_margin) if red.either else red.card_style
    blue.style = ratings.choose_style(state, blue, blue_margin) if blue.either else blue.card_style
    text = f"Round {number}: {aggressor.name} comes out as the aggressor"
    clock.ev(state, "bell", aggressor.side, text)
    ratings.choose_strategies(state, red_margin, blue_margin)
    red_cf = ratings.round_traits(state, red) if red.round_trait else 0
    blue_cf = ratings.round_traits(state, blue) if blue.round_trait else 0
    red.cf_round += red_cf
    blue.cf_round += blue_cf
    ratings.set_cfs(state)
    return red_cf, blue_cf


def deal(state: BoutState, number: int):
    """The round deck: the whole deck shuffled every two rounds and split in two; the
    round clock at 0:00."""
    if number % 2 == 1:
        state.full = shuffled(state.rng)
        state.deck = state.full[:ROUND_CARDS]
    else:
        state.deck = state.full[ROUND_CARDS:]
    state.i = state.returned = state.tick = 0


def round_aggressor(state: BoutState, number: int) -> Fighter:
    """The higher AGG; equal AGGs: round 1's rule, later the last winner, else the last
    aggressor (``ratings.aggressor_for_round``)."""
    if state.higher_agg is not None:
        return state.higher_agg
    if number > 1:
        return state.last_winner or state.aggressor
    return ratings.aggressor_for_round(state)


def totals(state: BoutState) -> list:
    """Each judge's [red, blue] total."""
    one, two, three = state.cards  # three judges
    return [
        [sum(map(_RED, one)), sum(map(_BLUE, one))],
        [sum(map(_RED, two)), sum(map(_BLUE, two))],
        [sum(map(_RED, three)), sum(map(_BLUE, three))],
    ]


_RED = itemgetter(0)
_BLUE = itemgetter(1)
_NAME = itemgetter("name")


def result(state: BoutState) -> BoutResult:
    """The result: the method, the round and time, the cards and the record."""
    judges_totals = totals(state)
    end = state.bout_end
    rnd = state.rnd if state.rnd > 1 else 1  # (0: the bout ended before the first bell)
    if end is None:
        winner, method = decision_from_totals(judges_totals)
        time = "3:00"
    else:
        winner, method, between = end
        if not between and method not in (TD, TDRAW) and len(state.round_stats) < state.rnd:
            state.round_stats.append(stats_line(state))
        time = state.events[-1]["clock"]  # the stoppage's event's (between rounds: 3:00)
        if method in (TD, TDRAW):
            if len(state.cards[0]) < rnd:
                # score the partial round (even if nothing much happened)
                end_of_round(state)
                judges_totals = totals(state)
            if method == TD:
                winner, _dec = decision_from_totals(judges_totals)
                if winner is None:
                    method = TDRAW
            else:
                winner = None
    red, blue = state.red, state.blue
    # the fields in ``BoutResult``'s order
    return BoutResult(
        "titlebout",  # ruleset
        0,  # seed (``simulate`` sets it)
        state.rounds,  # scheduled_rounds
        winner,
        method,
        rnd,  # round
        time,
        list(map(_NAME, state.judges)),  # judges
        state.cards,  # scorecards
        state.knockdowns,
        state.injuries,
        state.fouls,
        state.round_stats,  # rounds
        state.events,
        [],  # fighters
        {  # details
            "referee": state.ref.copy(),
            "doctor": state.officials["doctor"],
            "corners": state.corners,
            "judges": state.judges,
            "endurance": {"red": red.end, "blue": blue.end},
            "fatigued": {"red": red.fatigued, "blue": blue.fatigued},
            "damage_points": {"red": red.damage, "blue": blue.damage},
            "ratings": {"red": card_rating(red.card), "blue": card_rating(blue.card)},
            "strategies": state.strategies_log,
            "referee_errors": state.errors_log,
            "totals": judges_totals,
        },
    )
