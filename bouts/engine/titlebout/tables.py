"""Title Bout II tables as data (tuples indexed directly) and small lookups.

Every table the rule book prints in its text is copied here; the tables it prints
as pictures come from ``shared/reference/titlebout-tables.md``; the rest are
reconstructions recorded in RULES.md.
"""

from __future__ import annotations

# --- KD/KO table ----------------------------------------------------------------
# Outcome codes. ``4`` scores 4, ``5``/``5H``/``5F`` score 5, the rest 6.
R4, R5, R5H, R5F, RK110, RK, RSTAR = 0, 1, 2, 3, 4, 5, 6
KDKO_NAMES = ("4", "5", "5H", "5F", "K1-10", "K", "*")
KDKO_POINTS = (4, 5, 5, 5, 6, 6, 6)


def _kdko_cell(row: int, col: int) -> int:
    """The KD/KO table's cell (read once into ``KDKO``): the 0 column by the row alone,
    the others by row + column."""
    if col <= 0:
        if row <= 10:
            return R4
        if row <= 16:
            return R5
        if row <= 18:
            return R5H
        if row == 19:
            return R5F
        return RSTAR
    total = row + col
    if total <= 10:
        return R4
    if total <= 15:
        return R5
    if total <= 17:
        return R5H
    if total <= 19:
        return R5F
    if total <= 21:
        return RK110
    return RK


# KDKO[row][col]: row = the card's KD (or KOR) 1..20, col = KD1 (or KO) 0..10.
KDKO = tuple(tuple(_kdko_cell(row, col) for col in range(11)) for row in range(21))


def kdko(row: int, col: int) -> int:
    """The KD/KO table cell; columns above 10 read the 10 column, below 0 the 0."""
    if col > 10:
        col = 10
    elif col < 0:
        col = 0
    return KDKO[row][col]


# --- Knockdown recovery (carry-over) table: count c -> RN 1..4c ---------------------
RECOVERY = (0, 4, 8, 12, 16, 20, 24, 28, 32, 36)


def carry_over(counts: list[int], rn: int) -> bool:
    """Carry-over after a round with knockdowns of ``counts`` (the book's rules)."""
    if not counts:
        return False
    total = sum(counts)
    if len(counts) >= 3 or total > 9:
        return True
    return rn <= RECOVERY[total]


# Advanced timing: cards removed for a knockdown count (index = count).
COUNT_CARDS = (0, 0, 1, 1, 2, 2, 2, 2, 3, 3)

# --- CF conversion chart ---------------------------------------------------------------
CF_CONVERSION = {
    (12, 12): (10, 10),
    (12, 11): (10, 9),
    (12, 10): (10, 8),
    (11, 11): (10, 10),
    (11, 10): (10, 9),
    (11, 9): (10, 8),
    (9, 9): (10, 10),
    (9, 8): (10, 9),
    (9, 7): (10, 8),
    (8, 8): (10, 10),
    (8, 7): (10, 9),
    (8, 6): (10, 8),
    (7, 7): (10, 10),
    (7, 6): (10, 9),
    (7, 5): (10, 8),
    (6, 6): (10, 10),
    (6, 5): (10, 9),
    (6, 4): (10, 8),
}


def convert_cf(a: int, b: int) -> tuple[int, int]:
    """Revised CFs for a pair (order kept). Pairs not on the chart are unchanged."""
    if a >= b:
        return CF_CONVERSION.get((a, b), (a, b))
    hi, lo = CF_CONVERSION.get((b, a), (b, a))
    return lo, hi


# convert_cf as a lookup for the card's CFs (1-20): CF_CONVERTED[a][b] (no tuple key to
# build and hash)
CF_CONVERTED = tuple(tuple(convert_cf(a, b) for b in range(21)) for a in range(21))


# --- Technical knockout table ----------------------------------------------------------
TKO_POINTS = (30, 50, 60)  # one round, two consecutive, three consecutive
TKO_ABSORBER = (40, 60, 75)
STOPPAGE_SHIFT = {"early": -3, "normal": 0, "late": 3, "very_late": 5}

