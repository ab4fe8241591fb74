"""The four actions, counterpunches, control checks and the round loop (mixin of ``Bout``)."""

from __future__ import annotations

from . import tables as T
from .deck import C_CF, C_POS, C_RESULT, C_RN, CENTER, FOUL, INJURY, POSITIONS
from .state import CLOCKS, ERR_SLIP, VERB, Fighter, RoundOver


class ActionsMixin:
    # --- the four actions ---------------------------------------------------------------
    def land(self, att: Fighter, counter: bool = False):
        i = self.i
        deck = self.deck
        if i < len(deck):
            self.i = i + 1
            card = deck[i]
        else:
            card = self.draw_need()
        pts, punch = att.hit[card[2]]  # C_RESULT
        hand = att.hand
        if hand and (hand == 3 or (hand == 1 and pts == 2) or (hand == 2 and pts == 3)):
            pts -= 1
        att.landed += 1
        att.pts += pts
        dfn = att.opp
        if pts:
            n = self.i - self.returned
            self.events.append(
                {
                    "round": self.rnd,
                    "clock": CLOCKS[n] if 0 <= n < 120 else self.clock(),
                    "kind": "punch",
                    "side": att.side,
                    "text": f"{att.name} {VERB[counter]} {punch} ({pts})",
                }
            )
        if att.pts >= dfn.alarm:
            self.tko_check(dfn)
        if card[3]:  # C_CUT
            if self.ki_timing and self.ki_left:
                self.pending.append(("cut", dfn))
            else:
                self.cut_check(dfn)
        if counter:
            self.next = None
        return pts

    def word(self, att: Fighter, rn: int, in_ki: bool):
        """A card with a word for its RN (FOUL, INJURY, Special)."""
        if in_ki and self.ki_timing:
            if rn == INJURY and self.injuries_on:
                self.pending.append(("injury", att))
            return
        if rn == FOUL:
            self.foul_check(att)
        elif rn == INJURY:
            self.injury(att)
        else:
            self.special(att)

    def clinch_rules(self, att: Fighter):
        """After a clinch: the constant clincher's fifth costs a point; advanced clinching."""
        if self.traits_on and att.clinches == 5 and "constant_clincher" in att.traits:
            att.points_lost += 1
            att.deducted += 1
            self.fouls.append(self.foul_row(att, "excessive holding", "point", 1))
            self.ev(
                "foul",
                att.side,
                f"The referee takes a point from {att.name} for constant holding",
            )
        if self.opt["advanced_clinching"]:
            extra = T.clinch_cards(self.tolerance, self.aux_rn())
            self.remove_cards(extra)
            if extra == 3:
                self.ev("referee", None, "The referee calls time and warns both for holding")
                self.warn(att, "excessive holding", "for excessive holding")
                self.warn(att.opp, "excessive holding", "for excessive holding")

    def slip(self, att: Fighter):
        """Referee error: a slip called a knockdown (once a fight)."""
        dfn = att.opp
        self.slip_used = True
        att.kd_scored += 1
        dfn.kd_counts.append(0)
        self.knockdowns.append(
            {
                "round": self.rnd,
                "time": self.clock(),
                "fighter": dfn.side,
                "count": 8,
                "ruling": "a slip called a knockdown",
            }
        )
        self.ev("knockdown", dfn.side, f"{dfn.name} slips and the referee calls it a knockdown")
        att.pts += 4

    def action(self, att: Fighter):
        """The attacker is in control: the RN decides his action. (``play_round``
        runs the same steps inline; this is the single-action entry point.)"""
        dfn = att.opp
        att.actions += 1
        in_ki = self.ki_left > 0 and self.ki_side is att
        if in_ki:
            self.ki_left -= 1
        i = self.i
        if i >= len(self.deck):
            raise RoundOver
        self.i = i + 1
        card = self.deck[i]
        rn = card[1]  # C_RN
        self.next = None
        self.first = att
        if rn < 0:
            if rn != INJURY or self.injuries_on or (in_ki and self.ki_timing):
                self.word(att, rn, in_ki)
                return
            rn = card[C_RESULT]  # INJURY with injuries off: the RESULT is the RN
        if rn <= att.kp:
            att.thrown += 1
            att.landed += 1
            if self.trapper is dfn:
                self.trapper = None
            self.kd_check(att, False)
            return
        if rn <= att.pl + dfn.deff:
            att.thrown += 1
            self.land(att)
            return
        if rn <= att.pm:
            att.thrown += 1
            att.missed += 1
            if rn >= att.cpd:
                self.counter(dfn, in_ki)
            return
        if rn <= att.clinch:
            att.clinches += 1
            self.clinch_rules(att)
            return
        # ring movement
        if in_ki and self.ki_timing:
            return
        if self.trapper is dfn:
            self.trapper = None  # the trapped fighter moves back to ring center
            return
        if self.error == ERR_SLIP and not self.slip_used:
            self.slip(att)
            return
        pos = self.draw_need()[C_POS]
        if pos == CENTER:
            if self.trapper is not None:
                self.trapper = None
                self.ev("move", att.side, "The fighters are back in ring center")
        else:
            self.trapper = att
            self.ev("move", att.side, f"{att.name} pins {dfn.name} on {POSITIONS[pos]}")

    def counter(self, cp: Fighter, in_ki: bool):
        """The opponent's counterpunch after a miss in the CPD range."""
        card = self.draw_need() if self.i < len(self.deck) else None
        if card is None:
            return
        rn = card[C_RN]
        if rn < 0:
            return
        att = cp.opp
        if rn <= cp.kp:
            cp.thrown += 1
            cp.landed += 1
            pts = self.kd_check(cp, True)
        elif rn <= cp.pl + cp.cp:
            cp.thrown += 1
            pts = self.land(cp, True)
        else:
            return
        if self.ki_left and self.ki_side is att and pts >= 5:
            self.ki_left = 0
            self.trapper = None
            self.next = cp
            self.ev("counter", cp.side, f"{cp.name}'s counter turns the tide!")
        elif pts >= 4:
            self.next = cp
        else:
            self.next = None
            self.first = cp

    # --- a round ------------------------------------------------------------------------
    def control(self, first: Fighter) -> Fighter:
        """Control checks, alternating, until a fighter's CF covers the card's CF."""
        f = first
        deck = self.deck
        trapper = self.trapper
        while True:
            i = self.i
            if i >= len(deck):
                raise RoundOver
            self.i = i + 1
            cf = f.cf
            if trapper is f:
                cf += 2 if f.opp.style == "S" else 1
            if deck[i][C_CF] <= cf:
                return f
            f = f.opp

    def play_round(self):
        """The round, action by action. ``action`` (and ``land``) inlined for the
        common cases: the same draws, checks and events in the same order."""
        first = self.aggressor
        self.next = None
        self.ki_left = 0
        self.ki_side = None
        self.trapper = None
        deck = self.deck  # extended in place by stop_clock; never replaced mid-round
        append = self.events.append
        rnd = self.rnd
        ki_timing = self.ki_timing
        injuries_on = self.injuries_on
        traits_on = self.traits_on
        adv_clinch = self.opt["advanced_clinching"]
        try:
            while True:
                n = len(deck)  # changes only inside helper calls (stop_clock)
                nxt = self.next
                if nxt is not None:
                    att = nxt
                    in_ki = self.ki_left > 0 and self.ki_side is att
                elif self.ki_left > 0:
                    att = self.ki_side
                    in_ki = True
                else:
                    # control checks, alternating (see ``control``)
                    att = first
                    in_ki = False
                    trapper = self.trapper
                    i = self.i
                    while True:
                        if i >= n:
                            self.i = i
                            raise RoundOver
                        cf = att.cf
                        if trapper is att:
                            cf += 2 if att.opp.style == "S" else 1
                        i += 1
                        if deck[i - 1][0] <= cf:  # C_CF
                            break
                        att = att.opp
                    self.i = i
                # --- the action (``action``) ---
                dfn = att.opp
                att.actions += 1
                if in_ki:
                    self.ki_left -= 1
                i = self.i
                if i >= n:
                    raise RoundOver
                self.i = i + 1
                card = deck[i]
                rn = card[1]  # C_RN
                self.next = None
                self.first = att
                if rn < 0 and (rn != INJURY or injuries_on or (in_ki and ki_timing)):
                    self.word(att, rn, in_ki)
                else:
                    if rn < 0:
                        rn = card[2]  # INJURY with injuries off: the RESULT is the RN
                    if rn <= att.kp:
                        att.thrown += 1
                        att.landed += 1
                        if self.trapper is dfn:
                            self.trapper = None
                        self.kd_check(att, False)
                    elif rn <= att.pl + dfn.deff:
                        att.thrown += 1
                        # --- ``land(att)`` ---
                        i += 1
                        if i < n:
                            self.i = i + 1
                            card = deck[i]
                        else:
                            card = self.draw_need()
                        pts, punch = att.hit[card[2]]  # C_RESULT
                        hand = att.hand
                        if hand and (
                            hand == 3 or (hand == 1 and pts == 2) or (hand == 2 and pts == 3)
                        ):
                            pts -= 1
                        att.landed += 1
                        att.pts += pts
                        if pts:
                            n = self.i - self.returned
                            append(
                                {
                                    "round": rnd,
                                    "clock": CLOCKS[n] if 0 <= n < 120 else self.clock(),
                                    "kind": "punch",
                                    "side": att.side,
                                    "text": f"{att.name} lands {punch} ({pts})",
                                }
                            )
                        if att.pts >= dfn.alarm:
                            self.tko_check(dfn)
                        if card[3]:  # C_CUT
                            if ki_timing and self.ki_left:
                                self.pending.append(("cut", dfn))
                            else:
                                self.cut_check(dfn)
                    elif rn <= att.pm:
                        att.thrown += 1
                        att.missed += 1
                        if rn >= att.cpd:
                            self.counter(dfn, in_ki)
                    elif rn <= att.clinch:
                        att.clinches += 1
                        if adv_clinch or (traits_on and att.clinches == 5):
                            self.clinch_rules(att)
                    elif in_ki and ki_timing:
                        pass
                    elif self.trapper is dfn:
                        self.trapper = None  # the trapped fighter moves back to ring center
                    elif self.error == ERR_SLIP and not self.slip_used:
                        self.slip(att)
                    else:
                        i = self.i
                        if i < n:
                            self.i = i + 1
                            pos = deck[i][4]  # C_POS
                        else:
                            pos = self.draw_need()[C_POS]
                        if pos == CENTER:
                            if self.trapper is not None:
                                self.trapper = None
                                self.ev("move", att.side, "The fighters are back in ring center")
                        else:
                            self.trapper = att
                            self.ev(
                                "move", att.side, f"{att.name} pins {dfn.name} on {POSITIONS[pos]}"
                            )
                # --- after the action ---
                if self.ki_left <= 0 and self.ki_side is not None:
                    self.end_ki()
                first = self.first
        except RoundOver:
            pass
