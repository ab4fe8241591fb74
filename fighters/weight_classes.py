"""The professional weight classes: (key, label, upper limit in pounds; None = no limit)."""

from django.db import models

WEIGHT_CLASSES = (
    ("minimumweight", "Minimumweight", 105),
    ("light_flyweight", "Light flyweight", 108),
    ("flyweight", "Flyweight", 112),
    ("super_flyweight", "Super flyweight", 115),
    ("bantamweight", "Bantamweight", 118),
    ("super_bantamweight", "Super bantamweight", 122),
    ("featherweight", "Featherweight", 126),
    ("super_featherweight", "Super featherweight", 130),
    ("lightweight", "Lightweight", 135),
    ("super_lightweight", "Super lightweight", 140),
    ("welterweight", "Welterweight", 147),
    ("super_welterweight", "Super welterweight", 154),
    ("middleweight", "Middleweight", 160),
    ("super_middleweight", "Super middleweight", 168),
    ("light_heavyweight", "Light heavyweight", 175),
    ("cruiserweight", "Cruiserweight", 200),
    ("heavyweight", "Heavyweight", None),
)

WeightClass = models.TextChoices(
    "WeightClass", [(key, (key, label)) for key, label, _ in WEIGHT_CLASSES]
)

LIMIT_LB = {key: limit for key, _, limit in WEIGHT_CLASSES}


def lower_limit_lb(key: str) -> float:
    """The limit of the class below (a fighter of this class weighs more than it)."""
    keys = [k for k, _, _ in WEIGHT_CLASSES]
    index = keys.index(key)
    return 100.0 if index == 0 else float(WEIGHT_CLASSES[index - 1][2])
