"""End of round, between rounds, the bout from bell to result. Plain functions of the
``BoutState`` (``s``) and its fighters."""

from __future__ import annotations

from math import floor
from operator import itemgetter

from ..result import RTD, TD, TDRAW, BoutResult, decision_from_totals
from . import actions, clock, cuts, fouls, ratings, tables
from .cards import card_rating
from .deck import DECK, RNS, ROUND_CARDS, shuffled
from .scoring import score_round
from .state import CLOCKS, NUMS, BoutOver, BoutState, Fighter, finish
from .tables import DAMAGE_MAY


# --- end of round, between rounds, the bout -------------------------------------------
def end_of_round(s: BoutState) -> int:
    """The judges' cards, the END lost, the round's line, Front Runner. Returns the
    judges' verdict: the number of cards for red minus those for blue."""
    r, b = s.red, s.blue
    rp, bp = r.pts, b.pts
    # scoring: the aggressiveness option's +1 (for judging only), the Check card
    jr, jb = rp, bp
    if s.aggressiveness:
        if s.aggressor is r:
            if rp > bp:
                jr += 1
        elif bp > rp:
            jb += 1
    # the Check card is drawn every round (the same draw) but looked at only on a Check
    # round or after a knockdown or a deduction (``score_round``); the other rounds' three
    # cards are the chart's alike (no call, no card)
    x = s.rng.random()
    rd, bd = r.deducted, b.deducted
    diff = jr - jb
    if r.kd_scored or b.kd_scored or rd or bd:
        chart = None
    elif diff > 0:
        chart = _AHEAD[diff] if diff < 40 else (10, 8)
    elif diff < 0:
        chart = _BEHIND[-diff] if diff > -40 else (8, 10)
    else:
        chart = (10, 10)
    if chart is not None:
        red_pts, blue_pts = chart
        j1, j2, j3 = s.cards
        j1.append([red_pts, blue_pts])
        j2.append([red_pts, blue_pts])
        j3.append([red_pts, blue_pts])
        won = 3 if red_pts > blue_pts else -3 if blue_pts > red_pts else 0
    else:
        # a Check round's, a knockdown's or a deduction's cards: ``score_round`` with
        # the Check card from the draw ``x``
        deck = s.deck
        used = s.i
        if used > len(deck):
            used = len(deck)
        mark_card = (deck or DECK)[floor(x * (used if used > 1 else 1))]
        ctx = s.ctx
        if s.judge_leanings:  # (the aggressor and styles are read only by the leanings)
            ctx["aggressor"] = s.aggressor.side
            ctx["styles"] = {"red": r.style, "blue": b.style}
            judges = s.judges
        else:
            judges = None
        sc = score_round(jr, jb, r.kd_scored, b.kd_scored, mark_card, judges, ctx)
        if rd or bd:
            for card in sc:
                card[0] -= rd
                card[1] -= bd
        # three cards to three judges (unrolled: a loop over zip costs more)
        one, two, three = sc
        j1, j2, j3 = s.cards
        j1.append(one)
        j2.append(two)
        j3.append(three)
        red_pts, blue_pts = one
        won = 1 if red_pts > blue_pts else -1 if blue_pts > red_pts else 0
        red_pts, blue_pts = two
        won += 1 if red_pts > blue_pts else -1 if blue_pts > red_pts else 0
        red_pts, blue_pts = three
        won += 1 if red_pts > blue_pts else -1 if blue_pts > red_pts else 0
    if rp > bp:
        s.last_winner = r
        r.margin += 1
        b.margin -= 1
    elif bp > rp:
        s.last_winner = b
        b.margin += 1
        r.margin -= 1
    # endurance: the points against, never below 0
    missing = s.missing_punches
    loss = bp + r.end_extra + r.end_drain
    if missing:
        loss += r.missed
    end = r.end - loss
    r.end = end if end > 0 else 0
    r.against.append(bp)
    loss = rp + b.end_extra + b.end_drain
    if missing:
        loss += b.missed
    end = b.end - loss
    b.end = end if end > 0 else 0
    b.against.append(rp)
    # the round's line (``stats_line``, written out: once a round)
    rk, bk = r.kd_counts, b.kd_counts
    rm, bm = r.missed, b.missed
    s.round_stats.append(
        {
            "round": s.rnd,
            "red": {
                "points": rp,
                "landed": r.landed,
                "thrown": r.landed + rm,
                "missed": rm,
                "damage": rp,
                "clinches": r.clinches,
                "knockdowns": len(rk) if rk else 0,
                "deducted": rd,
                "end": r.end,
                "cut_damage": r.damage,
                "style": r.style,
                "strategy": r.strategy,
                "actions": r.actions,
            },
            "blue": {
                "points": bp,
                "landed": b.landed,
                "thrown": b.landed + bm,
                "missed": bm,
                "damage": bp,
                "clinches": b.clinches,
                "knockdowns": len(bk) if bk else 0,
                "deducted": bd,
                "end": b.end,
                "cut_damage": b.damage,
                "style": b.style,
                "strategy": b.strategy,
                "actions": b.actions,
            },
        }
    )
    # ``clock.ev``, inlined (after the bell: 3:00; a technical decision's partial round:
    # the clock where it stopped)
    n = s.tick
    if n != ROUND_CARDS:  # (after the bell the clock shows 3:00 whatever was used)
        n = s.i - s.returned
        if n <= s.tick:
            n = s.tick
        elif n > ROUND_CARDS:
            n = s.tick = ROUND_CARDS
        else:
            s.tick = n
    rnd = s.rnd
    s.events.append(
        {
            "round": rnd,
            "clock": CLOCKS[n],
            "kind": "round",
            "side": None,
            "text": f"End of round {NUMS[rnd]}: {r.name} {NUMS[rp]} points, {b.name} {NUMS[bp]}",
        }
    )
    if s.front_runners:
        front_runner(r, won > 0, won < 0)
        front_runner(b, won < 0, won > 0)
    return won


