"""Injuries and special actions from the cards. Plain functions of the ``BoutState``
(``s``) and its fighters."""

from __future__ import annotations

from ..result import TKO
from . import clock, fouls, ratings, tables, tko
from .deck import C_INJURY, C_RESULT, C_SPECIAL
from .state import BoutState, Fighter, RoundOver, finish


def injury(s: BoutState, att: Fighter):
    """INJURY as the action's RN: the next card's injury description (most say none)."""
    card = clock.check_card(s)
    idx = card[C_INJURY]
    if idx == 0:
        return
    clock.stop_clock(s, 2)
    key, who, pts, text = tables.INJURIES[idx]
    dfn = att.opp
    f = att if who == "attacker" else dfn
    if key != "clash" and key in f.injuries:
        return
    if key in tables.HAND_LEVEL:
        level = tables.HAND_LEVEL[key]
        if f.hand >= level:
            return
    line = text.format(a=att.name, d=dfn.name)
    f.injuries.append(key)
    s.injuries.append(
        {
            "round": s.rnd,
            "time": clock.clock(s),
            "fighter": f.side,
            "type": "injury",
            "location": key,
            "severity": tables.INJURY_SEVERITY[key],
            "text": line,
        }
    )
    clock.ev(s, "injury", f.side, line)
    if pts:
        att.landed += 1  # the damaging blow is a punch thrown and landed
        tko.score(s, att, pts, "lands the damaging blow", "punch")
    if key == "clash":
        f.cf_bout -= 1
    elif key == "rib":
        f.rib = True
    elif key in ("leg", "ankle"):
        if key == "ankle" and clock.aux_rn(s) > tables.ANKLE_OCCURS:
            clock.ev(s, "injury", f.side, f"{f.name} shakes the ankle off")
            return
        f.cf_round -= 1
        if f.style == "B":
            f.style = "S"
            f.slugger_round = True
            ratings.set_cfs(s)
    elif key == "nose":
        f.end_drain += 2
    elif key in tables.HAND_LEVEL:
        f.hand = tables.HAND_LEVEL[key]
    elif key == "jaw":
        if clock.aux_rn(s) <= tables.JAW_STOP:
            clock.ev(s, "stoppage", f.side, f"The broken jaw ends it for {f.name}")
            finish(s, att, TKO)
        f.cf_bout -= 2
    elif key == "shoulder":
        if clock.aux_rn(s) <= tables.SHOULDER_STOP:
            clock.ev(s, "stoppage", f.side, f"{f.name} cannot lift his arm: the bout is stopped")
            finish(s, f.opp, TKO)
        f.cf_bout -= 1
    ratings.refresh(s, f)


def special(s: BoutState, att: Fighter):
    """Special as the action's RN: the next card's special action."""
    card = clock.check_card(s)
    idx = card[C_SPECIAL]
    if idx == 0:
        return
    key, stops, restore, text = tables.SPECIALS[idx]
    dfn = att.opp
    line = text.format(a=att.name, d=dfn.name)
    clock.ev(s, "special", None, line[0].upper() + line[1:])
    if stops:
        clock.stop_clock(s, 2)
        att.end_extra -= restore
        dfn.end_extra -= restore
        if key == "ropes":
            s.trapper = None
    elif key == "bite":
        att.points_lost += 1
        att.deducted += 1
        s.fouls.append(fouls.foul_row(s, att, "biting", "point", 1))
    elif key == "complaint":
        att.landed += 1
        tko.score(s, att, 3, "punishes the complaint with a hook")
    elif key == "wild":
        for f in (att, dfn):
            pts, punch, _text = f.hit[clock.draw_need(s)[C_RESULT]]
            f.landed += 1
            tko.score(s, f, pts, f"lands {punch} in the exchange")
    elif key == "break":
        clock.stop_clock(s, 1)
        fouls.warn(s, att, "hitting on the break", "for hitting on the break")
    elif key == "bell":
        raise RoundOver
