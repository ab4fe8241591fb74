"""A challenge ladder (pure Python, no Django).

A ladder is an ordered list of fighters, the first at the top. A fighter may
challenge one ranked at most ``reach`` places above him. The rule on a result,
the usual one of club ladders (squash, tennis, chess ladders):

- **the challenger wins: the two swap places** (the challenger takes the
  defender's rank, the defender the challenger's; those between them stay);
- a draw, or the defender's win: nobody moves.

Each fighter is in at most one open challenge (as challenger or as defender):
one who is challenged cannot be challenged again, nor challenge, until that one
is fought. A fighter who is not fit on the date (retired, suspended, resting:
the calendar's one rule, given here as words by the caller) can neither
challenge nor be challenged, and the refusal says why.

The ladder's order is a function of its starting order and its fought
challenges taken in league order (``replay``): a voided challenge simply drops
out, and replaying twice gives the same ladder. A challenge fought after an
earlier result already put the challenger above the defender changes nothing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from core.words import counted

CHALLENGER, DEFENDER = "challenger", "defender"
MAX_REACH = 10


class LadderError(ValueError):
    """A challenge the ladder's rules refuse; ``field`` is whose fault
    (``challenger`` or ``defender``), the message is for people."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Fought:
    """A fought challenge: ``winner`` is ``"challenger"``, ``"defender"`` or None
    (a draw)."""

    challenger: Hashable
    defender: Hashable
    winner: str | None


def check_reach(reach: int) -> None:
    if isinstance(reach, bool) or not isinstance(reach, int) or not 1 <= reach <= MAX_REACH:
        raise LadderError("reach", f"A fighter may challenge 1 to {MAX_REACH} places above him.")


def check_challenge(
    order: list,
    challenger: Hashable,
    defender: Hashable,
    *,
    reach: int,
    busy: Mapping[Hashable, str] | None = None,
    unfit: Mapping[Hashable, str] | None = None,
    names: Mapping[Hashable, str] | None = None,
) -> None:
    """Raise ``LadderError`` when ``challenger`` may not challenge ``defender``.

    ``busy``: fighter -> the words of his open challenge ("against Ann Lee");
    ``unfit``: fighter -> why he cannot fight on the date ("suspended until
    5 Dec 2026"); ``names``: fighter -> name, for the messages."""
    busy, unfit, names = busy or {}, unfit or {}, names or {}

    def name(f):
        return names.get(f, str(f))

    if challenger not in order:
        raise LadderError(CHALLENGER, f"{name(challenger)} is not on the ladder.")
    if defender not in order:
        raise LadderError(DEFENDER, f"{name(defender)} is not on the ladder.")
    if challenger == defender:
        raise LadderError(DEFENDER, "A fighter cannot challenge himself.")
    below = order.index(challenger) - order.index(defender)
    if below <= 0:
        raise LadderError(
            DEFENDER,
            f"{name(defender)} is not above {name(challenger)}: a challenge goes up the ladder.",
        )
    if below > reach:
        raise LadderError(
            DEFENDER,
            f"{name(defender)} is {below} places above {name(challenger)}; "
            f"a fighter may challenge up to {counted(reach, 'place')} above him.",
        )
    if challenger in busy:
        raise LadderError(
            CHALLENGER,
            f"{name(challenger)} already has an open challenge ({busy[challenger]}): "
            "it is fought first.",
        )
    if defender in busy:
        raise LadderError(
            DEFENDER,
            f"{name(defender)} already has an open challenge ({busy[defender]}): "
            "it is fought first.",
        )
    if challenger in unfit:
        raise LadderError(CHALLENGER, f"{name(challenger)} cannot fight now: {unfit[challenger]}.")
    if defender in unfit:
        raise LadderError(
            DEFENDER, f"{name(defender)} cannot be challenged now: {unfit[defender]}."
        )


def apply(order: list, fought: Fought) -> list:
    """The ladder after one fought challenge (a new list): a challenger's win
    swaps the two when he is still below the defender; otherwise no change."""
    out = list(order)
    if fought.winner != CHALLENGER:
        return out
    if fought.challenger not in out or fought.defender not in out:
        return out
    c, d = out.index(fought.challenger), out.index(fought.defender)
    if c > d:
        out[c], out[d] = out[d], out[c]
    return out


def replay(start: list, fought: Iterable[Fought]) -> list:
    """The ladder from its starting order and its fought challenges in league order."""
    order = list(start)
    if len(set(order)) != len(order):
        raise ValueError("a fighter is on the ladder twice")
    for f in fought:
        order = apply(order, f)
    return order


def within_reach(order: list, challenger: Hashable, reach: int) -> list:
    """Whom ``challenger`` may challenge by rank alone (best first)."""
    if challenger not in order:
        return []
    place = order.index(challenger)
    return order[max(0, place - reach) : place]