# (red, blue) when every judge's card is the chart's, by points ahead (red's; blue's:
# ``_BEHIND``) 0-39; None: a Check (``score_round``). 40+ points: 10-8.
_AHEAD = tuple(
    None if n == 0 or n <= 6 or 16 <= n <= 18 else (10, 9) if n <= 15 else (10, 8)
    for n in range(40)
)
_BEHIND = tuple(None if c is None else (c[1], c[0]) for c in _AHEAD)


def front_runner(f: Fighter, won: bool, lost: bool):
    """Front Runner: -2 CF after three rounds lost in a row; a round won +1, two in a
    row back to normal."""
    if won:
        f.won_streak += 1
        f.lost_streak = 0
    elif lost:
        f.lost_streak += 1
        f.won_streak = 0
    if f.lost_streak >= 3:
        f.front = -2
    elif won:
        f.front = 0 if f.won_streak >= 2 else min(1, f.front + 1)


def stats_line(s: BoutState) -> dict:
    """The round's line in the result (``rounds``): one display per fighter, written
    out twice (once a round: two calls of a per-fighter helper cost more). For a round
    stopped inside; ``end_of_round`` writes it out too (kept in step with it)."""
    r, b = s.red, s.blue
    rk, bk = r.kd_counts, b.kd_counts  # (mostly empty: no ``len`` call then)
    return {
        "round": s.rnd,
        "red": {
            "points": r.pts,
            "landed": r.landed,
            "thrown": r.landed + r.missed,
            "missed": r.missed,
            "damage": r.pts,
            "clinches": r.clinches,
            "knockdowns": len(rk) if rk else 0,
            "deducted": r.deducted,
            "end": r.end,
            "cut_damage": r.damage,
            "style": r.style,
            "strategy": r.strategy,
            "actions": r.actions,
        },
        "blue": {
            "points": b.pts,
            "landed": b.landed,
            "thrown": b.landed + b.missed,
            "missed": b.missed,
            "damage": b.pts,
            "clinches": b.clinches,
            "knockdowns": len(bk) if bk else 0,
            "deducted": b.deducted,
            "end": b.end,
            "cut_damage": b.damage,
            "style": b.style,
            "strategy": b.strategy,
            "actions": b.actions,
        },
    }


