"""How a bout's decision counts in a fighter's career (pure Python, no queries).

One table serves both the recording transaction (as F() increments) and the
career check (recomputing careers from the bout rows), so the two cannot drift.

Rules (a boxing record book's):
- a win, a loss or a draw for every bout with a result; a bout without a winner
  (DRAW, TDRAW, a no-contest) is a draw for both;
- KO wins/losses for ``KO``; TKO wins/losses for ``TKO`` and ``RTD`` (a corner
  retirement is recorded as a technical knockout by commissions);
- DQ wins/losses for ``DQ``;
- a title fight for both fighters of a title bout, a title win for its winner.

Team rulesets (octagon, skirmish): each fighter who appears on his camp's lines
(``BoutFighterLine``) and took part (the line's ``fought`` flag, when the ruleset
reports one) is credited with a bout and the camp's result (win, loss or draw)
and, for title bouts, the title fight; the team's method is a team reason, not
a knockout of that fighter, so no KO/TKO/DQ counters are credited. A fighter on
the bench (``fought`` false) gets nothing. When the engine reports no lines,
every fighter of the snapshot's sides gets a line and is credited.
"""

from __future__ import annotations

from bouts.engine.result import DQ, KO, RTD, TKO

CAREER_FIELDS = (
    "bouts",
    "wins",
    "losses",
    "draws",
    "ko_wins",
    "tko_wins",
    "ko_losses",
    "tko_losses",
    "dq_wins",
    "dq_losses",
    "title_fights",
    "title_wins",
)

# method -> (counter for the winner, counter for the loser)
METHOD_COUNTERS = {
    KO: ("ko_wins", "ko_losses"),
    TKO: ("tko_wins", "tko_losses"),
    RTD: ("tko_wins", "tko_losses"),
    DQ: ("dq_wins", "dq_losses"),
}


def outcome_for(*, winner: str | None, side: str) -> str:
    """``"win"``, ``"loss"`` or ``"draw"`` for ``side`` given the bout's winner."""
    if winner is None or winner == "":
        return "draw"
    return "win" if winner == side else "loss"


def career_deltas(
    *, winner: str | None, method: str, side: str, is_title_bout: bool, team: bool = False
) -> dict[str, int]:
    """The career counters one fighter of ``side`` gains from one bout."""
    outcome = outcome_for(winner=winner, side=side)
    deltas = {"bouts": 1}
    deltas[{"win": "wins", "loss": "losses", "draw": "draws"}[outcome]] = 1
    if not team and outcome != "draw" and method in METHOD_COUNTERS:
        win_counter, loss_counter = METHOD_COUNTERS[method]
        deltas[win_counter if outcome == "win" else loss_counter] = 1
    if is_title_bout:
        deltas["title_fights"] = 1
        if outcome == "win":
            deltas["title_wins"] = 1
    return deltas


def line_credited(stats: dict) -> bool:
    """Whether a team bout's fighter line earns its fighter a career entry."""
    return bool((stats or {}).get("fought", True))


def empty_career() -> dict[str, int]:
    return dict.fromkeys(CAREER_FIELDS, 0)


def add_deltas(career: dict[str, int], deltas: dict[str, int]) -> dict[str, int]:
    for key, value in deltas.items():
        career[key] = career.get(key, 0) + value
    return career
