"""A title's lineage in words: "beat Erwin Wende by TKO in round 2", "lost it to
Marco Rossi by UD over 12 rounds"."""

from __future__ import annotations

from dataclasses import dataclass

from bouts.engine.result import DECISIONS


@dataclass
class BoutLine:
    """How a bout that began or ended a reign went, from the champion's side."""

    bout_id: int
    opponent: object | None  # a Fighter or a Camp
    method: str
    round: int
    scheduled_rounds: int
    decision: bool  # went to the cards: "over N rounds" rather than "in round N"
    won: bool | None  # the champion's view: True won, False lost, None drew
    # A tournament's drawn bout: why its side went through ("through on the
    # judges' cards, rounds won 7–5"); ``decider``: the bout was a decider.
    through: str = ""
    decider: bool = False


def _line(bout, holder, through: dict) -> BoutLine | None:
    if bout is None:
        return None
    result = getattr(bout, "result", None)
    if result is None:
        return None
    red = bout.red or bout.red_camp
    blue = bout.blue or bout.blue_camp
    side = "red" if red == holder else "blue" if blue == holder else None
    opponent = blue if side == "red" else red if side == "blue" else None
    won = None if result.winner is None or side is None else result.winner == side
    words = through.get(bout.pk, "")
    decider = words == "won the decider"
    return BoutLine(
        bout_id=bout.pk,
        opponent=opponent,
        method=result.method,
        round=result.round,
        scheduled_rounds=bout.scheduled_rounds,
        decision=result.method in DECISIONS,
        won=won,
        through="" if decider else words,
        decider=decider,
    )


def reign_lines(reigns, through: dict | None = None) -> list:
    """Each reign with ``won_bout`` (how the title was won) and ``lost_bout``
    (how it was lost, when a bout ended it) as BoutLines. ``through``: {bout
    id: words} for a tournament's drawn bouts and deciders (why a side went
    through, ``tournament_draws.tournament_settlements``)."""
    through = through or {}
    out = []
    for reign in reigns:
        holder = reign.fighter or reign.camp
        reign.won_bout = _line(reign.start_bout, holder, through)
        reign.lost_bout = _line(reign.end_bout, holder, through)
        out.append(reign)
    return out
