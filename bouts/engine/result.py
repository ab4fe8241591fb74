"""The result of one simulated bout: the shape every ruleset returns.

``BoutResult.to_dict()`` is JSON-serialisable and, for the same inputs and seed,
byte-identical under ``json.dumps(..., sort_keys=True)`` in any process.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

RED = "red"
BLUE = "blue"
SIDES = (RED, BLUE)

# Methods shared by the boxing rulesets (docs/design.md). Team rulesets add their own
# reasons and list them in ``Ruleset.methods``.
KO = "KO"
TKO = "TKO"
RTD = "RTD"
DQ = "DQ"
UD = "UD"
SD = "SD"
MD = "MD"
DRAW = "DRAW"
TD = "TD"
TDRAW = "TDRAW"
SUB = "SUB"
BOXING_METHODS = (KO, TKO, RTD, DQ, UD, SD, MD, DRAW, TD, TDRAW)

METHOD_NAMES = {
    KO: "Knockout",
    TKO: "Technical knockout",
    RTD: "Retired: his corner stopped the bout between rounds",
    DQ: "Disqualification",
    UD: "Unanimous decision",
    SD: "Split decision",
    MD: "Majority decision",
    DRAW: "Draw",
    TD: "Technical decision",
    TDRAW: "Technical draw",
    SUB: "Submission",
}
"""Each method in words, for people (pages, exports); team rulesets name their own
reasons in ``Ruleset.method_names``."""

# How a bout ended, as the sets the league reads (standings, careers, development,
# referees' records): defined once here so that they cannot drift apart.
FINISHES = (KO, TKO, RTD, SUB)
"""The loser was stopped by the fight itself: knocked out, stopped by the referee
or the doctor, retired by his corner, or made to submit. A DQ is not a finish: the
loser was thrown out for fouls, not beaten up (``league.development`` counts these
losses towards retirement; a referee's record counts them as his stoppages)."""
INSIDE_THE_DISTANCE = (*FINISHES, DQ)
"""Every way to win before the final bell. The standings' stoppage bonus is earned
by any of them: a DQ win ends the bout as surely as a knockout
(``league.standings.metrics``)."""
DECISIONS = (UD, SD, MD, DRAW, TD, TDRAW)
"""The bout went to the judges' cards (TD and TDRAW: stopped early by an accident
and scored on the cards so far)."""

# Injury severity, common to all rulesets so that the league can apply medical
# suspensions without knowing the ruleset.
MINOR = 1  # a mouse, a small cut: no lasting effect
MAJOR = 2  # a bad cut or swelling, a cracked rib
SEVERE = 3  # a broken bone, a fight-ending injury


def clock(seconds: float) -> str:
    """Seconds into a round as ``m:ss``."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class BoutResult:
    """Everything a bout leaves behind.

    - ``winner``: ``"red"``, ``"blue"`` or ``None``.
    - ``method``: one of ``Ruleset.methods``.
    - ``round``/``time``: the round the bout ended in and ``m:ss`` into it.
    - ``judges``: names of the three judges (empty for rulesets without judges).
    - ``scorecards``: one list per judge of per-round ``[red, blue]`` scores,
      point deductions already applied.
    - ``knockdowns``: ``{round, time, fighter, count}`` (``fighter`` = side down).
    - ``injuries``: ``{round, time, fighter, type, location, severity, text}``,
      ``severity`` one of MINOR/MAJOR/SEVERE.
    - ``fouls``: ``{round, time, fighter, type, penalty, points}`` with ``penalty``
      ``none|warning|point|disqualification`` and ``points`` deducted.
    - ``rounds``: ``{round, red: {...}, blue: {...}}``; each side has at least
      ``landed``, ``thrown`` and ``damage``.
    - ``events``: play-by-play ``{round, clock, kind, side, text}``.
    - ``fighters``: per-fighter lines for team rulesets (``side``, ``id``, ``name``
      and what each did), empty for one-on-one bouts.
    - ``details``: anything else the ruleset reports (final endurance, ...).
    """

    ruleset: str
    seed: int
    scheduled_rounds: int
    winner: str | None
    method: str
    round: int
    time: str
    judges: list = field(default_factory=list)
    scorecards: list = field(default_factory=list)
    knockdowns: list = field(default_factory=list)
    injuries: list = field(default_factory=list)
    fouls: list = field(default_factory=list)
    rounds: list = field(default_factory=list)
    events: list = field(default_factory=list)
    fighters: list = field(default_factory=list)
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        # Every field already holds JSON-shaped data; dataclasses.asdict would
        # deep-copy each event (milliseconds for a long game) for nothing.
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def judge_totals(self) -> list[list[int]]:
        """Each judge's ``[red, blue]`` total."""
        return [[sum(r[0] for r in card), sum(r[1] for r in card)] for card in self.scorecards]


def decision_from_totals(totals: list[list[int]]) -> tuple[str | None, str]:
    """Winner and method (UD/SD/MD/DRAW) from three judges' ``[red, blue]`` totals.

    Majority decision: two judges for one fighter, the third even. Split: two for
    one, one for the other. A majority draw and a split draw are both ``DRAW``.
    """
    red = blue = 0  # a plain loop: two generator sums cost several times as much
    for r, b in totals:
        if r > b:
            red += 1
        elif b > r:
            blue += 1
    even = len(totals) - red - blue
    for side, mine, theirs in ((RED, red, blue), (BLUE, blue, red)):
        if mine == len(totals):
            return side, UD
        if mine >= 2 and theirs == 1:
            return side, SD
        if mine >= 2 and even >= 1 and theirs == 0:
            return side, MD
    return None, DRAW
