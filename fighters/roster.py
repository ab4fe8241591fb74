"""Fictional rosters, planned in pure Python from one seed (no database).

``plan_roster`` draws camps, corner men and fighters — names from Faker in many
locales (the locale gives the nationality), bodies that fit the weight class, and
cards from the engine's own generator spread evenly over the ruleset's rating
range. The same arguments give the same plan; fighters.services.roster_create
writes it.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from faker import Faker

from bouts.engine.base import CUT_SKILL, STRATEGY_SKILL
from bouts.engine.errors import EngineError
from bouts.engine.registry import get_ruleset

from .physique import draw_height_cm, draw_reach_cm, draw_weight_lb

# (Faker locale, nationality, weight): boxing nations weigh more.
LOCALES = (
    ("en_US", "United States", 6),
    ("es_MX", "Mexico", 5),
    ("en_GB", "United Kingdom", 3),
    ("en_IE", "Ireland", 1),
    ("pt_BR", "Brazil", 2),
    ("es_AR", "Argentina", 2),
    ("es_CO", "Colombia", 1),
    ("es_ES", "Spain", 1),
    ("fr_FR", "France", 1),
    ("de_DE", "Germany", 1),
    ("it_IT", "Italy", 1),
    ("pl_PL", "Poland", 1),
    ("hu_HU", "Hungary", 1),
    ("ro_RO", "Romania", 1),
    ("hr_HR", "Croatia", 1),
    ("tr_TR", "Turkey", 1),
    ("en_NG", "Nigeria", 2),
    ("tw_GH", "Ghana", 2),
    ("en_KE", "Kenya", 1),
    ("zu_ZA", "South Africa", 1),
    ("ja_JP", "Japan", 2),
)

NICKNAMES = (
    "The Hammer",
    "Lightning",
    "Iron",
    "The Matador",
    "Kid Dynamite",
    "Hands of Stone",
    "The Cobra",
    "Sugar",
    "The Professor",
    "Bulldog",
    "El Terrible",
    "The Hitman",
    "Smokin'",
    "The Tiger",
    "Golden Boy",
    "Thunder",
    "The Assassin",
    "Showtime",
    "Baby Face",
    "The Executioner",
    "Razor",
    "The Jackal",
    "Pretty Boy",
    "Rock",
    "The Saint",
    "El Gallo",
    "Stone Cold",
    "The Raging Bull",
    "Marvelous",
    "The Mongoose",
)
CAMP_PATTERNS = (
    "{city} Boxing Club",
    "{last} Gym",
    "{city} Fight Factory",
    "Team {last}",
    "{last} Brothers Boxing",
    "{city} Athletic Club",
    "{last} Fight Academy",
)
BIRTH_FIRST = datetime.date(1986, 1, 1)  # fighters are born 1986-2006 (no clock: deterministic)
BIRTH_DAYS = 365 * 20
FIGHTERS_PER_CAMP = 6


@dataclass
class CampPlan:
    name: str
    manager: str
    city: str


@dataclass
class CornerPlan:
    name: str
    role: str
    cut: str
    strategy: str
    camp: int  # index into RosterPlan.camps


@dataclass
class FighterPlan:
    name: str
    nickname: str
    nationality: str
    date_of_birth: datetime.date
    stance: str
    height_cm: int
    reach_cm: int
    weight_class: str
    camp: int
    card: dict
    target_rating: float


@dataclass
class RosterPlan:
    ruleset: str
    seed: int
    camps: list[CampPlan] = field(default_factory=list)
    corners: list[CornerPlan] = field(default_factory=list)
    fighters: list[FighterPlan] = field(default_factory=list)


class _Names:
    """Seeded Faker per locale; the locale (nationality) is drawn from our rng."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.fakers: dict[str, Faker] = {}
        self.used: set[str] = set()

    def faker(self, locale: str) -> Faker:
        if locale not in self.fakers:
            self.fakers[locale] = Faker(locale)
        fake = self.fakers[locale]
        fake.seed_instance(self.rng.getrandbits(32))
        return fake

    def locale(self) -> tuple[str, str]:
        entry = self.rng.choices(LOCALES, weights=[w for _, _, w in LOCALES])[0]
        return entry[0], entry[1]

    def person(self, locale: str) -> str:
        for _ in range(50):
            fake = self.faker(locale)
            if locale == "ja_JP":
                first, last = fake.first_romanized_name_male(), fake.last_romanized_name()
            else:
                first = fake.first_name_male()
                last = (
                    fake.last_name_male() if hasattr(fake, "last_name_male") else fake.last_name()
                )
            name = f"{first} {last}"
            if name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("could not draw a fresh name")  # pragma: no cover

    def city(self, locale: str) -> str:
        fake = self.faker(locale if locale != "ja_JP" else "en_US")
        return fake.city()


