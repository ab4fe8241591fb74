"""The seed's card catalogue and game constants, as data.

Every number here is printed in the seed (``004_488b1d28590715d2.txt``): the
technique cards under "Technique Cards", the corner cards under "Corner Cards",
the resources under "Player Resources". RULES.md maps each to its section.
"""

from __future__ import annotations

# --- player resources ("Player Resources", "Energy Management") -------------------
HEALTH = 100  # shared by all of a camp's fighters
KO_HEALTH_LOSS = 20  # "Player loses 20 health" per fighter KO
PLAYER_ENERGY = 7  # the side that starts ("Player starts first")
OPPONENT_ENERGY = 6  # "First turn energy is fixed at 7 for player, 6 for opponent"
ENERGY_GAIN = 2
ENERGY_MAX = 12
HAND_LIMIT = 10
BENCH_LIMIT = 5
OPENING_RANDOM = 4  # opening hand: 4 random cards + 1 guaranteed fighter

# --- deck composition ("Deck Composition (50 cards total)") -------------------------
DECK_FIGHTERS = 8
DECK_TECHNIQUES = 32
DECK_CORNER = 10
MAX_COPIES = 4  # not in the seed: the usual collectible-card limit (RULES.md)

# --- style bonuses ("Fighter Styles") ------------------------------------------------
STYLES = ("striker", "grappler", "balanced")
STRIKER_BONUS = 2  # +2 damage to all strikes
GRAPPLER_BONUS = 2  # +2 to all takedown attempts

# --- formulas ("Strike Damage Formula", "Takedown Success", "Submission Damage") ------
GNP_BONUS = 3
TAKEDOWN_BASE = 50
TAKEDOWN_STEP = 10
TAKEDOWN_MIN = 10
TAKEDOWN_MAX = 90
SUBMISSION_POSITION = 2
MIN_DAMAGE = 1

# --- status effects ("Status Effects") -----------------------------------------------
BLEED_DAMAGE = 2
BLEED_TURNS = 2

# --- corner cards ("Corner Cards") ---------------------------------------------------
COACH_STAT = 1  # Master Coach: +1 striking, grappling, defense, permanently
COACH_DRAW = 1
TRAINING_BONUS = 3  # Intense Training: +3 striking until the owner's next turn
MEDIC_HEAL = 10  # Ringside Medic: +10 stamina, capped at max stamina

# --- AI behaviour ("AI Opponent Behavior") --------------------------------------------
AI_HEAL_BELOW = 0.40  # prioritises healing below 40 % stamina
AI_CORNER_CHANCE = 0.30  # 30 % chance to play a corner card
AI_CONTINUE_CHANCE = 0.70  # 70 % chance to keep playing while energy remains

# Card kinds.
STRIKE = "strike"
TAKEDOWN = "takedown"
SUBMISSION = "submission"
DEFENCE = "defence"
CORNER = "corner"


class Card:
    """One technique or corner card of the catalogue (immutable by convention)."""

    __slots__ = (
        "bonus",
        "code",
        "cost",
        "counter",
        "damage",
        "effect",
        "ground",
        "index",
        "kind",
        "name",
        "reduce",
    )

    def __init__(self, name, kind, cost, damage=0, *, bonus=0, effect=None, reduce=0, counter=0):
        self.name = name
        self.kind = kind
        self.cost = cost
        self.damage = damage
        self.bonus = bonus  # takedown card bonus; Ground and Pound's +3
        self.effect = effect  # bleed | stagger | gnp | coach | training | medic
        self.reduce = reduce  # defence cards: damage taken off the next strike
        self.counter = counter  # Parry: damage back to the striker
        self.ground = effect == "gnp"  # Ground and Pound keeps the fight on the ground
        self.index = self.code = -1

    def __repr__(self):
        return f"Card({self.name!r})"


