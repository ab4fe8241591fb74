"""Believable fictional WeBL fighters whose attribute average follows a rating."""

from __future__ import annotations

import random

from .cards import ATTRIBUTES, RATING_RANGE

FIRST = (
    "Abel",
    "Benny",
    "Carlos",
    "Danny",
    "Eddie",
    "Felix",
    "Gus",
    "Hector",
    "Ike",
    "Jake",
    "Kenny",
    "Luis",
    "Marco",
    "Nate",
    "Omar",
    "Pete",
    "Quincy",
    "Rafael",
    "Sammy",
    "Tony",
    "Ugo",
    "Vic",
    "Walt",
    "Xavier",
    "Yuri",
    "Zeke",
    "Moses",
    "Lenny",
    "Dario",
    "Ray",
)
LAST = (
    "Alvarez",
    "Brooks",
    "Castillo",
    "Dunn",
    "Ellis",
    "Flores",
    "Garner",
    "Hayes",
    "Ibarra",
    "Jensen",
    "Kowalski",
    "Lopez",
    "Mendez",
    "Nolan",
    "Ortiz",
    "Price",
    "Quinn",
    "Reyes",
    "Sullivan",
    "Torres",
    "Ulrich",
    "Vargas",
    "Walsh",
    "Young",
    "Zamora",
    "Okafor",
    "Rocha",
)
NICK = (
    "Hammer",
    "Kid",
    "Bull",
    "Cobra",
    "Ghost",
    "Rock",
    "Razor",
    "Tank",
    "Flash",
    "Iceman",
)

SPREAD = 2.8  # standard deviation of one attribute around the rating
LOW, HIGH = 3, 25  # generated attributes stay believable


def generate_card(rng: random.Random, rating: float | None = None) -> dict:
    """Five attributes whose average is ``rating`` (to within rounding), a name and a
    weight that follows height and strength."""
    low, high = RATING_RANGE
    if rating is None:
        rating = low + (high - low) * rng.random()
    rating = min(max(float(rating), low), high)
    total = round(rating * len(ATTRIBUTES))
    values = [min(max(round(rng.gauss(rating, SPREAD)), LOW), HIGH) for _ in ATTRIBUTES]
    # Nudge random attributes until the total is exact (keeps the rating exact).
    guard = 0
    while sum(values) != total and guard < 500:
        guard += 1
        i = rng.randrange(len(values))
        if sum(values) < total and values[i] < HIGH:
            values[i] += 1
        elif sum(values) > total and values[i] > LOW:
            values[i] -= 1
    card = dict(zip(ATTRIBUTES, values))
    weight = 100 + 3.5 * card["hgt"] + 2.0 * card["str"] + rng.gauss(0, 6)
    card["weight"] = int(min(max(round(weight), 105), 260))
    if rng.random() < 0.3:
        name = f'{rng.choice(FIRST)} "{rng.choice(NICK)}" {rng.choice(LAST)}'
    else:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    card["name"] = name
    return card