def between_rounds(s: BoutState):
    """Fatigue, conditions, carry-over, corner work, the referee and doctor, the rib."""
    random = s.rng.random
    discretion = s.discretion
    for f in (s.red, s.blue):
        o = f.opp
        if f.end <= 0 and not f.fatigued:
            if s.traits_on and "second_wind" in f.traits and not f.second_wind_used:
                f.second_wind_used = True
                if clock.aux_rn(s) <= 45:
                    f.end = 15
                    clock.ev(s, "trait", f.side, f"{f.name} finds his second wind")
            if f.end <= 0:
                f.fatigued = True
                clock.ev(s, "fatigue", f.side, f"{f.name} is fatigued")
        f.cf_round = f.cf_next
        f.def_round = f.def_next
        f.cf_next = f.def_next = 0
        if o.pts >= 25:
            res = tables.condition(f.ko, clock.aux_rn(s))
            if res:
                clock.ev(s, "condition", f.side, f"{f.name} {tables.CONDITION_TEXT[res]}")
            if res >= 1:
                f.cf_round -= 1
            if res == 2:
                f.def_round += 2
            if res == 3:
                f.def_bout += 2
        # the carry-over check's RN (``clock.aux_rn``, inlined): drawn every round
        rn = RNS[floor(random() * 100.0)]
        while rn < 0:
            rn = RNS[floor(random() * 100.0)]
        if f.kd_counts:
            f.carry = tables.carry_over(f.kd_counts, rn)
            if f.carry:
                clock.ev(s, "carryover", f.side, f"{f.name} is still feeling the knockdown")
        else:
            f.carry = False
        f.kd_temp = 0
        if f.slugger_round:
            f.slugger_round = False
        if f.locations:
            cuts.corner_work(s, f)
        if f.damage >= DAMAGE_MAY and f.damage > f.damage_checked:
            cuts.damage_check(s, f)
        if discretion and f.fatigued and len(f.against) >= 2:
            beating = f.against[-1] + f.against[-2]
            if beating >= 28 and clock.rn20(s) <= (4 if beating < 38 else 8):
                clock.ev(
                    s,
                    "retire",
                    f.side,
                    f"{f.name}'s corner has seen enough and retires him on his stool",
                )
                finish(s, o, RTD, True)
        if f.rib and clock.aux_rn(s) <= tables.RIB_STOP:
            clock.ev(s, "retire", f.side, f"{f.name} cannot go on with the rib injury")
            finish(s, o, RTD, True)
    # self-doubts: restored if ahead after three rounds
    if s.rnd == 3 and s.traits_on:
        for f in (s.red, s.blue):
            if f.self_doubt and f.margin > 0:
                f.self_doubt = False
                f.cf_trait += 1


def run(s: BoutState) -> BoutResult:
    """The bout, round by round, and its result. The bell of each round (written out
    here, its only caller): the fighters' counts, the round deck, the aggressor, the
    referee's error, styles, strategies and traits, the CFs."""
    try:
        ratings.pre_bout(s)
        r, b = s.red, s.blue
        both = (r, b)
        rounds = s.rounds
        # read once a bout: what every round calls or reads
        rng = s.rng
        higher_agg = s.higher_agg
        mode = s.referee_errors
        # the referee's error before rounds 1 .. this one: every round, the first, none
        error_until = rounds if mode == "per_round" else 1 if mode == "once" else 0
        traits_by_round = r.round_trait or b.round_trait
        r_either, b_either = r.either, b.either
        r_style, b_style = r.card_style, b.card_style
        add_event = s.events.append
        choose_strategies = ratings.choose_strategies
        set_cfs = ratings.set_cfs
        play_round = actions.play_round
        for rnd in range(1, rounds + 1):
            s.rnd = rnd
            # each fighter's counts for the round, and the opponent's points this round
            # from which a TKO or the towel is possible (``alarm``: the lowest threshold
            # less the last rounds' points, less the towel's five), one body for both.
            # ``against`` has a line for each round fought: rnd - 1 here (no ``len``)
            for f in both:
                f.pts = f.landed = f.missed = f.clinches = f.actions = 0
                if f.kd_counts:  # (an empty list is kept: most rounds have no knockdown)
                    f.kd_counts = []
                f.kd_scored = f.deducted = f.fouled_round = f.end_extra = 0
                alarm, two, three = f.thr
                if rnd > 1:
                    hist = f.against
                    h1 = hist[-1]
                    two -= h1
                    three -= h1
                    if rnd > 2:
                        three -= hist[-2]
                if two < alarm:
                    alarm = two
                if three < alarm:
                    alarm = three
                f.alarm = alarm - 5
            # the round deck: the whole deck shuffled every two rounds and split in two
            if rnd % 2 == 1:
                cards = shuffled(rng)
                s.full = cards
                s.deck = cards[:ROUND_CARDS]
            else:
                s.deck = s.full[ROUND_CARDS:]
            s.i = s.returned = s.tick = 0
            if higher_agg is not None:
                agg = s.aggressor = higher_agg
            elif rnd > 1:  # equal AGGs (``aggressor_for_round``): the last winner, else
                agg = s.aggressor = s.last_winner or s.aggressor  # the last aggressor
            else:
                agg = s.aggressor = ratings.aggressor_for_round(s)
            if rnd <= error_until:
                fouls.referee_error(s)
            mr, mb = r.margin, b.margin
            r.style = ratings.choose_style(s, r, mr) if r_either else r_style
            b.style = ratings.choose_style(s, b, mb) if b_either else b_style
            # ``clock.ev`` at 0:00: the deal reset the clock and nothing since drew a card
            add_event(
                {
                    "round": rnd,
                    "clock": CLOCKS[0],
                    "kind": "bell",
                    "side": agg.side,
                    "text": f"Round {NUMS[rnd]}: {agg.name} comes out as the aggressor",
                }
            )
            choose_strategies(s, mr, mb)
            # the round's trait CF (``round_traits``), taken off again at the bell
            if traits_by_round:
                rc = ratings.round_traits(s, r) if r.round_trait else 0
                bc = ratings.round_traits(s, b) if b.round_trait else 0
                if rc:
                    r.cf_round += rc
                if bc:
                    b.cf_round += bc
            else:
                rc = bc = 0
            set_cfs(s)
            play_round(s)
            s.tick = ROUND_CARDS  # the bell (``clock.bell``): 3:00 until the next round
            if rc:
                r.cf_round -= rc
            if bc:
                b.cf_round -= bc
            end_of_round(s)
            if s.one_more_round and s.one_more_round[1] <= rnd < rounds:
                cuts.technical(s, "the doctor's extra round is over")
            if rnd < rounds:
                between_rounds(s)
    except BoutOver:
        pass
    return result(s)


