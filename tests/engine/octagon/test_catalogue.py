"""The seed's card catalogue, encoded as data (catalogue.py)."""

import pytest

from bouts.engine.octagon import catalogue as cat

# (name, kind, energy, damage, bonus, effect) exactly as the seed prints them.
SEED_TECHNIQUES = [
    ("Quick Jab", cat.STRIKE, 1, 3, 0, None),
    ("Leg Kick", cat.STRIKE, 2, 4, 0, None),
    ("Body Shot", cat.STRIKE, 2, 4, 0, None),
    ("Teep Kick", cat.STRIKE, 2, 3, 0, None),
    ("Power Cross", cat.STRIKE, 3, 6, 0, None),
    ("Cutting Elbow", cat.STRIKE, 3, 5, 0, "bleed"),
    ("Uppercut", cat.STRIKE, 3, 6, 0, None),
    ("Heavy Hook", cat.STRIKE, 4, 8, 0, None),
    ("Spinning Back Fist", cat.STRIKE, 4, 7, 0, "stagger"),
    ("Head Kick", cat.STRIKE, 5, 10, 0, None),
    ("Ground and Pound", cat.STRIKE, 3, 6, 3, "gnp"),
    ("Clinch", cat.TAKEDOWN, 2, 1, 2, None),
    ("Single Leg Takedown", cat.TAKEDOWN, 3, 2, 2, None),
    ("Double Leg Takedown", cat.TAKEDOWN, 4, 3, 3, None),
    ("Suplex", cat.TAKEDOWN, 5, 5, 4, None),
    ("Guillotine Choke", cat.SUBMISSION, 3, 10, 0, None),
    ("Armbar", cat.SUBMISSION, 4, 12, 0, None),
    ("Kimura", cat.SUBMISSION, 4, 11, 0, None),
    ("Triangle Choke", cat.SUBMISSION, 4, 13, 0, None),
    ("Rear Naked Choke", cat.SUBMISSION, 5, 15, 0, None),
    ("D'Arce Choke", cat.SUBMISSION, 5, 14, 0, None),
]


@pytest.mark.parametrize(("name", "kind", "cost", "damage", "bonus", "effect"), SEED_TECHNIQUES)
def test_technique_cards_match_the_seed(name, kind, cost, damage, bonus, effect):
    card = cat.TECHNIQUE_BY_NAME[name]
    assert (card.kind, card.cost, card.damage, card.bonus, card.effect) == (
        kind,
        cost,
        damage,
        bonus,
        effect,
    )


@pytest.mark.parametrize(
    ("name", "cost", "reduce", "counter"),
    [("Block", 1, 5, 0), ("Parry", 2, 3, 3), ("Slip Counter", 3, 8, 0)],
)
def test_defence_cards_match_the_seed(name, cost, reduce, counter):
    card = cat.TECHNIQUE_BY_NAME[name]
    assert (card.kind, card.cost, card.reduce, card.counter) == (cat.DEFENCE, cost, reduce, counter)


@pytest.mark.parametrize(
    ("name", "cost", "effect"),
    [("Master Coach", 3, "coach"), ("Intense Training", 2, "training"),
     ("Ringside Medic", 3, "medic")],
)  # fmt: skip
def test_corner_cards_match_the_seed(name, cost, effect):
    card = cat.CORNER_BY_NAME[name]
    assert (card.kind, card.cost, card.effect) == (cat.CORNER, cost, effect)


def test_catalogue_sizes_and_codes():
    assert len(cat.TECHNIQUES) == 24  # 11 strikes, 4 takedowns, 6 submissions, 3 defence
    assert len(cat.CORNER_CARDS) == 3
    for i, card in enumerate(cat.ALL_CARDS):
        assert card.index == i
        assert cat.CARD_BY_CODE[cat.CODE_BASE + i] is card
        assert cat.CODE_COST[cat.CODE_BASE + i] == card.cost
    assert cat.CODE_BASE == cat.DECK_FIGHTERS == 8


def test_resources_match_the_seed():
    assert cat.HEALTH == 100
    assert (cat.PLAYER_ENERGY, cat.OPPONENT_ENERGY, cat.ENERGY_GAIN, cat.ENERGY_MAX) == (
        7,
        6,
        2,
        12,
    )
    assert (cat.HAND_LIMIT, cat.BENCH_LIMIT, cat.KO_HEALTH_LOSS) == (10, 5, 20)
    assert (cat.DECK_FIGHTERS, cat.DECK_TECHNIQUES, cat.DECK_CORNER) == (8, 32, 10)
    assert (cat.BLEED_DAMAGE, cat.BLEED_TURNS) == (2, 2)
    assert (cat.MEDIC_HEAL, cat.TRAINING_BONUS, cat.COACH_STAT) == (10, 3, 1)
    assert (cat.AI_HEAL_BELOW, cat.AI_CORNER_CHANCE, cat.AI_CONTINUE_CHANCE) == (0.4, 0.3, 0.7)