# --- Conditions table (RN 1-80 by the punished fighter's KO rating) ----------------------
# Result codes: 0 none, 1 -1 CF next round, 2 -1 CF and DEF +2 next round,
# 3 -1 CF next round and DEF +2 for the rest of the bout.
CONDITION_ROWS = ((75, 78, 79), (70, 76, 78), (65, 74, 77))  # tops of results 0, 1, 2


def condition(ko: int, rn: int) -> int:
    row = CONDITION_ROWS[0 if ko <= 1 else 1 if ko <= 3 else 2]
    for code, top in enumerate(row):
        if rn <= top:
            return code
    return 3


CONDITION_TEXT = (
    "shakes it off",
    "is hurt: -1 CF next round",
    "is badly hurt: -1 CF and DEF +2 next round",
    "is badly hurt: -1 CF next round and DEF +2 for the rest of the bout",
)

# --- Cuts and swelling -------------------------------------------------------------------
# (lo, hi, kind, location, cf, end_per_round, cut_rating, def, pl, damage_points, text)
CUT_ROWS = (
    (32, 32, "cut", "right cheek", 0, 0, 0, 0, 0, 1, "a cut on the right cheek"),
    (33, 33, "cut", "left cheek", 0, 0, 0, 0, 0, 1, "a cut on the left cheek"),
    (34, 34, "cut", "forehead", 0, 0, 0, 0, 0, 1, "a minor cut high on the forehead"),
    (35, 35, "cut", "forehead (major)", -1, 0, 0, 0, 0, 3, "a major cut high on the forehead"),
    (36, 36, "cut", "nose", 0, 0, 0, 0, 0, 2, "a split nostril"),
    (37, 37, "cut", "lip", 0, -1, 0, 0, 0, 1, "a torn lip"),
    (38, 39, "cut", "mouth", 0, -2, 0, 0, 0, 1, "a cut inside the mouth"),
    (40, 42, "swelling", "under left eye", 0, 0, 1, 0, 0, 1, "minor swelling under the left eye"),
    (43, 45, "swelling", "under right eye", 0, 0, 1, 0, 0, 1, "minor swelling under the right eye"),
    (46, 48, "cut", "under left eye", 0, 0, 1, 0, 0, 1, "a minor cut under the left eye"),
    (49, 51, "cut", "under right eye", 0, 0, 1, 0, 0, 1, "a minor cut under the right eye"),
    (52, 54, "swelling", "over right eye", 0, 0, 0, 1, 0, 2, "minor swelling over the right eye"),
    (55, 57, "swelling", "over left eye", 0, 0, 0, 1, 0, 2, "minor swelling over the left eye"),
    (58, 60, "cut", "over right eye", 0, 0, 0, 1, -1, 2, "a minor cut over the right eye"),
    (61, 63, "cut", "over left eye", 0, 0, 0, 1, -1, 2, "a minor cut over the left eye"),
    (
        64,
        65,
        "swelling",
        "under right eye (major)",
        0,
        0,
        1,
        2,
        -2,
        3,
        "major swelling under the right eye",
    ),
    (
        66,
        67,
        "swelling",
        "under left eye (major)",
        0,
        0,
        1,
        2,
        -2,
        3,
        "major swelling under the left eye",
    ),
    (68, 69, "cut", "under right eye (major)", 0, 0, 1, 0, 0, 3, "a major cut under the right eye"),
    (70, 71, "cut", "under left eye (major)", 0, 0, 1, 0, 0, 3, "a major cut under the left eye"),
    (
        72,
        73,
        "swelling",
        "over right eye (major)",
        -1,
        0,
        0,
        2,
        -2,
        4,
        "major swelling over the right eye",
    ),
    (
        74,
        75,
        "swelling",
        "over left eye (major)",
        -1,
        0,
        0,
        2,
        -2,
        4,
        "major swelling over the left eye",
    ),
    (76, 77, "cut", "over right eye (major)", -1, 0, 0, 3, -3, 5, "a major cut over the right eye"),
    (78, 79, "cut", "over left eye (major)", -1, 0, 0, 3, -3, 5, "a major cut over the left eye"),
    (
        80,
        999,
        "cut",
        "over the eyes (severe)",
        -2,
        0,
        0,
        4,
        -4,
        6,
        "a terrible gash and swelling over the eyes",
    ),
)
CUT_INDEX = tuple(
    next((i for i, r in enumerate(CUT_ROWS) if r[0] <= n <= r[1]), -1) for n in range(0, 81)
)


