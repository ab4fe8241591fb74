"""Runtime state of a game: a fighter in play and a camp (one side's deck,
hand, bench, health and energy). Plain ``__slots__`` classes for speed."""

from __future__ import annotations

from .cards import fighter_rating
from .catalogue import BLEED_TURNS, HEALTH

# "1".."64": a fighter's default name without formatting an int (the same text).
NUMBERS = tuple(str(i + 1) for i in range(64))

# Fighters' ratings by (striking, grappling, defense, stamina): validated stats have
# far fewer lines than this; the bound only guards odd callers' cards.
_RATINGS: dict = {}
_RATINGS_MAX = 65536

# Where a fighter card is.
DECK, HAND, BENCH, ACTIVE, KO, DISCARDED = "deck", "hand", "bench", "active", "ko", "discarded"


class Fighter:
    """A fighter card in play: current (coached) stats and what he has done."""

    __slots__ = (
        "bleed",
        "bleed_by",
        "counter",
        "damage_dealt",
        "damage_taken",
        "defense",
        "fought",
        "grappler",
        "grappling",
        "guard",
        "id",
        "kos_scored",
        "kos_suffered",
        "max_stamina",
        "name",
        "rating",
        "slot",
        "stamina",
        "striker",
        "strikes_landed",
        "striking",
        "style",
        "subs_landed",
        "subs_lost",
        "subs_won",
        "takedowns_landed",
        "takedowns_tried",
        "training",
        "where",
    )

    def __init__(self, slot: int, card: dict, name: str):
        """``name``: the card's, or its camp's default for a card without one."""
        self.slot = slot
        self.id = card.get("id")
        self.name = name
        self.style = card["style"]
        self.striker = self.style == "striker"
        self.grappler = self.style == "grappler"
        self.striking = striking = card["striking"]
        self.grappling = grappling = card["grappling"]
        self.defense = defense = card["defense"]
        self.stamina = self.max_stamina = stamina = card["stamina"]
        # The card's rating (``cards.fighter_rating``), by its stats: computed once per
        # stat line for all games (its ``round(x, 2)`` is dear), a plain attribute.
        key = (striking, grappling, defense, stamina)
        rating = _RATINGS.get(key)
        if rating is None:
            rating = fighter_rating(card)
            if len(_RATINGS) < _RATINGS_MAX:
                _RATINGS[key] = rating
        self.rating = rating
        self.training = 0  # Intense Training bonus, until the owner's next turn
        self.bleed = 0  # bleed turns left
        self.bleed_by = None  # the fighter whose elbow opened the cut
        self.guard = 0  # defence cards: damage taken off the next strike
        self.counter = 0  # Parry: damage back to the next striker
        self.where = DECK
        self.fought = False
        self.kos_scored = self.kos_suffered = 0
        self.subs_won = self.subs_lost = self.subs_landed = 0
        self.damage_dealt = self.damage_taken = 0
        self.strikes_landed = self.takedowns_landed = self.takedowns_tried = 0

    def open_cut(self, by: Fighter) -> None:
        """Bleed: refreshed to its full length, never stacked (RULES.md)."""
        self.bleed = BLEED_TURNS
        self.bleed_by = by


class Camp:
    """One side of the game."""

    __slots__ = (
        "active",
        "allowance",
        "bench",
        "deck",
        "energy",
        "fighters",
        "hand",
        "health",
        "key",
        "kos",
        "name",
        "opp",
        "play",
        "played",
        "policy",
        "skip",
        "stats",
        "turns",
    )

    def __init__(self, key: str, side: dict, policy, first_energy: int):
        self.key = key
        self.name = side.get("name") or key.capitalize()
        self.fighters = fighters = []  # a plain loop: cheaper than a comprehension
        name = self.name
        for i, card in enumerate(side["fighters"]):
            # The default name is built only for a card without one.
            fighters.append(
                Fighter(
                    i, card, card.get("name") or f"{name} fighter {NUMBERS[i] if i < 64 else i + 1}"
                )
            )
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.bench: list[Fighter] = []
        self.active: Fighter | None = None
        self.health = HEALTH
        self.allowance = first_energy
        self.energy = 0
        self.turns = 0
        self.skip = False  # staggered: skips the next turn
        self.kos = 0
        self.played = 0  # cards played this turn
        self.policy = policy
        self.stats: dict = {}
        self.opp: Camp | None = None
        self.play = None  # the game's Game.apply or Game.play, for this camp's policy
