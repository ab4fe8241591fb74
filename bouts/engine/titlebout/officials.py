"""Officials and corner men: validation of the shared shapes, and drawing them with
the bout's rng as the book says when they are absent."""

from __future__ import annotations

from ..base import (
    CUT_SKILL,
    DOCTOR_CAUTION,
    JUDGE_BIAS,
    JUDGE_CLOSE_ROUND,
    REFEREE_FOULS,
    REFEREE_OVERALL,
    REFEREE_STOPPAGE,
    STRATEGY_SKILL,
    require_choice,
)
from ..errors import OptionError
from ..officials import validate_corners, validate_officials
from .tables import draw_cut_level, draw_doctor, draw_strategy_level

# The book's 50 rated referees: name, fouls, stoppage, overall (book word), availability top.
REFEREES = (
    ("Elmo Adolph", "normal", "normal", "very_good", 40),
    ("Julio Alvarado", "normal", "normal", "average", 60),
    ("Rudy Battle", "very_lenient", "late", "good", 50),
    ("Kenny Bayless", "normal", "normal", "very_good", 40),
    ("Robert Byrd", "normal", "early", "good", 50),
    ("Frank Cappucino", "normal", "normal", "very_good", 40),
    ("Stanley Christodoulou", "normal", "normal", "good", 50),
    ("Lawrence Cole", "lenient", "late", "below_average", 70),
    ("Joe Cortez", "lenient", "late", "good", 50),
    ("Eddie Cotton", "strict", "early", "good", 50),
    ("Joey Curtis", "lenient", "early", "good", 50),
    ("Marty Denkin", "normal", "late", "very_good", 40),
    ("Arthur Dovovan", "lenient", "normal", "good", 50),
    ("Vic Draculich", "strict", "normal", "average", 60),
    ("Benji Esteves Jr", "normal", "normal", "good", 50),
    ("Lou Filippo", "normal", "normal", "good", 50),
    ("Roy Francis", "lenient", "late", "average", 60),
    ("Armando Garcia", "lenient", "normal", "average", 60),
    ("Ruby Goldstein", "normal", "early", "very_good", 40),
    ("Mitch Halpern", "normal", "late", "good", 50),
    ("Larry Hazzard", "strict", "early", "below_average", 70),
    ("Wayne Kelly", "strict", "normal", "good", 50),
    ("Mills Lane", "normal", "normal", "very_good", 40),
    ("Art Mercante Jr", "normal", "early", "average", 60),
    ("Arthur Mercante Sr", "normal", "normal", "good", 50),
    ("Octavio Meyran", "very_lenient", "late", "average", 60),
    ("Russell Mora", "very_lenient", "late", "below_average", 71),
    ("Lou Moret", "strict", "normal", "good", 50),
    ("Jay Nady", "lenient", "late", "below_average", 70),
    ("Randy Neumann", "lenient", "late", "average", 60),
    ("John O'Brien", "normal", "late", "average", 60),
    ("Terry O'Connor", "very_lenient", "late", "below_average", 70),
    ("Carlos Padilla", "lenient", "late", "good", 50),
    ("Dave Parris", "very_lenient", "late", "below_average", 70),
    ("Davey Pearl", "strict", "normal", "very_good", 40),
    ("Tony Perez", "lenient", "late", "very_good", 40),
    ("Jack Reiss", "very_lenient", "late", "below_average", 70),
    ("Isidro Rodriguez", "very_lenient", "late", "below_average", 70),
    ("Larry Rozadilla", "strict", "normal", "very_good", 40),
    ("Pat Russell", "normal", "late", "average", 60),
    ("Frank Sikora", "normal", "normal", "good", 50),
    ("George Siler", "lenient", "late", "good", 50),
    ("Steve Smoger", "strict", "late", "very_good", 40),
    ("Richard Steele", "strict", "late", "very_good", 40),
    ("Paul Thomas", "normal", "normal", "average", 60),
    ("Harold Valan", "normal", "normal", "below_average", 70),
    ("Jersey Joe Walcott", "very_lenient", "late", "below_average", 70),
    ("Waldemar Schmidt", "very_lenient", "normal", "average", 60),
    ("Tony Weeks", "normal", "normal", "very_good", 40),
    ("Daniel Van de Wiele", "normal", "late", "good", 50),
)

# The shared vocabulary has the book's five overall levels (the referee table's
# "Very Good" included), which are also the error table's columns.
OVERALL_TO_LEVEL = {
    "excellent": "excellent",
    "very_good": "very_good",
    "good": "good",
    "average": "average",
    "below_average": "below_average",
}
LEVEL_TO_OVERALL = {
    "excellent": "excellent",
    "very_good": "very_good",
    "good": "good",
    "average": "average",
    "below_average": "below_average",
}

