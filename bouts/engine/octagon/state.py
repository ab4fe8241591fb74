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
    """A fighter card in play: current (coached) stats and what he has done. Made by
    ``Camp.__init__``, which sets every slot (no constructor: a class call that runs
    an ``__init__`` costs a frame more, 16 times a game)."""

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
        for slot, card in enumerate(side["fighters"]):
            # A Fighter, every slot set here (see its class). The default name is built
            # only for a card without one.
            f = Fighter()
            f.name = card.get("name") or (
                f"{name} fighter {NUMBERS[slot] if slot < 64 else slot + 1}"
            )
            f.slot = slot
            f.id = card.get("id")
            f.style = style = card["style"]
            f.striker = style == "striker"
            f.grappler = style == "grappler"
            f.striking = striking = card["striking"]
            f.grappling = grappling = card["grappling"]
            f.defense = defense = card["defense"]
            f.stamina = f.max_stamina = stamina = card["stamina"]
            # The card's rating (``cards.fighter_rating``), by its stats: computed once per
            # stat line for all games (its ``round(x, 2)`` is dear), a plain attribute.
            key = (striking, grappling, defense, stamina)
            rating = _RATINGS.get(key)
            if rating is None:
                rating = fighter_rating(card)
                if len(_RATINGS) < _RATINGS_MAX:
                    _RATINGS[key] = rating
            f.rating = rating
            f.training = 0  # Intense Training bonus, until the owner's next turn
            f.bleed = 0  # bleed turns left
            f.bleed_by = None  # the fighter whose elbow opened the cut
            f.guard = 0  # defence cards: damage taken off the next strike
            f.counter = 0  # Parry: damage back to the next striker
            f.where = DECK
            f.fought = False
            f.kos_scored = f.kos_suffered = 0
            f.subs_won = f.subs_lost = f.subs_landed = 0
            f.damage_dealt = f.damage_taken = 0
            f.strikes_landed = f.takedowns_landed = f.takedowns_tried = 0
            fighters.append(f)
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
