"""Fouls, warnings and penalties, Anger Issues, the referee's errors (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import DQ
from . import tables as T
from .deck import C_RESULT, C_RN, DECK
from .state import Fighter


class FoulsMixin:
    # --- fouls --------------------------------------------------------------------------
    def foul_check(self, att: Fighter):
        dfn = att.opp
        card = self.check_card()
        rn = card[C_RN] if card[C_RN] > 0 else card[C_RESULT]
        tol = "very_lenient" if self.error == T.ERR_MISSES else self.tolerance
        mod = T.REF_APPROACH[tol][0]
        rn = min(80, max(1, rn + mod))
        kind = T.foul(att.card["foul"], rn, self.classic)
        if kind == T.FOUL_NONE:
            return
        if self.error == T.ERR_LOWBLOW and kind == 0:
            self.fouls.append(self.foul_row(att, "low blow", "none", 0))
            self.ev("foul", att.side, f"{att.name} lands low but the referee blames the trunks")
            return
        if self.traits_on and "stealth_fouler" in att.traits and self.aux_rn() <= 40:
            self.fouls.append(self.foul_row(att, T.FOUL_TYPES[kind], "none", 0))
            self.ev("foul", att.side, f"{att.name} fouls on the sly and gets away with it")
            return
        self.stop_clock(2)
        self.warn(att, T.FOUL_TYPES[kind], T.FOUL_TEXT[kind])
        if kind == 1 and self.opt["head_butt"]:
            who = T.head_butt(self.aux_rn())
            src = ("butt", self.rnd, None, att.side)
            if who in (1, 3):
                self.butt_cut(dfn, src)
            if who in (2, 3):
                self.butt_cut(att, src)

    def butt_cut(self, f: Fighter, src):
        src = (src[0], src[1], self.i + 1, src[3])
        self.cut_check(f, src)

    def foul_row(self, f: Fighter, kind: str, penalty: str, points: int) -> dict:
        return {
            "round": self.rnd,
            "time": self.clock(),
            "fighter": f.side,
            "type": kind,
            "penalty": penalty,
            "points": points,
        }

    def warn(self, att: Fighter, kind: str, text: str):
        """A warning; past the referee's tolerance, a point or a disqualification."""
        dfn = att.opp
        att.warnings += 1
        _mod, allowed, point_top = T.REF_APPROACH[self.tolerance]
        penalty = "warning"
        if att.points_lost or att.warnings > allowed:
            if self.error == T.ERR_FAVORS and not self.favor_used and att.rating > dfn.rating:
                self.favor_used = True
            elif self.aux_rn() <= point_top:
                penalty = "point"
            else:
                penalty = "disqualification"
        if penalty == "warning":
            self.fouls.append(self.foul_row(att, kind, "warning", 0))
            self.ev("foul", att.side, f"The referee warns {att.name} {text}")
            if self.opt["foul_damage"]:
                dfn.end_extra += 2
        elif penalty == "point":
            att.points_lost += 1
            att.deducted += 1
            self.fouls.append(self.foul_row(att, kind, "point", 1))
            self.ev("foul", att.side, f"The referee takes a point from {att.name} {text}")
            if self.opt["foul_damage"]:
                dfn.end_extra += 4
        else:
            self.fouls.append(self.foul_row(att, kind, "disqualification", 0))
            self.ev("dq", att.side, f"The referee disqualifies {att.name} {text}")
            self.finish(dfn, DQ)
        if self.error == T.ERR_SPOTLIGHT:
            att.end_extra -= 2
            dfn.end_extra -= 2
            if self.ki_left and not self.ki_timing:
                self.ki_left -= 1
        if self.traits_on:
            dfn.fouled_round += 1
            dfn.fouled_total += 1
            if "anger_issues" in dfn.traits and (dfn.fouled_round == 2 or dfn.fouled_total == 5):
                self.anger(dfn)

    def anger(self, f: Fighter):
        o = f.opp
        f.anger += 1
        rn = self.aux_rn()
        kind = (
            "low blow"
            if rn <= 50
            else "head butt"
            if rn <= 70
            else "eye gouging"
            if rn <= 78
            else "biting"
        )
        f.points_lost += 1
        f.deducted += 1
        self.fouls.append(self.foul_row(f, kind, "point", 1))
        self.ev(
            "foul",
            f.side,
            f"{f.name} loses his temper and retaliates ({kind}): the referee takes a point",
        )
        if kind == "head butt":
            self.butt_cut(o, ("butt", self.rnd, None, f.side))
        if f.anger >= 3:
            self.fouls[-1]["penalty"] = "disqualification"
            self.ev("dq", f.side, f"{f.name} has lost control once too often: disqualified")
            self.finish(o, DQ)

    # --- the referee's errors -----------------------------------------------------------
    def referee_error(self):
        """The Referee Error table: once before the fight (method 1) or before
        each round (method 2). Mistakes marked (1) happen once a fight."""
        mode = self.opt["referee_errors"]
        if mode == "off" or (mode == "once" and self.rnd > 1):
            return
        err = T.referee_error(self.ref["level"], self.aux_rn())
        if (
            (err == T.ERR_FLASH and self.flash_used)
            or (err == T.ERR_SLIP and self.slip_used)
            or (err in (T.ERR_EARLY, T.ERR_LATE) and err in self.errors_used)
        ):
            err = T.ERR_NONE
        self.errors_used.add(err)
        self.error = err
        if err != T.ERR_NONE:
            self.errors_log.append({"round": self.rnd, "error": T.ERROR_NAMES[err]})
        if err == T.ERR_EARLY:
            del self.deck[-5:]
        elif err == T.ERR_LATE:
            self.deck.extend(DECK[int(self.rng.random() * 100)] for _ in range(5))