JUDGE_NAMES = (
    "Harold Lederman",
    "Duane Ford",
    "Jerry Roth",
    "Chuck Giampa",
    "Dave Moretti",
    "Glenn Feldman",
    "Adalaide Byrd",
    "Julie Lederman",
    "Steve Weisfeld",
    "Tom Schreck",
    "Burt Clements",
    "Glenn Trowbridge",
    "Max DeLuca",
    "Pierre Benoist",
    "Eugenia Williams",
    "Larry O'Connell",
    "Ian John-Lewis",
    "Howard Foster",
    "Tony Paolillo",
    "Lynne Carter",
)
DOCTOR_NAMES = (
    "Dr. Margaret Goodman",
    "Dr. Flip Homansky",
    "Dr. Ferdie Pacheco",
    "Dr. Barry Jordan",
    "Dr. Anthony Curreri",
    "Dr. Edwin Campbell",
)
CORNER_NAMES = (
    "Angelo Dundee",
    "Eddie Futch",
    "Emanuel Steward",
    "Cus D'Amato",
    "Ray Arcel",
    "Chickie Ferrara",
    "Al Gavin",
    "Jacob Duran",
    "Stitch Duran",
    "Freddie Brown",
    "Whitey Bimstein",
    "Joe Souza",
    "Mike Rodriguez",
    "Rafael Garcia",
    "Miguel Diaz",
    "Bob Lee",
)


def draw_referee(rng) -> dict:
    """The book's procedure: pick a rated referee, check his availability (RN
    1-80 within his range), repeat until one is available."""
    randint = rng.randint
    while True:
        name, fouls, stoppage, level, avail = REFEREES[randint(0, len(REFEREES) - 1)]
        if randint(1, 80) <= avail:
            return {
                "name": name,
                "fouls": fouls,
                "stoppage": stoppage,
                "overall": LEVEL_TO_OVERALL[level],
                "level": level,
            }


def _name(value, field: str, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str) or not value.strip():
        raise OptionError(field, "must be a non-empty string")
    return value


def _known(obj, allowed: tuple, field: str) -> None:
    if not isinstance(obj, dict):
        raise OptionError(field, "must be an object")
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise OptionError(f"{field}.{unknown[0]}", "is not a field of this official")


def officials(given, rng) -> dict:
    """Validated officials; missing ones drawn with ``rng`` (in a fixed order)."""
    given = {} if validate_officials(given) is None else given  # the engine's one check
    randint = rng.randint
    ref = given.get("referee")
    if ref is None:
        referee = draw_referee(rng)
    else:
        _known(ref, ("name", "fouls", "stoppage", "overall"), "officials.referee")
        overall = require_choice(
            ref.get("overall", "average"), REFEREE_OVERALL, "officials.referee.overall"
        )
        referee = {
            "name": _name(ref.get("name"), "officials.referee.name", "the referee"),
            "fouls": require_choice(
                ref.get("fouls", "normal"), REFEREE_FOULS, "officials.referee.fouls"
            ),
            "stoppage": require_choice(
                ref.get("stoppage", "normal"), REFEREE_STOPPAGE, "officials.referee.stoppage"
            ),
            "overall": overall,
            "level": OVERALL_TO_LEVEL[overall],
        }
    judges_in = given.get("judges")
    if judges_in is None:
        names = list(JUDGE_NAMES)
        judges = []
        for _ in range(3):
            name = names.pop(randint(0, len(names) - 1))
            roll = randint(1, 20)
            close = "even" if roll <= 6 else "aggressor" if roll <= 15 else "counterpuncher"
            judges.append({"name": name, "bias": "none", "close_round": close})
    else:
        if not isinstance(judges_in, list) or len(judges_in) != 3:
            raise OptionError("officials.judges", "must be a list of three judges")
        judges = []
        for i, judge in enumerate(judges_in):
            field = f"officials.judges[{i}]"
            _known(judge, ("name", "bias", "close_round"), field)
            judges.append(
                {
                    "name": _name(judge.get("name"), f"{field}.name", f"Judge {i + 1}"),
                    "bias": require_choice(judge.get("bias", "none"), JUDGE_BIAS, f"{field}.bias"),
                    "close_round": require_choice(
                        judge.get("close_round", "even"), JUDGE_CLOSE_ROUND, f"{field}.close_round"
                    ),
                }
            )
    doc = given.get("doctor")
    if doc is None:
        doctor = {
            "name": DOCTOR_NAMES[randint(0, len(DOCTOR_NAMES) - 1)],
            "caution": draw_doctor(randint(1, 80)),
        }
    else:
        _known(doc, ("name", "caution"), "officials.doctor")
        doctor = {
            "name": _name(doc.get("name"), "officials.doctor.name", "the ringside doctor"),
            "caution": require_choice(
                doc.get("caution", "balanced"), DOCTOR_CAUTION, "officials.doctor.caution"
            ),
        }
    return {"referee": referee, "judges": judges, "doctor": doctor}


def corners(given, rng) -> dict:
    given = {} if validate_corners(given) is None else given  # the engine's one check
    randint = rng.randint
    out = {}
    for side in ("red", "blue"):
        corner = given.get(side)
        if corner is None:
            out[side] = {
                "name": CORNER_NAMES[randint(0, len(CORNER_NAMES) - 1)],
                "cut": draw_cut_level(randint(1, 20)),
                "strategy": draw_strategy_level(randint(1, 20)),
            }
            continue
        field = f"corners.{side}"
        _known(corner, ("name", "cut", "strategy"), field)
        out[side] = {
            "name": _name(corner.get("name"), f"{field}.name", f"the {side} corner"),
            "cut": require_choice(corner.get("cut", "average"), CUT_SKILL, f"{field}.cut"),
            "strategy": require_choice(
                corner.get("strategy", "average"), STRATEGY_SKILL, f"{field}.strategy"
            ),
        }
    return out
