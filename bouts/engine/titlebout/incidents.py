"""Injuries and special actions from the cards (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import TKO
from . import tables as T
from .deck import C_INJURY, C_RESULT, C_SPECIAL
from .state import Fighter, RoundOver


class IncidentsMixin:
    # --- injuries and specials ----------------------------------------------------------
    def injury(self, att: Fighter):
        card = self.check_card()
        idx = card[C_INJURY]
        if idx == 0:
            return
        self.stop_clock(2)
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
        self.injuries.append(
            {
                "round": self.rnd,
                "time": self.clock(),
                "fighter": f.side,
                "type": "injury",
                "location": key,
                "severity": T.INJURY_SEVERITY[key],
                "text": line,
            }
        )
        self.ev("injury", f.side, line)
        if pts:
            att.landed += 1
            self.score(att, pts, "lands the damaging blow", "punch")
        if key == "clash":
            f.cf_bout -= 1
        elif key == "rib":
            f.rib = True
        elif key in ("leg", "ankle"):
            if key == "ankle" and self.aux_rn() > T.ANKLE_OCCURS:
                self.ev("injury", f.side, f"{f.name} shakes the ankle off")
                return
            f.cf_round -= 1
            if f.style == "B":
                f.style = "S"
                f.slugger_round = True
                self.set_cfs()
        elif key == "nose":
            f.end_drain += 2
        elif key in T.HAND_LEVEL:
            f.hand = T.HAND_LEVEL[key]
        elif key == "jaw":
            if self.aux_rn() <= T.JAW_STOP:
                self.ev("stoppage", f.side, f"The broken jaw ends it for {f.name}")
                self.finish(att, TKO)
            f.cf_bout -= 2
        elif key == "shoulder":
            if self.aux_rn() <= T.SHOULDER_STOP:
                self.ev("stoppage", f.side, f"{f.name} cannot lift his arm: the bout is stopped")
                self.finish(f.opp, TKO)
            f.cf_bout -= 1
        self.refresh(f)

    def special(self, att: Fighter):
        card = self.check_card()
        idx = card[C_SPECIAL]
        if idx == 0:
            return
        key, stops, restore, text = T.SPECIALS[idx]
        dfn = att.opp
        line = text.format(a=att.name, d=dfn.name)
        self.ev("special", None, line[0].upper() + line[1:])
        if stops:
            self.stop_clock(2)
            att.end_extra -= restore
            dfn.end_extra -= restore
            if key == "ropes":
                self.trapper = None
        elif key == "bite":
            att.points_lost += 1
            att.deducted += 1
            self.fouls.append(self.foul_row(att, "biting", "point", 1))
        elif key == "complaint":
            att.landed += 1
            att.thrown += 1
            self.score(att, 3, "punishes the complaint with a hook")
        elif key == "wild":
            for f in (att, dfn):
                pts, punch = f.hit[self.draw_need()[C_RESULT]]
                f.landed += 1
                f.thrown += 1
                self.score(f, pts, f"lands {punch} in the exchange")
        elif key == "break":
            self.stop_clock(1)
            self.warn(att, "hitting on the break", "for hitting on the break")
        elif key == "bell":
            raise RoundOver