def cut_row(total: int) -> int:
    """Index into CUT_ROWS for RN + cut rating, or -1 (no cut or swelling)."""
    if total >= 80:
        return len(CUT_ROWS) - 1
    if total < 0:
        return -1
    return CUT_INDEX[total]


# --- Accumulated damage, referee viewpoint, doctor -----------------------------------------
DAMAGE_MAY, DAMAGE_MUST, DAMAGE_STOP = 10, 16, 21
# Referee viewpoint: RN 1-20 at or below this calls the doctor (by foul tolerance).
VIEWPOINT = {"strict": 14, "normal": 10, "lenient": 7, "very_lenient": 5}
# Doctor: RN 1-20 -> continue up to a, one more round up to b, else stop.
DOCTOR = {"cautious": (8, 13), "balanced": (11, 16), "permissive": (15, 18)}
DOCTOR_CONTINUE, DOCTOR_ONE_MORE, DOCTOR_STOP = 0, 1, 2


def doctor(caution: str, rn: int) -> int:
    a, b = DOCTOR[caution]
    return DOCTOR_CONTINUE if rn <= a else DOCTOR_ONE_MORE if rn <= b else DOCTOR_STOP


def draw_doctor(rn80: int) -> str:
    return "cautious" if rn80 <= 20 else "balanced" if rn80 <= 70 else "permissive"


# --- Corner men (cut man) -------------------------------------------------------------------
CUT_LEVELS = ("excellent", "very_good", "good", "average", "poor")
# Tops of -3, -2, -1, 0 per level; the rest is +1 (worse).
CORNER_TABLE = {
    "excellent": (6, 26, 69, 79),
    "very_good": (5, 23, 64, 78),
    "good": (4, 20, 61, 77),
    "average": (3, 17, 58, 76),
    "poor": (2, 14, 55, 75),
}
CORNER_EFFECT = (-3, -2, -1, 0, 1)


def corner_work(level: str, rn: int) -> int:
    for effect, top in zip(CORNER_EFFECT, CORNER_TABLE[level], strict=False):
        if rn <= top:
            return effect
    return 1


# corner_work as a lookup: level -> effect by RN 0-80 (the rules read RN 1-80)
CORNER_BY_RN = {level: tuple(corner_work(level, rn) for rn in range(81)) for level in CORNER_TABLE}


def lower_level(level: str) -> str:
    i = CUT_LEVELS.index(level)
    return CUT_LEVELS[min(i + 1, len(CUT_LEVELS) - 1)]


def draw_cut_level(rn20: int) -> str:
    return (
        "excellent"
        if rn20 <= 3
        else "very_good"
        if rn20 <= 7
        else "good"
        if rn20 <= 13
        else "average"
        if rn20 <= 17
        else "poor"
    )


def draw_strategy_level(rn20: int) -> str:
    return (
        "excellent" if rn20 <= 3 else "good" if rn20 <= 10 else "average" if rn20 <= 17 else "poor"
    )


STRATEGY_SKILL_VALUE = {"excellent": 4, "good": 3, "average": 2, "poor": 1}


# --- Referees and fouls -----------------------------------------------------------------------
def draw_foul_tolerance(rn80: int) -> str:
    return (
        "very_lenient"
        if rn80 <= 12
        else "lenient"
        if rn80 <= 20
        else "normal"
        if rn80 <= 65
        else "strict"
    )


