"""Generated fictional fighters and camp decks, and decks built from a camp's
fighters. Only the ``rng`` passed in is used.

The seed's example fighters are real UFC athletes; they appear only in the tests
as the seed's worked examples. Generated names are fictional combinations.
"""

from __future__ import annotations

import random
import zlib

from ..errors import CardError
from .cards import (
    RATING_RANGE,
    STAMINA_MAX,
    STAMINA_MIN,
    STAT_MAX,
    STAT_MIN,
    fighter_rating,
    validate_fighter,
    validate_side,
)
from .catalogue import (
    CORNER_NAMES,
    DECK_CORNER,
    DECK_FIGHTERS,
    DECK_TECHNIQUES,
    MAX_COPIES,
    STYLES,
    TAKEDOWN,
    TECHNIQUE_BY_NAME,
    TECHNIQUE_NAMES,
)

FIRST_NAMES = (
    "Tomas", "Kaito", "Bram", "Idris", "Lucan", "Oskar", "Mateus", "Rafe", "Dmitri", "Emeka",
    "Soren", "Yusuf", "Caius", "Teodor", "Jarek", "Anselm", "Kofi", "Niko", "Ruslan", "Dario",
    "Hakon", "Ilyas", "Marek", "Quillon", "Tiago", "Vesa", "Wendel", "Zoran", "Amadou", "Benedek",
    "Cormac", "Davit", "Elio", "Fintan", "Gaspar", "Hiro", "Ivo", "Joaquim", "Lasse", "Mirza",
)  # fmt: skip
LAST_NAMES = (
    "Varga", "Okafor", "Lindqvist", "Castellan", "Moraes", "Tsurugi", "Brannock", "Kovalenko",
    "Achterberg", "Delacroix", "Halvorsen", "Ibarra", "Juric", "Kaltenbach", "Lomidze", "Marchetti",
    "Nakashima", "Orlov", "Petrakis", "Quintero", "Rasmussen", "Sadykov", "Tamaru", "Udeh",
    "Valcourt", "Wierzba", "Yamada-Crowe", "Zelenko", "Aldana", "Beketov", "Carvalhal", "Dunmore",
    "Esterhuizen", "Fairbairn", "Gorshkov", "Hollander", "Ishikawa", "Jovanic", "Kessler", "Mbeki",
)  # fmt: skip
CAMP_WORDS = (
    "Iron", "Lotus", "Granite", "Tiger", "Harbor", "Summit", "Ember", "Northside", "Wolfpack",
    "Anvil", "Cobalt", "Falcon", "Ridge", "Kraken", "Bastion", "Copper", "Thunder", "Jade",
)  # fmt: skip
CAMP_KINDS = ("MMA", "Fight Team", "Combat Club", "Academy", "Martial Arts", "Gym")

# Style shapes: offsets of striking, grappling, defense around the stat mean.
STYLE_SHAPE = {"striker": (2, -2, 0), "grappler": (-2, 2, 0), "balanced": (0, 0, 0)}


def _clamp(value, low, high):
    return low if value < low else high if value > high else value


def _rating(rng: random.Random, rating: float | None) -> float:
    low, high = RATING_RANGE
    if rating is None:
        return rng.uniform(low, high)
    return _clamp(float(rating), low, high)


def fighter_name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"


def camp_name(rng: random.Random) -> str:
    return f"{rng.choice(CAMP_WORDS)} {rng.choice(CAMP_WORDS)} {rng.choice(CAMP_KINDS)}"