def totals(s: BoutState) -> list:
    """Each judge's [red, blue] total."""
    one, two, three = s.cards  # three judges (no comprehension: it costs more)
    return [
        [sum(map(_RED, one)), sum(map(_BLUE, one))],
        [sum(map(_RED, two)), sum(map(_BLUE, two))],
        [sum(map(_RED, three)), sum(map(_BLUE, three))],
    ]


_RED = itemgetter(0)
_BLUE = itemgetter(1)
_NAME = itemgetter("name")


def result(s: BoutState) -> BoutResult:
    """The result: the method, the round and time, the cards and the record."""
    tots = totals(s)
    end = s.bout_end
    rnd = s.rnd if s.rnd > 1 else 1  # (0: the bout ended before the first bell)
    if end is None:
        winner, method = decision_from_totals(tots)
        time = "3:00"
    else:
        winner, method, between = end
        if not between and method not in (TD, TDRAW) and len(s.round_stats) < s.rnd:
            s.round_stats.append(stats_line(s))
        time = clock.clock(s)  # the time of the stoppage's event (between rounds: 3:00)
        if method in (TD, TDRAW):
            if len(s.cards[0]) < rnd:
                # score the partial round (even if nothing much happened)
                end_of_round(s)
                tots = totals(s)
            if method == TD:
                winner, _dec = decision_from_totals(tots)
                if winner is None:
                    method = TDRAW
            else:
                winner = None
    r, b = s.red, s.blue
    # the fields in ``BoutResult``'s order, without keywords (cheaper to call)
    return BoutResult(
        "titlebout",  # ruleset
        0,  # seed (``simulate`` sets it)
        s.rounds,  # scheduled_rounds
        winner,
        method,
        rnd,  # round
        time,
        list(map(_NAME, s.judges)),  # judges
        s.cards,  # scorecards
        s.knockdowns,
        s.injuries,
        s.fouls,
        s.round_stats,  # rounds
        s.events,
        [],  # fighters
        {  # details
            "referee": s.ref.copy(),
            "doctor": s.officials["doctor"],
            "corners": s.corners,
            "judges": s.judges,
            "endurance": {"red": r.end, "blue": b.end},
            "fatigued": {"red": r.fatigued, "blue": b.fatigued},
            "damage_points": {"red": r.damage, "blue": b.damage},
            "ratings": {"red": card_rating(r.card), "blue": card_rating(b.card)},
            "strategies": s.strategies_log,
            "referee_errors": s.errors_log,
            "totals": tots,
        },
    )