# tolerance -> (modifier, warnings before a point, point-or-DQ: RN <= this takes a point)
REF_APPROACH = {
    "very_lenient": (-10, 5, 75),
    "lenient": (-5, 4, 70),
    "normal": (0, 3, 65),
    "strict": (5, 2, 60),
}
FOUL_LEVELS = "ABCDE"
FOUL_TYPES = (
    "low blow",
    "head butt",
    "rabbit punch",
    "pushing the head down",
    "elbow",
    "hitting on the break",
    "refusing to break",
    "eye gouging",
)
FOUL_TEXT = (
    "for hitting below the belt",
    "for leading with the head",
    "for hitting behind the head",
    "for using an arm to push his opponent's head down",
    "for following up a punch with an elbow",
    "for hitting on the break",
    "for refusing to break cleanly",
    "for eye gouging",
)
# Per foul rating: top of "reminds the boxers", then tops of each warning type
# (modern era: refusing to break / eye gouging 1970 to date).
_FOUL_MODERN = {
    "A": (66, 68, 70, 72, 73, 74, 75, 79, 80),
    "B": (64, 67, 69, 71, 72, 73, 74, 79, 80),
    "C": (62, 66, 69, 70, 71, 72, 73, 78, 80),
    "D": (57, 63, 66, 68, 69, 70, 72, 78, 80),
    "E": (52, 57, 62, 66, 67, 69, 72, 77, 80),
}
_FOUL_CLASSIC = {
    "A": (66, 68, 70, 72, 73, 74, 75, 77, 80),
    "B": (64, 67, 69, 71, 72, 73, 74, 76, 80),
    "C": (62, 66, 69, 70, 71, 72, 73, 75, 80),
    "D": (57, 63, 66, 68, 69, 70, 72, 74, 80),
    "E": (52, 57, 62, 66, 67, 69, 72, 74, 80),
}
FOUL_NONE = -1


def foul(rating: str, rn: int, classic: bool = False) -> int:
    """-1 for a reminder to both, else the index of the warned foul type."""
    tops = (_FOUL_CLASSIC if classic else _FOUL_MODERN)[rating]
    if rn <= tops[0]:
        return FOUL_NONE
    for i in range(1, 9):
        if rn <= tops[i]:
            return i - 1
    return 7


# foul as a lookup: classic era? -> foul rating -> result by RN 0-80 (the rules read
# RN 1-80)
FOUL_BY_RN = {
    classic: {
        rating: tuple(foul(rating, rn, classic) for rn in range(81)) for rating in _FOUL_MODERN
    }
    for classic in (False, True)
}


# Head butt (optional): RN -> 0 nobody, 1 the fouled fighter, 2 the fouler, 3 both.
def head_butt(rn: int) -> int:
    return 0 if rn <= 50 else 1 if rn <= 65 else 2 if rn <= 74 else 3


# Advanced clinching: extra cards removed, tops of 0, 1, 2 by tolerance.
CLINCH_TABLE = {
    "very_lenient": (60, 75, 79),
    "lenient": (55, 70, 78),
    "normal": (50, 65, 77),
    "strict": (45, 60, 76),
}


def clinch_cards(tolerance: str, rn: int) -> int:
    for extra, top in enumerate(CLINCH_TABLE[tolerance]):
        if rn <= top:
            return extra
    return 3


# Throw in the towel: RN 1-20 by tolerance -> "stop", "ignore", "warn", "confront".
TOWEL = {
    "very_lenient": (17, 3, 2),
    "lenient": (18, 4, 2),
    "normal": (19, 5, 2),
    "strict": (20, 6, 2),
}


def towel(tolerance: str, rn: int) -> str:
    stop, ignore, warn = TOWEL[tolerance]
    if rn >= stop:
        return "stop"
    if rn >= ignore:
        return "ignore"
    if rn >= warn:
        return "warn"
    return "confront"


