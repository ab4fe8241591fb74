"""The battle: cycles of combat in speed order, attack against defence, fatigue,
multi-attack, exhaustion, withdrawal and the morale check.

Read one cycle in this order: ``Battle.fight_cycle`` (its steps), ``Battle.speed_order``,
``Battle.attack_passes`` and ``Battle.attack`` (with the policy's ``target``),
``Battle.exhaustion``, ``Battle.record_cycle``, then ``Battle.end_of_cycle``
(``Battle.wants_to_withdraw``, ``Battle.morale_check``) and ``Battle.at_the_limit``.
"""

from __future__ import annotations

from operator import attrgetter

from ..result import BLUE, RED
from .events import STAMPS, event
from .units import Unit, make_units

WITHDRAWAL = "WITHDRAWAL"
MORALE = "MORALE"
EXHAUSTION = "EXHAUSTION"
CYCLES = "CYCLES"
# an event's pick (events.PICKS) by side: an attack, an extra attack, an exhaustion
ATTACK = {RED: 0, BLUE: 1}
EXTRA_ATTACK = {RED: 2, BLUE: 3}
EXHAUSTED = {RED: 4, BLUE: 5}
OTHER = {RED: BLUE, BLUE: RED}
SPEED_ORDER = attrgetter("order")


class Battle:
    def __init__(self, red: dict, blue: dict, cycles: int, rng, policies: dict):
        self.red = red
        self.blue = blue
        self.reds = make_units(RED, red["fighters"], policies[RED])
        self.blues = make_units(BLUE, blue["fighters"], policies[BLUE])
        # the cards still standing, in their side's order: a card leaves its list when
        # it is exhausted, at the end of a cycle
        self.standing = {RED: self.reds[:], BLUE: self.blues[:]}
        self.limit = cycles
        self.rng = rng
        self.policies = policies
        self.cycle = 0
        self.step = 0  # the attacks so far in this cycle: the event clock
        self.events: list[dict] = []
        self.cycle_stats: list[dict] = []
        # each side's cards' attacks, damage dealt and fatigue at the end of the last
        # cycle, and the cards exhausted in this one (``record_cycle``)
        self.totals = {RED: (0, 0, 0), BLUE: (0, 0, 0)}
        self.exhausted_now = {RED: 0, BLUE: 0}
        self.morale: list[dict] = []
        self.exhausts = {RED: 0, BLUE: 0}
        self.names = {RED: red["name"], BLUE: blue["name"]}

    @property
    def sides(self) -> dict:
        return {RED: self.red, BLUE: self.blue}

    @property
    def units(self) -> dict:
        return {RED: self.reds, BLUE: self.blues}

    def lines(self) -> list[dict]:
        """Every card's line in the result, red's then blue's: the card's attribute
        dict (``Unit``), its hits set here (the battle is over)."""
        lines = []
        for unit in self.reds + self.blues:
            unit.hits = unit.damage_dealt  # one point of damage a hit
            lines.append(unit.__dict__)
        return lines

    def say(self, kind: str, side: str | None, text: str) -> None:
        self.events.append(
            {
                "round": self.cycle,
                "clock": STAMPS[self.step],
                "kind": kind,
                "side": side,
                "text": text,
            }
        )

    def active(self, side: str) -> list[Unit]:
        """The side's cards not exhausted, in its order (a new list)."""
        return self.standing[side][:]

    # --- the battle ---------------------------------------------------------------------
    def fight(self):
        """The battle's cycles from the next one until it ends: (winner, method)."""
        while True:
            self.cycle += 1
            outcome = self.fight_cycle()
            if outcome is not None:
                return outcome
            if self.cycle >= self.limit:
                return self.at_the_limit()

    def fight_cycle(self):
        """The cycle ``self.cycle``: every card attacks once in speed order, then the
        extra attacks, then exhaustion, then the end of the battle by exhaustion,
        withdrawal or morale. (winner, method) if the battle ends with it, else None."""
        self.step = 0
        order = self.speed_order()
        self.attack_passes(order)
        self.exhaustion(order)
        self.record_cycle()
        return self.end_of_cycle()

    def speed_order(self) -> list[Unit]:
        """Every standing card, fastest first; a fresh roll in [0, 1) breaks speed ties
        (the lower first; red before blue on an exact tie)."""
        order = self.standing[RED] + self.standing[BLUE]
        random = self.rng.random
        for unit in order:
            unit.acted = 0  # yet to act (an index of policy.HURTS, as 1 is)
            unit.order = random() - unit.speed
        order.sort(key=SPEED_ORDER)
        return order

    def attack_passes(self, order: list[Unit]) -> None:
        """A pass: every card in speed order; then those with a second attack (again in
        speed order), then those with a third. Each side attacks the other's cards
        standing at the start of the cycle (a list of its own for its policy)."""
        enemies = {RED: self.standing[BLUE][:], BLUE: self.standing[RED][:]}
        for unit in order:
            self.attack(unit, enemies[unit.side], True, ATTACK[unit.side])
        extra = 1  # the attacks each card has made in the passes so far
        attackers = [unit for unit in order if unit.multi > extra]
        while attackers:
            for unit in attackers:
                self.attack(unit, enemies[unit.side], False, EXTRA_ATTACK[unit.side])
            extra += 1
            attackers = [unit for unit in attackers if unit.multi > extra]

    def attack(self, card: Unit, enemies: list[Unit], first: bool, pick: int) -> None:
        """One attack at the policy's target. Attack above defence is a point of damage;
        an equal attack hits a card that has already acted, not one yet to act (and a
        card with attack 0 hurts nobody: ``policy.can_hurt``). A point of fatigue to
        both unless the defender has 0 defence; none to the defender for an extra
        attack (not ``first``). Each point of damage or fatigue is a point of margin.
        ``pick``: the event's (``events.PICKS``)."""
        self.step += 1
        target = card.policy.target(card, enemies, self)
        card.attacks += 1
        defence = target.defence
        if card.hurts[defence][target.acted]:  # policy.can_hurt: the card's row of HURTS
            target.damage_taken += 1
            target.margin -= 1
            card.damage_dealt += 1  # one point of damage a hit
            text = card.as_attacker + target.hit_text  # "A (a) hits D (d)."
        elif card.attack == defence:
            text = f"{target.name} ({defence}) has yet to act: {card.as_attacker} cannot hit."
        else:
            text = card.as_attacker + target.miss_text  # "A (a) cannot get through D (d)."
        if defence > 0:
            card.fatigue += 1
            card.margin -= 1
            if first:
                target.fatigue += 1
                target.margin -= 1
        self.events.append(event(self.cycle, self.step, pick, text))
        card.acted = 1

    def exhaustion(self, order: list[Unit]) -> None:
        """A card whose fatigue plus damage is above its health (a margin below 0) is
        exhausted and leaves the fight, in speed order."""
        for unit in order:
            if unit.margin >= 0:
                continue
            side = unit.side
            unit.exhausted = True
            unit.exhausted_cycle = self.cycle
            self.standing[side].remove(unit)
            self.exhausts[side] += 1
            self.exhausted_now[side] += 1
            text = (
                f"{unit.name} is exhausted and leaves the fight ({unit.fatigue} "
                f"fatigue + {unit.damage_taken} damage > {unit.health} health)."
            )
            self.events.append(event(self.cycle, self.step, EXHAUSTED[side], text))

    def record_cycle(self) -> None:
        """The cycle's line in ``cycle_stats``: what each side's cards threw, landed (a
        point of damage each) and tired, the growth of their counters over the cycle,
        and how many were exhausted."""
        stats = {"round": self.cycle}
        for side, cards in ((RED, self.reds), (BLUE, self.blues)):
            attacks = dealt = fatigue = 0
            for unit in cards:
                attacks += unit.attacks
                dealt += unit.damage_dealt
                fatigue += unit.fatigue
            thrown, landed, tired = self.totals[side]
            stats[side] = {
                "thrown": attacks - thrown,
                "landed": dealt - landed,
                "damage": dealt - landed,
                "fatigue": fatigue - tired,
                "exhausted": self.exhausted_now[side],
            }
            self.totals[side] = attacks, dealt, fatigue
            self.exhausted_now[side] = 0
        self.cycle_stats.append(stats)

    def end_of_cycle(self):
        """The end of the battle after a cycle, checked in this order: a side with no card
        standing, a side that wants to withdraw, the morale check. (winner, method) or
        None."""
        red, blue = self.standing[RED], self.standing[BLUE]
        if not red or not blue:
            if not red and not blue:
                self.say("end", None, "Every card on both sides is exhausted: a draw.")
                return None, EXHAUSTION
            winner = RED if red else BLUE
            loser = self.names[OTHER[winner]]
            text = f"{self.names[winner]} win: every card of {loser} is exhausted."
            self.say("end", winner, text)
            return winner, EXHAUSTION
        red_leaves, blue_leaves = self.wants_to_withdraw(RED), self.wants_to_withdraw(BLUE)
        if red_leaves and blue_leaves:
            self.say("withdrawal", None, "Both sides withdraw: a draw.")
            return None, WITHDRAWAL
        if red_leaves or blue_leaves:
            side = RED if red_leaves else BLUE
            other = OTHER[side]
            text = f"{self.names[side]} withdraw; {self.names[other]} hold the field."
            self.say("withdrawal", side, text)
            return other, WITHDRAWAL
        return self.morale_check()

    def wants_to_withdraw(self, side: str) -> bool:
        """The side's policy, asked with lists of its own."""
        mine, theirs = self.standing[side], self.standing[OTHER[side]]
        return bool(self.policies[side].withdraw(mine[:], theirs[:], self))

    def morale_check(self):
        """The side with more exhausts checks: the difference, +1 for humility, -1 for
        pride; above its cards remaining, it must withdraw. (winner, MORALE) or None."""
        red_out, blue_out = self.exhausts[RED], self.exhausts[BLUE]
        if red_out == blue_out:
            return None
        side = RED if red_out > blue_out else BLUE
        other = OTHER[side]
        total = abs(red_out - blue_out)
        trait = (self.red if side == RED else self.blue)["trait"]
        if trait == "humility":
            total += 1
        elif trait == "pride":
            total -= 1
        remaining = len(self.standing[side])
        broken = total > remaining
        self.morale.append(
            {
                "cycle": self.cycle,
                "side": side,
                "total": total,
                "remaining": remaining,
                "withdraw": broken,
            }
        )
        if not broken:
            return None
        self.say(
            "morale",
            side,
            f"Morale breaks: {self.names[side]} ({total} against {remaining} cards standing)"
            f" must withdraw; {self.names[other]} win.",
        )
        return other, MORALE

    def at_the_limit(self):
        """The cycle limit: more cards standing wins, then more margin left, else a draw."""
        red, blue = self.active(RED), self.active(BLUE)
        key_r = (len(red), sum(unit.margin for unit in red))
        key_b = (len(blue), sum(unit.margin for unit in blue))
        if key_r == key_b:
            self.say("end", None, f"The battle stops after {self.cycle} cycles: a draw.")
            return None, CYCLES
        winner = RED if key_r > key_b else BLUE
        self.say(
            "end",
            winner,
            f"The battle stops after {self.cycle} cycles: {self.names[winner]} hold the field.",
        )
        return winner, CYCLES
