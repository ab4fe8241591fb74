"""Medical suspensions after a bout: Ringside's commission rules (pure Python).

Athletic commissions publish mandatory medical suspensions with every result
sheet. The Association of Boxing Commissions' guidelines and the Nevada State
Athletic Commission's practice, which most commissions follow, are the model:

- a knockout loss: 60 days (no contact for 45), because a knockout is a
  concussion until a neurologist says otherwise;
- a technical knockout loss (stoppage by the referee, the doctor or the corner):
  30 days;
- three or more knockdowns in one bout, even in a bout the fighter won or that
  went the distance: 30 days;
- a laceration that needed stitches (a major cut): 30 days; a severe cut: 60;
- a suspected fracture (broken nose, ribs) or other major injury: 30 days; a
  severe injury: 90 days; a broken jaw: 120 days ("until cleared by a doctor",
  which in practice is about four months).

These are the league's values, days of league time counted from the bout's
date: the fighter may not be scheduled on any date up to and including
``bout date + days``. Where several rules apply the longest suspension governs
(commissions do not add them up); the reason lists every rule that applied.

Injuries come from the engine in the common shape (``bouts.engine.result``):
``severity`` 1 minor, 2 major, 3 severe, and a free-text ``type`` that the
keyword rules below match (first matching row wins, so specific rows come
first). Team bouts: injuries are charged to the fighter the engine names
(``fighter_id`` or ``id`` in the injury); a team's loss is not a knockout of
any one fighter, so the KO/TKO rows do not apply there.
"""

from __future__ import annotations

from dataclasses import dataclass

# Injury severities (bouts.engine.result)
MINOR, MAJOR, SEVERE = 1, 2, 3

# Loss by this method -> (days, reason)
METHOD_SUSPENSIONS = {
    "KO": (60, "KO loss"),
    "TKO": (30, "TKO loss"),
    "RTD": (30, "TKO loss (retired in the corner)"),
}

# Knockdowns suffered in one bout -> days
KNOCKDOWNS_THRESHOLD = 3
KNOCKDOWNS_DAYS = 30

# (keyword in the injury type or None for any, minimum severity, days, reason).
# The first row that matches an injury gives its suspension.
INJURY_SUSPENSIONS = (
    ("jaw", SEVERE, 120, "broken jaw"),
    ("jaw", MAJOR, 60, "jaw injury"),
    ("cut", SEVERE, 60, "severe cut"),
    ("cut", MAJOR, 30, "bad cut"),
    ("lacerat", SEVERE, 60, "severe cut"),
    ("lacerat", MAJOR, 30, "bad cut"),
    (None, SEVERE, 90, "severe injury"),
    (None, MAJOR, 30, "major injury"),
)


@dataclass(frozen=True)
class SuspensionRuling:
    side: str
    days: int
    reason: str
    fighter_id: int | None = None  # team bouts: the fighter the engine named


def injury_days(*, type: str, severity: int) -> tuple[int, str] | None:
    """Days and reason for one injury, or ``None`` when it needs no suspension."""
    text = (type or "").lower()
    for keyword, min_severity, days, reason in INJURY_SUSPENSIONS:
        if severity >= min_severity and (keyword is None or keyword in text):
            return days, f"{reason} ({type})" if type else reason
    return None


def rulings_for(result: dict, *, team: bool = False) -> list[SuspensionRuling]:
    """The suspensions a bout's engine result calls for, one per fighter at most
    (the longest), in a stable order (red before blue, then fighter id)."""
    found: dict[tuple[str, int | None], list[tuple[int, str]]] = {}

    def charge(side, fighter_id, days, reason):
        if days > 0 and side in ("red", "blue"):
            found.setdefault((side, fighter_id), []).append((days, reason))

    winner = result.get("winner")
    method = result.get("method")
    if not team and winner in ("red", "blue") and method in METHOD_SUSPENSIONS:
        loser = "blue" if winner == "red" else "red"
        charge(loser, None, *METHOD_SUSPENSIONS[method])

    if not team:
        downs = {"red": 0, "blue": 0}
        for knockdown in result.get("knockdowns") or ():
            if knockdown.get("fighter") in downs:
                downs[knockdown["fighter"]] += 1
        for side, count in downs.items():
            if count >= KNOCKDOWNS_THRESHOLD:
                charge(side, None, KNOCKDOWNS_DAYS, f"{count} knockdowns")

    for injury in result.get("injuries") or ():
        ruling = injury_days(type=injury.get("type", ""), severity=int(injury.get("severity", 0)))
        if ruling is None:
            continue
        fighter_id = injury.get("fighter_id", injury.get("id")) if team else None
        if team and fighter_id is None:
            continue  # a team injury nobody can be charged with
        charge(injury.get("fighter"), fighter_id, *ruling)

    rulings = []
    for (side, fighter_id), items in sorted(
        found.items(), key=lambda kv: (kv[0][0] != "red", kv[0][1] or 0)
    ):
        days = max(d for d, _ in items)
        reasons = []
        for _, reason in sorted(items, key=lambda item: -item[0]):
            if reason not in reasons:
                reasons.append(reason)
        rulings.append(SuspensionRuling(side, days, "; ".join(reasons), fighter_id))
    return rulings