# Referee error table. Levels of the book's OVERALL column.
REF_LEVELS = ("excellent", "very_good", "good", "average", "below_average")
ERR_NONE, ERR_FLASH, ERR_SLIP, ERR_MISSES, ERR_FAVORS, ERR_LOWBLOW, ERR_SPOTLIGHT = range(7)
ERR_EARLY, ERR_LATE = 7, 8
ERROR_NAMES = (
    "none",
    "misses a flash knockdown",
    "calls a slip a knockdown",
    "misses obvious fouls",
    "favours the named fighter",
    "refuses to call low blows",
    "loves the spotlight",
    "stops the round early",
    "stops the round late",
)
ONCE_ONLY = (ERR_FLASH, ERR_SLIP, ERR_EARLY, ERR_LATE)
# Tops per level for errors 0..8 (0 = top of "no mistake"); None = not possible.
REF_ERRORS = {
    "excellent": (75, 76, 77, 80, None, None, None, None, None),
    "very_good": (72, 74, 76, 80, None, None, None, None, None),
    "good": (64, 67, 70, 73, 75, 76, 78, 79, 80),
    "average": (56, 60, 64, 68, 71, 75, 78, 79, 80),
    "below_average": (48, 56, 61, 66, 71, 76, 78, 79, 80),
}


def referee_error(level: str, rn: int) -> int:
    for code, top in enumerate(REF_ERRORS[level]):
        if top is not None and rn <= top:
            return code
    return ERR_NONE


# --- Injuries (the INJURY description on the next card) ----------------------------------------
# index -> (key, who: "attacker"/"defender", points scored, text)
INJURIES = (
    ("none", "", 0, "no injury"),
    ("clash", "defender", 0, "the fighters clash heads: {d} is gashed (-1 CF for the bout)"),
    ("rib", "defender", 3, "{a} lands a huge body shot that may have broken {d}'s rib"),
    ("leg", "attacker", 0, "{a} pulls a muscle in his leg"),
    ("nose", "defender", 2, "{d}'s nose is broken by a counter"),
    ("hand2", "attacker", 2, "{a} hurts his hand landing a solid jab"),
    ("hand_broken", "attacker", 4, "{a} breaks his hand landing a wicked shot"),
    ("hand3", "attacker", 3, "{a} hurts his hand landing a hard punch"),
    ("jaw", "defender", 3, "{a} breaks {d}'s jaw with a punch to the side of the head"),
    ("shoulder", "attacker", 0, "{a} pulls a muscle in his shoulder"),
    ("ankle", "attacker", 0, "{a} slips on the wet canvas and twists his ankle"),
)
INJURY_SEVERITY = {
    "clash": 2,
    "rib": 2,
    "leg": 1,
    "nose": 2,
    "hand2": 1,
    "hand_broken": 3,
    "hand3": 2,
    "jaw": 3,
    "shoulder": 2,
    "ankle": 1,
}
RIB_STOP = 8  # RN 1-80 before each round at or below this: the rib stops the bout
JAW_STOP = 40  # 50-50
SHOULDER_STOP = 16
ANKLE_OCCURS = 40
# Hand injuries: level -> (2-point punches, 3-point punches, all punches) deduction
HAND_LEVEL = {"hand2": 1, "hand3": 2, "hand_broken": 3}

# --- Special actions (the Special description on the next card) ----------------------------------
# index -> (key, stops the clock, END restored to both, text)
SPECIALS = (
    ("none", False, 0, "nothing comes of it"),
    ("water", True, 1, "the referee halts the bout to wipe water from a corner"),
    ("bite", False, 0, "{a} bites {d}! The referee takes a point"),
    ("mouthpiece", True, 2, "{d} loses his mouthpiece and time is called"),
    ("complaint", False, 0, "{d} complains to the referee and is punished by a hook"),
    ("wild", False, 0, "a wild exchange in the middle of the ring"),
    ("break", False, 0, "{a} hits on the break"),
    ("tape", True, 1, "tape on {a}'s glove comes loose and time is called"),
    ("glove", True, 2, "{d}'s glove splits and must be replaced"),
    ("bell", False, 0, "the timekeeper rings the bell early"),
    ("ropes", True, 2, "the ropes give way and must be repaired"),
    ("referee", True, 2, "the referee is caught by a stray punch and needs attention"),
    ("debris", True, 1, "debris from the crowd lands in the ring"),
)

# --- Scoring chart ------------------------------------------------------------------------------
HS, LS, EV = 0, 1, 2
JUDGE_MARKS = ("HS", "LS", "E")
