"""The four actions, counterpunches, control checks and the round loop. Plain functions
of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from . import clock, cuts, fouls, incidents, knockdowns, tables, tko
from .deck import C_CF, C_POS, C_RESULT, C_RN, CENTER, FOUL, INJURY, POSITIONS, ROUND_CARDS
from .state import CLOCKS, ERR_SLIP, VERB, BoutState, Fighter, RoundOver


# --- the four actions -----------------------------------------------------------------
def land(state: BoutState, att: Fighter, counter: bool = False) -> int:
    """A punch lands: the RESULT card's hitting value (less a point with a hurt hand:
    ``hurt_hand``), its event, the TKO check, a cut check."""
    card = clock.draw_need(state)
    pts, punch, text = att.hit[card[C_RESULT]]
    if att.hand:
        pts, text = hurt_hand(att, card)
    att.landed += 1
    att.pts += pts
    if pts:
        if counter:
            text = f" {VERB[counter]} {punch} ({pts})"
        clock.ev(state, "punch", att.side, att.name + text)
    punch_rules(state, att.opp, card, state.i)
    if counter:
        state.next = None
    return pts


def punch_rules(state: BoutState, dfn: Fighter, card: tuple, i: int) -> int:
    """After a punch (its RESULT ``card``; ``i`` the next card's index, returned as the
    checks leave it): the TKO check (from the alarm's points), a cut check on a Cut card
    (held back in a KI run with KI timing)."""
    state.i = i
    if dfn.opp.pts >= dfn.alarm:
        tko.tko_check(state, dfn)
    if card[3]:  # C_CUT
        if state.ki_timing and state.ki_left:
            state.pending.append(("cut", dfn))
        else:
            cuts.cut_check(state, dfn)
    return state.i


def hurt_hand(att: Fighter, card: tuple) -> tuple:
    """A punch (its RESULT ``card``) with a hurt hand (1: 2-point punches, 2: 3-point
    punches, 3 broken: all lose a point): its points and its event text."""
    pts, punch, text = att.hit[card[C_RESULT]]
    hand = att.hand
    if hand == 3 or (hand == 1 and pts == 2) or (hand == 2 and pts == 3):
        return pts - 1, f" lands {punch} ({pts - 1})"
    return pts, text


def word(state: BoutState, att: Fighter, rn: int, in_ki: bool):
    """A card with a word for its RN (FOUL, INJURY, Special)."""
    if in_ki and state.ki_timing:
        hold_back(state, att, rn)
        return
    if rn == FOUL:
        fouls.foul_check(state, att)
    elif rn == INJURY:
        incidents.injury(state, att)
    else:
        incidents.special(state, att)


def clinch_rules(state: BoutState, att: Fighter):
    """After a clinch: the Constant Clincher's fifth costs a point; advanced clinching."""
    if state.traits_on and att.clinches == 5 and "constant_clincher" in att.traits:
        att.points_lost += 1
        att.deducted += 1
        text = f"The referee takes a point from {att.name} for constant holding"
        time = clock.ev(state, "foul", att.side, text)
        state.fouls.append(fouls.foul_row(state, att, "excessive holding", "point", 1, time))
    if state.advanced_clinching:
        extra = tables.clinch_cards(state.tolerance, clock.aux_rn(state))
        clock.remove_cards(state, extra)
        if extra == 3:
            clock.ev(state, "referee", None, "The referee calls time and warns both for holding")
            fouls.warn(state, att, "excessive holding", "for excessive holding")
            fouls.warn(state, att.opp, "excessive holding", "for excessive holding")


def slip(state: BoutState, att: Fighter):
    """Referee error: a slip called a knockdown (once a fight)."""
    dfn = att.opp
    state.slip_used = True
    att.kd_scored += 1
    dfn.kd_counts.append(0)
    text = f"{dfn.name} slips and the referee calls it a knockdown"
    time = clock.ev(state, "knockdown", dfn.side, text)
    state.knockdowns.append(
        {
            "round": state.rnd,
            "time": time,
            "fighter": dfn.side,
            "count": 8,
            "ruling": "a slip called a knockdown",
        }
    )
    att.pts += 4


def action(state: BoutState, att: Fighter):
    """The attacker is in control: the RN decides his action. (``play_round`` runs the
    same steps inline; this is the single-action entry point.)"""
    att.actions += 1
    in_ki = state.ki_left > 0 and state.ki_side is att
    if in_ki:
        state.ki_left -= 1
    i = state.i
    if i >= len(state.deck):
        raise RoundOver
    state.i = i + 1
    card = state.deck[i]
    rn = card[1]  # C_RN
    state.next = None
    state.first = att
    if rn < 0:
        if rn != INJURY or state.injuries_on or (in_ki and state.ki_timing):
            word(state, att, rn, in_ki)
            return
        rn = card[C_RESULT]  # INJURY with injuries off: the RESULT is the RN
    act(state, att, rn, in_ki)


def act(state: BoutState, att: Fighter, rn: int, in_ki: bool):
    """What the attacker's RN (1-80) calls for: a knockdown check, a punch landed or
    missed, a clinch or ring movement."""
    dfn = att.opp
    if rn <= att.kp:
        att.landed += 1
        if state.trapper is dfn:
            state.trapper = None
        knockdowns.kd_check(state, att, False)
        return
    if rn <= att.pl + dfn.deff:
        land(state, att)
        return
    if rn <= att.pm:
        att.missed += 1
        if rn >= att.cpd:
            counter(state, dfn, in_ki)
        return
    if rn <= att.clinch:
        att.clinches += 1
        clinch_rules(state, att)
        return
    move(state, att, in_ki)


def move(state: BoutState, att: Fighter, in_ki: bool):
    """Ring movement: the next card's ring position; a pinned fighter moves back to ring
    center without a card."""
    dfn = att.opp
    if in_ki and state.ki_timing:
        return
    if state.trapper is dfn:
        state.trapper = None  # the trapped fighter moves back to ring center
        return
    if state.error == ERR_SLIP and not state.slip_used:
        slip(state, att)
        return
    pos = clock.draw_need(state)[C_POS]
    if pos == CENTER:
        if state.trapper is not None:
            state.trapper = None
            clock.ev(state, "move", att.side, "The fighters are back in ring center")
    else:
        state.trapper = att
        clock.ev(state, "move", att.side, f"{att.name} pins {dfn.name} on {POSITIONS[pos]}")


def counter(state: BoutState, cp: Fighter, in_ki: bool):
    """The opponent's counterpunch after a miss in the CPD range."""
    i = state.i
    try:  # only a card of the round deck (none: no counter)
        card = state.deck[i]
    except IndexError:
        return
    state.i = i + 1
    rn = card[C_RN]
    if rn >= 0:
        counter_rn(state, cp, rn, in_ki)


def counter_rn(state: BoutState, cp: Fighter, rn: int, in_ki: bool):
    """The counterpunch's card drawn, its RN ``rn`` (0-80): a knockdown check, a punch,
    or nothing; a 4+ point counter takes control, a 5+ one ends the attacker's KI run."""
    att = cp.opp
    if rn <= cp.kp:
        cp.landed += 1
        pts = knockdowns.kd_check(state, cp, True)
    elif rn <= cp.pl + cp.cp:
        pts = land(state, cp, True)
    else:
        return
    if state.ki_left and state.ki_side is att and pts >= 5:
        state.ki_left = 0
        state.trapper = None
        state.next = cp
        clock.ev(state, "counter", cp.side, f"{cp.name}'s counter turns the tide!")
    elif pts >= 4:
        state.next = cp
    else:
        state.next = None
        state.first = cp


def hold_back(state: BoutState, att: Fighter, rn: int):
    """A word in a KI run with KI timing: an injury (option on) waits for the run's end;
    the rest are ignored."""
    if rn == INJURY and state.injuries_on:
        state.pending.append(("injury", att))


# --- a round --------------------------------------------------------------------------
def event_templates(rnd: int) -> tuple:
    """A round's punch and move events for red and blue, without clock and text: an
    event in ``play_round`` is a copy of one with the clock and the text stored."""
    return tuple(
        {"round": rnd, "clock": "", "kind": kind, "side": side, "text": ""}
        for kind in ("punch", "move")
        for side in ("red", "blue")
    )


# rounds 0-15, made once (the templates are never changed, only copied)
EVENT_TEMPLATES = tuple(event_templates(rnd) for rnd in range(16))


def control(state: BoutState, first: Fighter) -> Fighter:
    """Control checks, alternating, until a fighter's CF covers the card's CF."""
    f = first
    deck = state.deck
    trapper = state.trapper
    while True:
        i = state.i
        if i >= len(deck):
            raise RoundOver
        state.i = i + 1
        cf = f.cf
        if trapper is f:
            cf += 2 if f.opp.style == "S" else 1
        if deck[i][C_CF] <= cf:
            return f
        f = f.opp


def play_round(state: BoutState):
    """The round, action by action: a control check, then the action of the fighter in
    control. ``control``, ``action``, ``land`` and ``move`` are the same rules one action
    at a time; this loop writes them out for the usual cases (a call an action costs
    more than the speed goal allows: bench/README.md) and calls the rule functions for
    the rest: the same draws, checks and events in the same order."""
    # ``actor`` makes the next control check (``state.first``: the aggressor, then whoever
    # acted last; only ``counter`` changes it otherwise) and acts when he wins it
    actor = state.aggressor
    opponent = actor.opp
    state.next = None
    state.ki_left = 0
    state.ki_side = None
    state.trapper = trapper = None  # ``state.trapper``, read back after a rule function ran
    deck = state.deck  # extended in place by stop_clock; never replaced mid-round
    events = state.events
    rnd = state.rnd
    red = state.red
    try:
        punch_red, punch_blue, move_red, move_blue = EVENT_TEMPLATES[rnd]
    except IndexError:
        punch_red, punch_blue, move_red, move_blue = event_templates(rnd)
    ki_timing = state.ki_timing
    injuries_on = state.injuries_on
    traits_on = state.traits_on
    advanced_clinching = state.advanced_clinching
    # the referee calls the next move a slip (his error this round, once a fight)
    slip_on = False
    if state.error == ERR_SLIP and not state.slip_used:
        slip_on = True
    bell = ROUND_CARDS  # the round clock stops at the bell (3:00)
    # ``chain``: ``actor`` acts without a control check (``state.next`` or a KI run,
    # ``in_ki`` when it is his run); after such an action, or one that ran a rule
    # function, the next actor or a KI run's end is looked at; most actions are neither
    # (a punch, a miss, a clinch, a move) and go straight to the next control check. The next card
    # is the local ``i``: ``state.i`` is written before a rule function reads it and read
    # back after it has run.
    chain = in_ki = False
    i = state.i
    try:
        while True:
            # control checks, alternating from ``actor`` (see ``control``); the pinning
            # fighter has +2 CF against a slugger, +1 against a boxer
            try:
                if trapper is None:  # nobody pinned (most checks): the CFs as they are
                    while True:  # ``i`` ends at the card after the one he won it on
                        if deck[i][0] <= actor.cf:  # C_CF
                            i += 1
                            break
                        if deck[i + 1][0] <= opponent.cf:
                            # in control: he checks first next time
                            actor, opponent = opponent, actor
                            i += 2
                            break
                        i += 2
                else:
                    actor_cf = actor.cf
                    opponent_cf = opponent.cf
                    if trapper is actor:
                        actor_cf += 2 if opponent.style == "S" else 1
                    elif trapper is opponent:
                        opponent_cf += 2 if actor.style == "S" else 1
                    while True:  # (the same checks)
                        if deck[i][0] <= actor_cf:
                            i += 1
                            break
                        if deck[i + 1][0] <= opponent_cf:
                            actor, opponent = opponent, actor
                            i += 2
                            break
                        i += 2
            except IndexError:  # the round deck is used up: the round is over
                state.i = len(deck)
                return
            while True:  # ``actor``'s action, then those taken without a control check
                # --- the action (``action``) ---
                actor.actions += 1
                # the round is over when its deck is (the IndexError)
                try:
                    card = deck[i]
                except IndexError:
                    state.i = i
                    return
                i += 1  # (``state.i`` is written only before a rule function reads it)
                rn = card[1]  # C_RN
                if rn <= actor.kp:  # a knockdown check, or a word (a word's RN is below 0)
                    state.i = i
                    if rn >= 0:
                        actor.landed += 1
                        if trapper is opponent:
                            state.trapper = None
                        knockdowns.kd_check(state, actor, False)
                    # a word (``word``, written out)
                    elif in_ki and ki_timing:  # held back in a run (an injury: pending)
                        hold_back(state, actor, rn)
                    elif rn == FOUL:
                        fouls.foul_check(state, actor)
                        # a foul names no actor, starts no run and frees no pin (after a
                        # control check no run is on): straight to the next check
                        if not chain:
                            i = state.i
                            break
                    elif rn != INJURY:
                        incidents.special(state, actor)
                    elif injuries_on:
                        incidents.injury(state, actor)
                    else:  # INJURY with injuries off: the RESULT is the RN (``act``: rare)
                        state.first = actor
                        act(state, actor, card[2], in_ki)
                        actor = state.first
                        opponent = actor.opp
                    i = state.i
                elif rn <= actor.pl + opponent.deff:
                    # --- ``land(state, actor)`` ---
                    try:
                        card = deck[i]
                        i += 1
                    except IndexError:  # (``clock.draw_need``: the round deck is used up)
                        card = clock.any_card(state)
                    points, _, text = actor.hit[card[2]]  # C_RESULT
                    if actor.hand:
                        points, text = hurt_hand(actor, card)
                    actor.landed += 1
                    total = actor.pts + points
                    actor.pts = total
                    if points:
                        # the round clock (``clock.ev``): never back, never past 3:00
                        shown = i - state.returned
                        if shown > state.tick:
                            if shown > bell:
                                shown = bell
                            state.tick = shown
                        else:
                            shown = state.tick
                        # the event: a copy of the side's template (``event_templates``)
                        event = (punch_red if actor is red else punch_blue).copy()
                        event["clock"] = CLOCKS[shown]
                        event["text"] = actor.name + text
                        events.append(event)
                    if total >= opponent.alarm or card[3]:  # C_CUT
                        i = punch_rules(state, opponent, card, i)
                    # a TKO check or a cut names no actor, starts no run and frees no pin
                    if not chain:
                        break  # (most punches)
                elif rn <= actor.pm:
                    actor.missed += 1
                    if rn >= actor.cpd:
                        # the counterpunch (``counter``): the next card of the round deck
                        # (none: no counter); most have an RN for no counter
                        try:
                            rn = deck[i][1]  # C_RN
                            i += 1
                        except IndexError:
                            rn = -1
                        if rn >= 0 and (rn <= opponent.kp or rn <= opponent.pl + opponent.cp):
                            state.first = actor
                            state.i = i
                            counter_rn(state, opponent, rn, in_ki)
                            i = state.i
                            actor = state.first
                            opponent = actor.opp
                        elif not chain:
                            break
                    elif not chain:
                        break
                elif rn <= actor.clinch:
                    actor.clinches += 1
                    if advanced_clinching or (traits_on and actor.clinches == 5):
                        state.i = i
                        clinch_rules(state, actor)
                        i = state.i
                    elif not chain:
                        break
                elif in_ki and ki_timing:
                    pass
                elif trapper is opponent:
                    state.trapper = trapper = None  # the trapped fighter moves back to ring center
                    if not chain:
                        break
                elif slip_on:
                    slip_on = False  # (once a fight)
                    state.i = i
                    slip(state, actor)
                    i = state.i
                else:
                    # --- ``move(state, actor, in_ki)``: the next card's ring position ---
                    try:
                        pos = deck[i][4]  # C_POS
                        i += 1
                    except IndexError:  # (``clock.draw_need``: the round deck is used up)
                        pos = clock.any_card(state)[C_POS]
                    if pos:  # not CENTER (0)
                        state.trapper = trapper = actor
                        text = f"{actor.name} pins {opponent.name} on {POSITIONS[pos]}"
                    elif trapper is not None:
                        state.trapper = trapper = None
                        text = "The fighters are back in ring center"
                    else:
                        text = None
                    if text is not None:
                        # ``clock.ev``, written out (the round clock as for a punch)
                        shown = i - state.returned
                        if shown > state.tick:
                            if shown > bell:
                                shown = bell
                            state.tick = shown
                        else:
                            shown = state.tick
                        event = (move_red if actor is red else move_blue).copy()
                        event["clock"] = CLOCKS[shown]
                        event["text"] = text
                        events.append(event)
                    if not chain:
                        break
                # --- a rule function ran, or ``actor`` acted without a control check ---
                if state.ki_side is not None and state.ki_left <= 0:
                    state.i = i
                    knockdowns.end_ki(state)
                    i = state.i
                trapper = state.trapper
                next_actor = state.next
                if next_actor is not None:
                    state.next = None  # taken (only a rule run in this action sets it again)
                    actor = next_actor
                    opponent = actor.opp
                    in_ki = state.ki_left > 0 and state.ki_side is actor
                    if in_ki:
                        state.ki_left -= 1  # an action of his run (after a control check: none)
                elif state.ki_left > 0:
                    actor = state.ki_side
                    opponent = actor.opp
                    in_ki = True
                    state.ki_left -= 1
                else:
                    chain = in_ki = False
                    break  # to the control check
                chain = True
    except RoundOver:
        pass
