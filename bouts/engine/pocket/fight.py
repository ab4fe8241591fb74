"""The bout: initiative, exchanges, punches, guard, counters, special and dirty
punches, stun and clinch, knockdowns and the ten count, TKO, DQ, the rounds.

Every die is ``floor(rng.random() * 6.0)`` (a face index); the fight draws nothing
else from ``rng`` but the policies' choices and the hidden rating dice.

The dice read ``random() * 6.0``, not ``* 6``: the same product (the int is turned
into that float anyway), but a float times a float takes the interpreter's fast path.
"""

from __future__ import annotations

from math import floor

from ..result import BLUE, RED
from . import tables as T
from .policy import DIE, DIRTY, HEAD_EDGE, LATE_SPECIAL_AT, SPECIAL, DefaultPolicy
from .texts import (
    ARTICLE,
    BELL_EVENTS,
    CAUGHT_OPEN,
    DAMAGE,
    EXCHANGE_EVENTS,
    NUMBERS,
    STAMPS,
    TEMPLATE_ROUNDS,
    exchange_events,
)

STAT_KEYS = (
    "thrown",
    "landed",
    "damage",
    "head",
    "body",
    "specials",
    "dirty",
    "counters",
    "knockdowns",
    "initiative",
)
ZERO_STATS = dict.fromkeys(STAT_KEYS, 0)
LAST_STAMP = T.ROUND_SECONDS - 1
HEAD = T.HEAD
BODY = T.BODY
OPEN = T.OPEN
STEP_BACK = T.STEP_BACK
DUCK_COUNTER = T.DUCK_COUNTER
PER_PUNCH = T.EXCHANGE_PER_PUNCH
KNOCKDOWN_AT = T.KNOCKDOWN_AT
STUN_AT = T.STUN_AT
FIGHTER_DICE = T.FIGHTER_DICE
GUARD_DICE = T.GUARD_DICE
CLINCH_FACES = T.CLINCH_FACES
CLINCH_DEFAULT = T.CLINCH_DEFAULT
ROUND_END = T.ROUND_SECONDS
# the seconds between two exchanges for each face of the die
EXCHANGE_SECONDS = tuple(T.EXCHANGE_BASE + T.EXCHANGE_SPREAD * face for face in range(6))
# a hidden rating's chance, (rating - 1) / 8, by rating (an int times a float is the
# interpreter's slow path)
HIDDEN_P = tuple((rating - 1) * 0.125 for rating in range(T.ATTR_HIGH + 1))


class Fighter:
    """One fighter's dice, ratings and state during the bout."""

    __slots__ = (
        "chin_mod",
        "clinch_face",
        "defence_p",
        "die",
        "exchange_events",
        "guard",
        "guard_die",
        "head_edge",
        "health",
        "hurt_body",
        "hurt_head",
        "injuries",
        "knockdowns",
        "name",
        "plain_policy",
        "policy",
        "power_p",
        "side",
        "special_ready",
        "speed_mod",
        "stats",
        "stunned",
        "style",
        "warnings",
    )

    def __init__(self, side: str, card: dict, policy):
        self.side = side
        self.name = card.get("name") or ("Red" if side == RED else "Blue")
        self.style = style = card["style"]
        self.guard = guard = card["guard"]
        self.die = FIGHTER_DICE[style]
        self.guard_die = GUARD_DICE[guard]
        # policy.HEAD_EDGE of the guard, for the smart target of a written-out punch
        self.head_edge = HEAD_EDGE[guard]
        self.speed_mod = card["speed"] - 3  # added to the initiative roll
        self.power_p = HIDDEN_P[card["power"]]  # chance of +1 on a scoring punch
        self.defence_p = HIDDEN_P[card["defence"]]  # chance to re-roll an OPEN guard
        self.chin_mod = card["chin"] - 3  # added to the ten-count total
        self.clinch_face = CLINCH_FACES.get(style, CLINCH_DEFAULT)
        self.policy = policy
        # whether Bout.exchange writes the policy's punch out (a DefaultPolicy, not a
        # subclass): tested once here, not at every exchange
        self.plain_policy = type(policy) is DefaultPolicy
        self.health = T.HEALTH
        self.hurt_head = 0  # injury bonus to scoring punches on the head
        self.hurt_body = 0
        self.injuries: list[str] = []
        self.warnings = 0
        self.knockdowns = 0
        self.special_ready = True
        self.stunned = False
        self.stats: dict = {}
        self.exchange_events = EXCHANGE_EVENTS.get(side) or exchange_events(side)


