"""Runtime state of a game: a fighter in play and a camp (one side's deck,
hand, bench, health and energy)."""

from __future__ import annotations

from .cards import fighter_rating
from .catalogue import BLEED_TURNS, HEALTH

# Fighters' ratings by (striking, grappling, defense, stamina), worked out once per
# stat line for every game: validated stats have far fewer lines than the bound.
RATINGS: dict = {}
RATINGS_MAX = 65536


def rating_of(card: dict) -> float:
    """The card's rating (``cards.fighter_rating``)."""
    key = (card["striking"], card["grappling"], card["defense"], card["stamina"])
    rating = RATINGS.get(key)
    if rating is None:
        rating = fighter_rating(card)
        if len(RATINGS) < RATINGS_MAX:
            RATINGS[key] = rating
    return rating


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

    def __init__(self, slot: int, card: dict, camp_name: str):
        self.name = card.get("name") or f"{camp_name} fighter {slot + 1}"
        self.slot = slot
        self.id = card.get("id")
        self.style = card["style"]
        self.striker = self.style == "striker"
        self.grappler = self.style == "grappler"
        self.striking = card["striking"]
        self.grappling = card["grappling"]
        self.defense = card["defense"]
        self.stamina = self.max_stamina = card["stamina"]
        self.rating = rating_of(card)
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
        "opponent",
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
        self.fighters = [
            Fighter(slot, card, self.name) for slot, card in enumerate(side["fighters"])
        ]
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
        self.opponent: Camp | None = None
        self.play = None  # the game's Game.apply or Game.play, for this camp's policy
