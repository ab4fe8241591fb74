"""The bout: initiative, exchanges, punches, guard, counters, special and dirty
punches, stun and clinch, knockdowns and the ten count, TKO, DQ, the rounds.

Every die is ``floor(rng.random() * 6.0)`` (a face index 0..5); the fight draws nothing
else from ``rng`` but the policies' choices and the hidden rating dice.

Read one round in this order: ``Bout.fight_round`` (the clock and the exchanges),
``Bout.initiative``, ``Bout.exchange`` (the punches of the fighter in control, each
chosen by his policy; the TKO, knockdown and stun checks), ``Bout.throw`` (one punch: the
fighter die or the special punch against the guard die; ``Bout.dirty_punch``),
``Bout.land`` (a scoring punch),
then ``Bout.counter``, ``Bout.injury_roll``, ``Bout.warning``, ``Bout.stun`` and
``Bout.knockdown`` where they happen; ``Bout.tell`` makes an exchange's text one event.
"""

from __future__ import annotations

from math import floor

from ..result import BLUE, RED
from . import tables
from .policy import DIE, DIRTY, SPECIAL, weaker_target
from .tables import (
    DUCK_COUNTER,
    EXCHANGE_PER_PUNCH,
    HEAD,
    KNOCKDOWN_AT,
    OPEN,
    ROUND_SECONDS,
    STEP_BACK,
    STUN_AT,
)
from .texts import (
    AIMED,
    BELL_EVENTS,
    BLOCKED,
    CAUGHT_OPEN,
    COUNTERS,
    EXCHANGE_EVENTS,
    SCORES,
    SPECIAL_PUNCH,
    STAMPS,
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
# the seconds between two exchanges for each face of the die
EXCHANGE_SECONDS = tuple(tables.EXCHANGE_BASE + tables.EXCHANGE_SPREAD * face for face in range(6))
# a hidden rating's chance, (rating - 1) / 8, by rating
HIDDEN_P = tuple((rating - 1) / 8 for rating in range(tables.ATTR_HIGH + 1))


class Fighter:
    """One fighter's dice, ratings and state during the bout."""

    __slots__ = (
        "chin_modifier",
        "clinch_face",
        "defence_p",
        "exchange_events",
        "fighter_die",
        "guard",
        "guard_die",
        "health",
        "hurt_body",
        "hurt_head",
        "injuries",
        "knockdowns",
        "name",
        "policy",
        "power_p",
        "side",
        "special_ready",
        "speed_modifier",
        "stats",
        "stunned",
        "style",
        "warnings",
        "weaker_target",
    )

    def __init__(self, side: str, card: dict, policy):
        self.side = side
        self.name = card.get("name") or ("Red" if side == RED else "Blue")
        self.style = card["style"]
        self.guard = card["guard"]
        self.fighter_die = tables.FIGHTER_DICE[self.style]
        self.guard_die = tables.GUARD_DICE[self.guard]
        self.speed_modifier = card["speed"] - 3  # added to the initiative roll
        self.power_p = HIDDEN_P[card["power"]]  # chance of +1 on a scoring punch
        self.defence_p = HIDDEN_P[card["defence"]]  # chance to re-roll an OPEN guard
        self.chin_modifier = card["chin"] - 3  # added to the ten-count total
        self.clinch_face = tables.CLINCH_FACES.get(self.style, tables.CLINCH_DEFAULT)
        self.policy = policy
        self.exchange_events = EXCHANGE_EVENTS[side]  # his exchanges' events, by round
        self.health = tables.HEALTH
        self.hurt_head = 0  # injury bonus to scoring punches on the head
        self.hurt_body = 0
        self.injuries: list[str] = []
        self.warnings = 0
        self.knockdowns = 0
        self.special_ready = True
        self.stunned = False
        self.stats: dict = {}
        # where a punch at him does most (``policy.weaker_target``): again when injured
        self.weaker_target = weaker_target(self)


class BoutOver(Exception):
    """``BoutOver(winner, method)``: the bout is stopped (a KO, TKO or DQ)."""

    @property
    def winner(self) -> str | None:
        return self.args[0]

    @property
    def method(self) -> str:
        return self.args[1]


class Bout:
    """A bout in progress. ``simulate`` in ruleset.py builds one and calls ``fight``.
    Its attributes are fixed (slots): the rules read them all the time."""

    __slots__ = (
        "_rng",
        "blue",
        "clock",
        "events",
        "exchanges",
        "fouls",
        "injuries",
        "knockdowns",
        "parts",
        "random",
        "red",
        "referee",
        "round",
        "round_stats",
        "rounds",
        "special_each_round",
        "tko_at",
        "very_lenient",
        "warn_face",
    )

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
        self.rng = rng
        self.referee = referee
        self.warn_face = tables.WARNING_FACE[referee["fouls"]]
        self.very_lenient = referee["fouls"] == "very_lenient"
        self.tko_at = tables.TKO_AT[referee["stoppage"]]
        self.special_each_round = special_each_round
        self.round = 0
        self.clock = 0
        self.events: list[dict] = []
        self.knockdowns: list[dict] = []
        self.injuries: list[dict] = []
        self.fouls: list[dict] = []
        self.round_stats: list[dict] = []
        self.exchanges = 0
        # the exchange under way as the text of its punches so far: ``tell`` makes
        # them one event
        self.parts: list[str] = []

    @property
    def rng(self):
        """The bout's one ``random.Random`` (the rules draw from it as ``_rng``);
        ``random`` is its ``random`` method, for the policies."""
        return self._rng

    @rng.setter
    def rng(self, rng) -> None:
        self._rng = rng
        self.random = rng.random

    # --- helpers ------------------------------------------------------------------
    def d6(self) -> int:
        """A die roll 1..6."""
        return floor(self._rng.random() * 6.0) + 1

    def stamp(self) -> str:
        """The round's clock as text (``texts.STAMPS``)."""
        return STAMPS[self.clock]

    def say(self, kind: str, side: str | None, text: str) -> None:
        self.events.append(
            {
                "round": self.round,
                "clock": STAMPS[self.clock],
                "kind": kind,
                "side": side,
                "text": text,
            }
        )

    def tell(self, attacker: Fighter) -> None:
        """The exchange so far (``parts``) as one event, nothing if it has no parts
        yet: a copy of the round's exchange event for the attacker's side (``texts``)."""
        parts = self.parts
        if parts:
            event = attacker.exchange_events[self.round].copy()
            event["clock"] = STAMPS[self.clock]
            event["text"] = f"{attacker.name}: {', '.join(parts)}."
            self.events.append(event)
            parts.clear()

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
        """Exchanges until the bell: the next one starts 28 s + 4 s x d6 after the last
        ended, and none starts once the round's 180 s have passed."""
        self.round = number
        self.clock = 0
        red, blue = self.red, self.blue
        red.stats = ZERO_STATS.copy()
        blue.stats = ZERO_STATS.copy()
        if self.special_each_round:
            red.special_ready = blue.special_ready = True
        self.round_stats.append({"round": number, RED: red.stats, BLUE: blue.stats})
        while True:
            self.clock += EXCHANGE_SECONDS[floor(self._rng.random() * 6.0)]
            if self.clock >= ROUND_SECONDS:
                break
            attacker = self.initiative()
            self.exchange(attacker, blue if attacker is red else red)
            if self.clock >= ROUND_SECONDS:
                break
        self.clock = ROUND_SECONDS
        self.events.append(BELL_EVENTS[number].copy())

    def initiative(self) -> Fighter:
        """Both roll the black die (plus speed); the higher takes control. A tie goes
        to a brawler (the published die), otherwise both roll again; but a tie of an
        exchange's first roll is always rolled again (the code's reading since round
        1: RULES.md, "Initiative ties")."""
        red, blue, random = self.red, self.blue, self.random
        first_roll = True
        while True:
            red_roll = floor(random() * 6.0) + red.speed_modifier
            blue_roll = floor(random() * 6.0) + blue.speed_modifier
            if red_roll > blue_roll:
                return red
            if blue_roll > red_roll:
                return blue
            red_brawls = red.style == "brawler"
            if not first_roll and red_brawls != (blue.style == "brawler"):
                return red if red_brawls else blue
            first_roll = False

    # --- one exchange -----------------------------------------------------------------
    def exchange(self, attacker: Fighter, defender: Fighter) -> None:
        """The fighter in control punches until he misses, the defender avoids or
        counters, a punch does not get through the guard, a warning, a clinch, or a
        knockdown; health at the referee's line is a TKO. Each punch is his policy's
        choice. One event tells the whole exchange."""
        self.exchanges += 1
        stats = attacker.stats
        stats["initiative"] += 1
        policy = attacker.policy
        dealt = 0  # the damage of this exchange: a knockdown at 10, a stun at 7
        try:
            while True:
                kind, target = policy.punch(attacker, defender, self)
                self.clock += EXCHANGE_PER_PUNCH
                stats["thrown"] += 1
                damage = self.throw(attacker, defender, kind, target)
                if not damage:
                    return
                dealt += damage
                if defender.health <= self.tko_at:
                    self.tell(attacker)
                    self.tko(attacker, defender)
                if dealt >= KNOCKDOWN_AT:
                    self.tell(attacker)
                    self.knockdown(attacker, defender)
                    return
                stunned_now = dealt >= STUN_AT and not defender.stunned
                if stunned_now and self.stun(attacker, defender):
                    return
        finally:
            defender.stunned = False
            self.tell(attacker)

    def throw(self, attacker: Fighter, defender: Fighter, kind, target) -> int:
        """One punch: its damage if it scores, 0 if the exchange ends with it. The
        fighter die's punch or the special punch meets the guard die; a dirty punch
        does not (``dirty_punch``)."""
        if kind == DIE:
            punch, base = attacker.fighter_die[floor(self._rng.random() * 6.0)]
            if not base:
                self.parts.append("misses")
                return 0
        elif kind == SPECIAL:
            attacker.special_ready = False
            attacker.stats["specials"] += 1
            punch, base = SPECIAL_PUNCH, tables.SPECIAL_DAMAGE
        elif kind == DIRTY:
            return self.dirty_punch(attacker, defender, target)
        else:
            raise ValueError(f"a policy's punch is die, special or dirty (got {kind!r})")
        # the defender's guard die; a good defence may re-roll an OPEN face once
        guard_die = defender.guard_die
        face, head_modifier, body_modifier = guard_die[floor(self._rng.random() * 6.0)]
        if face is OPEN and defender.defence_p and self._rng.random() < defender.defence_p:
            face, head_modifier, body_modifier = guard_die[floor(self._rng.random() * 6.0)]
        if face is STEP_BACK:
            self.parts.append(f"{AIMED[punch][target]}, {defender.name} steps back")
            return 0
        if face is DUCK_COUNTER:
            self.parts.append(AIMED[punch][target])
            self.counter(defender, attacker)
            return 0
        damage = base + (head_modifier if target == HEAD else body_modifier)
        if damage <= 0:
            self.parts.append(BLOCKED[punch][target])
            return 0
        damage = self.land(attacker, defender, damage, target, True)
        if face is not OPEN:
            self.parts.append(SCORES[punch][target][damage])
            return damage
        self.parts.append(CAUGHT_OPEN[punch][target][damage])
        if kind == SPECIAL:
            self.injury_roll(attacker, defender, target)
        return damage

    def dirty_punch(self, attacker: Fighter, defender: Fighter, target) -> int:
        """A dirty punch: immediate damage (no guard die, no chance of power) unless the
        referee sees it (a warning, no damage: the exchange ends)."""
        attacker.stats["dirty"] += 1
        if self.referee_sees():
            self.warning(attacker, defender)
            return 0
        damage = self.land(attacker, defender, tables.DIRTY_DAMAGE, target, False)
        self.parts.append(f"a dirty punch to the {target} ({damage}) unseen")
        return damage

    def land(self, attacker: Fighter, defender: Fighter, damage, target, power) -> int:
        """A scoring punch: the injury bonus at that target, maybe a point of power."""
        stats = attacker.stats
        if target == HEAD:
            damage += defender.hurt_head
            stats["head"] += 1
        else:
            damage += defender.hurt_body
            stats["body"] += 1
        if power and self._rng.random() < attacker.power_p:
            damage += 1
        defender.health -= damage
        stats["landed"] += 1
        stats["damage"] += damage
        return damage

    def stun(self, attacker: Fighter, defender: Fighter) -> bool:
        """Seven in an exchange stuns (once); the stunned man may try to clinch, which
        holds on the black die's clinch face or more. Whether he clinched (the
        exchange ends)."""
        defender.stunned = True
        self.parts.append(f"{defender.name} is stunned")
        if not defender.policy.clinch(defender, attacker, self):
            return False
        if self.d6() >= defender.clinch_face:
            self.parts.append("and clinches until the referee breaks them")
            return True
        self.parts.append("and cannot tie him up")
        return False

    def tko(self, winner: Fighter, loser: Fighter) -> None:
        """Health at the referee's stoppage line: the bout is over."""
        self.say("tko", winner.side, f"{loser.name} has nothing left: TKO for {winner.name}.")
        raise BoutOver(winner.side, "TKO")

    def counter(self, counterer: Fighter, attacker: Fighter) -> None:
        """DUCK & COUNTER: one punch the other cannot defend (no guard die)."""
        counterer.stats["thrown"] += 1
        target = counterer.policy.target(counterer, attacker, self)
        punch, base = counterer.fighter_die[floor(self._rng.random() * 6.0)]
        if not base:
            self.parts.append(f"{counterer.name} ducks, counters and misses")
            return
        if counterer.style == "swarmer":
            base += tables.SWARMER_COUNTER_BONUS
        counterer.stats["counters"] += 1
        damage = self.land(counterer, attacker, base, target, True)
        self.parts.append(
            f"{counterer.name} ducks and counters with {COUNTERS[punch][target][damage]}"
        )
        if attacker.health <= self.tko_at:
            # the exchange's text is the attacker's, told before the TKO
            self.tell(attacker)
            self.tko(counterer, attacker)

    def injury_roll(self, attacker: Fighter, defender: Fighter, target: str) -> None:
        """A special punch that lands on an OPEN guard rolls the injury die; the
        injury counts only where the punch was aimed, and only once."""
        name, where, extra, severity = tables.INJURY_DIE[floor(self._rng.random() * 6.0)]
        if where != target or name in defender.injuries:
            return
        defender.injuries.append(name)
        if where == HEAD:
            defender.hurt_head += extra
        else:
            defender.hurt_body += extra
        defender.weaker_target = weaker_target(defender)
        self.tell(attacker)
        text = f"{attacker.name}'s special punch leaves {defender.name} with a {name}."
        self.injuries.append(
            {
                "round": self.round,
                "time": self.stamp(),
                "fighter": defender.side,
                "type": name,
                "location": where,
                "severity": severity,
                "text": text,
            }
        )
        self.say("injury", defender.side, text)

    def referee_sees(self) -> bool:
        """A dirty punch is seen on the referee's warning face or more; a very lenient
        referee also needs a second roll of 4-6."""
        if self.d6() < self.warn_face:
            return False
        if self.very_lenient:
            return self.d6() >= 4
        return True

    def warning(self, attacker: Fighter, defender: Fighter) -> None:
        """A seen dirty punch: no damage, the exchange stops; the third is a DQ."""
        attacker.warnings += 1
        self.parts.append("a dirty punch")
        self.tell(attacker)
        disqualified = attacker.warnings >= tables.WARNINGS_FOR_DQ
        self.fouls.append(
            {
                "round": self.round,
                "time": self.stamp(),
                "fighter": attacker.side,
                "type": "dirty punch",
                "penalty": "disqualification" if disqualified else "warning",
                "points": 0,
            }
        )
        referee = self.referee["name"]
        if disqualified:
            self.say(
                "dq",
                attacker.side,
                f"Third warning: {referee} disqualifies {attacker.name}; {defender.name} wins.",
            )
            raise BoutOver(defender.side, "DQ")
        self.say(
            "warning",
            attacker.side,
            f"{referee} warns {attacker.name} for a dirty punch (warning {attacker.warnings}).",
        )

    def knockdown(self, attacker: Fighter, defender: Fighter) -> None:
        """Ten or more in an exchange: down. Two rolls of the black die (plus chin)
        must reach 4 / 7 / 9 / 11 for the 1st..4th knockdown (12 after), or it is a KO."""
        defender.knockdowns += 1
        attacker.stats["knockdowns"] += 1
        nth = defender.knockdowns
        targets = tables.COUNT_TARGETS
        need = targets[nth - 1] if nth <= len(targets) else tables.COUNT_TARGET_LATER
        total = self.d6() + self.d6() + defender.chin_modifier
        # up: the count shown is 9 less the margin, never below 2; down: counted out
        count = max(2, min(9, 9 - (total - need))) if total >= need else 10
        self.knockdowns.append(
            {"round": self.round, "time": self.stamp(), "fighter": defender.side, "count": count}
        )
        self.say(
            "knockdown",
            defender.side,
            f"{attacker.name} drops {defender.name}! (knockdown {nth})",
        )
        self.clock += tables.COUNT_SECONDS
        if count == 10:
            self.say(
                "ko",
                attacker.side,
                f"{defender.name} cannot beat the count: KO for {attacker.name}.",
            )
            raise BoutOver(attacker.side, "KO")
        self.say("count", defender.side, f"{defender.name} beats the count at {count}.")
