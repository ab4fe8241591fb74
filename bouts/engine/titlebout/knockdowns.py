"""Scoring events, TKO checks and the towel, knockdowns and knockouts, killer-instinct
runs. Plain functions of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from ..result import KO, TKO
from . import clock, cuts, incidents, ratings, tables, tko
from .deck import C_KD, C_KD2, C_KDC, C_KOR
from .state import DISCRETION, BoutState, Fighter, RoundOver, finish
from .tables import KDKO_POINTS, R5F, R5H, RK, RK110


# --- knockdowns -----------------------------------------------------------------------
def kd_check(state: BoutState, attacker: Fighter, counter: bool) -> int:
    """A knockdown check. Returns the points scored (4, 5, 6; 0 if a slip), and sets
    ``state.next`` (control) as the result says."""
    defender = attacker.opp
    card = clock.draw_need(state)
    row = card[C_KD2] if (defender.kd_counts or defender.carry) else card[C_KD]
    res = tables.kdko(row, defender.kd1)
    pts = KDKO_POINTS[res]
    near = False  # a near knockdown (K, K1-10 or *)
    if res >= RK110:  # K, K1-10 or *: he may go down (the codes' order)
        near = True
        if res == RK:
            return knockdown(state, attacker, counter)
        if res == RK110:
            if clock.draw_need(state)[C_KD] <= 10:
                return knockdown(state, attacker, counter)
            defender.kd_temp = max(defender.kd_temp, defender.kd2)
            ratings.refresh(state, defender)
        elif clock.draw_need(state)[C_KD] == 1:  # RSTAR
            return knockdown(state, attacker, counter)
        # K1-10 or * and he stays up: 6 (the reference's reading)
        if state.near_knockdown_ki:
            pts = 5  # the option: a 5-point punch that starts a KI run (an invention)
    if attacker.hand == 3:
        pts -= 1
    tko.score(state, attacker, pts, f"lands a heavy shot that hurts {defender.name}", "hurt")
    if counter or pts < 5:
        if counter:
            state.next = attacker if pts >= 4 else None
        return pts
    if res == R5H:
        state.next = attacker
    elif res == R5F or (near and state.near_knockdown_ki):
        start_ki(state, attacker)
    return pts


def knockdown(state: BoutState, attacker: Fighter, counter: bool) -> int:
    """``attacker`` has knocked his opponent down: the three-knockdown rule, saved by the
    bell, the knockout check (``knockout_check``), else the count, the TKO check, KD2,
    back to center and the KI run."""
    defender = attacker.opp
    opt = state.opt
    if opt["three_knockdown"] and len(defender.kd_counts) + 1 >= 3:
        text = (
            f"{defender.name} is down for the third time in the round: "
            "the three-knockdown rule ends it"
        )
        record_knockdown(
            state, attacker, defender, 0, 0, clock.ev(state, "knockdown", defender.side, text)
        )
        finish(state, attacker, TKO)
    if state.i >= len(state.deck) and opt["saved_by_bell"]:
        text = f"{defender.name} goes down as the round ends: saved by the bell!"
        time = clock.ev(state, "knockdown", defender.side, text)
        attacker.pts += 6
        record_knockdown(state, attacker, defender, 9, 9, time)
        raise RoundOver
    knockout_check(state, attacker, defender)
    count = clock.draw_need(state)[C_KDC]
    if count == 1 and state.error == tables.ERR_FLASH and not state.flash_used:
        state.flash_used = True
        text = f"{defender.name} goes down but the referee rules it a slip"
        clock.ev(state, "referee", defender.side, text)
        state.next = attacker
        return 0
    shown = max(count, 8) if opt["mandatory_eight"] else count
    flash = " (a flash knockdown)" if count == 1 else ""
    text = f"{attacker.name} drops {defender.name}! Up at {shown}{flash}"
    record_knockdown(
        state, attacker, defender, count, shown, clock.ev(state, "knockdown", defender.side, text)
    )
    pts = 6 - (1 if attacker.hand == 3 else 0)
    attacker.pts += pts
    tko.freeze_check(state, attacker)
    tko.tko_check(state, defender)
    if state.timing:
        clock.remove_cards(state, 3 if opt["mandatory_eight"] else tables.COUNT_CARDS[count])
    defender.kd_temp = max(defender.kd_temp, defender.kd2)
    ratings.refresh(state, defender)
    if state.discretion:
        discretion(state, attacker, defender, count)
    if state.traits_on and "head_case" in defender.traits and clock.aux_rn(state) <= 10:
        text = f"{defender.name} spits out his mouthpiece and refuses to go on"
        clock.ev(state, "trait", defender.side, text)
        finish(state, attacker, TKO)
    state.trapper = None
    if counter and state.ki_left and state.ki_side is defender:
        state.ki_left = 0  # the counter knockdown ends his run: the tables turn
    start_ki(state, attacker)
    return pts


def knockout_check(state: BoutState, attacker: Fighter, defender: Fighter):
    """The KO column of the KD/KO table on the KOR card (K1-10 and * on another card):
    out, the bout is over."""
    res = tables.kdko(clock.draw_need(state)[C_KOR], defender.ko)
    out = res == tables.RK
    if res == tables.RK110:
        out = clock.draw_need(state)[C_KOR] <= 10
    elif res == tables.RSTAR:
        out = clock.draw_need(state)[C_KOR] == 1
    if out:
        attacker.pts += 6
        text = f"{attacker.name} knocks {defender.name} out!"
        record_knockdown(
            state, attacker, defender, 10, 10, clock.ev(state, "ko", attacker.side, text)
        )
        finish(state, attacker, KO)


def record_knockdown(
    state: BoutState, attacker: Fighter, defender: Fighter, count: int, shown: int, time: str
):
    """A knockdown on the record: the count he took (``kd_counts``), one scored by
    ``attacker``, and the result's row with the count shown, at ``time`` (its event's)."""
    defender.kd_counts.append(count)
    attacker.kd_scored += 1
    state.knockdowns.append(
        {"round": state.rnd, "time": time, "fighter": defender.side, "count": shown}
    )


def discretion(state: BoutState, attacker: Fighter, defender: Fighter, count: int):
    """Referee's discretion after a knockdown (option, not in the book; RULES.md): he
    may wave it off when the fallen fighter has taken a beating. RN 1-20 at or below
    the chance stops it; the chance rises with the count, a second knockdown in the
    round, fatigue and the points taken this round."""
    chance = DISCRETION[state.ref["stoppage"]]
    if count >= 6:
        chance += 2
    if len(defender.kd_counts) >= 2:
        chance += 4
    if defender.fatigued:
        chance += 2
    if attacker.pts >= 15:
        chance += 2
    if clock.rn20(state) <= chance:
        clock.ev(
            state,
            "tko",
            attacker.side,
            f"{defender.name} beats the count on unsteady legs and the "
            f"referee waves it off: {attacker.name} wins by TKO",
        )
        finish(state, attacker, TKO)


# --- killer instinct ------------------------------------------------------------------
def end_ki(state: BoutState):
    """After a killer-instinct run: an E fighter who was boxing goes back to his boxer's
    KP; cuts and injuries held back by the KI-timing option are checked."""
    fighter = state.ki_side
    state.ki_side = None
    if fighter.card_style == "E" and fighter.style == "B":
        ratings.refresh(state, fighter)
    if state.pending:
        pending, state.pending = state.pending, []
        for kind, who in pending:
            if kind == "cut":
                cuts.cut_check(state, who)
            else:
                incidents.injury(state, who)


def start_ki(state: BoutState, attacker: Fighter):
    """A killer-instinct run of ``attacker.ki`` actions (not cumulative)."""
    if state.ki_left > 0:
        state.next = attacker
        return  # KI is not cumulative
    state.ki_left = attacker.ki
    state.ki_side = attacker
    state.trapper = None
    state.next = attacker
    if attacker.card_style == "E" and attacker.style == "B":
        ratings.refresh(state, attacker)  # he slugs during the run (full KP)
    clock.ev(
        state,
        "killer",
        attacker.side,
        f"{attacker.name} goes for the finish (killer instinct {attacker.ki})",
    )
