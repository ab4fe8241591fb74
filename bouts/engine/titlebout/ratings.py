"""Effective ratings and the choices made before a round: CFs, styles, strategies,
traits, the aggressor (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import DQ
from . import tables as T
from .deck import C_CF, DECK
from .options import plan_for_round
from .state import NO_MODS, Fighter
from .strategy import LABELS, MODS, STRATEGIES, rating_check, solo, solo_phase, total


class RatingsMixin:
    # --- effective ratings --------------------------------------------------------------
    def refresh(self, f: Fighter):
        o = f.opp
        pl, pm, cpd, clinch, deff, cp, kp, kd1, kd2, ko, ki = f.fat_t if f.fatigued else f.fresh_t
        sm = f.smod
        f.cf = f.base_cf + f.cf_bout + f.cf_round + f.cf_trait + sm[0]
        pl += f.pl_bout + f.pl_trait + sm[1]
        f.pl = pl
        f.pm = pm
        f.cpd = cpd
        f.clinch = clinch
        f.deff = deff + f.def_bout + f.def_round + sm[2]
        f.cp = cp + sm[3]
        kp += sm[4]
        kd1 += sm[5]
        if f.card_style == "E" and f.style == "B" and not self.ki_left_for(f):
            kp -= 2
        if self.traits_on and "careless" in f.traits and o.rating >= 9 and not f.fatigued:
            kd1 -= 2
            kp -= 2
        if self.rnd <= 3 and self.opt["southpaw"] and f.card["southpaw"] and o.card["southpaw"]:
            f.deff += 2
        if kp > pl:
            kp = pl
        f.kp = kp if kp > 0 else 0
        if kd1 < 0:
            kd1 = 0
        if f.carry:
            kd1 = max(1, kd1 + 1) + kd2
        f.kd1 = kd1 + f.kd_temp
        f.kd2 = kd2
        f.ko = ko
        f.ki = ki

    def ki_left_for(self, f):
        return self.ki_left > 0 and self.ki_side is f

    def set_cfs(self):
        """Each fighter's CF against the other's style, converted (option)."""
        r, b = self.red, self.blue
        rs = r.fatigued_side if r.fatigued else r.fresh
        bs = b.fatigued_side if b.fatigued else b.fresh
        rc = rs["cf_s"] if b.style == "S" else rs["cf_b"]
        bc = bs["cf_s"] if r.style == "S" else bs["cf_b"]
        if self.opt["cf_conversion"] and not r.fatigued and not b.fatigued:
            rc, bc = T.convert_cf(rc, bc)
        if self.opt["southpaw"] and self.rnd <= 5:
            if b.card["southpaw"] and not r.card["southpaw"]:
                rc -= 1
            if r.card["southpaw"] and not b.card["southpaw"]:
                bc -= 1
        r.base_cf = rc
        b.base_cf = bc
        self.refresh(r)
        self.refresh(b)

    # --- styles, strategies, traits and the aggressor for a round -----------------------
    def choose_style(self, f: Fighter, margin: int):
        """An (E)ither fighter's style for the round (default corner policy)."""
        if f.card_style != "E":
            return f.card_style
        plan = plan_for_round(self.plans.get(f.side), "style", self.rnd)
        if plan:
            return plan
        o = f.opp
        side = f.fatigued_side if f.fatigued else f.fresh
        oside = o.fatigued_side if o.fatigued else o.fresh
        opp_cf_vs = {"B": oside["cf_b"], "S": oside["cf_s"]}
        my_cf = side["cf_s"] if o.style == "S" else side["cf_b"]
        edge_s = my_cf - opp_cf_vs["S"]
        edge_b = my_cf - opp_cf_vs["B"]
        late = self.rnd > self.rounds - 3
        if late and margin < 0:
            return "S"
        gain = edge_b - edge_s
        if gain >= 3 or (gain >= 1 and side["kp"] <= 6) or (late and margin > 0 and gain > 0):
            return "B"
        return "S"

    def choose_strategies(self, margins: dict):
        r, b = self.red, self.blue
        r.smod = b.smod = NO_MODS
        r.strategy = b.strategy = "none"
        if not self.opt["strategies"]:
            return
        picks = {}
        plans = self.plans
        rnd = self.rnd
        for f in (r, b):
            plan = plans.get(f.side)
            choice = plan_for_round(plan, "strategy", rnd) if plan else None
            if choice is None:
                phase = solo_phase(rnd, self.rounds, margins[f.side], f.carry)
                choice = solo(phase, f.style, DECK[int(self.rng.random() * 100)][C_CF])
            if choice == "tie_up" and self.traits_on and "constant_clincher" in f.traits:
                choice = "defensive_shell"
            picks[f.side] = choice
        rc, bc = picks["red"], picks["blue"]
        used = {}
        if rc != "none" and bc != "none":
            if rc == bc:
                used = {"red": rc, "blue": bc}
            else:
                tr = self.strategy_total(r, rc)
                tb = self.strategy_total(b, bc)
                if tr > tb:
                    used = {"red": rc}
                elif tb > tr:
                    used = {"blue": bc}
        else:
            for f, c in ((r, rc), (b, bc)):
                if c != "none":
                    intellect = self.traits_on and "intellect" in f.traits
                    rating = f.card["strategy"][STRATEGIES[c]]
                    if rating_check(rating, self.aux_rn(), intellect):
                        used[f.side] = c
        ur = used.get("red", "none")
        ub = used.get("blue", "none")
        self.strategies_log.append({"round": rnd, "chosen": picks, "used": {"red": ur, "blue": ub}})
        if ur != "none":
            r.smod = MODS[ur][bc]
            r.strategy = ur
            self.ev("strategy", "red", f"{r.name} fights to his corner's plan: {LABELS[ur]}")
        if ub != "none":
            b.smod = MODS[ub][rc]
            b.strategy = ub
            self.ev("strategy", "blue", f"{b.name} fights to his corner's plan: {LABELS[ub]}")

    def strategy_total(self, f: Fighter, choice: str) -> int:
        intellect = self.traits_on and "intellect" in f.traits
        corner = T.STRATEGY_SKILL_VALUE[f.corner["strategy"]]
        return total(f.card["strategy"][STRATEGIES[choice]], corner, self.aux_rn(), intellect)

    def pre_bout(self):
        """Traits checked before the bout."""
        if not self.traits_on:
            return
        for f in (self.red, self.blue):
            o = f.opp
            t = f.traits
            if "head_case" in t and self.aux_rn() <= 2:
                self.ev("trait", f.side, f"{f.name} refuses to leave his dressing room")
                self.finish(o, DQ, True)
            if "fights_down" in t and o.rating <= f.rating - 3 and self.aux_rn() <= 35:
                f.cf_trait -= 2
                self.ev("trait", f.side, f"{f.name} does not take this opponent seriously")
            if "inconsistent" in t and self.aux_rn() <= 30:
                f.cf_trait -= 2
                f.pl_trait -= 2
                self.ev("trait", f.side, f"The wrong {f.name} shows up tonight")
            if "self_doubts" in t and self.aux_rn() <= 20:
                f.self_doubt = True
                f.cf_trait -= 1
                self.ev("trait", f.side, f"{f.name} looks tense and unsure of himself")

    def round_traits(self, f: Fighter):
        """CF traits that depend on the round (strong closer, fireplug, front runner)."""
        if not self.traits_on:
            return 0
        o = f.opp
        mod = 0
        t = f.traits
        if "strong_closer" in t and o.rating >= f.rating - 1 and self.rnd > self.rounds - 2:
            mod += 1
        if "fireplug" in t and o.fresh["kp"] >= 10 and o.card["strategy"]["FO"] >= 9:
            mod -= 2
        if "front_runner" in t:
            mod += f.front
        return mod

    def aggressor_for_round(self) -> Fighter:
        r, b = self.red, self.blue
        if r.card["agg"] != b.card["agg"]:
            return r if r.card["agg"] > b.card["agg"] else b
        if self.rnd == 1:
            if r.rating != b.rating:
                return r if r.rating > b.rating else b
            while True:
                x, y = self.aux_rn(), self.aux_rn()
                if x != y:
                    return r if x > y else b
        if self.last_winner is not None:
            return self.last_winner
        return self.aggressor