TECHNIQUES: tuple[Card, ...] = (
    # Strikes: low cost
    Card("Quick Jab", STRIKE, 1, 3),
    Card("Leg Kick", STRIKE, 2, 4),
    Card("Body Shot", STRIKE, 2, 4),
    Card("Teep Kick", STRIKE, 2, 3),
    # Strikes: medium cost
    Card("Power Cross", STRIKE, 3, 6),
    Card("Cutting Elbow", STRIKE, 3, 5, effect="bleed"),
    Card("Uppercut", STRIKE, 3, 6),
    # Strikes: high cost
    Card("Heavy Hook", STRIKE, 4, 8),
    Card("Spinning Back Fist", STRIKE, 4, 7, effect="stagger"),
    Card("Head Kick", STRIKE, 5, 10),
    # Special strike
    Card("Ground and Pound", STRIKE, 3, 6, bonus=GNP_BONUS, effect="gnp"),
    # Grappling (takedowns): bonus, then impact damage on success
    Card("Clinch", TAKEDOWN, 2, 1, bonus=2),
    Card("Single Leg Takedown", TAKEDOWN, 3, 2, bonus=2),
    Card("Double Leg Takedown", TAKEDOWN, 4, 3, bonus=3),
    Card("Suplex", TAKEDOWN, 5, 5, bonus=4),
    # Submissions
    Card("Guillotine Choke", SUBMISSION, 3, 10),
    Card("Armbar", SUBMISSION, 4, 12),
    Card("Kimura", SUBMISSION, 4, 11),
    Card("Triangle Choke", SUBMISSION, 4, 13),
    Card("Rear Naked Choke", SUBMISSION, 5, 15),
    Card("D'Arce Choke", SUBMISSION, 5, 14),
    # Defence cards
    Card("Block", DEFENCE, 1, reduce=5),
    Card("Parry", DEFENCE, 2, reduce=3, counter=3),
    Card("Slip Counter", DEFENCE, 3, reduce=8),
)

CORNER_CARDS: tuple[Card, ...] = (
    Card("Master Coach", CORNER, 3, effect="coach"),
    Card("Intense Training", CORNER, 2, effect="training"),
    Card("Ringside Medic", CORNER, 3, effect="medic"),
)

# One list of every non-fighter card; a card's ``index`` is its place here, and a
# deck holds fighter cards as 0..7 and catalogue cards as their ``code``,
# ``CODE_BASE + index`` (``ALL_CARDS[code - CODE_BASE]``, or ``CARD_BY_CODE[code]``).
CODE_BASE = DECK_FIGHTERS  # fighter cards are codes 0..7
ALL_CARDS: tuple[Card, ...] = TECHNIQUES + CORNER_CARDS
for _i, _card in enumerate(ALL_CARDS):
    _card.index = _i
    _card.code = CODE_BASE + _i
del _i, _card

# Play classes, for the legality test and the AI's choice without attribute lookups.
PLAIN, GROUND_AND_POUND, SUBMIT, HEAL, TRAIN, COACH = range(6)
_CLASS = {"gnp": GROUND_AND_POUND, "medic": HEAL, "training": TRAIN, "coach": COACH}
CODE_COST = tuple([0] * CODE_BASE + [c.cost for c in ALL_CARDS])
CODE_STRIKE = tuple([False] * CODE_BASE + [c.kind == STRIKE for c in ALL_CARDS])
CODE_CLASS = tuple(
    [-1] * CODE_BASE
    + [SUBMIT if c.kind == SUBMISSION else _CLASS.get(c.effect, PLAIN) for c in ALL_CARDS]
)
CARD_BY_CODE: tuple = (None,) * CODE_BASE + ALL_CARDS
TECHNIQUE_BY_NAME = {card.name: card for card in TECHNIQUES}
CORNER_BY_NAME = {card.name: card for card in CORNER_CARDS}
TECHNIQUE_NAMES = tuple(card.name for card in TECHNIQUES)
CORNER_NAMES = tuple(card.name for card in CORNER_CARDS)

