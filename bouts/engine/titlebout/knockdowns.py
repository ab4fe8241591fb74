"""Scoring events, TKO checks and the towel, knockdowns and knockouts, killer-instinct
runs. Plain functions of the ``BoutState`` (``s``) and its fighters."""

from __future__ import annotations

from ..result import KO, TKO
from . import clock, cuts, incidents, ratings, tables, tko
from .deck import C_KD, C_KD2, C_KDC, C_KOR
from .state import DISCRETION, BoutState, Fighter, RoundOver, finish
from .tables import KDKO, KDKO_POINTS, R5F, R5H, RK, RK110


# --- knockdowns -----------------------------------------------------------------------
def kd_check(s: BoutState, att: Fighter, counter: bool) -> int:
    """A knockdown check. Returns the points scored (4, 5, 6; 0 if a slip), and sets
    ``s.next`` (control) as the result says."""
    dfn = att.opp
    card = clock.draw_need(s)
    row = card[C_KD2] if (dfn.kd_counts or dfn.carry) else card[C_KD]
    col = dfn.kd1  # ``tables.kdko``, inlined: the column clamped to 0-10
    if col > 10:
        col = 10
    elif col < 0:
        col = 0
    res = KDKO[row][col]
    pts = KDKO_POINTS[res]
    near = False  # a near knockdown (K, K1-10 or *)
    if res >= RK110:  # K, K1-10 or *: he may go down (the codes' order)
        near = True
        if res == RK:
            return knockdown(s, att, counter)
        if res == RK110:
            if clock.draw_need(s)[C_KD] <= 10:
                return knockdown(s, att, counter)
            dfn.kd_temp = max(dfn.kd_temp, dfn.kd2)
            ratings.refresh(s, dfn)
        elif clock.draw_need(s)[C_KD] == 1:  # RSTAR
            return knockdown(s, att, counter)
        # K1-10 or * and he stays up: 6 (the reference's reading)
        if s.near_knockdown_ki:
            pts = 5  # the option: a 5-point punch that starts a KI run (an invention)
    if att.hand == 3:
        pts -= 1
    tko.score(s, att, pts, f"lands a heavy shot that hurts {dfn.name}", "hurt")
    if counter or pts < 5:
        if counter:
            s.next = att if pts >= 4 else None
        return pts
    if res == R5H:
        s.next = att
    elif res == R5F or (near and s.near_knockdown_ki):
        start_ki(s, att)
    return pts


