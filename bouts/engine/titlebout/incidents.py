"""Injuries and special actions from the cards. Plain functions of the ``BoutState``
(``state``) and its fighters."""

from __future__ import annotations

from ..result import TKO
from . import clock, fouls, ratings, tables, tko
from .deck import C_INJURY, C_RESULT, C_SPECIAL
from .state import BoutState, Fighter, RoundOver, finish


def injury(state: BoutState, attacker: Fighter):
    """INJURY as the action's RN: the next card's injury description (most say none)."""
    card = clock.check_card(state)
    idx = card[C_INJURY]
    if idx == 0:
        return
    clock.stop_clock(state, 2)
    key, who, pts, text = tables.INJURIES[idx]
    defender = attacker.opp
    fighter = attacker if who == "attacker" else defender
    if key != "clash" and key in fighter.injuries:
        return
    if key in tables.HAND_LEVEL:
        level = tables.HAND_LEVEL[key]
        if fighter.hand >= level:
            return
    line = text.format(a=attacker.name, d=defender.name)
    fighter.injuries.append(key)
    time = clock.ev(state, "injury", fighter.side, line)
    state.injuries.append(
        {
            "round": state.rnd,
            "time": time,
            "fighter": fighter.side,
            "type": "injury",
            "location": key,
            "severity": tables.INJURY_SEVERITY[key],
            "text": line,
        }
    )
    if pts:
        attacker.landed += 1  # the damaging blow is a punch thrown and landed
        tko.score(state, attacker, pts, "lands the damaging blow", "punch")
    if key == "clash":
        fighter.cf_bout -= 1
    elif key == "rib":
        fighter.rib = True
    elif key in ("leg", "ankle"):
        if key == "ankle" and clock.aux_rn(state) > tables.ANKLE_OCCURS:
            clock.ev(state, "injury", fighter.side, f"{fighter.name} shakes the ankle off")
            return
        fighter.cf_round -= 1
        if fighter.style == "B":
            fighter.style = "S"
            fighter.slugger_round = True
            ratings.set_cfs(state)
    elif key == "nose":
        fighter.end_drain += 2
    elif key in tables.HAND_LEVEL:
        fighter.hand = tables.HAND_LEVEL[key]
    elif key == "jaw":
        if clock.aux_rn(state) <= tables.JAW_STOP:
            clock.ev(state, "stoppage", fighter.side, f"The broken jaw ends it for {fighter.name}")
            finish(state, attacker, TKO)
        fighter.cf_bout -= 2
    elif key == "shoulder":
        if clock.aux_rn(state) <= tables.SHOULDER_STOP:
            clock.ev(
                state,
                "stoppage",
                fighter.side,
                f"{fighter.name} cannot lift his arm: the bout is stopped",
            )
            finish(state, fighter.opp, TKO)
        fighter.cf_bout -= 1
    ratings.refresh(state, fighter)


def special(state: BoutState, attacker: Fighter):
    """Special as the action's RN: the next card's special action."""
    card = clock.check_card(state)
    idx = card[C_SPECIAL]
    if idx == 0:
        return
    key, stops, restore, text = tables.SPECIALS[idx]
    defender = attacker.opp
    line = text.format(a=attacker.name, d=defender.name)
    time = clock.ev(state, "special", None, line[0].upper() + line[1:])
    if stops:
        clock.stop_clock(state, 2)
        attacker.end_extra -= restore
        defender.end_extra -= restore
        if key == "ropes":
            state.trapper = None
    elif key == "bite":
        attacker.points_lost += 1
        attacker.deducted += 1
        state.fouls.append(fouls.foul_row(state, attacker, "biting", "point", 1, time))
    elif key == "complaint":
        attacker.landed += 1
        tko.score(state, attacker, 3, "punishes the complaint with a hook")
    elif key == "wild":
        for fighter in (attacker, defender):
            pts, punch, _text = fighter.hit[clock.draw_need(state)[C_RESULT]]
            fighter.landed += 1
            tko.score(state, fighter, pts, f"lands {punch} in the exchange")
    elif key == "break":
        clock.stop_clock(state, 1)
        fouls.warn(state, attacker, "hitting on the break", "for hitting on the break")
    elif key == "bell":
        raise RoundOver
