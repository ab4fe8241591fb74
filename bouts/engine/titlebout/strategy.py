"""Strategies: the choices, the rating check and the strategy contest, the
modification tables and the solo tables (the default corner policy)."""

from __future__ import annotations

# name -> category (the card's strategy rating used for it)
STRATEGIES = {
    "countering_offense": "FO",
    "stick_and_move": "FO",
    "keep_away": "FO",
    "defensive_shell": "CU",
    "work_the_body": "FI",
    "smothering_attack": "FI",
    "tie_up": "FI",
    "load_up": "KO",
    "go_for_ko": "KO",
}
CATEGORY_DEFAULT = {
    "FI": "work_the_body",
    "FO": "stick_and_move",
    "CU": "defensive_shell",
    "KO": "load_up",
}
LABELS = {
    "countering_offense": "Countering Offense",
    "stick_and_move": "Stick and Move",
    "keep_away": "Keep Away",
    "defensive_shell": "Defensive Shell",
    "work_the_body": "Work the Body",
    "smothering_attack": "Smothering Attack",
    "tie_up": "Tie Up",
    "load_up": "Load Up on Punches",
    "go_for_ko": "Go All Out for the KO",
    "none": "No Strategy",
}

# Modifications (CF, PL, DEF, CP, KP(HP), KD1) to the fighter whose strategy is used,
# by the opponent's strategy. KEEP AWAY and GO FOR THE KO are the book's tables;
# the others are reconstructed from a base line plus the opponent's approach (RULES.md).
Z = (0, 0, 0, 0, 0, 0)
_KEEP_AWAY = {
    "countering_offense": (3, -3, -3, -4, -2, 0),
    "stick_and_move": (3, -2, -4, -3, -1, 0),
    "keep_away": (-4, -4, -4, 0, -4, -1),
    "defensive_shell": (-4, -4, -6, 0, 0, -2),
    "work_the_body": (1, -1, -2, 0, 0, 0),
    "smothering_attack": (0, 0, 2, 0, 0, 0),
    "tie_up": (-2, -2, -2, 0, -2, 0),
    "load_up": (1, -2, 2, 0, 0, 0),
    "go_for_ko": (2, -3, 3, 0, 0, 0),
    "none": (1, -3, -3, 0, -2, 0),
}
_GO_FOR_KO = {
    "countering_offense": (1, 0, 0, 0, 0, 0),
    "stick_and_move": (2, 0, 0, 0, 0, 0),
    "keep_away": (3, 0, 0, 0, 0, -1),
    "defensive_shell": (0, 0, 0, 0, 1, -2),
    "work_the_body": (0, 0, 0, 0, 2, 1),
    "smothering_attack": (0, 0, 0, 2, -1, 1),
    "tie_up": (0, 0, 0, 0, 1, 0),
    "load_up": (0, 2, 3, 0, 2, 1),
    "go_for_ko": (1, 0, 4, 0, 3, 2),
    "none": (1, -1, 3, 0, 3, 1),
}
# Reconstructed base lines (against "No Strategy").
_BASE = {
    "countering_offense": (-1, 0, -2, 4, -1, 0),
    "stick_and_move": (1, -2, -2, 1, -2, 0),
    "defensive_shell": (-3, -4, -6, 0, -2, -2),
    "work_the_body": (1, 1, 2, 0, 0, 0),
    "smothering_attack": (1, 0, 1, -2, -1, -1),
    "tie_up": (-2, -3, -3, 0, -2, -1),
    "load_up": (0, -2, 2, 0, 2, 1),
}
# Adjustment of a base line by the opponent's approach (category of his strategy).
_VS = {
    "FO": (-1, 0, 0, 0, 0, 0),  # an outside fighter is harder to pin down
    "CU": (-1, -1, 0, 0, -1, 0),  # a shell blunts the attack
    "FI": (1, 0, 1, -1, 0, 0),  # an inside fighter comes to you but crowds your punches
    "KO": (1, 1, 0, 1, 0, 1),  # a puncher opens up: targets and risks
    "none": Z,
}


def _build() -> dict:
    table = {"keep_away": _KEEP_AWAY, "go_for_ko": _GO_FOR_KO}
    for name, base in _BASE.items():
        rows = {}
        for opp in [*list(STRATEGIES), "none"]:
            vs = _VS["none" if opp == "none" else STRATEGIES[opp]]
            rows[opp] = tuple(a + b for a, b in zip(base, vs, strict=True))
        table[name] = rows
    return table


MODS = _build()

