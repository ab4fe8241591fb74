"""Cuts and swelling, accumulated damage, the doctor and the cut man (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import DQ, TD, TDRAW, TKO
from . import tables as T
from .deck import C_RESULT, C_RN
from .state import Fighter


class CutsMixin:
    # --- cuts and swelling --------------------------------------------------------------
    def cut_check(self, f: Fighter, source=None):
        """The Cuts and Swelling table: RN + the cut fighter's cut rating."""
        card = self.check_card()
        rn = card[C_RN] if card[C_RN] > 0 else card[C_RESULT]
        idx = T.cut_row(rn + f.cut_rating)
        if idx < 0:
            return
        row = T.CUT_ROWS[idx]
        _, _, kind, loc, cf, endr, cutr, dfn_, pl, dp, text = row
        entry = f.locations.get(loc)
        if entry is None:
            f.locations[loc] = [1, False, source]
            f.cf_bout += cf
            f.end_drain -= endr
            f.cut_rating += cutr
            f.def_bout += dfn_
            f.pl_bout += pl
            self.refresh(f)
            severity = 2 if dp >= 3 else 1
            self.injuries.append(
                {
                    "round": self.rnd,
                    "time": self.clock(),
                    "fighter": f.side,
                    "type": kind,
                    "location": loc,
                    "severity": severity,
                    "text": text,
                }
            )
            self.ev("cut", f.side, f"{f.name} suffers {text}")
        else:
            entry[0] += 1
            entry[1] = False
            if source:
                entry[2] = source
            self.ev("cut", f.side, f"{f.name}'s {loc} damage worsens (time {entry[0]})")
        f.damage += dp
        if self.i >= len(self.deck) and rn != 80:
            # the last card of the round: the corner works first, then the referee
            # looks (between rounds)
            return
        if rn == 80:
            self.ev(
                "stoppage",
                f.side,
                f"The referee takes one look at {f.name}'s face and stops the bout",
            )
            self.damage_stop(f, loc)
        if f.damage >= T.DAMAGE_MAY:
            self.damage_check(f, loc)

    def damage_stop(self, f: Fighter, loc):
        src = f.locations[loc][2] if loc in f.locations else None
        if src and src[0] == "butt":
            if src[1] == self.rnd and src[2] == self.i:
                offender = self.red if src[3] == "red" else self.blue
                self.ev(
                    "dq",
                    offender.side,
                    f"The cut came from an intentional butt: {offender.name} is disqualified",
                )
                self.finish(offender.opp, DQ)
            self.technical(f"the butted {loc} stops the bout")
        self.finish(f.opp, TKO)

    def technical(self, why: str):
        """Technical decision (or technical draw before the 5th round) on the cards."""
        self.ev("technical", None, f"The bout is stopped: {why}; it goes to the scorecards")
        self.finish(None, TD if self.rnd >= 5 else TDRAW)

    def damage_check(self, f: Fighter, loc=None):
        """The Accumulated Damage table, the referee's viewpoint and the doctor."""
        d = f.damage
        f.damage_checked = d
        if d >= T.DAMAGE_STOP:
            self.ev(
                "stoppage",
                f.side,
                f"{f.name} has taken too much damage ({d} points): the bout is stopped",
            )
            self.damage_stop(f, loc)
        if d < T.DAMAGE_MUST:
            rn = self.rn20()
            if rn > T.VIEWPOINT[self.tolerance]:
                self.ev(
                    "referee",
                    f.side,
                    f"The referee looks at {f.name}'s damage and lets them fight on",
                )
                return
        res = T.doctor(self.doctor, self.rn20())
        if res == T.DOCTOR_CONTINUE:
            self.ev("doctor", f.side, f"The doctor examines {f.name} and allows the bout to go on")
        elif res == T.DOCTOR_ONE_MORE:
            if self.one_more_round is None:
                self.one_more_round = (
                    f.side,
                    self.rnd + 1,
                )
                self.ev("doctor", f.side, f"The doctor gives {f.name} one more round")
        else:
            self.ev("doctor", f.side, f"The doctor stops the bout: {f.name} cannot continue")
            self.damage_stop(f, loc)

    # --- the cut man between rounds -----------------------------------------------------
    def corner_work(self, f: Fighter):
        """The cut man between rounds: each unworked cut or swelling gets an RN; two
        or more at once lower his rating a level."""
        todo = [loc for loc, e in f.locations.items() if not e[1]]
        if not todo or f.damage <= 0:
            return
        level = f.corner["cut"]
        if len(todo) > 1:
            level = T.lower_level(level)
        for loc in todo:
            eff = T.corner_work(level, self.aux_rn())
            entry = f.locations[loc]
            entry[1] = eff < 0
            before = f.damage
            f.damage = max(0, f.damage + eff)
            if eff < 0:
                self.ev(
                    "corner",
                    f.side,
                    f"{f.corner['name']} works on {f.name}'s damage ({loc}): "
                    f"{before} -> {f.damage} points",
                )
            elif eff > 0:
                self.ev("corner", f.side, f"{f.name}'s corner makes the damage ({loc}) worse")
        f.damage_checked = min(f.damage_checked, f.damage)
