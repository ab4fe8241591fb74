"""The four actions, counterpunches, control checks and the round loop. Plain functions
of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from . import clock, cuts, fouls, incidents, knockdowns, tables, tko
from .deck import C_CF, C_CUT, C_POS, C_RESULT, C_RN, CENTER, FOUL, INJURY, POSITIONS
from .state import ERR_SLIP, VERB, BoutState, Fighter, RoundOver


# --- the four actions -----------------------------------------------------------------
def land(state: BoutState, attacker: Fighter, counter: bool = False) -> int:
    """A punch lands (``counter``: a counterpunch): the RESULT card's hitting value (less
    a point with a hurt hand: ``hurt_hand``), its event, then the TKO check (from the
    alarm's points) and, on a Cut card, a cut check (held back in a KI run with KI
    timing). Returns the points."""
    card = clock.draw_need(state)
    pts, punch, text = attacker.hit[card[C_RESULT]]
    if attacker.hand:
        pts, text = hurt_hand(attacker, card)
    attacker.landed += 1
    attacker.pts += pts
    if pts:
        if counter:
            text = f" {VERB[counter]} {punch} ({pts})"
        clock.ev(state, "punch", attacker.side, attacker.name + text)
    defender = attacker.opp
    if attacker.pts >= defender.alarm:
        tko.tko_check(state, defender)
    if card[C_CUT]:
        if state.ki_timing and state.ki_left:
            state.pending.append(("cut", defender))
        else:
            cuts.cut_check(state, defender)
    return pts


def hurt_hand(attacker: Fighter, card: tuple) -> tuple:
    """A punch (its RESULT ``card``) with a hurt hand (1: 2-point punches, 2: 3-point
    punches, 3 broken: all lose a point): its points and its event text."""
    pts, punch, text = attacker.hit[card[C_RESULT]]
    hand = attacker.hand
    if hand == 3 or (hand == 1 and pts == 2) or (hand == 2 and pts == 3):
        return pts - 1, f" lands {punch} ({pts - 1})"
    return pts, text


def word(state: BoutState, attacker: Fighter, rn: int):
    """An action's card with a word for its RN ``rn`` (FOUL, INJURY, Special). In a KI
    run with KI timing an injury (option on) waits for the run's end; the rest are
    ignored."""
    if state.ki_side is attacker and state.ki_timing:  # an action of his KI run
        if rn == INJURY and state.injuries_on:
            state.pending.append(("injury", attacker))
        return
    if rn == FOUL:
        fouls.foul_check(state, attacker)
    elif rn == INJURY:
        incidents.injury(state, attacker)
    else:
        incidents.special(state, attacker)


def clinch(state: BoutState, attacker: Fighter):
    """A clinch: the Constant Clincher's fifth costs a point; advanced clinching."""
    attacker.clinches += 1
    if state.traits_on and attacker.clinches == 5 and "constant_clincher" in attacker.traits:
        attacker.points_lost += 1
        attacker.deducted += 1
        text = f"The referee takes a point from {attacker.name} for constant holding"
        time = clock.ev(state, "foul", attacker.side, text)
        state.fouls.append(fouls.foul_row(state, attacker, "excessive holding", "point", 1, time))
    if state.advanced_clinching:
        extra = tables.clinch_cards(state.tolerance, clock.aux_rn(state))
        clock.remove_cards(state, extra)
        if extra == 3:
            clock.ev(state, "referee", None, "The referee calls time and warns both for holding")
            fouls.warn(state, attacker, "excessive holding", "for excessive holding")
            fouls.warn(state, attacker.opp, "excessive holding", "for excessive holding")


def slip(state: BoutState, attacker: Fighter):
    """Referee error: a slip called a knockdown (once a fight)."""
    defender = attacker.opp
    state.slip_used = True
    attacker.kd_scored += 1
    defender.kd_counts.append(0)
    text = f"{defender.name} slips and the referee calls it a knockdown"
    time = clock.ev(state, "knockdown", defender.side, text)
    state.knockdowns.append(
        {
            "round": state.rnd,
            "time": time,
            "fighter": defender.side,
            "count": 8,
            "ruling": "a slip called a knockdown",
        }
    )
    attacker.pts += 4


def knockdown_punch(state: BoutState, attacker: Fighter):
    """An action's RN up to KP: a knockdown check (a pinned fighter's frees him)."""
    attacker.landed += 1
    if state.trapper is attacker.opp:
        state.trapper = None
    knockdowns.kd_check(state, attacker, False)


def counter(state: BoutState, cp: Fighter):
    """After a miss in the CPD range, the opponent's (``cp``) counterpunch on the next
    card of the round deck (none: no counter; a word: no counter)."""
    i = state.i
    try:
        card = state.deck[i]
    except IndexError:
        return
    state.i = i + 1
    rn = card[C_RN]
    if rn >= 0:
        counter_rn(state, cp, rn)