def generate_fighter(rng: random.Random, rating: float | None = None) -> dict:
    """A fictional fighter whose ``fighter_rating`` is close to ``rating``.

    Stamina follows the rating (20 + 2.5 x rating, +-3); the stat mean is then what
    the rating formula needs, shaped by style (a Striker has striking 2 above the
    mean and grappling 2 below it, a Grappler the reverse) and jittered by moving
    single points between stats (which keeps the total)."""
    target = _rating(rng, rating)
    style = STYLES[int(rng.random() * 3)]
    stamina = _clamp(round(20 + 2.5 * target + rng.uniform(-3, 3)), STAMINA_MIN, STAMINA_MAX)
    mean = (target - 0.25 * (stamina - 20) / 2.5) / 0.75
    total = round(3 * mean)
    stats = [total // 3 + off for off in STYLE_SHAPE[style]]
    stats[2] += total - sum(stats)  # defense takes the remainder
    for _ in range(2):
        src, dst = rng.sample(range(3), 2)
        stats[src] -= 1
        stats[dst] += 1
    stats = [_clamp(v, STAT_MIN, STAT_MAX) for v in stats]
    return {
        "name": fighter_name(rng),
        "striking": stats[0],
        "grappling": stats[1],
        "defense": stats[2],
        "stamina": stamina,
        "style": style,
    }


# Deck builds (the seed's "Strategy Tips: Deck Archetypes": a Striker Build stacks
# strike cards, a Grappler Build goes "takedowns into submissions", a Balanced Build
# mixes). A generated deck weighs each card by its build, the weights favouring the
# cards that deal the most damage, as a camp that plays to win on health builds:
# a strike by its damage, a takedown by its bonus, a submission by its damage; few
# defence cards and Medics (they only delay the end). Integer weights, per card.
BUILDS = {
    # kind: (weight per point of damage or takedown bonus, flat weight)
    "striker": {"strike": (4, 0), "gnp": (0, 8), "takedown": (0, 2), "submission": (0, 2),
                "defence": (0, 2)},
    "grappler": {"strike": (2, 0), "gnp": (0, 24), "takedown": (8, 0), "submission": (2, 0),
                 "defence": (0, 2)},
    "balanced": {"strike": (2, 0), "gnp": (0, 12), "takedown": (4, 0), "submission": (1, 0),
                 "defence": (0, 2)},
}  # fmt: skip
# Corner cards, every build: Master Coach and Intense Training (they add damage) four
# times as often as the Ringside Medic.
CORNER_WEIGHTS = (8, 8, 2)


def deck_build(fighters: list[dict]) -> str:
    """The camp's build by its fighters' styles: more strikers than grapplers →
    "striker", more grapplers → "grappler", else "balanced"."""
    strikers = sum(f["style"] == "striker" for f in fighters)
    grapplers = sum(f["style"] == "grappler" for f in fighters)
    return "striker" if strikers > grapplers else "grappler" if grapplers > strikers else "balanced"


def _weight(build: str, card) -> int:
    per, flat = BUILDS[build]["gnp" if card.ground else card.kind]
    return per * (card.bonus if card.kind == TAKEDOWN else card.damage) + flat


BUILD_WEIGHTS = {
    build: (
        tuple(_weight(build, TECHNIQUE_BY_NAME[name]) for name in TECHNIQUE_NAMES),
        CORNER_WEIGHTS,
    )
    for build in BUILDS
}


def _draw_cards(rng: random.Random, names: tuple, weights: tuple, size: int) -> list[str]:
    """``size`` cards drawn with ``weights`` (integers) among the cards that still
    have fewer than MAX_COPIES, listed in catalogue order. One draw a card."""
    copies = [0] * len(names)
    for _ in range(size):
        total = 0
        for i, w in enumerate(weights):
            if copies[i] < MAX_COPIES:
                total += w
        x = rng.random() * total
        for i, w in enumerate(weights):
            if copies[i] < MAX_COPIES:
                x -= w
                if x < 0:
                    break
        else:  # float rounding at the very top, or only weightless cards left: the last open card
            i = max(j for j in range(len(weights)) if copies[j] < MAX_COPIES)
        copies[i] += 1
    return [name for name, n in zip(names, copies, strict=True) for _ in range(n)]


def deck_cards(rng: random.Random, build: str = "balanced") -> tuple[list[str], list[str]]:
    """32 technique cards and 10 corner cards for a deck of the given build."""
    techniques, corner = BUILD_WEIGHTS[build]
    return (
        _draw_cards(rng, TECHNIQUE_NAMES, techniques, DECK_TECHNIQUES),
        _draw_cards(rng, CORNER_NAMES, corner, DECK_CORNER),
    )


def generate_side(rng: random.Random, rating: float | None = None) -> dict:
    """A fictional camp: 8 fighters rated ``rating`` +-1 (clamped to the range),
    then 32 techniques and 10 corner cards of the fighters' build."""
    target = _rating(rng, rating)
    low, high = RATING_RANGE
    name = camp_name(rng)
    fighters: list[dict] = []
    taken: set[str] = set()
    for _ in range(DECK_FIGHTERS):
        fighter = generate_fighter(rng, _clamp(target + rng.uniform(-1, 1), low, high))
        while fighter["name"] in taken:  # one name per fighter in a camp
            fighter["name"] = fighter_name(rng)
        taken.add(fighter["name"])
        fighters.append(fighter)
    techniques, corner = deck_cards(rng, deck_build(fighters))
    return {"name": name, "fighters": fighters, "techniques": techniques, "corner": corner}


def build_side(name: str, cards: list[dict], rng: random.Random | None = None) -> dict:
    """A legal deck from a camp's fighters' cards.

    More than 8 cards: the 8 best by rating (ties: earlier card) in their given
    order. Fewer: padded with generated reserves at the camp's mean rating, named
    "<camp> reserve N" and without an ``id``. Then 32 techniques and 10 corner
    cards drawn from ``rng`` (None: a Random seeded from the camp name's CRC32)."""
    if not isinstance(name, str) or not name.strip():
        raise CardError("name", "must be a non-empty string (the camp's name)")
    name = name.strip()
    if not isinstance(cards, list) or not cards:
        raise CardError("cards", "at least one fighter card is needed")
    if rng is None:
        rng = random.Random(zlib.crc32(name.encode("utf-8")))
    fighters = [validate_fighter(card, f"cards[{i}].") for i, card in enumerate(cards)]
    if len(fighters) > DECK_FIGHTERS:
        ranked = sorted(range(len(fighters)), key=lambda i: (-fighter_rating(fighters[i]), i))
        keep = sorted(ranked[:DECK_FIGHTERS])
        fighters = [fighters[i] for i in keep]
    if len(fighters) < DECK_FIGHTERS:
        mean = sum(fighter_rating(f) for f in fighters) / len(fighters)
        for n in range(1, DECK_FIGHTERS - len(fighters) + 1):
            reserve = generate_fighter(rng, mean)
            reserve["name"] = f"{name} reserve {n}"
            fighters.append(reserve)
    techniques, corner = deck_cards(rng, deck_build(fighters))
    side = {"name": name, "fighters": fighters, "techniques": techniques, "corner": corner}
    return validate_side(side)  # e.g. duplicate ids among the camp's cards
