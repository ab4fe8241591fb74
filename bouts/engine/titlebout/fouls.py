"""Fouls, warnings and penalties, Anger Issues, the referee's errors. Plain functions
of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from ..result import DQ
from . import clock, cuts, tables
from .state import BoutState, Fighter, finish


# --- fouls ----------------------------------------------------------------------------
def foul_check(state: BoutState, attacker: Fighter):
    """FOUL as the action's RN: the Foul Table by foul rating, with the referee's modifier."""
    rn = clock.check_rn(state)
    tol = "very_lenient" if state.error == tables.ERR_MISSES else state.tolerance
    kind = FOUL_KINDS[tol][state.classic][attacker.card["foul"]][rn]
    if kind != tables.FOUL_NONE:
        foul(state, attacker, kind)


def foul_kinds(mod: int, table: dict) -> dict:
    """The Foul Table by foul rating for the card's RN before the referee's modifier
    ``mod``: RN + ``mod``, held to 1-80, looked up in ``table`` (``tables.FOUL_BY_RN``
    for an era)."""
    out = {}
    for rating, kinds in table.items():
        out[rating] = tuple(kinds[min(80, max(1, rn + mod))] for rn in range(81))
    return out


# referee's approach -> classic era? -> foul rating -> the foul called (or
# ``tables.FOUL_NONE``) by the card's RN 0-80: the modifier and the bounds made once
FOUL_KINDS = {
    tol: {classic: foul_kinds(row[0], tables.FOUL_BY_RN[classic]) for classic in (False, True)}
    for tol, row in tables.REF_APPROACH.items()
}


def foul(state: BoutState, attacker: Fighter, kind: int):
    """A foul of type ``kind`` (``tables.FOUL_TYPES``) found on the Foul Table: the
    referee's errors, Stealth Fouler, the warning, a head butt's cuts."""
    if state.error == tables.ERR_LOWBLOW and kind == 0:
        text = f"{attacker.name} lands low but the referee blames the trunks"
        time = clock.ev(state, "foul", attacker.side, text)
        state.fouls.append(foul_row(state, attacker, "low blow", "none", 0, time))
        return
    if state.traits_on and "stealth_fouler" in attacker.traits and clock.aux_rn(state) <= 40:
        text = f"{attacker.name} fouls on the sly and gets away with it"
        time = clock.ev(state, "foul", attacker.side, text)
        state.fouls.append(foul_row(state, attacker, tables.FOUL_TYPES[kind], "none", 0, time))
        return
    clock.stop_clock(state, 2)
    warn(state, attacker, tables.FOUL_TYPES[kind], tables.FOUL_TEXT[kind])
    if kind == 1 and state.opt["head_butt"]:
        who = tables.head_butt(clock.aux_rn(state))
        src = ("butt", state.rnd, None, attacker.side)
        if who in (1, 3):
            butt_cut(state, attacker.opp, src)
        if who in (2, 3):
            butt_cut(state, attacker, src)


def butt_cut(state: BoutState, fighter: Fighter, src):
    """A cut check from a head butt (its source remembered for the DQ/TD rules)."""
    src = (src[0], src[1], state.i + 1, src[3])
    cuts.cut_check(state, fighter, src)


def foul_row(
    state: BoutState, fighter: Fighter, kind: str, penalty: str, points: int, time: str
) -> dict:
    """A foul's row in the result, at ``time``: its event's (``clock.ev``)."""
    return {
        "round": state.rnd,
        "time": time,
        "fighter": fighter.side,
        "type": kind,
        "penalty": penalty,
        "points": points,
    }


def warn(state: BoutState, attacker: Fighter, kind: str, text: str):
    """A warning; past the referee's tolerance, a point or a disqualification."""
    defender = attacker.opp
    attacker.warnings += 1
    _mod, allowed, point_top = tables.REF_APPROACH[state.tolerance]
    penalty = "warning"
    if attacker.points_lost or attacker.warnings > allowed:
        if (
            state.error == tables.ERR_FAVORS
            and not state.favor_used
            and attacker.rating > defender.rating
        ):
            state.favor_used = True
        elif clock.aux_rn(state) <= point_top:
            penalty = "point"
        else:
            penalty = "disqualification"
    if penalty == "warning":
        time = clock.ev(state, "foul", attacker.side, f"The referee warns {attacker.name} {text}")
        state.fouls.append(foul_row(state, attacker, kind, "warning", 0, time))
        if state.opt["foul_damage"]:
            defender.end_extra += 2
    elif penalty == "point":
        attacker.points_lost += 1
        attacker.deducted += 1
        time = clock.ev(
            state, "foul", attacker.side, f"The referee takes a point from {attacker.name} {text}"
        )
        state.fouls.append(foul_row(state, attacker, kind, "point", 1, time))
        if state.opt["foul_damage"]:
            defender.end_extra += 4
    else:
        time = clock.ev(
            state, "dq", attacker.side, f"The referee disqualifies {attacker.name} {text}"
        )
        state.fouls.append(foul_row(state, attacker, kind, "disqualification", 0, time))
        finish(state, defender, DQ)
    if state.error == tables.ERR_SPOTLIGHT:
        attacker.end_extra -= 2
        defender.end_extra -= 2
        if state.ki_left and not state.ki_timing:
            state.ki_left -= 1
    if state.traits_on:
        defender.fouled_round += 1
        defender.fouled_total += 1
        if "anger_issues" in defender.traits and (
            defender.fouled_round == 2 or defender.fouled_total == 5
        ):
            anger(state, defender)


def anger(state: BoutState, fighter: Fighter):
    """Anger Issues: he retaliates and loses a point; the third time, a DQ."""
    opponent = fighter.opp
    fighter.anger += 1
    rn = clock.aux_rn(state)
    kind = (
        "low blow"
        if rn <= 50
        else "head butt"
        if rn <= 70
        else "eye gouging"
        if rn <= 78
        else "biting"
    )
    fighter.points_lost += 1
    fighter.deducted += 1
    text = f"{fighter.name} loses his temper and retaliates ({kind}): the referee takes a point"
    time = clock.ev(state, "foul", fighter.side, text)
    state.fouls.append(foul_row(state, fighter, kind, "point", 1, time))
    if kind == "head butt":
        butt_cut(state, opponent, ("butt", state.rnd, None, fighter.side))
    if fighter.anger >= 3:
        state.fouls[-1]["penalty"] = "disqualification"
        clock.ev(
            state,
            "dq",
            fighter.side,
            f"{fighter.name} has lost control once too often: disqualified",
        )
        finish(state, opponent, DQ)


# --- the referee's errors -------------------------------------------------------------
def referee_error(state: BoutState):
    """The Referee Error table: once before the fight (method 1) or before each round
    (method 2). Mistakes marked (1) happen once a fight."""
    mode = state.referee_errors
    if mode == "off" or (mode == "once" and state.rnd > 1):
        return
    err = tables.referee_error(state.ref["level"], clock.aux_rn(state))
    if (
        (err == tables.ERR_FLASH and state.flash_used)
        or (err == tables.ERR_SLIP and state.slip_used)
        or (err in (tables.ERR_EARLY, tables.ERR_LATE) and err in state.errors_used)
    ):
        err = tables.ERR_NONE
    state.errors_used.add(err)
    state.error = err
    if err != tables.ERR_NONE:
        state.errors_log.append({"round": state.rnd, "error": tables.ERROR_NAMES[err]})
    if err == tables.ERR_EARLY:
        del state.deck[-5:]
    elif err == tables.ERR_LATE:
        state.deck.extend(clock.any_card(state) for _ in range(5))
