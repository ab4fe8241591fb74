"""Generated fictional Pocket Boxing cards whose ratings follow a target rating."""

from __future__ import annotations

from .tables import ATTR_HIGH, ATTR_LOW, ATTRIBUTES, GUARDS, STYLES

FIRST = (
    "Benny",
    "Carlos",
    "Dmitri",
    "Eddie",
    "Felix",
    "Gus",
    "Hector",
    "Ike",
    "Jonah",
    "Kofi",
    "Lenny",
    "Marco",
    "Nate",
    "Oskar",
    "Pat",
    "Quinn",
    "Rafa",
    "Sonny",
    "Tito",
    "Vic",
    "Wes",
    "Yuri",
    "Zeke",
    "Abel",
)
LAST = (
    "Alvarez",
    "Brooks",
    "Castillo",
    "Doyle",
    "Ekwueme",
    "Flynn",
    "Garza",
    "Hale",
    "Ivanov",
    "Jansen",
    "Kowalski",
    "Lopes",
    "Mercer",
    "Novak",
    "O'Hara",
    "Pryce",
    "Quarry",
    "Reyes",
    "Stone",
    "Tanaka",
    "Ueda",
    "Vance",
    "Walsh",
    "Yates",
)
NICK = (
    "Pocket",
    "Hammer",
    "Ghost",
    "Bulldog",
    "Sugar",
    "Iron",
    "Kid",
    "Cobra",
    "Rock",
    "Doc",
    "Lightning",
    "Bear",
)


def generate_card(rng, rating: float | None = None, low: float = 1, high: float = 5) -> dict:
    if rating is None:
        rating = low + (high - low) * rng.random()
    rating = min(max(float(rating), ATTR_LOW), ATTR_HIGH)
    # each rating: the target plus a little spread, then nudged so the mean is the
    # target to within a quarter point
    values = [rating + (rng.random() - 0.5) * 1.6 for _ in ATTRIBUTES]
    attrs = [min(ATTR_HIGH, max(ATTR_LOW, round(v))) for v in values]
    target_sum = round(rating * len(ATTRIBUTES))
    order = sorted(range(len(attrs)), key=lambda i: values[i] - attrs[i])
    for _ in range(8):
        diff = target_sum - sum(attrs)
        if diff == 0:
            break
        step = 1 if diff > 0 else -1
        seq = order[::-1] if step > 0 else order
        for i in seq:
            if ATTR_LOW <= attrs[i] + step <= ATTR_HIGH:
                attrs[i] += step
                break
    name = (
        f"{FIRST[int(rng.random() * len(FIRST))]} "
        f'"{NICK[int(rng.random() * len(NICK))]}" '
        f"{LAST[int(rng.random() * len(LAST))]}"
    )
    card = {
        "name": name,
        "style": STYLES[int(rng.random() * len(STYLES))],
        "guard": GUARDS[int(rng.random() * len(GUARDS))],
    }
    card.update(zip(ATTRIBUTES, attrs, strict=True))
    return card
