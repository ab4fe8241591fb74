"""Cuts and swelling, accumulated damage, the referee's look and the doctor, the cut
man. Plain functions of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from ..result import DQ, TD, TDRAW, TKO
from . import clock, ratings, tables
from .state import BoutState, Fighter, finish


# --- cuts and swelling ----------------------------------------------------------------
def cut_check(state: BoutState, fighter: Fighter, source=None):
    """The Cuts and Swelling table: RN + the cut fighter's cut rating."""
    rn = clock.check_rn(state)
    idx = tables.cut_row(rn + fighter.cut_rating)
    if idx < 0:
        return
    row = tables.CUT_ROWS[idx]
    _, _, kind, loc, cf, endurance, cut_rating, defence, pl, damage_points, text = row
    entry = fighter.locations.get(loc)
    if entry is None:
        fighter.locations[loc] = [1, False, source]
        fighter.cf_bout += cf
        fighter.end_drain -= endurance
        fighter.cut_rating += cut_rating
        fighter.def_bout += defence
        fighter.pl_bout += pl
        ratings.refresh(state, fighter)
        severity = 2 if damage_points >= 3 else 1
        time = clock.ev(state, "cut", fighter.side, f"{fighter.name} suffers {text}")
        state.injuries.append(
            {
                "round": state.rnd,
                "time": time,
                "fighter": fighter.side,
                "type": kind,
                "location": loc,
                "severity": severity,
                "text": text,
            }
        )
    else:
        entry[0] += 1
        entry[1] = False
        if source:
            entry[2] = source
        clock.ev(
            state, "cut", fighter.side, f"{fighter.name}'s {loc} damage worsens (time {entry[0]})"
        )
    fighter.damage += damage_points
    if state.i >= len(state.deck) and rn != 80:
        # the last card of the round: the corner works first, then the referee looks
        # (between rounds)
        return
    if rn == 80:
        clock.ev(
            state,
            "stoppage",
            fighter.side,
            f"The referee takes one look at {fighter.name}'s face and stops the bout",
        )
        damage_stop(state, fighter, loc)
    if fighter.damage >= tables.DAMAGE_MAY:
        damage_check(state, fighter, loc)


def damage_stop(state: BoutState, fighter: Fighter, loc):
    """The bout is stopped for ``fighter``'s cuts: TKO, or a butt's cut: DQ at once, a
    technical decision later."""
    src = fighter.locations[loc][2] if loc in fighter.locations else None
    if src and src[0] == "butt":
        if src[1] == state.rnd and src[2] == state.i:
            offender = state.red if src[3] == "red" else state.blue
            clock.ev(
                state,
                "dq",
                offender.side,
                f"The cut came from an intentional butt: {offender.name} is disqualified",
            )
            finish(state, offender.opp, DQ)
        technical(state, f"the butted {loc} stops the bout")
    finish(state, fighter.opp, TKO)


def technical(state: BoutState, why: str):
    """Technical decision (or technical draw before the 5th round) on the cards."""
    clock.ev(state, "technical", None, f"The bout is stopped: {why}; it goes to the scorecards")
    finish(state, None, TD if state.rnd >= 5 else TDRAW)


def damage_check(state: BoutState, fighter: Fighter, loc=None):
    """The Accumulated Damage table, the referee's viewpoint and the doctor."""
    d = fighter.damage
    fighter.damage_checked = d
    if d >= tables.DAMAGE_STOP:
        clock.ev(
            state,
            "stoppage",
            fighter.side,
            f"{fighter.name} has taken too much damage ({d} points): the bout is stopped",
        )
        damage_stop(state, fighter, loc)
    if d < tables.DAMAGE_MUST:
        rn = clock.rn20(state)
        if rn > tables.VIEWPOINT[state.tolerance]:
            clock.ev(
                state,
                "referee",
                fighter.side,
                f"The referee looks at {fighter.name}'s damage and lets them fight on",
            )
            return
    res = tables.doctor(state.doctor, clock.rn20(state))
    if res == tables.DOCTOR_CONTINUE:
        clock.ev(
            state,
            "doctor",
            fighter.side,
            f"The doctor examines {fighter.name} and allows the bout to go on",
        )
    elif res == tables.DOCTOR_ONE_MORE:
        if state.one_more_round is None:
            state.one_more_round = (fighter.side, state.rnd + 1)
            clock.ev(
                state, "doctor", fighter.side, f"The doctor gives {fighter.name} one more round"
            )
    else:
        clock.ev(
            state,
            "doctor",
            fighter.side,
            f"The doctor stops the bout: {fighter.name} cannot continue",
        )
        damage_stop(state, fighter, loc)


# --- the cut man between rounds -------------------------------------------------------
def corner_work(state: BoutState, fighter: Fighter):
    """The cut man between rounds: each unworked cut or swelling gets an RN; two or more
    at once lower his rating a level."""
    if fighter.damage <= 0:
        return
    todo = []
    for loc, e in fighter.locations.items():
        if not e[1]:
            todo.append(loc)
    if not todo:
        return
    level = fighter.corner["cut"]
    if len(todo) > 1:
        level = tables.lower_level(level)
    for loc in todo:
        eff = tables.CORNER_BY_RN[level][clock.aux_rn(state)]  # ``tables.corner_work``
        entry = fighter.locations[loc]
        entry[1] = eff < 0
        before = fighter.damage
        damage = fighter.damage + eff
        fighter.damage = damage if damage > 0 else 0
        if eff < 0:
            clock.ev(
                state,
                "corner",
                fighter.side,
                f"{fighter.corner['name']} works on {fighter.name}'s damage ({loc}): "
                f"{before} -> {fighter.damage} points",
            )
        elif eff > 0:
            clock.ev(
                state,
                "corner",
                fighter.side,
                f"{fighter.name}'s corner makes the damage ({loc}) worse",
            )
    if fighter.damage < fighter.damage_checked:
        fighter.damage_checked = fighter.damage
