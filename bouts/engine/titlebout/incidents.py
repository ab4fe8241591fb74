"""Injuries and special actions from the cards. Plain functions of the ``BoutState``
(``s``) and its fighters."""

from __future__ import annotations

from ..result import TKO
from . import clock as K
from . import fouls as FO
from . import knockdowns as KD
from . import ratings as RA
from . import tables as T
from .deck import C_INJURY, C_RESULT, C_SPECIAL
from .state import BoutState, Fighter, RoundOver


def injury(s: BoutState, att: Fighter):
    """INJURY as the action's RN: the next card's injury description (most say none)."""
    card = K.check_card(s)
    idx = card[C_INJURY]
    if idx == 0:
        return
    K.stop_clock(s, 2)
    key, who, pts, text = T.INJURIES[idx]
    dfn = att.opp
    f = att if who == "attacker" else dfn
    if key != "clash" and key in f.injuries:
        return
    if key in T.HAND_LEVEL:
        level = T.HAND_LEVEL[key]
        if f.hand >= level:
            return
    line = text.format(a=att.name, d=dfn.name)
    f.injuries.append(key)
    s.injuries.append(
        {
            "round": s.rnd,
            "time": K.clock(s),
            "fighter": f.side,
            "type": "injury",
            "location": key,
            "severity": T.INJURY_SEVERITY[key],
            "text": line,
        }
    )
    K.ev(s, "injury", f.side, line)
    if pts:
        att.landed += 1  # the damaging blow is a punch thrown and landed
        KD.score(s, att, pts, "lands the damaging blow", "punch")
    if key == "clash":
        f.cf_bout -= 1
    elif key == "rib":
        f.rib = True
    elif key in ("leg", "ankle"):
        if key == "ankle" and K.aux_rn(s) > T.ANKLE_OCCURS:
            K.ev(s, "injury", f.side, f"{f.name} shakes the ankle off")
            return
        f.cf_round -= 1
        if f.style == "B":
            f.style = "S"
            f.slugger_round = True
            RA.set_cfs(s)
    elif key == "nose":
        f.end_drain += 2
    elif key in T.HAND_LEVEL:
        f.hand = T.HAND_LEVEL[key]
    elif key == "jaw":
        if K.aux_rn(s) <= T.JAW_STOP:
            K.ev(s, "stoppage", f.side, f"The broken jaw ends it for {f.name}")
            KD.finish(s, att, TKO)
        f.cf_bout -= 2
    elif key == "shoulder":
        if K.aux_rn(s) <= T.SHOULDER_STOP:
            K.ev(s, "stoppage", f.side, f"{f.name} cannot lift his arm: the bout is stopped")
            KD.finish(s, f.opp, TKO)
        f.cf_bout -= 1
    RA.refresh(s, f)


def special(s: BoutState, att: Fighter):
    """Special as the action's RN: the next card's special action."""
    card = K.check_card(s)
    idx = card[C_SPECIAL]
    if idx == 0:
        return
    key, stops, restore, text = T.SPECIALS[idx]
    dfn = att.opp
    line = text.format(a=att.name, d=dfn.name)
    K.ev(s, "special", None, line[0].upper() + line[1:])
    if stops:
        K.stop_clock(s, 2)
        att.end_extra -= restore
        dfn.end_extra -= restore
        if key == "ropes":
            s.trapper = None
    elif key == "bite":
        att.points_lost += 1
        att.deducted += 1
        s.fouls.append(FO.foul_row(s, att, "biting", "point", 1))
    elif key == "complaint":
        att.landed += 1
        KD.score(s, att, 3, "punishes the complaint with a hook")
    elif key == "wild":
        for f in (att, dfn):
            pts, punch, _text = f.hit[K.draw_need(s)[C_RESULT]]
            f.landed += 1
            KD.score(s, f, pts, f"lands {punch} in the exchange")
    elif key == "break":
        K.stop_clock(s, 1)
        FO.warn(s, att, "hitting on the break", "for hitting on the break")
    elif key == "bell":
        raise RoundOver