class BoutOver(Exception):
    """``BoutOver(winner, method)``: the bout is stopped. The two are kept in
    ``args`` by the built-in initialiser (raised in about half the bouts, where a
    Python ``__init__`` would cost more than the rest of the raise)."""

    @property
    def winner(self) -> str | None:
        return self.args[0]

    @property
    def method(self) -> str:
        return self.args[1]


class Bout:
    """A bout in progress. ``simulate`` in ruleset.py builds one and calls ``fight``."""

    def __init__(
        self,
        red: Fighter,
        blue: Fighter,
        rounds: int,
        rng,
        referee: dict,
        special_each_round: bool = False,
    ):
        self.red = red
        self.blue = blue
        self.rounds = rounds
        # what the ``rng`` setter does, without the call through the property
        self._rng = rng
        self.random = rng.random
        self.referee = referee
        self.warn_face = T.WARNING_FACE[referee["fouls"]]
        self.very_lenient = referee["fouls"] == "very_lenient"
        self.tko_at = T.TKO_AT[referee["stoppage"]]
        self.special_each_round = special_each_round
        self.round = 0
        self.clock = 0
        self.events: list[dict] = []
        self.knockdowns: list[dict] = []
        self.injuries: list[dict] = []
        self.fouls: list[dict] = []
        self.round_stats: list[dict] = []
        self.exchanges = 0

    @property
    def rng(self):
        """The bout's one ``random.Random``."""
        return self._rng

    @rng.setter
    def rng(self, rng) -> None:
        # ``rng.random`` bound once as ``random``: a bound method skips the method
        # lookup and the type check of a call through ``rng`` (the same draws)
        self._rng = rng
        self.random = rng.random

    # --- helpers ------------------------------------------------------------------
    def d6(self) -> int:
        """A die roll 1..6."""
        return floor(self.random() * 6.0) + 1

    def stamp(self) -> str:
        c = self.clock
        return STAMPS[c if c < LAST_STAMP else LAST_STAMP]

    def say(self, kind: str, side: str | None, text: str) -> None:
        c = self.clock
        self.events.append(
            {
                "round": self.round,
                "clock": STAMPS[c if c < LAST_STAMP else LAST_STAMP],
                "kind": kind,
                "side": side,
                "text": text,
            }
        )

    # --- the whole bout ---------------------------------------------------------------
    def fight(self):
        """Fight every round; returns (winner, method) for a stoppage or None when the
        bout goes the distance."""
        try:
            for number in range(1, self.rounds + 1):
                self.fight_round(number)
        except BoutOver as over:
            return over.args  # (winner, method)
        return None

    def fight_round(self, number: int) -> None:
        self.round = number
        self.clock = 0
        red, blue = self.red, self.blue
        red.stats = ZERO_STATS.copy()
        blue.stats = ZERO_STATS.copy()
        if self.special_each_round:
            red.special_ready = blue.special_ready = True
        self.round_stats.append({"round": number, RED: red.stats, BLUE: blue.stats})
        # the hot loop: everything it reads is bound to a local once per round (the
        # speed ratings do not change during a bout); ``clock`` mirrors ``self.clock``,
        # which an exchange moves on and the policies read
        random, exchange = self.random, self.exchange
        red_speed, blue_speed = red.speed_mod, blue.speed_mod
        clock = 0
        while True:
            clock += EXCHANGE_SECONDS[floor(random() * 6.0)]
            if clock >= ROUND_END:
                break
            self.clock = clock
            # initiative() inlined
            r = floor(random() * 6.0) + red_speed
            b = floor(random() * 6.0) + blue_speed
            if r > b:
                exchange(red, blue)
            elif b > r:
                exchange(blue, red)
            else:
                attacker = self.initiative()
                exchange(attacker, blue if attacker is red else red)
            clock = self.clock
            if clock >= ROUND_END:
                break
        self.clock = ROUND_END
        if number < TEMPLATE_ROUNDS:
            self.events.append(BELL_EVENTS[number].copy())
        else:
            self.events.append(
                {
                    "round": number,
                    "clock": STAMPS[ROUND_END],
                    "kind": "bell",
                    "side": None,
                    "text": f"The bell ends round {number}.",
                }
            )

    def initiative(self) -> Fighter:
        """Both roll the black die (plus speed); the higher takes control. A tie goes
        to a brawler (the published die); otherwise both roll again."""
        red, blue, random = self.red, self.blue, self.random
        while True:
            r = floor(random() * 6.0) + red.speed_mod
            b = floor(random() * 6.0) + blue.speed_mod
            if r > b:
                return red
            if b > r:
                return blue
            red_brawls = red.style == "brawler"
            if red_brawls != (blue.style == "brawler"):
                return red if red_brawls else blue

    # --- one exchange -----------------------------------------------------------------
    def exchange(self, att: Fighter, dfn: Fighter) -> None:
        """The fighter in control punches until he misses, the defender avoids or
        counters, a punch does not get through the guard, a warning, a clinch, or a
        knockdown. One event tells the whole exchange."""
        self.exchanges += 1
        random = self.random
        stats = att.stats
        stats["initiative"] += 1
        policy = att.policy
        # the corners' usual policy is asked without a call: DefaultPolicy.punch is
        # written out below (the same draws in the same order); any other policy,
        # a subclass too, is asked
        written_out = att.plain_policy
        dealt = 0
        parts: list[str] = []
        # the exchange ends by ``break`` (or a raise), not ``return``: a return inside
        # try/finally copies the finally's code to its site, and the longer jumps
        # would leave the compares before them unspecialised (bench/README.md, round 10)
        try:
            while True:
                if written_out:
                    kind = DIE
                    if att.special_ready:
                        plan = policy.special_plan
                        if plan == "late":
                            if self.clock >= LATE_SPECIAL_AT or dfn.stunned:
                                kind = SPECIAL
                        elif plan == "early" or (plan == "stunned" and dfn.stunned):
                            kind = SPECIAL
                    dirty = policy.dirty
                    if (
                        dirty
                        and kind is DIE
                        and random() < dirty
                        and policy.may_foul(att, dfn, self)
                    ):
                        kind = DIRTY
                    smart = policy.smart_p
                    if smart is not None:  # the smart plan, the default: tested first
                        if random() < smart:
                            target = (
                                HEAD
                                if 6 * (dfn.hurt_head - dfn.hurt_body) >= dfn.head_edge
                                else BODY
                            )
                        else:
                            target = HEAD if random() < 0.5 else BODY
                    else:
                        target = policy.fixed_target
                        if target is None:
                            target = HEAD if random() < 0.5 else BODY
                else:
                    kind, target = policy.punch(att, dfn, self)
                self.clock += PER_PUNCH
                stats["thrown"] += 1
                if kind == DIRTY:
                    stats["dirty"] += 1
                    if self.referee_sees():
                        self.warning(att, dfn, parts)
                        break
                    dmg = self.land(att, dfn, T.DIRTY_DAMAGE, target, False)
                    parts.append(f"a dirty punch to the {target}{DAMAGE[dmg]} unseen")
                else:
                    if kind == SPECIAL:
                        att.special_ready = False
                        stats["specials"] += 1
                        punch, base = "SPECIAL", T.SPECIAL_DAMAGE
                    else:
                        punch, base = att.die[floor(random() * 6.0)]
                        if not base:
                            parts.append("misses")
                            break
                    # the defender's guard die; a good defence may re-roll an OPEN face
                    g = dfn.guard_die[floor(random() * 6.0)]
                    face = g[0]
                    if face is OPEN and dfn.defence_p and random() < dfn.defence_p:
                        g = dfn.guard_die[floor(random() * 6.0)]
                        face = g[0]
                    if face is STEP_BACK:
                        parts.append(f"{punch} to the {target}, {dfn.name} steps back")
                        break
                    if face is DUCK_COUNTER:
                        parts.append(f"{punch} to the {target}")
                        self.counter(dfn, att, parts)
                        break
                    # a scoring punch (land() inlined): injury bonus, maybe a point of power
                    if target == HEAD:
                        dmg = base + g[1]
                        if dmg <= 0:
                            parts.append(f"{punch} to the {target} blocked by the guard")
                            break
                        dmg += dfn.hurt_head
                        stats["head"] += 1
                    else:
                        dmg = base + g[2]
                        if dmg <= 0:
                            parts.append(f"{punch} to the {target} blocked by the guard")
                            break
                        dmg += dfn.hurt_body
                        stats["body"] += 1
                    if random() < att.power_p:
                        dmg += 1
                    dfn.health -= dmg
                    stats["landed"] += 1
                    stats["damage"] += dmg
                    if face is OPEN:
                        parts.append(f"{punch} to the {target}{CAUGHT_OPEN[dmg]}")
                        if kind == SPECIAL:
                            self.injury_roll(att, dfn, target, parts)
                    else:
                        parts.append(f"{punch} to the {target}{DAMAGE[dmg]}")
                dealt += dmg
                if dfn.health <= self.tko_at:
                    self.flush(att, parts)
                    self.say("tko", att.side, f"{dfn.name} has nothing left: TKO for {att.name}.")
                    raise BoutOver(att.side, "TKO")
                if dealt >= KNOCKDOWN_AT:
                    self.flush(att, parts)
                    self.knockdown(att, dfn)
                    break
                if dealt >= STUN_AT and not dfn.stunned:
                    dfn.stunned = True
                    parts.append(f"{dfn.name} is stunned")
                    # DefaultPolicy.clinch written out
                    corner = dfn.policy
                    if corner.clinch_plan if dfn.plain_policy else corner.clinch(dfn, att, self):
                        if floor(random() * 6.0) + 1 >= dfn.clinch_face:
                            parts.append("and clinches until the referee breaks them")
                            break
                        parts.append("and cannot tie him up")
        finally:
            dfn.stunned = False
            if parts:  # flush() and say(), inlined
                c = self.clock
                number = self.round
                if number < TEMPLATE_ROUNDS:
                    event = att.exchange_events[number].copy()
                    event["clock"] = STAMPS[c if c < LAST_STAMP else LAST_STAMP]
                    event["text"] = f"{att.name}: {', '.join(parts)}."
                    self.events.append(event)
                else:
                    self.say("exchange", att.side, f"{att.name}: {', '.join(parts)}.")

    def flush(self, att: Fighter, parts: list[str]) -> None:
        if parts:
            self.say("exchange", att.side, f"{att.name}: {', '.join(parts)}.")
            parts.clear()

    def land(self, att: Fighter, dfn: Fighter, dmg: int, target: str, power: bool) -> int:
        """A scoring punch: the injury bonus at that target, maybe a point of power."""
        stats = att.stats
        if target == HEAD:
            dmg += dfn.hurt_head
            stats["head"] += 1
        else:
            dmg += dfn.hurt_body
            stats["body"] += 1
        if power and self.random() < att.power_p:
            dmg += 1
        dfn.health -= dmg
        stats["landed"] += 1
        stats["damage"] += dmg
        return dmg

    def counter(self, ctr: Fighter, att: Fighter, parts: list[str]) -> None:
        """DUCK & COUNTER: one punch the other cannot defend (no guard die)."""
        stats = ctr.stats
        stats["thrown"] += 1
        random = self.random
        # the policy is asked (a counter is rare: DefaultPolicy.target is written out
        # only in exchange)
        target = ctr.policy.target(ctr, att, self)
        punch, base = ctr.die[floor(random() * 6.0)]
        if not base:
            parts.append(f"{ctr.name} ducks, counters and misses")
            return
        if ctr.style == "swarmer":
            base += T.SWARMER_COUNTER_BONUS
        stats["counters"] += 1
        # land() inlined, with the point of power
        if target == HEAD:
            dmg = base + att.hurt_head
            stats["head"] += 1
        else:
            dmg = base + att.hurt_body
            stats["body"] += 1
        if random() < ctr.power_p:
            dmg += 1
        att.health -= dmg
        stats["landed"] += 1
        stats["damage"] += dmg
        parts.append(
            f"{ctr.name} ducks and counters with {ARTICLE[punch]} to the {target}{DAMAGE[dmg]}"
        )
        if att.health <= self.tko_at:
            self.flush(att, parts)
            self.say("tko", ctr.side, f"{att.name} has nothing left: TKO for {ctr.name}.")
            raise BoutOver(ctr.side, "TKO")

    def injury_roll(self, att: Fighter, dfn: Fighter, target: str, parts: list[str]) -> None:
        """A special punch that lands on an OPEN guard rolls the injury die; the
        injury counts only where the punch was aimed, and only once."""
        name, where, extra, severity = T.INJURY_DIE[floor(self.random() * 6.0)]
        if where != target or name in dfn.injuries:
            return
        dfn.injuries.append(name)
        if where == HEAD:
            dfn.hurt_head += extra
        else:
            dfn.hurt_body += extra
        self.flush(att, parts)
        text = f"{att.name}'s special punch leaves {dfn.name} with a {name}."
        self.injuries.append(
            {
                "round": self.round,
                "time": self.stamp(),
                "fighter": dfn.side,
                "type": name,
                "location": where,
                "severity": severity,
                "text": text,
            }
        )
        self.say("injury", dfn.side, text)

    def referee_sees(self) -> bool:
        # the first roll's compare before a jump, not kept (that is never specialised)
        if floor(self.random() * 6.0) + 1 < self.warn_face:
            return False
        if self.very_lenient:  # a second roll of 4-6
            return floor(self.random() * 6.0) + 1 >= 4
        return True

    def warning(self, att: Fighter, dfn: Fighter, parts: list[str]) -> None:
        """A seen dirty punch: no damage, the exchange stops; the third is a DQ."""
        att.warnings += 1
        parts.append("a dirty punch")
        self.flush(att, parts)
        dq = att.warnings >= T.WARNINGS_FOR_DQ
        self.fouls.append(
            {
                "round": self.round,
                "time": self.stamp(),
                "fighter": att.side,
                "type": "dirty punch",
                "penalty": "disqualification" if dq else "warning",
                "points": 0,
            }
        )
        ref = self.referee["name"]
        if dq:
            self.say(
                "dq", att.side, f"Third warning: {ref} disqualifies {att.name}; {dfn.name} wins."
            )
            raise BoutOver(dfn.side, "DQ")
        self.say(
            "warning",
            att.side,
            f"{ref} warns {att.name} for a dirty punch (warning {att.warnings}).",
        )

    def knockdown(self, att: Fighter, dfn: Fighter) -> None:
        """Ten or more in an exchange: down. Two rolls of the black die (plus chin)
        must reach 4 / 7 / 9 / 11 for the 1st..4th knockdown, or it is a KO."""
        dfn.knockdowns += 1
        att.stats["knockdowns"] += 1
        n = dfn.knockdowns
        need = T.COUNT_TARGETS[n - 1] if n <= len(T.COUNT_TARGETS) else T.COUNT_TARGET_LATER
        random = self.random
        total = (floor(random() * 6.0) + 1) + (floor(random() * 6.0) + 1) + dfn.chin_mod  # d6()s
        if total >= need:  # up: the count clamped to 2..9 (10 is out)
            count = 9 - (total - need)
            count = 2 if count < 2 else 9 if count > 9 else count
        else:
            count = 10
        # stamp() and say() inlined, numbers from NUMBERS: about one knockdown a bout
        c = self.clock
        number, stamp = self.round, STAMPS[c if c < LAST_STAMP else LAST_STAMP]
        side = dfn.side
        self.knockdowns.append({"round": number, "time": stamp, "fighter": side, "count": count})
        nth = NUMBERS[n] if n < len(NUMBERS) else str(n)
        self.events.append(
            {
                "round": number,
                "clock": stamp,
                "kind": "knockdown",
                "side": side,
                "text": f"{att.name} drops {dfn.name}! (knockdown {nth})",
            }
        )
        self.clock += T.COUNT_SECONDS
        if count == 10:
            self.say("ko", att.side, f"{dfn.name} cannot beat the count: KO for {att.name}.")
            raise BoutOver(att.side, "KO")
        self.say("count", side, f"{dfn.name} beats the count at {NUMBERS[count]}.")