def knockdown(s: BoutState, att: Fighter, counter: bool) -> int:
    """``att`` has knocked his opponent down: the knockout check, else the count, the
    TKO check, KD2, back to center and the KI run."""
    dfn = att.opp
    opt = s.opt
    kdc_down = len(dfn.kd_counts) + 1
    if opt["three_knockdown"] and kdc_down >= 3:
        dfn.kd_counts.append(0)
        att.kd_scored += 1
        s.knockdowns.append(
            {"round": s.rnd, "time": clock.clock(s), "fighter": dfn.side, "count": 0}
        )
        clock.ev(
            s,
            "knockdown",
            dfn.side,
            f"{dfn.name} is down for the third time in the round: the three-knockdown rule ends it",
        )
        finish(s, att, TKO)
    # the knockout check
    if s.i >= len(s.deck) and opt["saved_by_bell"]:
        clock.ev(
            s, "knockdown", dfn.side, f"{dfn.name} goes down as the round ends: saved by the bell!"
        )
        dfn.kd_counts.append(9)
        att.kd_scored += 1
        att.pts += 6
        s.knockdowns.append(
            {"round": s.rnd, "time": clock.clock(s), "fighter": dfn.side, "count": 9}
        )
        raise RoundOver
    kor = clock.draw_need(s)[C_KOR]
    res = tables.kdko(kor, dfn.ko)
    out = res == tables.RK
    if res == tables.RK110:
        out = clock.draw_need(s)[C_KOR] <= 10
    elif res == tables.RSTAR:
        out = clock.draw_need(s)[C_KOR] == 1
    if out:
        att.pts += 6
        att.kd_scored += 1
        dfn.kd_counts.append(10)
        s.knockdowns.append(
            {"round": s.rnd, "time": clock.clock(s), "fighter": dfn.side, "count": 10}
        )
        clock.ev(s, "ko", att.side, f"{att.name} knocks {dfn.name} out!")
        finish(s, att, KO)
    count = clock.draw_need(s)[C_KDC]
    if count == 1 and s.error == tables.ERR_FLASH and not s.flash_used:
        s.flash_used = True
        clock.ev(s, "referee", dfn.side, f"{dfn.name} goes down but the referee rules it a slip")
        s.next = att
        return 0
    shown = max(count, 8) if opt["mandatory_eight"] else count
    dfn.kd_counts.append(count)
    att.kd_scored += 1
    s.knockdowns.append(
        {"round": s.rnd, "time": clock.clock(s), "fighter": dfn.side, "count": shown}
    )
    flash = " (a flash knockdown)" if count == 1 else ""
    clock.ev(s, "knockdown", dfn.side, f"{att.name} drops {dfn.name}! Up at {shown}{flash}")
    pts = 6 - (1 if att.hand == 3 else 0)
    att.pts += pts
    tko.freeze_check(s, att)
    tko.tko_check(s, dfn)
    if s.timing:
        clock.remove_cards(s, 3 if opt["mandatory_eight"] else tables.COUNT_CARDS[count])
    dfn.kd_temp = max(dfn.kd_temp, dfn.kd2)
    ratings.refresh(s, dfn)
    if s.discretion:
        discretion(s, att, dfn, count)
    if s.traits_on and "head_case" in dfn.traits and clock.aux_rn(s) <= 10:
        clock.ev(s, "trait", dfn.side, f"{dfn.name} spits out his mouthpiece and refuses to go on")
        finish(s, att, TKO)
    s.trapper = None
    if counter and s.ki_left and s.ki_side is dfn:
        s.ki_left = 0  # the counter knockdown ends his run: the tables turn
    start_ki(s, att)
    return pts


def discretion(s: BoutState, att: Fighter, dfn: Fighter, count: int):
    """Referee's discretion after a knockdown (option, not in the book; RULES.md): he
    may wave it off when the fallen fighter has taken a beating. RN 1-20 at or below
    the chance stops it; the chance rises with the count, a second knockdown in the
    round, fatigue and the points taken this round."""
    chance = DISCRETION[s.ref["stoppage"]]
    if count >= 6:
        chance += 2
    if len(dfn.kd_counts) >= 2:
        chance += 4
    if dfn.fatigued:
        chance += 2
    if att.pts >= 15:
        chance += 2
    if clock.rn20(s) <= chance:
        clock.ev(
            s,
            "tko",
            att.side,
            f"{dfn.name} beats the count on unsteady legs and the "
            f"referee waves it off: {att.name} wins by TKO",
        )
        finish(s, att, TKO)


# --- killer instinct ------------------------------------------------------------------
def end_ki(s: BoutState):
    """After a killer-instinct run: an E fighter who was boxing goes back to his boxer's
    KP; cuts and injuries held back by the KI-timing option are checked."""
    f = s.ki_side
    s.ki_side = None
    if f.card_style == "E" and f.style == "B":
        ratings.refresh(s, f)
    if s.pending:
        pending, s.pending = s.pending, []
        for kind, who in pending:
            if kind == "cut":
                cuts.cut_check(s, who)
            else:
                incidents.injury(s, who)


def start_ki(s: BoutState, att: Fighter):
    """A killer-instinct run of ``att.ki`` actions (not cumulative)."""
    if s.ki_left > 0:
        s.next = att
        return  # KI is not cumulative
    s.ki_left = att.ki
    s.ki_side = att
    s.trapper = None
    s.next = att
    if att.card_style == "E" and att.style == "B":
        ratings.refresh(s, att)  # he slugs during the run (full KP)
    clock.ev(s, "killer", att.side, f"{att.name} goes for the finish (killer instinct {att.ki})")
