"""Generated fictional skirmish cards and squads whose strength follows a rating."""

from __future__ import annotations

from .cards import DIV, HEALTH_W, MULTI_W, RANGES, RATING_RANGE, SPEED_W, TRAITS, card_rating

# Generated camp names: a word and a company, 20 x 15 = 300 names drawn with one
# rng draw (the single draw the earlier list of ten names took).
# ``generate_side`` takes the names already ``taken`` in a roster and never repeats
# one.
CAMP_WORDS = (
    "Iron", "Ember", "Salt Marsh", "Grey", "Red", "Hollow", "Storm", "Copper", "Black Reed",
    "Highmoor", "Ash", "Thorn", "Frost", "Gilded", "Silver", "Bitter", "Northern", "Dusk",
    "Stone", "Briar",
)  # fmt: skip
CAMP_COMPANIES = (
    "Guard", "Wolves", "Company", "Ravens", "Lanterns", "Oaks", "Crows", "Blades", "Vale",
    "Spears", "Watch", "Banners", "Riders", "Shields", "Hounds",
)  # fmt: skip
CAMPS = tuple(f"{word} {company}" for word in CAMP_WORDS for company in CAMP_COMPANIES)
TITLES = (
    "Scout",
    "Spearman",
    "Archer",
    "Brute",
    "Shieldbearer",
    "Duelist",
    "Skirmisher",
    "Veteran",
    "Raider",
    "Sentinel",
    "Outrider",
    "Hexblade",
)
NAMES = (
    "Arn",
    "Bela",
    "Cato",
    "Dagny",
    "Eryk",
    "Fenna",
    "Gorm",
    "Hild",
    "Ivo",
    "Jora",
    "Kell",
    "Lorna",
    "Mags",
    "Nils",
    "Orla",
    "Pim",
    "Runa",
    "Sten",
    "Tove",
    "Ulf",
)
SQUAD = 5


def _clamp(field: str, value: int) -> int:
    low, high = RANGES[field]
    return min(high, max(low, value))


def generate_card(rng, rating: float | None = None) -> dict:
    low, high = RATING_RANGE
    if rating is None:
        rating = low + (high - low) * rng.random()
    rating = min(max(float(rating), low), high)
    budget = rating * DIV  # points to spend on attack + defence + health + ...
    multi = 1
    if rng.random() < (rating - 3) / 14:
        multi = 2 if rng.random() < 0.8 else 3
    speed = _clamp("speed", 1 + int(rng.random() * 9))
    rest = budget - SPEED_W * speed - MULTI_W * (multi - 1)
    weights = [0.6 + rng.random() for _ in range(3)]
    total = sum(weights)
    attack = _clamp("attack", round(rest * weights[0] / total))
    defence = _clamp("defence", round(rest * weights[1] / total))
    health = _clamp("health", round(rest * weights[2] / total / HEALTH_W))
    card = {
        "attack": attack,
        "defence": defence,
        "speed": speed,
        "health": health,
        "multi_attack": multi,
    }
    # nudge toward the rating: health, then attack, defence, speed, extra attacks
    for _ in range(30):
        diff = rating - card_rating(card)
        if abs(diff) <= 0.3:
            break
        step = 1 if diff > 0 else -1
        for field in ("health", "attack", "defence", "speed", "multi_attack"):
            if RANGES[field][0] <= card[field] + step <= RANGES[field][1]:
                card[field] += step
                break
        else:
            break
    title = TITLES[int(rng.random() * len(TITLES))]
    card["name"] = f"{NAMES[int(rng.random() * len(NAMES))]} the {title}"
    return card


def camp_name(rng, taken=()) -> str:
    """A generated camp name that is not in ``taken`` (the names a roster already
    holds): one draw, and another only on a clash; once every name is taken, the
    drawn name with the first free number ("Ember Guard 2")."""
    name = CAMPS[int(rng.random() * len(CAMPS))]
    if name not in taken:
        return name
    free = [c for c in CAMPS if c not in taken]
    if free:
        return free[int(rng.random() * len(free))]
    number = 2
    while f"{name} {number}" in taken:
        number += 1
    return f"{name} {number}"


def generate_side(rng, rating: float | None = None, size: int = SQUAD, taken=()) -> dict:
    """Five cards around ``rating`` (each +-1.5), a camp name not in ``taken`` and a
    trait."""
    low, high = RATING_RANGE
    if rating is None:
        rating = low + (high - low) * rng.random()
    fighters = []
    for i in range(size):
        card = generate_card(rng, min(high, max(low, rating + (rng.random() - 0.5) * 3.0)))
        fighters.append({"id": i + 1, **card})
    return {
        "name": camp_name(rng, taken),
        "fighters": fighters,
        "trait": draw_trait(rng),
    }


def draw_trait(rng) -> str:
    """none half the time, humility or pride a quarter each."""
    x = rng.random()
    return TRAITS[0] if x < 0.5 else TRAITS[1] if x < 0.75 else TRAITS[2]
