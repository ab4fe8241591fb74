"""One Title Bout II bout: the sequence of play, card by card.

The 100-card Boxing Action deck is shuffled with the bout's rng every two rounds
and dealt into two 50-card round decks; every card used is 3.6 seconds of the
round. See RULES.md for the rule-by-rule map of this module.
"""

from __future__ import annotations

from ..result import DQ, KO, RTD, TD, TDRAW, TKO, BoutResult, clock, decision_from_totals
from . import tables as T
from .cards import card_rating, hitting_table
from .deck import (
    C_CF,
    C_INJURY,
    C_J1,
    C_J2,
    C_J3,
    C_KD,
    C_KD2,
    C_KDC,
    C_KOR,
    C_POS,
    C_RESULT,
    C_RN,
    C_SPECIAL,
    CENTER,
    DECK,
    FOUL,
    INJURY,
    POSITIONS,
    ROUND_CARDS,
    SECONDS_PER_CARD,
    shuffled,
)
from .options import plan_for_round
from .scoring import score_round
from .strategy import LABELS, MODS, STRATEGIES, rating_check, solo, solo_phase, total

# Referee's discretion after a knockdown: base chance (of 20) by stoppage tendency.
DISCRETION = {"early": 7, "normal": 5, "late": 4, "very_late": 3}
VERB = ("lands", "counters with")
CLOCKS = tuple(clock(int(n * SECONDS_PER_CARD)) for n in range(120))
NO_MODS = (0, 0, 0, 0, 0, 0)
ERR_SLIP = T.ERR_SLIP


class BoutOver(Exception):
    """Raised inside a round when the bout ends."""


class RoundOver(Exception):
    """Raised inside a round when the round deck runs out."""


def side_numbers(side: dict) -> tuple:
    """A card side's numbers as ``refresh`` reads them (the card never changes in a bout)."""
    return (
        side["pl"][1],
        side["pm"][1],
        side["cpd"],
        side["clinch"][1],
        side["def"],
        side["cp"],
        side["kp"],
        side["kd1"],
        side["kd2"],
        side["ko"],
        side["ki"],
    )


class Fighter:
    __slots__ = (
        "actions",
        "against",
        "alarm",
        "anger",
        "base_cf",
        "card",
        "card_style",
        "carry",
        "cf",
        "cf_bout",
        "cf_next",
        "cf_round",
        "cf_trait",
        "clinch",
        "clinches",
        "corner",
        "cp",
        "cpd",
        "cut_rating",
        "damage",
        "damage_checked",
        "deducted",
        "def_bout",
        "def_next",
        "def_round",
        "deff",
        "end",
        "end_drain",
        "end_extra",
        "fat_t",
        "fatigued",
        "fatigued_side",
        "fouled_round",
        "fouled_total",
        "fresh",
        "fresh_t",
        "front",
        "froze",
        "hand",
        "hit",
        "injuries",
        "kd1",
        "kd2",
        "kd_counts",
        "kd_scored",
        "kd_temp",
        "ki",
        "ko",
        "kp",
        "landed",
        "last_butt",
        "locations",
        "lost_streak",
        "margin",
        "missed",
        "name",
        "opp",
        "pl",
        "pl_bout",
        "pl_trait",
        "pm",
        "points_lost",
        "pts",
        "rating",
        "rib",
        "second_wind_used",
        "self_doubt",
        "side",
        "slugger_round",
        "smod",
        "strategy",
        "style",
        "thr",
        "thrown",
        "towel_used",
        "traits",
        "warnings",
        "won_streak",
    )

    def __init__(self, side: str, card: dict, end: int):
        self.side = side
        self.name = card.get("name") or side.capitalize()
        self.card = card
        self.traits = card["traits"]
        self.rating = card["rating"]
        self.card_style = card["style"]
        self.style = "S" if card["style"] == "E" else card["style"]
        self.hit = hitting_table(card["hitting"])
        self.fresh = card["fresh"]
        self.fatigued_side = card["fatigued"]
        self.fresh_t = side_numbers(self.fresh)
        self.fat_t = side_numbers(self.fatigued_side)
        self.fatigued = False
        self.end = end
        self.second_wind_used = False
        self.cut_rating = card["cut"]
        self.damage = 0
        self.locations = {}  # location -> [times, worked, source]
        self.cf_bout = self.pl_bout = self.def_bout = self.end_drain = 0
        self.cf_round = self.def_round = self.cf_next = self.def_next = 0
        self.cf_trait = self.pl_trait = 0
        self.smod = (0, 0, 0, 0, 0, 0)
        self.kd_temp = 0
        self.carry = False
        self.hand = 0
        self.injuries = []
        self.warnings = self.points_lost = self.deducted = 0
        self.fouled_round = self.fouled_total = self.anger = 0
        self.towel_used = False
        self.rib = False
        self.against = []
        self.froze = False
        self.slugger_round = False
        self.front = 0
        self.won_streak = self.lost_streak = 0
        self.self_doubt = False
        self.strategy = "none"
        self.damage_checked = 0
        self.last_butt = None
        self.base_cf = 0
        self.alarm = 0
        self.margin = 0
        self.cf = self.pl = self.kp = self.pm = self.cpd = self.clinch = 0
        self.deff = self.cp = self.kd1 = self.kd2 = self.ko = self.ki = 0
        self.reset_round()

    def reset_round(self):
        self.pts = self.landed = self.thrown = self.missed = self.clinches = 0
        self.kd_counts = []
        self.kd_scored = 0
        self.deducted = 0
        self.fouled_round = 0
        self.end_extra = 0
        self.actions = 0


