"""Who hears what, in words (pure: plain facts in, notices out; no database).

Each function takes what happened, as the bridge read it (``services``), and
returns the notices to write: one per user and fact (``key``), worded for the
person who reads it (his fighter named first, league dates "5 Dec 2026")."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bouts.engine.registry import method_name
from core.dates import long_date, real_time_from_now

BOOKED = "booked"
REQUEST_RECEIVED = "request_received"
REQUEST_ANSWERED = "request_answered"
PLANS_DUE = "plans_due"
RESULT = "result"


@dataclass(frozen=True)
class Notice:
    user_id: int
    kind: str
    league_id: int | None
    key: str
    title: str
    body: str
    link: str


@dataclass(frozen=True)
class Corner:
    """One side of a bout: the fighter's (or camp's) name and his manager's id."""

    name: str
    owner_id: int | None


@dataclass(frozen=True)
class BoutView:
    id: int
    league_id: int | None
    league_name: str
    event_name: str
    date: dt.date
    red: Corner
    blue: Corner
    is_title: bool = False
    # A result: winner "red", "blue" or None (a draw), the method code, the round.
    winner: str | None = None
    method: str = ""
    round: int | None = None


def _sides(bout: BoutView):
    """(his corner, the other corner) for each manager, once per manager: a
    manager with both corners hears once, of the red one."""
    seen: set[int] = set()
    for mine, theirs in ((bout.red, bout.blue), (bout.blue, bout.red)):
        if mine.owner_id is None or mine.owner_id in seen:
            continue
        seen.add(mine.owner_id)
        yield mine, theirs


def _where(bout: BoutView) -> str:
    place = bout.event_name or bout.league_name
    return f"{place}, {long_date(bout.date)}" if place else long_date(bout.date)


def booked(bouts: list[BoutView]) -> list[Notice]:
    notices = []
    for bout in bouts:
        title_words = " for the title" if bout.is_title else ""
        for mine, theirs in _sides(bout):
            notices.append(
                Notice(
                    user_id=mine.owner_id,
                    kind=BOOKED,
                    league_id=bout.league_id,
                    key=f"booked:{bout.id}",
                    title=f"{mine.name} fights {theirs.name}{title_words}",
                    body=f"Booked on {_where(bout)}. Write his plan before the night.",
                    link=f"/bouts/{bout.id}/",
                )
            )
    return notices


def _outcome(bout: BoutView, mine: Corner, theirs: Corner) -> str:
    how = method_name(bout.method).lower() if bout.method else "decision"
    in_round = f" in round {bout.round}" if bout.round else ""
    if bout.winner is None:
        return f"{mine.name} and {theirs.name} drew ({how})"
    mine_won = (bout.winner == "red") == (mine is bout.red)
    if mine_won:
        return f"{mine.name} beat {theirs.name} by {how}{in_round}"
    return f"{mine.name} lost to {theirs.name} by {how}{in_round}"


def results(bouts: list[BoutView]) -> list[Notice]:
    notices = []
    for bout in bouts:
        for mine, theirs in _sides(bout):
            title_words = " (a title bout)" if bout.is_title else ""
            notices.append(
                Notice(
                    user_id=mine.owner_id,
                    kind=RESULT,
                    league_id=bout.league_id,
                    key=f"result:{bout.id}",
                    title=_outcome(bout, mine, theirs),
                    body=f"{_where(bout)}{title_words}. The report tells it round by round.",
                    link=f"/bouts/{bout.id}/",
                )
            )
    return notices


@dataclass(frozen=True)
class RequestView:
    id: int
    league_id: int
    league_name: str
    fighter: Corner  # the asking side
    opponent: Corner
    status: str  # pending, accepted, declined, refused, ...
    message: str = ""
    answer: str = ""
    decision_note: str = ""
    # The league puts an accepted bout on its next card itself (no commissioner).
    auto_approve: bool = False


_ANSWERS = {
    "accepted": "accepted",
    "declined": "declined",
    "refused": "was refused by the commissioner",
}


def request_received(request: RequestView) -> list[Notice]:
    owner = request.opponent.owner_id
    if owner is None or owner == request.fighter.owner_id:
        return []
    said = f' They say: "{request.message}"' if request.message else ""
    return [
        Notice(
            user_id=owner,
            kind=REQUEST_RECEIVED,
            league_id=request.league_id,
            key=f"request:{request.id}:received",
            title=f"{request.fighter.name} asks to fight {request.opponent.name}",
            body=f"A bout request in {request.league_name}.{said} Accept or decline it.",
            link=f"/requests/{request.id}/",
        )
    ]


def request_answered(request: RequestView) -> list[Notice]:
    """The asking manager hears the answer (accepted, declined, refused) with
    the note that came with it."""
    owner = request.fighter.owner_id
    verb = _ANSWERS.get(request.status)
    if owner is None or verb is None:
        return []
    if request.status == "accepted":
        subject = f"{request.opponent.name}'s camp accepted"
    elif request.status == "declined":
        subject = f"{request.opponent.name}'s camp declined"
    else:
        subject = f"Your request for {request.opponent.name} was refused"
    note = request.decision_note if request.status == "refused" else request.answer
    said = f' The note: "{note}"' if note else ""
    then = ""
    if request.status == "accepted":
        then = (
            " It goes on the next card with room."
            if request.auto_approve
            else " The commissioner puts it on a card."
        )
    return [
        Notice(
            user_id=owner,
            kind=REQUEST_ANSWERED,
            league_id=request.league_id,
            key=f"request:{request.id}:{request.status}",
            title=f"{subject}: {request.fighter.name} vs {request.opponent.name}",
            body=f"In {request.league_name}.{said}{then}",
            link=f"/requests/{request.id}/",
        )
    ]


@dataclass(frozen=True)
class NightView:
    """A fight night whose plans lock soon, and who fights on it."""

    id: int
    league_id: int
    league_name: str
    name: str
    date: dt.date
    locks_at: dt.datetime
    # (bout id, his fighter, the opponent) for each manager's bout on the card.
    bouts: tuple[tuple[int, Corner, Corner], ...]


def plans_due(night: NightView, now: dt.datetime) -> list[Notice]:
    """One notice per manager with a fighter on the card, naming his bouts."""
    by_owner: dict[int, list[tuple[int, Corner, Corner]]] = {}
    for bout_id, mine, theirs in night.bouts:
        if mine.owner_id is not None:
            by_owner.setdefault(mine.owner_id, []).append((bout_id, mine, theirs))
    notices = []
    when = real_time_from_now(night.locks_at, now, verb="plans lock")
    for owner, bouts in sorted(by_owner.items()):
        names = "; ".join(f"{mine.name} vs {theirs.name}" for _, mine, theirs in bouts)
        notices.append(
            Notice(
                user_id=owner,
                kind=PLANS_DUE,
                league_id=night.league_id,
                key=f"plans_due:{night.id}",
                title=f"Plans due for {night.name} ({long_date(night.date)})",
                body=f"{when[0].upper()}{when[1:]}. Your bouts: {names}.",
                link="/desk/",
            )
        )
    return notices
