"""The battle: cycles of combat in speed order, attack against defence, fatigue,
multi-attack, exhaustion, withdrawal and the morale check."""

from __future__ import annotations

from math import floor
from operator import attrgetter

from ..result import BLUE, RED
from .events import CACHED_CYCLES, NO_ROW, ROWS, STAMPS, event_at
from .policy import DefaultPolicy, strength
from .units import EXHAUSTED_ABOVE, IN_BRACKETS, NO_TARGET, PAST_EXHAUSTION, Unit, make_units

WITHDRAWAL = "WITHDRAWAL"
MORALE = "MORALE"
EXHAUSTION = "EXHAUSTION"
CYCLES = "CYCLES"
# Whole numbers as text for the event texts: a table read, not an int formatted. A
# card's fatigue and damage can pass its health within a cycle (up to 12 enemies
# attacking three times), so the table runs well past the 20 health.
NUMS = tuple(str(n) for n in range(256))
# The fog's pick multiplies a roll by the enemies' count as a float: a float times a
# float is specialised in 3.11, a float times an int is the generic multiply (the
# product is the same: the int is made a float either way)
COUNTS = tuple(float(n) for n in range(256))
ASK_POLICY = object()  # in a cycle's per-side choices: the side's policy is asked


class Battle:
    def __init__(self, red: dict, blue: dict, cycles: int, rng, policies: dict):
        # the sides and their cards, red's and blue's (``sides`` and ``units`` are their
        # dicts, made when asked: the battle itself reads these)
        self.red = red
        self.blue = blue
        red_policy = policies[RED]
        blue_policy = policies[BLUE]
        # each side's choices in a pass (``fight``), which its cards read: an attack
        # finds them by one read of its card, not by a test of its side
        self.choices = red_on, blue_on = [None, None, None, None], [None, None, None, None]
        reds = make_units(RED, red["fighters"], red_policy, red_on)
        blues = make_units(BLUE, blue["fighters"], blue_policy, blue_on)
        self.reds = reds
        self.blues = blues
        # The cards still standing, in their side's order: a card leaves its list when
        # it is exhausted (never during a cycle's attacks), so ``active`` reads no flags.
        self.standing = {RED: reds[:], BLUE: blues[:]}
        self.limit = cycles
        self.rng = rng
        self.policies = policies
        self.cycle = 0
        self.step = 0
        self.events: list[dict] = []
        self.cycle_stats: list[dict] = []
        self.morale: list[dict] = []
        self.exhausts = {RED: 0, BLUE: 0}
        # Attacks, damage dealt and fatigue summed over each side's cards still standing
        # (at the end of each cycle), carried from one cycle to the next: an exhausted
        # card's leave with it, and nothing else changes them between cycles.
        self.counters = ((0, 0, 0), (0, 0, 0))  # red's, blue's
        self.names = {RED: red["name"], BLUE: blue["name"]}
        # Red's and blue's focus if its policy's target is the default smart one,
        # which ``fight`` writes out; None: the side's policy is asked.
        red_focus = red_policy.smart_focus if type(red_policy) is DefaultPolicy else None
        blue_focus = blue_policy.smart_focus if type(blue_policy) is DefaultPolicy else None
        self.smart = red_focus, blue_focus

    @property
    def sides(self) -> dict:
        return {RED: self.red, BLUE: self.blue}

    @property
    def units(self) -> dict:
        return {RED: self.reds, BLUE: self.blues}

    def lines(self) -> list[dict]:
        """Every card's line in the result, red's then blue's: the card's attribute
        dict (``Unit``), its last three keys added here (the battle is over)."""
        lines = []
        for u in self.reds + self.blues:
            u.hits = u.damage_dealt  # one point of damage a hit
            line = u.__dict__
            line["fatigue"] = u.fatigue_points
            line["exhausted"] = u.exhausted
            line["exhausted_cycle"] = u.exhausted_cycle
            lines.append(line)
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
    def fight_cycle(self):
        """One cycle at ``self.cycle`` (tests): (winner, method) if the battle ends
        with it, else None."""
        return self.fight(True)

    def fight(self, only_one: bool = False):
        """The battle's cycles from the next one until it ends: (winner, method); or,
        if ``only_one``, the cycle at ``self.cycle`` alone (``fight_cycle``). One frame
        for the whole battle, so what is the same in every cycle is read once. A cycle:
        every card attacks once in speed order, then the extra attacks, then
        exhaustion, then withdrawal or the morale check."""
        # bound once: a call through ``rng.random`` checks the rng's type every time
        random = self.rng.random
        standing = self.standing
        # the standing lists themselves: a card leaves them only after the attacks
        red = standing[RED]
        blue = standing[BLUE]
        red_focus, blue_focus = self.smart
        red_on, blue_on = self.choices
        # a side's smart focus if below 1, else None (every smart target the plan's, no
        # roll): the same in every cycle
        red_fog = red_focus if red_focus is not None and red_focus < 1.0 else None
        blue_fog = blue_focus if blue_focus is not None and blue_focus < 1.0 else None
        # events.append, not a bound method in a local: the interpreter appends to a
        # list in place for the former, without the call
        events = self.events
        cycle = self.cycle
        if not only_one:
            self.cycle = cycle = cycle + 1
        step = self.step
        names = self.names
        red_policy = self.policies[RED]
        blue_policy = self.policies[BLUE]
        cycle_stats = self.cycle_stats
        # module constants the loops read at every attack or card, as locals (a local
        # read costs less than a global one)
        red_tag = RED
        no_target = NO_TARGET
        exhausted_above = EXHAUSTED_ABOVE
        past_exhaustion = PAST_EXHAUSTION
        by_order = _ORDER
        nums = NUMS
        counts = COUNTS
        # whether each side's policy is the default one, whose withdraw is written out
        red_default = type(red_policy) is DefaultPolicy
        blue_default = type(blue_policy) is DefaultPolicy
        # the exhausts so far, kept here and written to the dict when they change
        exhausts = self.exhausts
        ex_red = exhausts[RED]
        ex_blue = exhausts[BLUE]
        while True:
            order = red + blue
            # The cycle's thrown/landed/fatigue are the growth of the cards' own counters
            # (filled in after the attacks, rather than counted in dicts at every attack).
            for u in order:
                u.acted = False
                # fastest first; a fresh roll in [0, 1) breaks speed ties (lower first)
                u.order = random() - u.speed_float
            order.sort(key=by_order)  # stable: red before blue on an exact tie, as before
            # the cycle's event templates: row[step][pick] (events.py)
            # (events.row_for written out: a call a cycle fewer)
            row = ROWS[cycle] if 0 <= cycle <= CACHED_CYCLES else NO_ROW
            # per side: its enemies (a list of its own for a policy), its fog (above), who
            # it attacks without a look: the only enemy, or ASK_POLICY (the side's policy
            # chooses), and its events' pick (events.PICKS: by side and pass)
            if red_focus is None:
                red_foes = blue[:]
                red_sole = ASK_POLICY
            else:
                red_foes = blue
                red_sole = blue[0] if len(blue) == 1 else None
            if blue_focus is None:
                blue_foes = red[:]
                blue_sole = ASK_POLICY
            else:
                blue_foes = red
                blue_sole = red[0] if len(red) == 1 else None
            red_on[0] = red_foes
            red_on[1] = red_fog
            red_on[2] = red_sole
            red_on[3] = 0
            blue_on[0] = blue_foes
            blue_on[1] = blue_fog
            blue_on[2] = blue_sole
            blue_on[3] = 1
            # A pass: every card in speed order, then those with a second attack (again in
            # speed order), then those with a third; each pass lists the next one's cards.
            attackers = order
            extra = 1
            first = True
            while True:
                again = []
                for u in attackers:
                    if u.multi > extra:
                        again.append(u)
                    # One attack. Attack above defence is a point of damage; equal values
                    # favour the slower card (a defender that has not acted yet is not hit; a
                    # card with attack 0 hurts nobody); fatigue to both unless the defender
                    # has 0 defence (none to the defender for an extra attack).
                    step += 1
                    a = u.attack
                    foes, fog, sole, pick = u.on
                    if sole is not None:
                        if sole is ASK_POLICY:
                            self.step = step  # the battle as the policy may read it
                            t = u.policy.target(u, foes, self)
                        else:
                            t = sole
                    # policy.DefaultPolicy.target, smart, written out (the same rule):
                    elif fog is not None and random() >= fog:
                        t = foes[floor(random() * counts[len(foes)])]
                    else:
                        # the smallest of each card's target_key, + 8192 if it cannot be hurt
                        # (the first on a tie); a card whose key is no better without the
                        # 8192 is passed over before its defence is looked at
                        best_key = no_target
                        for e in foes:
                            key = e.target_key
                            if key < best_key:
                                if a <= e.defence and (a != e.defence or not a or not e.acted):
                                    key += 8192.0
                                    if key >= best_key:
                                        continue
                                t, best_key = e, key
                    u.attacks += 1
                    d = t.defence
                    # The target's key falls 16 a point of margin it loses: a point of damage,
                    # a point of fatigue (from a first attack, if it has defence); the
                    # attacker's 16 if the target has defence. One update a card an attack.
                    if a > d or (a == d and a and t.acted):
                        t.damage_taken += 1
                        u.damage_dealt += 1  # one point of damage a hit
                        text = u.as_attacker + t.hit_text  # "A (a) hits D (d)."
                        if first and d > 0:
                            t.fatigue_points += 1
                            key = t.target_key - 32.0
                        else:
                            key = t.target_key - 16.0
                        if key < t.target_bias:  # the margin went below 0 (only once)
                            key += past_exhaustion
                        t.target_key = key
                    else:
                        if a == d:
                            # (rare: the target's label is made here, not kept on every card)
                            text = (
                                f"{t.name}{IN_BRACKETS[d]} has yet to act: "
                                f"{u.as_attacker} cannot hit."
                            )
                        else:
                            text = u.as_attacker + t.miss_text  # "... cannot get through D (d)."
                        if first and d > 0:
                            t.fatigue_points += 1
                            key = t.target_key - 16.0
                            if key < t.target_bias:
                                key += past_exhaustion
                            t.target_key = key
                    if d > 0:
                        u.fatigue_points += 1
                        key = u.target_key - 16.0
                        if key < u.target_bias:
                            key += past_exhaustion
                        u.target_key = key
                    try:  # (no cost in 3.11 unless raised)
                        event = row[step][pick].copy()
                    except IndexError:  # a step the row has no templates for yet
                        event = event_at(row, cycle, step, pick)
                    event["text"] = text
                    events.append(event)
                    u.acted = True  # already so in an extra attack: no test needed
                if not again:
                    break
                attackers = again
                extra += 1
                if first:
                    first = False
                    red_on[3] = 2
                    blue_on[3] = 3
            self.step = step
            red_attacks = red_dealt = red_fatigue = 0
            for u in red:
                red_attacks += u.attacks
                red_dealt += u.damage_dealt
                red_fatigue += u.fatigue_points
            red_carry = red_attacks, red_dealt, red_fatigue
            blue_attacks = blue_dealt = blue_fatigue = 0
            for u in blue:
                blue_attacks += u.attacks
                blue_dealt += u.damage_dealt
                blue_fatigue += u.fatigue_points
            blue_carry = blue_attacks, blue_dealt, blue_fatigue
            red_start, blue_start = self.counters
            # exhaustion: fatigue plus damage higher than health, that is a margin below 0
            # (its key past EXHAUSTED_ABOVE), in speed order; an exhausted card's counters
            # leave the side's carried sums with it
            red_out = blue_out = 0
            for u in order:
                # (a jump back to the loop: the compare is then specialised; the far
                # jump past the body needs an EXTENDED_ARG, which the interpreter's
                # int compare does not specialise through)
                if u.target_key <= exhausted_above:
                    continue
                side = u.side
                u.exhausted = True
                u.exhausted_cycle = cycle
                if side == red_tag:
                    pick = 4
                    red.remove(u)  # red is the standing list itself
                    red_out += 1
                    attacks, dealt, fatigue = red_carry
                    red_carry = (
                        attacks - u.attacks,
                        dealt - u.damage_dealt,
                        fatigue - u.fatigue_points,
                    )
                else:
                    pick = 5
                    blue.remove(u)
                    blue_out += 1
                    attacks, dealt, fatigue = blue_carry
                    blue_carry = (
                        attacks - u.attacks,
                        dealt - u.damage_dealt,
                        fatigue - u.fatigue_points,
                    )
                try:
                    event = row[step][pick].copy()
                except IndexError:
                    event = event_at(row, cycle, step, pick)
                event["text"] = (
                    f"{u.name} is exhausted and leaves the fight "
                    f"({nums[u.fatigue_points]} fatigue + {nums[u.damage_taken]} damage"
                    f" > {nums[u.health]} health)."
                )
                events.append(event)
            self.counters = red_carry, blue_carry
            if red_out or blue_out:
                exhausts[RED] = ex_red = ex_red + red_out
                exhausts[BLUE] = ex_blue = ex_blue + blue_out
            landed = red_dealt - red_start[1]
            red_stats = {
                "thrown": red_attacks - red_start[0],
                "landed": landed,
                "damage": landed,
                "fatigue": red_fatigue - red_start[2],
                "exhausted": red_out,
            }
            landed = blue_dealt - blue_start[1]
            blue_stats = {
                "thrown": blue_attacks - blue_start[0],
                "landed": landed,
                "damage": landed,
                "fatigue": blue_fatigue - blue_start[2],
                "exhausted": blue_out,
            }
            cycle_stats.append({"round": cycle, RED: red_stats, BLUE: blue_stats})
            # Exhaustion's end, then withdrawal, then the morale check (written out: a
            # call costs more than its test); red and blue are the cards still standing,
            # ex_red and ex_blue their exhausts so far (``Battle.exhausts``).
            if not red or not blue:
                if not red and not blue:
                    self.say("end", None, "Every card on both sides is exhausted: a draw.")
                    outcome = None, EXHAUSTION
                    break
                winner = RED if red else BLUE
                # (Battle.say written out here and for a withdrawal and broken morale, the
                # usual ends: a call a battle fewer)
                events.append(
                    {
                        "round": cycle,
                        "clock": STAMPS[step],
                        "kind": "end",
                        "side": winner,
                        "text": f"{names[winner]} win: every card of "
                        f"{names[BLUE if winner == RED else RED]} is exhausted.",
                    }
                )
                outcome = winner, EXHAUSTION
                break
            # The default policy never withdraws unless behind on exhausts, then when below
            # ``withdraw_below`` of the enemy's strength: DefaultPolicy.withdraw, written
            # out (the same rule; keep them the same). Any other
            # policy is asked every cycle, with lists of its own.
            policy = red_policy
            if not red_default:
                want_red = bool(policy.withdraw(red[:], blue[:], self))
            elif ex_red > ex_blue and policy.withdraw_below:
                want_red = strength(red) < policy.withdraw_below * strength(blue)
            else:
                want_red = False
            policy = blue_policy
            if not blue_default:
                want_blue = bool(policy.withdraw(blue[:], red[:], self))
            elif ex_blue > ex_red and policy.withdraw_below:
                want_blue = strength(blue) < policy.withdraw_below * strength(red)
            else:
                want_blue = False
            if want_red or want_blue:
                if want_red and want_blue:
                    self.say("withdrawal", None, "Both sides withdraw: a draw.")
                    outcome = None, WITHDRAWAL
                    break
                side, other = (RED, BLUE) if want_red else (BLUE, RED)
                events.append(
                    {
                        "round": cycle,
                        "clock": STAMPS[step],
                        "kind": "withdrawal",
                        "side": side,
                        "text": f"{names[side]} withdraw; {names[other]} hold the field.",
                    }
                )
                outcome = other, WITHDRAWAL
                break
            if ex_red != ex_blue:
                # The morale check: the side with more exhausts checks: the difference, +1 for
                # humility, -1 for pride; above its cards remaining, it must withdraw.
                if ex_red > ex_blue:
                    side, other, total, remaining = RED, BLUE, ex_red - ex_blue, len(red)
                else:
                    side, other, total, remaining = BLUE, RED, ex_blue - ex_red, len(blue)
                trait = (self.red if side == RED else self.blue)["trait"]
                # (tests with jumps, not compares as values: 3.11 specialises a compare
                # only when a jump follows it)
                if trait == "humility":
                    total += 1
                elif trait == "pride":
                    total -= 1
                broken = True if total > remaining else False  # noqa: SIM210 (above)
                self.morale.append(
                    {
                        "cycle": cycle,
                        "side": side,
                        "total": total,
                        "remaining": remaining,
                        "withdraw": broken,
                    }
                )
                if broken:
                    events.append(
                        {
                            "round": cycle,
                            "clock": STAMPS[step],
                            "kind": "morale",
                            "side": side,
                            "text": f"Morale breaks: {names[side]} ({NUMS[total]} against "
                            f"{NUMS[remaining]} cards standing) must withdraw; {names[other]} win.",
                        }
                    )
                    outcome = other, MORALE
                    break
            if only_one:
                outcome = None
                break
            if cycle >= self.limit:
                outcome = self.at_the_limit()
                break
            self.cycle = cycle = cycle + 1
            step = 0
        # the cards refer to their side's choices, whose enemies are lists of cards: let
        # go, so the battle's objects are freed by their counts, not by the cycle finder
        red_on[0] = blue_on[0] = None
        return outcome

    def at_the_limit(self):
        """The cycle limit: more cards standing wins, then more margin left, else a draw."""
        red, blue = self.active(RED), self.active(BLUE)
        key_r = (len(red), sum(u.health - u.fatigue_points - u.damage_taken for u in red))
        key_b = (len(blue), sum(u.health - u.fatigue_points - u.damage_taken for u in blue))
        names = self.names
        if key_r == key_b:
            self.say("end", None, f"The battle stops after {NUMS[self.cycle]} cycles: a draw.")
            return None, CYCLES
        winner = RED if key_r > key_b else BLUE
        self.say(
            "end",
            winner,
            f"The battle stops after {NUMS[self.cycle]} cycles: {names[winner]} hold the field.",
        )
        return winner, CYCLES


_ORDER = attrgetter("order")
