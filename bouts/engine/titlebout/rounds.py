"""End of round, between rounds, the bout from bell to result (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import RTD, TD, TDRAW, BoutResult, clock, decision_from_totals
from . import tables as T
from .cards import card_rating
from .deck import C_J1, C_J2, C_J3, DECK
from .scoring import score_round
from .state import BoutOver, Fighter


class RoundsMixin:
    # --- end of round, between rounds, the bout -----------------------------------------
    def end_of_round(self, partial: bool = False):
        r, b = self.red, self.blue
        rnd = self.rnd
        # scoring
        pts = {"red": r.pts, "blue": b.pts}
        if self.opt["aggressiveness"]:
            a = self.aggressor
            if a.pts > a.opp.pts:
                pts[a.side] += 1
        kds = {"red": r.kd_scored, "blue": b.kd_scored}
        used = max(1, min(self.i, len(self.deck)))
        deck = self.deck or DECK
        mark_card = deck[int(self.rng.random() * used)]
        marks = (mark_card[C_J1], mark_card[C_J2], mark_card[C_J3])
        if partial:
            marks = (T.EV, T.EV, T.EV)
        ctx = self.ctx
        ctx["aggressor"] = self.aggressor.side
        ctx["styles"] = {"red": r.style, "blue": b.style}
        if partial:
            sc = [[10, 10] for _ in range(3)]
        else:
            sc = score_round(pts, kds, marks, self.judges, ctx)
        rd, bd = r.deducted, b.deducted
        cards = self.cards
        for j in range(3):
            card = sc[j]
            if rd:
                card[0] -= rd
            if bd:
                card[1] -= bd
            cards[j].append(card)
        if r.pts > b.pts:
            self.last_winner = r
            r.margin += 1
            b.margin -= 1
        elif b.pts > r.pts:
            self.last_winner = b
            b.margin += 1
            r.margin -= 1
        won = 0
        for a, c in sc:
            won += (a > c) - (c > a)
        # endurance
        missing = self.opt["missing_punches"]
        for f, o in ((r, b), (b, r)):
            loss = o.pts + f.end_extra + f.end_drain
            if missing:
                loss += f.missed
            end = f.end - loss
            f.end = end if end > 0 else 0
            f.against.append(o.pts)
        self.round_stats.append(self.stats_line())
        self.ev("round", None, f"End of round {rnd}: {r.name} {r.pts} points, {b.name} {b.pts}")
        # front runner
        for f, w in ((r, won > 0), (b, won < 0)):
            if w:
                f.won_streak += 1
                f.lost_streak = 0
            elif (won < 0 and f is r) or (won > 0 and f is b):
                f.lost_streak += 1
                f.won_streak = 0
            if f.lost_streak >= 3:
                f.front = -2
            elif w:
                f.front = 0 if f.won_streak >= 2 else min(1, f.front + 1)
        return won

    def stats_line(self) -> dict:
        stats = {"round": self.rnd}
        for f in (self.red, self.blue):
            stats[f.side] = {
                "points": f.pts,
                "landed": f.landed,
                "thrown": f.thrown,
                "missed": f.missed,
                "damage": f.pts,
                "clinches": f.clinches,
                "knockdowns": len(f.kd_counts),
                "deducted": f.deducted,
                "end": f.end,
                "cut_damage": f.damage,
                "style": f.style,
                "strategy": f.strategy,
                "actions": f.actions,
            }
        return stats

    def between_rounds(self):
        """Fatigue, conditions, carry-over, corner work, the referee and doctor, the rib."""
        for f in (self.red, self.blue):
            o = f.opp
            if f.end <= 0 and not f.fatigued:
                if self.traits_on and "second_wind" in f.traits and not f.second_wind_used:
                    f.second_wind_used = True
                    if self.aux_rn() <= 45:
                        f.end = 15
                        self.ev("trait", f.side, f"{f.name} finds his second wind")
                if f.end <= 0:
                    f.fatigued = True
                    self.ev("fatigue", f.side, f"{f.name} is fatigued")
            f.cf_round = f.cf_next
            f.def_round = f.def_next
            f.cf_next = f.def_next = 0
            if o.pts >= 25:
                res = T.condition(f.ko, self.aux_rn())
                if res:
                    self.ev("condition", f.side, f"{f.name} {T.CONDITION_TEXT[res]}")
                if res >= 1:
                    f.cf_round -= 1
                if res == 2:
                    f.def_round += 2
                if res == 3:
                    f.def_bout += 2
            f.carry = T.carry_over(f.kd_counts, self.aux_rn())
            if f.carry:
                self.ev("carryover", f.side, f"{f.name} is still feeling the knockdown")
            f.kd_temp = 0
            if f.slugger_round:
                f.slugger_round = False
            if f.locations:
                self.corner_work(f)
            if f.damage >= T.DAMAGE_MAY and f.damage > f.damage_checked:
                self.damage_check(f)
            if self.opt["referee_discretion"] and f.fatigued and len(f.against) >= 2:
                beating = f.against[-1] + f.against[-2]
                if beating >= 28 and self.rn20() <= (4 if beating < 38 else 8):
                    self.ev(
                        "retire",
                        f.side,
                        f"{f.name}'s corner has seen enough and retires him on his stool",
                    )
                    self.finish(o, RTD, True)
            if f.rib and self.aux_rn() <= T.RIB_STOP:
                self.ev("retire", f.side, f"{f.name} cannot go on with the rib injury")
                self.finish(o, RTD, True)
        # self-doubts: restored if ahead after three rounds
        if self.traits_on and self.rnd == 3:
            for f in (self.red, self.blue):
                if f.self_doubt and self.margin(f) > 0:
                    f.self_doubt = False
                    f.cf_trait += 1

    def margin(self, f: Fighter) -> int:
        """The corner's own tally: rounds won minus lost (by points)."""
        return f.margin

    def start_round(self):
        r, b = self.red, self.blue
        for f in (r, b):
            f.reset_round()
            one, two, three = f.thr
            hist = f.against
            h1 = hist[-1] if hist else 0
            h2 = hist[-2] if len(hist) >= 2 else 0
            f.alarm = min(one, two - h1, three - h1 - h2) - 5  # the towel's five points
        self.deal()
        agg = self.aggressor = self.aggressor_for_round()
        self.referee_error()
        mr, mb = self.margin(r), self.margin(b)
        r.style = self.choose_style(r, mr)
        b.style = self.choose_style(b, mb)
        self.ev("bell", agg.side, f"Round {self.rnd}: {agg.name} comes out as the aggressor")
        self.choose_strategies({"red": mr, "blue": mb})
        if self.traits_on:
            rc, bc = self.round_traits(r), self.round_traits(b)
            r.cf_round += rc
            b.cf_round += bc
        else:
            rc = bc = 0
        self.round_cf = {"red": rc, "blue": bc}
        self.set_cfs()

    def run(self):
        try:
            self.pre_bout()
            for rnd in range(1, self.rounds + 1):
                self.rnd = rnd
                self.start_round()
                self.play_round()
                for f in (self.red, self.blue):
                    f.cf_round -= self.round_cf[f.side]
                self.end_of_round()
                if self.one_more_round and self.one_more_round[1] <= rnd < self.rounds:
                    self.technical("the doctor's extra round is over")
                if rnd < self.rounds:
                    self.between_rounds()
        except BoutOver:
            pass
        return self.result()

    def result(self) -> BoutResult:
        totals = [[sum(x[0] for x in c), sum(x[1] for x in c)] for c in self.cards]
        end = self.bout_end
        rnd = max(1, self.rnd)
        if end is None:
            winner, method = decision_from_totals(totals)
            time = "3:00"
        else:
            winner, method, between = end
            if not between and method not in (TD, TDRAW) and len(self.round_stats) < self.rnd:
                self.round_stats.append(self.stats_line())
            time = "3:00" if between else clock(min(self.seconds(), 180))
            if between and self.rnd == 0:
                time = "0:00"
            if method in (TD, TDRAW):
                if len(self.cards[0]) < rnd:
                    # score the partial round (even if nothing much happened)
                    self.end_of_round(partial=False)
                    totals = [[sum(x[0] for x in c), sum(x[1] for x in c)] for c in self.cards]
                if method == TD:
                    winner, _dec = decision_from_totals(totals)
                    if winner is None:
                        method = TDRAW
                else:
                    winner = None
        return BoutResult(
            ruleset="titlebout",
            seed=0,
            scheduled_rounds=self.rounds,
            winner=winner,
            method=method,
            round=rnd,
            time=time,
            judges=[j["name"] for j in self.judges],
            scorecards=self.cards,
            knockdowns=self.knockdowns,
            injuries=self.injuries,
            fouls=self.fouls,
            rounds=self.round_stats,
            events=self.events,
            fighters=[],
            details={
                "referee": dict(self.ref.items()),
                "doctor": self.officials["doctor"],
                "corners": self.corners,
                "judges": self.judges,
                "endurance": {"red": self.red.end, "blue": self.blue.end},
                "fatigued": {"red": self.red.fatigued, "blue": self.blue.fatigued},
                "damage_points": {"red": self.red.damage, "blue": self.blue.damage},
                "ratings": {"red": card_rating(self.red.card), "blue": card_rating(self.blue.card)},
                "strategies": self.strategies_log,
                "referee_errors": self.errors_log,
                "totals": totals,
            },
        )
