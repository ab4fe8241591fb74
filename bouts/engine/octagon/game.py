"""One game of Octagon Warriors between two camps, both played by policies.

Setup ("Setup"), the turn ("Turn Structure"), playing a card ("Combat Mechanics";
what each card does is in ``effects``), fighter KOs and replacement ("Fighter
Knockout") and the win conditions ("Win Conditions"). RULES.md maps each rule to the
function that implements it.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from .catalogue import (
    AT_MINE,
    AT_NONE,
    AT_THEIRS,
    BLEED_DAMAGE,
    CARD_BY_CODE,
    CODE_BASE,
    CORNER_BY_NAME,
    ENERGY_GAIN,
    ENERGY_MAX,
    FIGHTER_CODES,
    HAND_LIMIT,
    KO_HEALTH_LOSS,
    LEGAL,
    OPENING_RANDOM,
    OPPONENT_ENERGY,
    PLAYER_ENERGY,
    TECHNIQUE_BY_NAME,
)
from .effects import EFFECTS
from .policy import GreedyPolicy, HealthPolicy, SeedPolicy
from .state import ACTIVE, BENCH, DISCARDED, HAND, KO, Camp, Fighter
from .texts import CLOCKS, KO_VERB

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

ZERO_STATS = dict.fromkeys(
    ("thrown", "landed", "damage", "takedowns_attempted", "takedowns_landed", "submissions",
     "cards_played", "energy_spent", "kos"),
    0,
)  # fmt: skip


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
        self.red.opponent, self.blue.opponent = self.blue, self.red
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
        return CLOCKS[self.step]

    def log(self, kind: str, side: str | None, text: str) -> None:
        """The next event of the round."""
        self.step += 1
        self.events.append(
            {"round": self.round, "clock": CLOCKS[self.step], "kind": kind, "side": side,
             "text": text}
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
        for i in range(len(cards) - 1, 0, -1):
            j = floor(self.rng.random() * (i + 1))
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
            for position in range(len(deck) - 1, -1, -1):
                if deck[position] < CODE_BASE:
                    self.to_hand(camp, deck.pop(position))
                    break
            for _ in range(OPENING_RANDOM):
                self.draw(camp)
            choices = [camp.fighters[code] for code in camp.hand if code < CODE_BASE]
            pick = choices[camp.policy.choose_fighter(self, camp, choices)]
            camp.hand.remove(pick.slot)
            self.deploy_active(camp, pick)
            self.log("deploy", camp.key, f"{camp.name} open with {pick.name} ({pick.style}).")

    # --- the game -----------------------------------------------------------------------
    def run(self) -> None:
        red, blue = self.red, self.blue
        first, second = self.order
        try:
            for number in range(1, self.max_rounds + 1):
                if number > 1:  # setup's events belong to round 1
                    self.round = number
                    self.step = 0
                red.stats = ZERO_STATS.copy()
                blue.stats = ZERO_STATS.copy()
                self.rounds.append({"round": number, "red": red.stats, "blue": blue.stats})
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
        # Draw phase. The seed: "Can skip draw phase if hand is full"; a player loses
        # when his "deck is empty when they need to draw", and a full hand need not draw.
        full = len(camp.hand) >= HAND_LIMIT
        draws = not (full and camp.policy.skip_draw(self, camp))
        if draws and not self.draw(camp) and not full:
            self.deck_out(camp)
        # Main phase, played by the policy in one call (``Policy.main_phase``).
        camp.policy.main_phase(self, camp, camp.play)
        # End phase: discard down to the hand limit. Nothing to do: every draw (the draw
        # phase above, ``Game.to_hand``) discards the oldest card of a full hand first,
        # and playing only takes cards out, so a hand never holds more than HAND_LIMIT.

    def deck_out(self, camp: Camp) -> None:
        """``camp`` must draw from an empty deck: it loses (the seed's third win
        condition). Option ``deck_out: health`` (not in the seed): the camp with more
        health wins instead; equal health, the seed's rule."""
        self.log("deckout", camp.key, f"{camp.name} must draw from an empty deck.")
        winner = camp.opponent
        if self.deck_out_health and camp.health > winner.health:
            winner = camp
        self.end(winner, DECK_OUT)

    def bleed_tick(self, camp: Camp, fighter: Fighter) -> None:
        """A cut bleeds at the start of its owner's turn, for two turns."""
        fighter.bleed -= 1  # 0 or 1 left
        text = f"{fighter.name} bleeds for {BLEED_DAMAGE} ({fighter.bleed} turn(s) left)."
        self.log("bleed", camp.key, text)
        self.hurt(camp.opponent, fighter.bleed_by, camp, fighter, BLEED_DAMAGE, "bleed")

    # --- actions ------------------------------------------------------------------------
    def legal_now(self, camp: Camp) -> tuple:
        """What ``camp`` may play now, by card code (``catalogue.LEGAL``: by who has
        the advantage, the energy left and the fighters on the bench)."""
        position = self.position
        where = AT_NONE if position is None else AT_MINE if position is camp else AT_THEIRS
        return LEGAL[where][camp.energy][len(camp.bench)]

    def can_play(self, camp: Camp, code: int) -> bool:
        """Whether the card is legal now: a fighter needs room on the bench; a
        technique or corner card needs the energy, Ground and Pound the advantage,
        a submission the fight on the ground (``catalogue.playable``)."""
        return bool(self.legal_now(camp)[code])

    def play(self, camp: Camp, index: int) -> None:
        """Play ``camp.hand[index]``. Illegal plays raise ``ValueError`` (a policy bug)."""
        code = camp.hand[index]
        if not self.can_play(camp, code):
            raise ValueError(f"illegal play by {camp.key}: card {code} in hand slot {index}")
        self.apply(camp, index)

    def apply(self, camp: Camp, index: int) -> None:
        """Play ``camp.hand[index]``, known to be legal (``play`` checks first; the
        engine's own policies pick only legal cards, so ``turn`` calls this directly
        for them): a fighter goes to the bench; a card costs its energy and has its
        effect (``effects``)."""
        code = camp.hand.pop(index)
        if code < CODE_BASE:
            fighter = camp.fighters[code]
            fighter.where = BENCH
            camp.bench.append(fighter)
            self.log("deploy", camp.key, f"{camp.name} put {fighter.name} on the bench.")
            return
        card = CARD_BY_CODE[code]
        camp.energy -= card.cost
        camp.played += 1
        camp.stats["cards_played"] += 1
        camp.stats["energy_spent"] += card.cost
        EFFECTS[card.kind](self, camp, card)

    # --- damage, knockouts, replacement ---------------------------------------------------
    def hurt(self, camp: Camp, attacker: Fighter | None, opponent: Camp, defender: Fighter,
             damage: int, how: str) -> bool:  # fmt: skip
        """``camp``'s ``attacker`` (None: a cut) takes ``damage`` off ``defender``'s
        stamina; at 0 he is KO'd. True on a KO."""
        camp.stats["damage"] += damage
        if attacker is not None:
            attacker.damage_dealt += damage
        defender.damage_taken += damage
        stamina = defender.stamina - damage
        if stamina > 0:
            defender.stamina = stamina
            return False
        defender.stamina = 0
        self.knockout(opponent, defender, attacker, how)
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
        camp.opponent.stats["kos"] += 1
        camp.active = None
        self.position = None
        by_name = by.name if by is not None else "the cut"
        self.log(
            "ko",
            camp.key,
            f"{fighter.name} {KO_VERB[how]} {by_name}: {camp.name} lose {KO_HEALTH_LOSS} health"
            f" ({max(camp.health, 0)} left).",
        )
        self.knockdowns.append(
            {
                "round": self.round,
                "time": self.clock(),
                "fighter": camp.key,
                "name": fighter.name,
                "by": by_name,
                "how": how,
                "count": camp.kos,
            }
        )
        if camp.health <= 0:
            self.end(camp.opponent, HEALTH_DEPLETED)
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
                self.end(camp.opponent, NO_FIGHTERS)
        self.deploy_active(camp, pick)
        self.log("deploy", camp.key, f"{camp.name} send in {pick.name} {source}.")
