"""One game of Octagon Warriors between two camps, both played by policies.

Setup ("Setup"), the turn ("Turn Structure"), playing a card and a strike's
effect ("Combat Mechanics"; the other cards' effects are in ``effects``), fighter
KOs and replacement ("Fighter Knockout") and the win conditions ("Win
Conditions"). RULES.md maps each rule to the function that implements it.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from .catalogue import (
    AT_MINE,
    AT_NONE,
    AT_THEIRS,
    BENCH_LIMIT,
    BLEED_DAMAGE,
    CARD_BY_CODE,
    CODE_BASE,
    CODE_CLASS,
    CODE_COST,
    CORNER_BY_NAME,
    DEFENCE,
    ENERGY_GAIN,
    ENERGY_MAX,
    FIGHTER_CODES,
    GROUND_AND_POUND,
    HAND_LIMIT,
    KO_HEALTH_LOSS,
    LEGAL,
    MAX_COST,
    MIN_DAMAGE,
    OPENING_RANDOM,
    OPPONENT_ENERGY,
    PLAYER_ENERGY,
    STRIKE,
    STRIKER_BONUS,
    SUBMISSION,
    SUBMIT,
    TAKEDOWN,
    TECHNIQUE_BY_NAME,
)
from .effects import corner, defence, injury, stagger, submission, takedown
from .policy import GreedyPolicy, HealthPolicy, SeedPolicy
from .state import ACTIVE, BENCH, DISCARDED, HAND, KO, Camp, Fighter
from .texts import BLEED_TEXT, CLOCKS, KO_LOSS_TEXT, KO_VERB, NUMS, num

HEALTH_DEPLETED = "HEALTH"
NO_FIGHTERS = "NO_FIGHTERS"
DECK_OUT = "DECK_OUT"
TURNS = "TURNS"
METHODS = (HEALTH_DEPLETED, NO_FIGHTERS, DECK_OUT, TURNS)

REASON_TEXT = {
    HEALTH_DEPLETED: "Health depleted",
    NO_FIGHTERS: "No fighters remaining",
    DECK_OUT: "Deck Out",
    TURNS: "Turn limit reached",
}


# The engine's own policies choose only legal plays (``Game.apply`` without the check).
TRUSTED_POLICIES = (HealthPolicy, SeedPolicy, GreedyPolicy)
DECK_OUT_RULES = ("seed", "health")  # option ``deck_out`` (RULES.md)

# Fisher-Yates' steps for a deck of n cards: (i, float(i + 1)) from the top down.
# ``random() * 7.0`` takes the interpreter's float fast path where ``* 7`` (an int)
# does not; the product is the same (small ints are exact doubles).
SHUFFLE_STEPS = tuple(tuple((i, float(i + 1)) for i in range(n - 1, 0, -1)) for n in range(129))


ZERO_STATS = dict.fromkeys(
    ("thrown", "landed", "damage", "takedowns_attempted", "takedowns_landed", "submissions",
     "cards_played", "energy_spent", "kos"),
    0,
)  # fmt: skip


def _new_stats() -> dict:
    return ZERO_STATS.copy()


@lru_cache(maxsize=4096)
def _codes(techniques: tuple, corner: tuple) -> tuple:
    """The deck codes of a deck's technique and corner card names (cached: a camp's
    deck is fought many times)."""
    return tuple(CODE_BASE + TECHNIQUE_BY_NAME[n].index for n in techniques) + tuple(
        CODE_BASE + CORNER_BY_NAME[n].index for n in corner
    )


class GameOver(Exception):
    """Raised inside an action when a win condition is met; caught by ``play``."""


class Game:
    """State and rules of one game. ``run()`` plays it to the end."""

    def __init__(self, red: dict, blue: dict, red_policy, blue_policy, rng, max_rounds: int,
                 first="red", deck_out="seed"):  # fmt: skip
        """``first`` is the side that plays the seed's "Player": it starts, with 7
        energy; the other side is the "Opponent" with 6. ``deck_out``: who wins a
        deck-out (``Game.deck_out``)."""
        self.rng = rng
        self.max_rounds = max_rounds
        self.deck_out_health = deck_out == "health"
        red_first = first == "red"
        self.red = Camp("red", red, red_policy, PLAYER_ENERGY if red_first else OPPONENT_ENERGY)
        self.blue = Camp("blue", blue, blue_policy, OPPONENT_ENERGY if red_first else PLAYER_ENERGY)
        self.red.opp, self.blue.opp = self.blue, self.red
        # How each camp's main phase plays a card, chosen once (not every turn): the
        # engine's own policies pick only legal plays (``apply``), others are checked.
        for camp in (self.red, self.blue):
            camp.play = self.apply if type(camp.policy) in TRUSTED_POLICIES else self.play
        self.order = (self.red, self.blue) if red_first else (self.blue, self.red)
        self.position: Camp | None = None  # the camp with positional advantage
        self.round = 0
        self.step = 0
        self.events: list[dict] = []
        self.knockdowns: list[dict] = []
        self.injuries: list[dict] = []
        self.rounds: list[dict] = []
        self.winner: Camp | None = None
        self.method: str | None = None
        self.over = False

    # --- helpers ------------------------------------------------------------------
    def clock(self) -> str:
        """Events are numbered within their round; ``m:ss`` of that number."""
        s = self.step
        return CLOCKS[s] if s < len(CLOCKS) else f"{s // 60}:{s % 60:02d}"

    def log(self, kind: str, side: str | None, text: str) -> None:
        s = self.step = self.step + 1
        self.events.append(
            {"round": self.round, "clock": CLOCKS[s],
             "kind": kind, "side": side, "text": text}
        )  # fmt: skip

    def end(self, winner: Camp | None, method: str) -> None:
        self.winner = winner
        self.method = method
        self.over = True
        raise GameOver

    # --- decks and hands ------------------------------------------------------------
    @staticmethod
    def build_deck(camp: Camp, side: dict) -> list[int]:
        """Fighters are codes 0..7, catalogue cards CODE_BASE + catalogue index."""
        deck = list(range(len(camp.fighters)))
        deck += _codes(tuple(side["techniques"]), tuple(side["corner"]))
        return deck

    def shuffle(self, cards: list) -> None:
        """Fisher-Yates with ``rng.random()`` only (the top of the deck is the end)."""
        rand = self.rng.random
        n = len(cards)
        steps = (
            SHUFFLE_STEPS[n]
            if n < len(SHUFFLE_STEPS)
            else [(i, float(i + 1)) for i in range(n - 1, 0, -1)]
        )
        for i, size in steps:
            j = floor(rand() * size)
            cards[i], cards[j] = cards[j], cards[i]

    def to_hand(self, camp: Camp, code: int) -> None:
        """A drawn card joins the hand; a full hand first discards its oldest card."""
        hand = camp.hand
        if len(hand) >= HAND_LIMIT:
            self.discard(camp, hand.pop(0))
        hand.append(code)
        if code < CODE_BASE:
            camp.fighters[code].where = HAND

    def discard(self, camp: Camp, code: int) -> None:
        if code < CODE_BASE:
            camp.fighters[code].where = DISCARDED

    def draw(self, camp: Camp) -> bool:
        if not camp.deck:
            return False
        self.to_hand(camp, camp.deck.pop())
        return True

    def deploy_active(self, camp: Camp, fighter: Fighter) -> None:
        fighter.where = ACTIVE
        fighter.fought = True
        camp.active = fighter

    # --- setup ------------------------------------------------------------------------
    def setup(self, red: dict, blue: dict) -> None:
        """Shuffle each deck; opening hand = the first fighter from the top plus 4
        cards; each policy deploys one fighter of its opening hand. Setup events
        belong to round 1."""
        self.round = 1
        for camp, side in ((self.red, red), (self.blue, blue)):
            camp.deck = self.build_deck(camp, side)
            self.shuffle(camp.deck)
        for camp in (self.red, self.blue):
            deck = camp.deck
            for pos in range(len(deck) - 1, -1, -1):
                if deck[pos] < CODE_BASE:
                    camp.hand.append(deck.pop(pos))
                    camp.fighters[camp.hand[-1]].where = HAND
                    break
            hand = camp.hand
            for _ in range(OPENING_RANDOM):  # Game.draw, inlined: a short hand, no discard
                if deck:
                    code = deck.pop()
                    hand.append(code)
                    if code < CODE_BASE:
                        camp.fighters[code].where = HAND
            choices = []  # a plain loop: a comprehension costs more, twice a game
            for c in hand:
                if c < CODE_BASE:
                    choices.append(camp.fighters[c])
            pick = choices[camp.policy.choose_fighter(self, camp, choices)]
            hand.remove(pick.slot)
            # Game.deploy_active and Game.log, inlined
            pick.where = ACTIVE
            pick.fought = True
            camp.active = pick
            s = self.step = self.step + 1
            self.events.append(
                {"round": 1, "clock": CLOCKS[s], "kind": "deploy", "side": camp.key,
                 "text": f"{camp.name} open with {pick.name} ({pick.style})."}
            )  # fmt: skip

    # --- the game -----------------------------------------------------------------------
    def run(self) -> None:
        red, blue = self.red, self.blue
        first, second = self.order
        zero = ZERO_STATS.copy
        append = self.rounds.append
        try:
            for number in range(1, self.max_rounds + 1):
                if number > 1:
                    self.round = number
                    self.step = 0
                red.stats = red_stats = zero()
                blue.stats = blue_stats = zero()
                append({"round": number, "red": red_stats, "blue": blue_stats})
                self.turn(first)
                self.turn(second)
            self.turn_limit()
        except GameOver:
            pass

    def turn_limit(self) -> None:
        """Safety valve (not in the seed): more health wins, then more damage dealt;
        otherwise no winner."""
        red, blue = self.red, self.blue
        key_red = (red.health, sum(f.damage_dealt for f in red.fighters))
        key_blue = (blue.health, sum(f.damage_dealt for f in blue.fighters))
        winner = red if key_red > key_blue else blue if key_blue > key_red else None
        self.log("end", winner.key if winner else None, "The turn limit is reached.")
        self.end(winner, TURNS)

    def turn(self, camp: Camp) -> None:
        """Energy phase, draw phase, main phase, end phase ("Turn Structure")."""
        if camp.skip:  # Staggered: the whole turn is skipped
            camp.skip = False
            self.log(
                "skip", camp.key, f"{camp.active.name} is staggered: {camp.name} skip the turn."
            )
            return
        # Energy phase: allowance 7 (red) / 6 (blue), +2 a turn, max 12; not carried over.
        allowance = camp.allowance
        if camp.turns and allowance < ENERGY_MAX:
            allowance += ENERGY_GAIN
            if allowance > ENERGY_MAX:
                allowance = ENERGY_MAX
            camp.allowance = allowance
        camp.turns += 1
        camp.energy = allowance
        camp.played = 0
        fighter = camp.active
        fighter.training = 0
        if fighter.bleed:
            self.bleed_tick(camp, fighter)
        # Draw phase (Game.draw and Game.to_hand, inlined for speed). The seed: "Can
        # skip draw phase if hand is full"; a player loses when his "deck is empty
        # when they need to draw", and a full hand need not draw.
        policy = camp.policy
        hand = camp.hand
        full = len(hand) >= HAND_LIMIT
        if not (full and policy.skip_draw(self, camp)):
            deck = camp.deck
            if deck:
                code = deck.pop()
                if full:
                    old = hand.pop(0)
                    if old < CODE_BASE:
                        camp.fighters[old].where = DISCARDED
                hand.append(code)
                if code < CODE_BASE:
                    camp.fighters[code].where = HAND
            elif not full:
                self.deck_out(camp)
        # Main phase, played by the policy in one call (``Policy.main_phase``).
        policy.main_phase(self, camp, camp.play)
        # End phase: discard down to the hand limit. Nothing to do: every draw (the draw
        # phase above, ``Game.to_hand``) discards the oldest card of a full hand first,
        # and playing only takes cards out, so a hand never holds more than HAND_LIMIT.

    def deck_out(self, camp: Camp) -> None:
        """``camp`` must draw from an empty deck: it loses (the seed's third win
        condition). Option ``deck_out: health`` (not in the seed): the camp with more
        health wins instead; equal health, the seed's rule."""
        self.log("deckout", camp.key, f"{camp.name} must draw from an empty deck.")
        winner = camp.opp
        if self.deck_out_health and camp.health > winner.health:
            winner = camp
        self.end(winner, DECK_OUT)

    def bleed_tick(self, camp: Camp, fighter: Fighter) -> None:
        fighter.bleed = left = fighter.bleed - 1  # 0 or 1
        by = fighter.bleed_by
        # Game.log and Game.hurt, inlined
        s = self.step = self.step + 1
        self.events.append(
            {"round": self.round, "clock": CLOCKS[s],
             "kind": "bleed", "side": camp.key,
             "text": f"{fighter.name} bleeds for {BLEED_TEXT} ({NUMS[left]} turn(s) left)."}
        )  # fmt: skip
        camp.opp.stats["damage"] += BLEED_DAMAGE
        if by is not None:
            by.damage_dealt += BLEED_DAMAGE
        fighter.damage_taken += BLEED_DAMAGE
        stamina = fighter.stamina - BLEED_DAMAGE
        if stamina > 0:
            fighter.stamina = stamina
        else:
            fighter.stamina = 0
            self.knockout(camp, fighter, by, "bleed")

    # --- actions ------------------------------------------------------------------------
    def can_play(self, camp: Camp, code: int) -> bool:
        """Whether the card is legal now: a fighter needs room on the bench; a
        technique or corner card needs the energy, Ground and Pound the advantage,
        a submission the fight on the ground."""
        if code < CODE_BASE:
            return len(camp.bench) < BENCH_LIMIT
        if CODE_COST[code] > camp.energy:
            return False
        cls = CODE_CLASS[code]
        if cls == GROUND_AND_POUND:
            return self.position is camp
        if cls == SUBMIT:
            return self.position is not None
        return True

    def play(self, camp: Camp, index: int) -> None:
        """Play ``camp.hand[index]``. Illegal plays raise ``ValueError`` (a policy bug)."""
        hand = camp.hand
        code = hand[index]
        # can_play(), inlined: one table lookup
        if code < CODE_BASE:
            legal = len(camp.bench) < BENCH_LIMIT
        else:
            position = self.position
            where = AT_NONE if position is None else AT_MINE if position is camp else AT_THEIRS
            energy = camp.energy
            legal = LEGAL[where][
                energy if 0 <= energy < MAX_COST else MAX_COST if energy > 0 else 0
            ][code]
        if not legal:
            raise ValueError(f"illegal play by {camp.key}: card {code} in hand slot {index}")
        self.apply(camp, index)

    def apply(self, camp: Camp, index: int) -> None:
        """Play ``camp.hand[index]``, known to be legal (``play`` checks first; the
        seed's AI picks only legal cards, so ``turn`` calls this directly for it)."""
        hand = camp.hand
        code = hand[index]
        del hand[index]
        if code < CODE_BASE:
            fighter = camp.fighters[code]
            fighter.where = BENCH
            camp.bench.append(fighter)
            s = self.step = self.step + 1
            self.events.append(
                {"round": self.round, "clock": CLOCKS[s],
                 "kind": "deploy", "side": camp.key,
                 "text": f"{camp.name} put {fighter.name} on the bench."}
            )  # fmt: skip
            return
        card = CARD_BY_CODE[code]
        camp.energy -= card.cost
        camp.played += 1
        stats = camp.stats
        stats["cards_played"] += 1
        stats["energy_spent"] += card.cost
        kind = card.kind
        if kind is STRIKE:
            # The strike, inlined (the commonest card): the damage formula; a regular
            # strike stands the fight up, Ground and Pound keeps it on the ground. The
            # defender's defence buffs are all spent on this strike; a Parry then
            # counters for 3 if the defender is still up.
            opp = camp.opp
            att = camp.active
            dfn = opp.active
            guard = dfn.guard
            counter = dfn.counter
            dfn.guard = dfn.counter = 0
            # formulas.strike_damage, inlined
            damage = card.damage + att.striking + att.training - dfn.defense - guard + card.bonus
            if att.striker:
                damage += STRIKER_BONUS
            if damage < MIN_DAMAGE:
                damage = MIN_DAMAGE
            stats["thrown"] += 1
            stats["landed"] += 1
            stats["damage"] += damage
            att.strikes_landed += 1
            if not card.ground:
                self.position = None
            note = f" ({num(guard)} blocked)" if guard else ""
            # damage >= MIN_DAMAGE: the table, unless a game ever goes past it
            shown = NUMS[damage] if damage < 1000 else str(damage)
            # Game.log and Game.hurt, inlined (the hottest path: a call each costs more)
            s = self.step = self.step + 1
            self.events.append(
                {"round": self.round, "clock": CLOCKS[s],
                 "kind": "strike", "side": camp.key,
                 "text": f"{att.name} lands {card.name} on {dfn.name} for {shown}{note}."}
            )  # fmt: skip
            att.damage_dealt += damage
            dfn.damage_taken += damage
            stamina = dfn.stamina - damage
            if stamina <= 0:
                dfn.stamina = 0
                self.knockout(opp, dfn, att, "strike")
                if card.effect == "stagger":
                    stagger(self, camp, att, opp)
                return
            dfn.stamina = stamina
            if card.effect == "bleed":
                dfn.open_cut(att)
                injury(self, opp, dfn, "bleed", f"{att.name}'s elbow cuts {dfn.name}: bleeding.")
            elif card.effect == "stagger":
                stagger(self, camp, att, opp)
            if counter:
                self.log(
                    "counter",
                    opp.key,
                    f"{dfn.name} parries and counters {att.name} for {num(counter)}.",
                )
                self.hurt(opp, dfn, camp, att, counter, "counter")
        elif kind is TAKEDOWN:
            takedown(self, camp, card)
        elif kind is SUBMISSION:
            submission(self, camp, card)
        elif kind is DEFENCE:
            defence(self, camp, card)
        else:
            corner(self, camp, card)

    # --- damage, knockouts, replacement ---------------------------------------------------
    def hurt(self, camp: Camp, att: Fighter | None, opp: Camp, dfn: Fighter, damage: int,
             how: str) -> bool:  # fmt: skip
        """Take ``damage`` off ``dfn``'s stamina; at 0 he is KO'd. True on a KO."""
        camp.stats["damage"] += damage
        if att is not None:
            att.damage_dealt += damage
        dfn.damage_taken += damage
        stamina = dfn.stamina - damage
        if stamina > 0:
            dfn.stamina = stamina
            return False
        dfn.stamina = 0
        self.knockout(opp, dfn, att, how)
        return True

    def knockout(self, camp: Camp, fighter: Fighter, by: Fighter | None, how: str) -> None:
        """The fighter is removed, his camp loses 20 health, the position resets,
        and the camp replaces him (or loses)."""
        fighter.where = KO
        fighter.kos_suffered += 1
        fighter.bleed = fighter.guard = fighter.counter = fighter.training = 0
        if by is not None:
            by.kos_scored += 1
            if how == "submission":
                by.subs_won += 1
                fighter.subs_lost += 1
        camp.kos += 1
        camp.health -= KO_HEALTH_LOSS
        camp.opp.stats["kos"] += 1
        camp.active = None
        self.position = None
        verb = KO_VERB[how]
        by_name = by.name if by is not None else "the cut"
        health = camp.health  # 100 at most
        # Game.log and Game.clock, inlined
        s = self.step = self.step + 1
        clock = CLOCKS[s]
        self.events.append(
            {"round": self.round, "clock": clock, "kind": "ko", "side": camp.key,
             "text": f"{fighter.name} {verb} {by_name}: {camp.name} lose {KO_LOSS_TEXT} health"
                     f" ({NUMS[health] if health > 0 else '0'} left)."}
        )  # fmt: skip
        self.knockdowns.append(
            {
                "round": self.round,
                "time": clock,
                "fighter": camp.key,
                "name": fighter.name,
                "by": by_name,
                "how": how,
                "count": camp.kos,
            }
        )
        if health <= 0:
            self.end(camp.opp, HEALTH_DEPLETED)
        self.replace(camp)

    def replace(self, camp: Camp) -> None:
        """Automatic replacement: the bench first, then the hand, then draws from the
        deck until a fighter comes; no fighter anywhere loses the game."""
        policy = camp.policy
        if camp.bench:
            pick = camp.bench[policy.choose_fighter(self, camp, camp.bench)]
            camp.bench.remove(pick)
            source = "from the bench"
        else:
            in_hand = [camp.fighters[c] for c in camp.hand if c < CODE_BASE]
            if in_hand:
                pick = in_hand[policy.choose_fighter(self, camp, in_hand)]
                camp.hand.remove(pick.slot)
                source = "from the hand"
            elif not FIGHTER_CODES.isdisjoint(camp.deck):  # a fighter in the deck
                while True:
                    code = camp.deck.pop()
                    if code < CODE_BASE:
                        break
                    self.to_hand(camp, code)
                pick = camp.fighters[code]
                source = "from the deck"
            else:
                self.log("end", camp.key, f"{camp.name} have no fighters left.")
                self.end(camp.opp, NO_FIGHTERS)
        # Game.deploy_active and Game.log, inlined
        pick.where = ACTIVE
        pick.fought = True
        camp.active = pick
        s = self.step = self.step + 1
        self.events.append(
            {"round": self.round, "clock": CLOCKS[s],
             "kind": "deploy", "side": camp.key,
             "text": f"{camp.name} send in {pick.name} {source}."}
        )  # fmt: skip
