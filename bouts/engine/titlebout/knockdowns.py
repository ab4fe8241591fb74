"""Scoring events, TKO checks and the towel, knockdowns and knockouts, killer-instinct
runs. Plain functions of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from ..result import KO, TKO
from . import clock, cuts, incidents, ratings, tables, tko
from .deck import C_KD, C_KD2, C_KDC, C_KOR
from .state import DISCRETION, BoutState, Fighter, RoundOver, finish
from .tables import KDKO_POINTS, R5F, R5H, RK, RK110


# --- knockdowns -----------------------------------------------------------------------
def kd_check(state: BoutState, att: Fighter, counter: bool) -> int:
    """A knockdown check. Returns the points scored (4, 5, 6; 0 if a slip), and sets
    ``state.next`` (control) as the result says."""
    dfn = att.opp
    card = clock.draw_need(state)
    row = card[C_KD2] if (dfn.kd_counts or dfn.carry) else card[C_KD]
    res = tables.kdko(row, dfn.kd1)
    pts = KDKO_POINTS[res]
    near = False  # a near knockdown (K, K1-10 or *)
    if res >= RK110:  # K, K1-10 or *: he may go down (the codes' order)
        near = True
        if res == RK:
            return knockdown(state, att, counter)
        if res == RK110:
            if clock.draw_need(state)[C_KD] <= 10:
                return knockdown(state, att, counter)
            dfn.kd_temp = max(dfn.kd_temp, dfn.kd2)
            ratings.refresh(state, dfn)
        elif clock.draw_need(state)[C_KD] == 1:  # RSTAR
            return knockdown(state, att, counter)
        # K1-10 or * and he stays up: 6 (the reference's reading)
        if state.near_knockdown_ki:
            pts = 5  # the option: a 5-point punch that starts a KI run (an invention)
    if att.hand == 3:
        pts -= 1
    tko.score(state, att, pts, f"lands a heavy shot that hurts {dfn.name}", "hurt")
    if counter or pts < 5:
        if counter:
            state.next = att if pts >= 4 else None
        return pts
    if res == R5H:
        state.next = att
    elif res == R5F or (near and state.near_knockdown_ki):
        start_ki(state, att)
    return pts


def knockdown(state: BoutState, att: Fighter, counter: bool) -> int:
    """``att`` has knocked his opponent down: the three-knockdown rule, saved by the
    bell, the knockout check (``knockout_check``), else the count, the TKO check, KD2,
    back to center and the KI run."""
    dfn = att.opp
    opt = state.opt
    if opt["three_knockdown"] and len(dfn.kd_counts) + 1 >= 3:
        text = (
            f"{dfn.name} is down for the third time in the round: the three-knockdown rule ends it"
        )
        record_knockdown(state, att, dfn, 0, 0, clock.ev(state, "knockdown", dfn.side, text))
        finish(state, att, TKO)
    if state.i >= len(state.deck) and opt["saved_by_bell"]:
        text = f"{dfn.name} goes down as the round ends: saved by the bell!"
        time = clock.ev(state, "knockdown", dfn.side, text)
        att.pts += 6
        record_knockdown(state, att, dfn, 9, 9, time)
        raise RoundOver
    knockout_check(state, att, dfn)
    count = clock.draw_need(state)[C_KDC]
    if count == 1 and state.error == tables.ERR_FLASH and not state.flash_used:
        state.flash_used = True
        text = f"{dfn.name} goes down but the referee rules it a slip"
        clock.ev(state, "referee", dfn.side, text)
        state.next = att
        return 0
    shown = max(count, 8) if opt["mandatory_eight"] else count
    flash = " (a flash knockdown)" if count == 1 else ""
    text = f"{att.name} drops {dfn.name}! Up at {shown}{flash}"
    record_knockdown(state, att, dfn, count, shown, clock.ev(state, "knockdown", dfn.side, text))
    pts = 6 - (1 if att.hand == 3 else 0)
    att.pts += pts
    tko.freeze_check(state, att)
    tko.tko_check(state, dfn)
    if state.timing:
        clock.remove_cards(state, 3 if opt["mandatory_eight"] else tables.COUNT_CARDS[count])
    dfn.kd_temp = max(dfn.kd_temp, dfn.kd2)
    ratings.refresh(state, dfn)
    if state.discretion:
        discretion(state, att, dfn, count)
    if state.traits_on and "head_case" in dfn.traits and clock.aux_rn(state) <= 10:
        text = f"{dfn.name} spits out his mouthpiece and refuses to go on"
        clock.ev(state, "trait", dfn.side, text)
        finish(state, att, TKO)
    state.trapper = None
    if counter and state.ki_left and state.ki_side is dfn:
        state.ki_left = 0  # the counter knockdown ends his run: the tables turn
    start_ki(state, att)
    return pts


def knockout_check(state: BoutState, att: Fighter, dfn: Fighter):
    """The KO column of the KD/KO table on the KOR card (K1-10 and * on another card):
    out, the bout is over."""
    res = tables.kdko(clock.draw_need(state)[C_KOR], dfn.ko)
    out = res == tables.RK
    if res == tables.RK110:
        out = clock.draw_need(state)[C_KOR] <= 10
    elif res == tables.RSTAR:
        out = clock.draw_need(state)[C_KOR] == 1
    if out:
        att.pts += 6
        text = f"{att.name} knocks {dfn.name} out!"
        record_knockdown(state, att, dfn, 10, 10, clock.ev(state, "ko", att.side, text))
        finish(state, att, KO)


def record_knockdown(
    state: BoutState, att: Fighter, dfn: Fighter, count: int, shown: int, time: str
):
    """A knockdown on the record: the count he took (``kd_counts``), one scored by
    ``att``, and the result's row with the count shown, at ``time`` (its event's)."""
    dfn.kd_counts.append(count)
    att.kd_scored += 1
    state.knockdowns.append({"round": state.rnd, "time": time, "fighter": dfn.side, "count": shown})


def discretion(state: BoutState, att: Fighter, dfn: Fighter, count: int):
    """Referee's discretion after a knockdown (option, not in the book; RULES.md): he
    may wave it off when the fallen fighter has taken a beating. RN 1-20 at or below
    the chance stops it; the chance rises with the count, a second knockdown in the
    round, fatigue and the points taken this round."""
    chance = DISCRETION[state.ref["stoppage"]]
    if count >= 6:
        chance += 2
    if len(dfn.kd_counts) >= 2:
        chance += 4
    if dfn.fatigued:
        chance += 2
    if att.pts >= 15:
        chance += 2
    if clock.rn20(state) <= chance:
        clock.ev(
            state,
            "tko",
            att.side,
            f"{dfn.name} beats the count on unsteady legs and the "
            f"referee waves it off: {att.name} wins by TKO",
        )
        finish(state, att, TKO)


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


def start_ki(state: BoutState, att: Fighter):
    """A killer-instinct run of ``att.ki`` actions (not cumulative)."""
    if state.ki_left > 0:
        state.next = att
        return  # KI is not cumulative
    state.ki_left = att.ki
    state.ki_side = att
    state.trapper = None
    state.next = att
    if att.card_style == "E" and att.style == "B":
        ratings.refresh(state, att)  # he slugs during the run (full KP)
    clock.ev(
        state, "killer", att.side, f"{att.name} goes for the finish (killer instinct {att.ki})"
    )
