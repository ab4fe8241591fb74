"""Scoring events, TKO checks and the towel, knockdowns and knockouts, killer
instinct runs (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import DQ, KO, RTD, TKO
from . import tables as T
from .deck import C_KD, C_KD2, C_KDC, C_KOR
from .state import DISCRETION, BoutOver, Fighter, RoundOver


class KnockdownsMixin:
    # --- scoring events -----------------------------------------------------------------
    def score(self, att: Fighter, pts: int, what: str, kind: str = "punch"):
        att.pts += pts
        dfn = att.opp
        if pts:
            self.ev(kind, att.side, f"{att.name} {what} ({pts})")
        if pts >= 4:
            self.freeze_check(att)
        self.tko_check(dfn)

    def freeze_check(self, att: Fighter):
        """Freezes: a 4+ point punch from a 10+ KP puncher costs 2 CF for the bout."""
        dfn = att.opp
        if self.traits_on and not dfn.froze and "freezes" in dfn.traits and att.fresh["kp"] >= 10:
            dfn.froze = True
            dfn.cf_bout -= 2
            self.refresh(dfn)
            self.ev("trait", dfn.side, f"{dfn.name} freezes in front of the big puncher")

    def thresholds(self, f: Fighter):
        base = T.TKO_ABSORBER if self.traits_on and "absorber" in f.traits else T.TKO_POINTS
        shift = T.STOPPAGE_SHIFT[self.ref["stoppage"]]
        return base[0] + shift, base[1] + shift, base[2] + shift

    def tko_check(self, f: Fighter):
        """Technical knockout on points scored against ``f`` over one, two or three
        consecutive rounds, checked after every scoring event; the towel."""
        o = f.opp
        this = o.pts
        if this < f.alarm:
            return
        hist = f.against
        one, two, three = f.thr
        two_pts = this + (hist[-1] if hist else 0)
        three_pts = two_pts + (hist[-2] if len(hist) >= 2 else 0)
        if this >= one or two_pts >= two or three_pts >= three:
            self.ev("tko", o.side, f"The referee steps in and stops it: {o.name} wins by TKO")
            self.finish(o, TKO)
        if (
            self.opt["throw_in_towel"]
            and not f.towel_used
            and (this >= one - 5 or two_pts >= two - 5 or three_pts >= three - 5)
        ):
            self.towel(f)

    def towel(self, f: Fighter):
        f.towel_used = True
        res = T.towel(self.tolerance, self.rn20())
        if res == "stop":
            self.ev(
                "towel",
                f.side,
                f"{f.name}'s corner throws in the towel and the referee stops the bout",
            )
            self.finish(f.opp, RTD)
        elif res == "ignore":
            self.ev(
                "towel",
                f.side,
                f"{f.name}'s corner throws in the towel; the referee kicks it out of the ring",
            )
        elif res == "warn":
            self.ev("towel", f.side, f"The referee picks up the towel and warns {f.name}'s corner")
        elif self.rn20() >= 19:
            self.ev(
                "towel",
                f.side,
                f"A corner man climbs through the ropes to confront the "
                f"referee: {f.name} is disqualified",
            )
            self.finish(f.opp, DQ)
        else:
            self.ev("towel", f.side, "The referee ignores the towel; the corner waits for the bell")

    def finish(self, winner: Fighter | None, method: str, between: bool = False):
        self.bout_end = (winner.side if winner else None, method, between)
        raise BoutOver

    # --- knockdowns ---------------------------------------------------------------------
    def kd_check(self, att: Fighter, counter: bool) -> int:
        """A knockdown check. Returns the points scored (4, 5, 6; 0 if a slip), and
        sets ``self.next`` (control) as the result says."""
        dfn = att.opp
        card = self.draw_need()
        row = card[C_KD2] if (dfn.kd_counts or dfn.carry) else card[C_KD]
        res = T.kdko(row, dfn.kd1)
        down = False
        if res == T.RK:
            down = True
        elif res == T.RK110:
            down = self.draw_need()[C_KD] <= 10
            if not down:
                dfn.kd_temp = max(dfn.kd_temp, dfn.kd2)
                self.refresh(dfn)
        elif res == T.RSTAR:
            down = self.draw_need()[C_KD] == 1
        if down:
            return self.knockdown(att, counter)
        pts = T.KDKO_POINTS[res]
        if res == T.RK110 or res == T.RSTAR:
            pts = 5  # not down: a hard shot that he survives (RULES.md)
        if att.hand == 3:
            pts -= 1
        self.score(att, pts, "lands a heavy shot that hurts " + dfn.name, "hurt")
        if counter or pts < 5:
            if counter:
                self.next = att if pts >= 4 else None
            return pts
        if res == T.R5H:
            self.next = att
        elif res == T.R5F or res in (T.RK110, T.RSTAR):
            self.start_ki(att)
        return pts

    def knockdown(self, att: Fighter, counter: bool) -> int:
        dfn = att.opp
        opt = self.opt
        kdc_down = len(dfn.kd_counts) + 1
        if opt["three_knockdown"] and kdc_down >= 3:
            dfn.kd_counts.append(0)
            att.kd_scored += 1
            self.knockdowns.append(
                {"round": self.rnd, "time": self.clock(), "fighter": dfn.side, "count": 0}
            )
            self.ev(
                "knockdown",
                dfn.side,
                f"{dfn.name} is down for the third time in the round: "
                f"the three-knockdown rule ends it",
            )
            self.finish(att, TKO)
        # the knockout check
        if self.i >= len(self.deck) and opt["saved_by_bell"]:
            self.ev(
                "knockdown", dfn.side, f"{dfn.name} goes down as the round ends: saved by the bell!"
            )
            dfn.kd_counts.append(9)
            att.kd_scored += 1
            att.pts += 6
            self.knockdowns.append(
                {"round": self.rnd, "time": self.clock(), "fighter": dfn.side, "count": 9}
            )
            raise RoundOver
        kor = self.draw_need()[C_KOR]
        res = T.kdko(kor, dfn.ko)
        out = res == T.RK
        if res == T.RK110:
            out = self.draw_need()[C_KOR] <= 10
        elif res == T.RSTAR:
            out = self.draw_need()[C_KOR] == 1
        if out:
            att.pts += 6
            att.kd_scored += 1
            dfn.kd_counts.append(10)
            self.knockdowns.append(
                {"round": self.rnd, "time": self.clock(), "fighter": dfn.side, "count": 10}
            )
            self.ev("ko", att.side, f"{att.name} knocks {dfn.name} out!")
            self.finish(att, KO)
        count = self.draw_need()[C_KDC]
        if count == 1 and self.error == T.ERR_FLASH and not self.flash_used:
            self.flash_used = True
            self.ev("referee", dfn.side, f"{dfn.name} goes down but the referee rules it a slip")
            self.next = att
            return 0
        shown = max(count, 8) if opt["mandatory_eight"] else count
        dfn.kd_counts.append(count)
        att.kd_scored += 1
        self.knockdowns.append(
            {"round": self.rnd, "time": self.clock(), "fighter": dfn.side, "count": shown}
        )
        flash = " (a flash knockdown)" if count == 1 else ""
        self.ev("knockdown", dfn.side, f"{att.name} drops {dfn.name}! Up at {shown}{flash}")
        pts = 6 - (1 if att.hand == 3 else 0)
        att.pts += pts
        self.freeze_check(att)
        self.tko_check(dfn)
        if self.timing:
            self.remove_cards(3 if opt["mandatory_eight"] else T.COUNT_CARDS[count])
        dfn.kd_temp = max(dfn.kd_temp, dfn.kd2)
        self.refresh(dfn)
        if self.opt["referee_discretion"]:
            self.discretion(att, dfn, count)
        if self.traits_on and "head_case" in dfn.traits and self.aux_rn() <= 10:
            self.ev("trait", dfn.side, f"{dfn.name} spits out his mouthpiece and refuses to go on")
            self.finish(att, TKO)
        self.trapper = None
        if counter and self.ki_left and self.ki_side is dfn:
            self.ki_left = 0  # the counter knockdown ends his run: the tables turn
        self.start_ki(att)
        return pts

    def discretion(self, att: Fighter, dfn: Fighter, count: int):
        """Referee's discretion after a knockdown (calibration option, RULES.md): he
        may wave it off when the fallen fighter has taken a beating. RN 1-20 at or
        below the chance stops it; the chance rises with the count, a second
        knockdown in the round, fatigue and the points taken this round."""
        chance = DISCRETION[self.ref["stoppage"]]
        if count >= 6:
            chance += 2
        if len(dfn.kd_counts) >= 2:
            chance += 4
        if dfn.fatigued:
            chance += 2
        if att.pts >= 15:
            chance += 2
        if self.rn20() <= chance:
            self.ev(
                "tko",
                att.side,
                f"{dfn.name} beats the count on unsteady legs and the "
                f"referee waves it off: {att.name} wins by TKO",
            )
            self.finish(att, TKO)

    def end_ki(self):
        """After a killer-instinct run: an E fighter who was boxing goes back to his
        boxer's KP; cuts and injuries held back by the KI-timing option are checked."""
        f = self.ki_side
        self.ki_side = None
        if f.card_style == "E" and f.style == "B":
            self.refresh(f)
        if self.pending:
            pending, self.pending = self.pending, []
            for kind, who in pending:
                if kind == "cut":
                    self.cut_check(who)
                else:
                    self.injury(who)

    def start_ki(self, att: Fighter):
        if self.ki_left > 0:
            self.next = att
            return  # KI is not cumulative
        self.ki_left = att.ki
        self.ki_side = att
        self.trapper = None
        self.next = att
        if att.card_style == "E" and att.style == "B":
            self.refresh(att)  # he slugs during the run (full KP)
        self.ev("killer", att.side, f"{att.name} goes for the finish (killer instinct {att.ki})")