def move(state: BoutState, attacker: Fighter):
    """Ring movement: the next card's ring position; a pinned fighter moves back to ring
    center without a card. Nothing in a KI run with KI timing."""
    defender = attacker.opp
    if state.ki_side is attacker and state.ki_timing:  # an action of his KI run
        return
    if state.trapper is defender:
        state.trapper = None  # the trapped fighter moves back to ring center
        return
    if state.error == ERR_SLIP and not state.slip_used:
        slip(state, attacker)
        return
    pos = clock.draw_need(state)[C_POS]
    if pos == CENTER:
        if state.trapper is not None:
            state.trapper = None
            clock.ev(state, "move", attacker.side, "The fighters are back in ring center")
    else:
        state.trapper = attacker
        clock.ev(
            state,
            "move",
            attacker.side,
            f"{attacker.name} pins {defender.name} on {POSITIONS[pos]}",
        )


def counter_rn(state: BoutState, cp: Fighter, rn: int):
    """The counterpunch's card drawn, its RN ``rn`` (0-80): a knockdown check, a punch,
    or nothing; a 4+ point counter takes control, a 5+ one ends the attacker's KI run."""
    attacker = cp.opp
    if rn <= cp.kp:
        cp.landed += 1
        pts = knockdowns.kd_check(state, cp, True)
    elif rn <= cp.pl + cp.cp:
        pts = land(state, cp, True)
    else:
        return
    if state.ki_left and state.ki_side is attacker and pts >= 5:
        state.ki_left = 0
        state.trapper = None
        state.next = cp
        clock.ev(state, "counter", cp.side, f"{cp.name}'s counter turns the tide!")
    elif pts >= 4:
        state.next = cp
    else:
        state.next = None
        state.first = cp


# --- a round --------------------------------------------------------------------------
def control(state: BoutState, first: Fighter) -> Fighter | None:
    """Control checks, alternating from ``first``, until a fighter's CF covers the card's
    CF: he is in control. The fighter who has pinned the other has +2 CF against a
    slugger, +1 against a boxer. No card left: the round is over, None (an answer, not
    ``RoundOver``: most rounds end here, and an exception raised and caught costs more
    than ``play``'s check of the answer)."""
    second = first.opp
    first_cf = first.cf
    second_cf = second.cf
    trapper = state.trapper
    if trapper is not None:  # (most checks: nobody pinned)
        if trapper is first:
            first_cf += 2 if second.style == "S" else 1
        else:
            second_cf += 2 if first.style == "S" else 1
    deck = state.deck
    i = state.i
    try:
        while True:
            if deck[i][C_CF] <= first_cf:
                state.i = i + 1
                return first
            if deck[i + 1][C_CF] <= second_cf:
                state.i = i + 2
                return second
            i += 2
    except IndexError:
        state.i = len(deck)
        return None


def play_round(state: BoutState):
    """The round: nobody pinned, no killer-instinct run, the aggressor checks first;
    then its actions (``play``)."""
    state.next = state.ki_side = state.trapper = None
    state.ki_left = 0
    state.first = state.aggressor
    play(state)


def play(state: BoutState):
    """The round's actions until its deck runs out. Who acts: the fighter the last
    action gave the next action (``state.next``: a 5H knockdown check, a counter of 4
    points or more), else the one in a killer-instinct run, else the winner of the
    control checks (``control``: the aggressor checks first, then whoever acted last).
    His action's card (none left: the round is over) and its RN on his card: a word
    (``word``; with injuries off an INJURY card's RESULT stands for its RN, but in a KI
    run with KI timing); up to KP a knockdown check (``knockdown_punch``); up to PL + the
    opponent's DEF a punch lands (``land``); up to PM a miss, in the CPD range the
    opponent's counterpunch (``counter``); up to the clinch top a clinch (``clinch``);
    above, ring movement (``move``). A run that is over has its own checks
    (``knockdowns.end_ki``)."""
    deck = state.deck  # extended in place when time stops; not replaced in a round
    try:
        while True:
            # an action of a killer-instinct run counts it down: the runner's, given
            # the action or acting while it has actions left (a run over has ended:
            # the winner of control checks is never in one)
            attacker = state.next
            if attacker is not None:
                state.next = None
                if state.ki_side is attacker:
                    state.ki_left -= 1
            elif state.ki_left > 0:
                attacker = state.ki_side
                state.ki_left -= 1
            else:
                attacker = control(state, state.first)
                if attacker is None:  # no card left for a control check: the round is over
                    return
            attacker.actions += 1
            i = state.i
            try:
                card = deck[i]
            except IndexError:  # the round deck is used up: the round is over
                return
            state.i = i + 1
            state.first = attacker
            rn = card[C_RN]
            if rn < 0 and (
                rn != INJURY or state.injuries_on or (state.ki_side is attacker and state.ki_timing)
            ):
                word(state, attacker, rn)
            else:
                if rn < 0:
                    rn = card[C_RESULT]
                defender = attacker.opp
                if rn <= attacker.kp:
                    knockdown_punch(state, attacker)
                elif rn <= attacker.pl + defender.deff:
                    land(state, attacker)
                elif rn <= attacker.pm:
                    attacker.missed += 1
                    if rn >= attacker.cpd:
                        counter(state, defender)
                elif rn <= attacker.clinch:
                    clinch(state, attacker)
                else:
                    move(state, attacker)
            if state.ki_side is not None and state.ki_left <= 0:
                knockdowns.end_ki(state)
    except RoundOver:
        pass