class Bout:
    def __init__(self, red, blue, rounds, rng, officials, corners, plans, options):
        self.rng = rng
        self.rounds = rounds
        self.opt = options
        self.plans = plans
        self.officials = officials
        self.corners = corners
        ref = officials["referee"]
        self.ref = ref
        self.tolerance = ref["fouls"]
        self.judges = officials["judges"]
        self.doctor = officials["doctor"]["caution"]
        self.traits_on = options["traits"]
        self.injuries_on = options["injuries"]
        self.timing = options["advanced_timing"]
        self.ki_timing = options["ki_timing"]
        self.classic = options["era"] == "classic"
        self.red = Fighter("red", red, self.endurance(red["end"], rounds))
        self.blue = Fighter("blue", blue, self.endurance(blue["end"], rounds))
        self.red.opp = self.blue
        self.blue.opp = self.red
        self.red.thr = self.thresholds(self.red)  # fixed for the bout
        self.blue.thr = self.thresholds(self.blue)
        traits = self.traits_on
        pair = (self.red, self.blue)
        self.ctx = {
            "aggressor": "red",
            "styles": {},
            "safety": [f.side for f in pair if traits and "safety_first" in f.traits],
            "crowd": [f.side for f in pair if traits and "plays_to_crowd" in f.traits],
        }
        self.red.corner = corners["red"]
        self.blue.corner = corners["blue"]
        self.events = []
        self.knockdowns = []
        self.injuries = []
        self.fouls = []
        self.round_stats = []
        self.cards = [[], [], []]
        self.rnd = 0
        self.deck = []
        self.i = 0
        self.returned = 0
        self.stopper = None
        self.ki_left = 0
        self.ki_side = None
        self.first = None
        self.next = None
        self.trapper = None
        self.error = T.ERR_NONE
        self.errors_used = set()
        self.errors_log = []
        self.favor_used = False
        self.slip_used = False
        self.flash_used = False
        self.last_winner = None
        self.aggressor = None
        self.one_more_round = None
        self.pending = []
        self.strategies_log = []
        self.full = None
        self.used = []
        self.bout_end = None

    # --- setup --------------------------------------------------------------------------
    @staticmethod
    def endurance(end: int, rounds: int) -> int:
        """END for the bout's length: the card's END is for 12 rounds; each round
        more or less moves it by a tenth of END (the book's 85 -> 68 / 111). Bouts
        under ten rounds keep at least their share of a 12-round END."""
        value = end * (rounds - 2) / 10
        if rounds < 10:
            value = max(value, end * rounds / 12)
        return int(value + 0.5)

    # --- the deck -----------------------------------------------------------------------
    def deal(self):
        if self.rnd % 2 == 1:
            cards = shuffled(self.rng)
            self.full = cards
            self.deck = cards[:ROUND_CARDS]
        else:
            self.deck = self.full[ROUND_CARDS:]
        self.i = 0
        self.returned = 0

    def draw(self):
        """The next card of the round deck; the round ends when it runs out."""
        i = self.i
        if i >= len(self.deck):
            raise RoundOver
        self.i = i + 1
        return self.deck[i]

    def draw_need(self):
        """A card to finish an action already under way: from the round deck, or,
        when it has run out, a card at random from the whole deck (the book: the
        result of the punch is found, then the round ends)."""
        i = self.i
        if i < len(self.deck):
            self.i = i + 1
            return self.deck[i]
        return DECK[int(self.rng.random() * 100)]

    def check_card(self):
        """A card for a check (cuts, fouls, injuries, specials): the round deck, or
        the idle deck with the optional card-usage rule."""
        if self.opt["card_usage"]:
            return DECK[int(self.rng.random() * 100)]
        return self.draw_need()

    def aux_rn(self) -> int:
        """An RN (1-80) from a used card, for checks between rounds."""
        rn = DECK[int(self.rng.random() * 100)][C_RN]
        while rn < 0:
            rn = DECK[int(self.rng.random() * 100)][C_RN]
        return rn

    def rn20(self) -> int:
        return DECK[int(self.rng.random() * 100)][C_CF]

    def stop_clock(self, n: int):
        """Advanced timing: time is stopped for the last ``n`` cards. The book's
        second method: the checks are made with the idle 50-card deck, so the
        round deck gets ``n`` cards back (drawn from the idle half, so that a FOUL
        card is not recycled into the same round)."""
        if self.timing and n:
            idle = self.full[ROUND_CARDS:] if self.rnd % 2 == 1 else self.full[:ROUND_CARDS]
            random = self.rng.random
            self.deck.extend(idle[int(random() * ROUND_CARDS)] for _ in range(n))
            self.returned += n

    def remove_cards(self, n: int):
        self.i += n

    def seconds(self) -> int:
        return int((self.i - self.returned) * SECONDS_PER_CARD)

    def clock(self) -> str:
        n = self.i - self.returned
        return CLOCKS[n] if 0 <= n < 120 else clock(max(0, self.seconds()))

    def ev(self, kind: str, side, text: str):
        n = self.i - self.returned
        self.events.append(
            {
                "round": self.rnd,
                "clock": CLOCKS[n] if 0 <= n < 120 else self.clock(),
                "kind": kind,
                "side": side,
                "text": text,
            }
        )

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

    # --- between rounds -----------------------------------------------------------------
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