def _sync_card(rules, card: dict, *, stance: str, weight_lb: int) -> tuple[dict, str]:
    """Make the card agree with the fighter row where both speak (a card's weight,
    its southpaw flag); keep the generated card if the ruleset refuses the change."""
    synced = dict(card)
    if "weight" in synced:
        synced["weight"] = weight_lb
    if isinstance(synced.get("southpaw"), bool):
        stance = "southpaw" if synced["southpaw"] else "orthodox"
    try:
        rules.validate_card(synced)
    except EngineError:
        return card, stance
    return synced, stance


def _camp_assignment(classes: list[str], *, team: bool, rng: random.Random) -> list[int]:
    """Each fighter's camp index. One-on-one rulesets: camps of about six, any
    weight. Team rulesets: a camp is a side in one division, so camps are formed
    within each weight class (at least two per class that has two fighters, so
    that the division has a bout)."""
    count = len(classes)
    if not team:
        camps = max(1, -(-count // FIGHTERS_PER_CAMP))
        order = list(range(count))
        rng.shuffle(order)
        out = [0] * count
        for position, i in enumerate(order):
            out[i] = position % camps
        return out
    out = [0] * count
    next_camp = 0
    for weight_class in dict.fromkeys(classes):
        members = [i for i, c in enumerate(classes) if c == weight_class]
        camps = max(-(-len(members) // FIGHTERS_PER_CAMP), 2 if len(members) >= 2 else 1)
        for position, i in enumerate(members):
            out[i] = next_camp + position % camps
        next_camp += camps
    return out


def plan_roster(*, ruleset: str, count: int, seed: int, weight_classes: list[str]) -> RosterPlan:
    """``count`` fighters spread round-robin over ``weight_classes``."""
    rules = get_ruleset(ruleset)
    rng = random.Random(f"roster:{ruleset}:{seed}")
    names = _Names(rng)
    plan = RosterPlan(ruleset=ruleset, seed=seed)

    classes = [weight_classes[i % len(weight_classes)] for i in range(count)]
    rng.shuffle(classes)
    camp_of = _camp_assignment(classes, team=rules.team, rng=rng)

    camp_names: set[str] = set()
    for _ in range(max(camp_of) + 1):
        locale, _nation = names.locale()
        city = names.city(locale)
        manager = names.person(locale)
        for _attempt in range(20):
            pattern = rng.choice(CAMP_PATTERNS)
            camp_name = pattern.format(city=city, last=manager.split()[-1])
            if camp_name not in camp_names:
                break
            city = names.city(locale)
        else:  # pragma: no cover - twenty clashes in a row
            camp_name = f"{camp_name} {len(camp_names) + 1}"
        camp_names.add(camp_name)
        index = len(plan.camps)
        plan.camps.append(CampPlan(name=camp_name, manager=manager, city=city))
        # a small camp has one corner man doing both jobs
        roles = ("both",) if rng.random() < 0.3 else ("trainer", "cut_man")
        for role in roles:
            plan.corners.append(
                CornerPlan(
                    name=names.person(locale),
                    role=role,
                    cut=rng.choices(CUT_SKILL, weights=(1, 4, 3, 2, 1))[0],
                    strategy=rng.choices(STRATEGY_SKILL, weights=(1, 4, 3, 1))[0],
                    camp=index,
                )
            )

    low, high = rules.rating_range
    ratings = [low + (high - low) * (i + rng.random()) / count for i in range(count)]
    rng.shuffle(ratings)
    for i in range(count):
        locale, nationality = names.locale()
        weight_class = classes[i]
        height = draw_height_cm(rng, weight_class)
        stance = "southpaw" if rng.random() < 0.2 else "orthodox"
        card = rules.generate_card(random.Random(rng.getrandbits(64)), ratings[i])
        card = {k: v for k, v in card.items() if k not in ("name", "id")}
        card, stance = _sync_card(
            rules, card, stance=stance, weight_lb=draw_weight_lb(rng, weight_class)
        )
        plan.fighters.append(
            FighterPlan(
                name=names.person(locale),
                nickname=rng.choice(NICKNAMES) if rng.random() < 0.4 else "",
                nationality=nationality,
                date_of_birth=BIRTH_FIRST + datetime.timedelta(days=rng.randrange(BIRTH_DAYS)),
                stance=stance,
                height_cm=height,
                reach_cm=draw_reach_cm(rng, height),
                weight_class=weight_class,
                camp=camp_of[i],
                card=card,
                target_rating=ratings[i],
            )
        )
    return plan