# What is legal now, as one lookup per card for the policies and the legality test:
# ``LEGAL[where][energy][benched][code]`` is 0 (not playable: a fighter card with the
# bench full, a card too dear, a submission standing, Ground and Pound without the
# advantage), FIGHTER_CARD (a fighter that fits on the bench: deploying is free), TECH
# (a legal technique) or CORNER_CARD (an affordable corner card). ``where`` is AT_NONE
# (no one has the advantage), AT_MINE or AT_THEIRS; ``energy`` any a camp can hold,
# 0..ENERGY_MAX; ``benched`` the fighters on the bench, 0..BENCH_LIMIT. Corner cards
# have the highest codes (``FIRST_CORNER_CODE``).
TECH, CORNER_CARD, FIGHTER_CARD = 1, 2, 3
AT_NONE, AT_MINE, AT_THEIRS = 0, 1, 2
FIRST_CORNER_CODE = CODE_BASE + len(TECHNIQUES)


def playable(where: int, energy: int, benched: int, code: int) -> int:
    """Whether a card may be played: a fighter only while the bench has room; 0 for
    a card too dear, Ground and Pound without the advantage or a submission
    standing; else TECH or CORNER_CARD."""
    if code < CODE_BASE:
        return FIGHTER_CARD if benched < BENCH_LIMIT else 0
    if CODE_COST[code] > energy:
        return 0
    card_class = CODE_CLASS[code]
    if card_class == GROUND_AND_POUND:
        return TECH if where == AT_MINE else 0
    if card_class == SUBMIT:
        return TECH if where != AT_NONE else 0
    return CORNER_CARD if code >= FIRST_CORNER_CODE else TECH


LEGAL = tuple(
    tuple(
        tuple(
            tuple(playable(where, energy, benched, code) for code in range(len(CARD_BY_CODE)))
            for benched in range(BENCH_LIMIT + 1)
        )
        for energy in range(ENERGY_MAX + 1)
    )
    for where in (AT_NONE, AT_MINE, AT_THEIRS)
)

# What each card is to the league's corner (``policy.HealthPolicy``), one lookup a card:
# its role, and the number it reasons with (strike and submission damage with
# Ground and Pound's +3, a takedown's bonus, a defence card's reduction + counter).
ROLE_STRIKE, ROLE_GNP, ROLE_SUBMISSION, ROLE_TAKEDOWN, ROLE_DEFENCE = range(5)  # ground: 1-2
ROLE_COACH, ROLE_TRAINING, ROLE_MEDIC, ROLE_FIGHTER = range(5, 9)
_ROLE = {STRIKE: ROLE_STRIKE, TAKEDOWN: ROLE_TAKEDOWN, SUBMISSION: ROLE_SUBMISSION,
         DEFENCE: ROLE_DEFENCE}  # fmt: skip
_CORNER_ROLE = {"coach": ROLE_COACH, "training": ROLE_TRAINING, "medic": ROLE_MEDIC}
CODE_ROLE = tuple(
    [ROLE_FIGHTER] * CODE_BASE
    + [
        ROLE_GNP if c.ground else _CORNER_ROLE[c.effect] if c.kind == CORNER else _ROLE[c.kind]
        for c in ALL_CARDS
    ]
)
CODE_VALUE = tuple(
    [0] * CODE_BASE
    + [
        c.bonus if c.kind == TAKEDOWN else c.reduce + c.counter if c.kind == DEFENCE
        else c.damage + c.bonus
        for c in ALL_CARDS
    ]
)  # fmt: skip

COACH_CODE = CODE_BASE + CORNER_BY_NAME["Master Coach"].index
TRAINING_CODE = CODE_BASE + CORNER_BY_NAME["Intense Training"].index
MEDIC_CODE = CODE_BASE + CORNER_BY_NAME["Ringside Medic"].index
FIGHTER_CODES = frozenset(range(CODE_BASE))  # for C-level "any fighter in the hand?"
CORNER_CODES = frozenset(range(FIRST_CORNER_CODE, len(CARD_BY_CODE)))