# --- Solo tables: RN 1-20 -> strategy, by round phase and style ---------------------------------
# Each table: tuple of (top, strategy). Round 1 is the book's; the rest are reconstructed.
SOLO = {
    ("first", "B"): (
        (9, "none"),
        (15, "stick_and_move"),
        (17, "countering_offense"),
        (20, "keep_away"),
    ),
    ("first", "S"): (
        (9, "none"),
        (10, "stick_and_move"),
        (17, "work_the_body"),
        (20, "smothering_attack"),
    ),
    ("early", "B"): (
        (7, "none"),
        (13, "stick_and_move"),
        (16, "countering_offense"),
        (18, "keep_away"),
        (19, "work_the_body"),
        (20, "load_up"),
    ),
    ("early", "S"): (
        (7, "none"),
        (8, "stick_and_move"),
        (14, "work_the_body"),
        (17, "smothering_attack"),
        (19, "load_up"),
        (20, "go_for_ko"),
    ),
    ("middle", "B"): (
        (6, "none"),
        (11, "stick_and_move"),
        (14, "countering_offense"),
        (15, "keep_away"),
        (17, "work_the_body"),
        (19, "load_up"),
        (20, "go_for_ko"),
    ),
    ("middle", "S"): (
        (6, "none"),
        (11, "work_the_body"),
        (14, "smothering_attack"),
        (17, "load_up"),
        (19, "go_for_ko"),
        (20, "stick_and_move"),
    ),
    ("ahead", "B"): (
        (5, "none"),
        (10, "stick_and_move"),
        (15, "keep_away"),
        (17, "countering_offense"),
        (20, "defensive_shell"),
    ),
    ("ahead", "S"): (
        (6, "none"),
        (10, "work_the_body"),
        (12, "smothering_attack"),
        (15, "stick_and_move"),
        (17, "tie_up"),
        (20, "defensive_shell"),
    ),
    ("behind", "B"): (
        (4, "none"),
        (6, "countering_offense"),
        (8, "stick_and_move"),
        (13, "load_up"),
        (20, "go_for_ko"),
    ),
    ("behind", "S"): ((4, "none"), (6, "work_the_body"), (11, "load_up"), (20, "go_for_ko")),
    ("hurt", "B"): (
        (6, "none"),
        (12, "defensive_shell"),
        (16, "keep_away"),
        (18, "tie_up"),
        (20, "countering_offense"),
    ),
    ("hurt", "S"): (
        (6, "none"),
        (12, "defensive_shell"),
        (16, "tie_up"),
        (18, "smothering_attack"),
        (20, "countering_offense"),
    ),
}


def solo_phase(rnd: int, rounds: int, margin: int, hurt: bool) -> str:
    """Which solo table: round 1; hurt (carry-over from a knockdown); the last
    three rounds by the corner's own tally (rounds won minus lost); early (2-4);
    middle."""
    if rnd == 1:
        return "first"
    if hurt:
        return "hurt"
    if rnd > rounds - 3 and rounds >= 6:
        if margin > 0:
            return "ahead"
        if margin < 0:
            return "behind"
    return "early" if rnd <= 4 else "middle"


def _solo_slow(phase: str, style: str, rn20: int) -> str:
    for top, name in SOLO[(phase, style)]:
        if rn20 <= top:
            return name
    return "none"


# The solo tables as lookups: (phase, style) -> strategy by RN 0..20 (built once).
SOLO_LOOKUP = {key: tuple(_solo_slow(*key, rn) for rn in range(21)) for key in SOLO}
# style -> phase -> the choices by RN 1-20 (SOLO_LOOKUP without a tuple key to hash)
SOLO_BY_STYLE: dict = {}
for (_phase, _style), _row in SOLO_LOOKUP.items():
    SOLO_BY_STYLE.setdefault(_style, {})[_phase] = _row
del _phase, _style, _row


def solo(phase: str, style: str, rn20: int) -> str:
    if 0 <= rn20 <= 20:
        return SOLO_LOOKUP[(phase, style)][rn20]
    return _solo_slow(phase, style, rn20)


def digit(rn: int) -> int:
    """The last digit of an RN; a 0 is 0, never 10."""
    return rn % 10


def rating_check(rating: int, rn: int, intellect: bool) -> bool:
    """Can the fighter carry out the strategy this round? Intellect: RN -4."""
    d = digit(rn) - (4 if intellect else 0)
    return d <= rating


def total(rating: int, corner: int, rn: int, intellect: bool) -> int:
    """Strategy total: rating + corner rating + last digit (+1 with Intellect)."""
    return rating + corner + digit(rn) + (1 if intellect else 0)
