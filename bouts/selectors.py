"""Bout reads: a fighter's record book, a bout's whole record, careers from bouts.

Chronological order everywhere is the league's: date, event, order on the card,
id (``chronological_key``), whatever order workers finished in.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Prefetch, Q, Sum

from bouts import careers as career_rules
from bouts.bout_lines import knockdown_count
from bouts.models import (
    Bout,
    BoutFighterLine,
    BoutStatus,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    MedicalSuspension,
)
from fighters.models import Career, Fighter
from referees.models import Doctor, Judge, Referee


def chronological_key(row) -> tuple:
    """(date, event, order, id) for a Bout or a ``values()`` dict."""
    get = row.get if isinstance(row, dict) else lambda k: getattr(row, k)
    return (get("date"), get("event_id") or 0, get("order"), get("id"))


def record_text(record: dict) -> str:
    return f"{record['wins']}-{record['losses']}-{record['draws']}"


def _blank_record() -> dict:
    return {"wins": 0, "losses": 0, "draws": 0}


def _add_outcome(record: dict, outcome: str) -> None:
    record[{"win": "wins", "loss": "losses", "draw": "draws"}[outcome]] += 1


# --- careers -----------------------------------------------------------------------------


def careers_from_bouts(*, fighter_ids) -> dict[int, dict]:
    """Each fighter's career recomputed from the completed bout rows (the same
    rules as recording, ``bouts.careers``): ``{id: {field: value, ...,
    "last_bout_on": date|None}}``. Two queries whatever the number of fighters."""
    fighter_ids = list(fighter_ids)
    careers = {i: {**career_rules.empty_career(), "last_bout_on": None} for i in fighter_ids}
    wanted = set(fighter_ids)

    def credit(fighter_id, *, side, winner, method, is_title, date, team):
        career = careers[fighter_id]
        career_rules.add_deltas(
            career,
            career_rules.career_deltas(
                winner=winner, method=method, side=side, is_title_bout=is_title, team=team
            ),
        )
        if career["last_bout_on"] is None or date > career["last_bout_on"]:
            career["last_bout_on"] = date

    for row in (
        Bout.objects.filter(status=BoutStatus.COMPLETED, result__isnull=False)
        .filter(Q(red_id__in=fighter_ids) | Q(blue_id__in=fighter_ids))
        .values("red_id", "blue_id", "is_title_bout", "date", "result__winner", "result__method")
    ):
        for side in ("red", "blue"):
            if row[f"{side}_id"] in wanted:
                credit(
                    row[f"{side}_id"],
                    side=side,
                    winner=row["result__winner"],
                    method=row["result__method"],
                    is_title=row["is_title_bout"],
                    date=row["date"],
                    team=False,
                )
    seen = set()
    for row in BoutFighterLine.objects.filter(
        fighter_id__in=fighter_ids,
        bout__status=BoutStatus.COMPLETED,
        bout__red_id__isnull=True,
        bout__result__isnull=False,
    ).values(
        "fighter_id",
        "side",
        "stats",
        "bout_id",
        "bout__is_title_bout",
        "bout__date",
        "bout__result__winner",
        "bout__result__method",
    ):
        if (row["bout_id"], row["fighter_id"]) in seen or not career_rules.line_credited(
            row["stats"]
        ):
            continue
        seen.add((row["bout_id"], row["fighter_id"]))
        credit(
            row["fighter_id"],
            side=row["side"],
            winner=row["bout__result__winner"],
            method=row["bout__result__method"],
            is_title=row["bout__is_title_bout"],
            date=row["bout__date"],
            team=True,
        )
    return careers


def career_from_bouts(*, fighter) -> dict:
    """One fighter's career recomputed from the bout rows."""
    fighter_id = getattr(fighter, "pk", fighter)
    return careers_from_bouts(fighter_ids=[fighter_id])[fighter_id]


# --- record book --------------------------------------------------------------------------


def _records_before(bouts: list[dict], *, key: str, wanted: set) -> dict[int, dict]:
    """Walk ``bouts`` (values with id, date, event_id, order, ``red_<key>``,
    ``blue_<key>``, result__winner) in chronological order and return, per
    bout id, each wanted party's W-L-D before that bout: ``{bout_id: {party:
    record}}``."""
    running: dict[int, dict] = defaultdict(_blank_record)
    before: dict[int, dict] = defaultdict(dict)
    for row in sorted(bouts, key=chronological_key):
        for side in ("red", "blue"):
            party = row[f"{side}_{key}"]
            if party in wanted:
                before[row["id"]][party] = dict(running[party])
        for side in ("red", "blue"):
            party = row[f"{side}_{key}"]
            if party in wanted:
                outcome = career_rules.outcome_for(winner=row["result__winner"], side=side)
                _add_outcome(running[party], outcome)
    return before


def fighter_history(*, fighter, newest_first: bool = True) -> list[dict]:
    """A fighter's record book: one row per completed bout, with the opponent's
    record (W-L-D) before that bout and the fighter's own record after it.

    Row keys: bout_id, date, event, event_id, ruleset, side, opponent,
    opponent_id (fighter, or camp for team bouts), opponent_is_camp,
    opponent_record ({wins, losses, draws, text}), result (W/L/D), winner
    (red/blue/None), method, round, time, scheduled_rounds, referee (name),
    referee_id, judges ([{name, judge_id, fighter, opponent, text}] from this
    fighter's side), title, knockdowns (in the bout, either side), record
    (text, after the bout).

    Five queries whatever the length of the career (no N+1)."""
    fighter_id = getattr(fighter, "pk", fighter)
    team_sides = {
        bout_id: side
        for bout_id, side, stats in BoutFighterLine.objects.filter(
            fighter_id=fighter_id, bout__status=BoutStatus.COMPLETED
        ).values_list("bout_id", "side", "stats")
        if career_rules.line_credited(stats)
    }
    bouts = list(
        Bout.objects.filter(status=BoutStatus.COMPLETED, result__isnull=False)
        .filter(Q(red_id=fighter_id) | Q(blue_id=fighter_id) | Q(id__in=list(team_sides)))
        .select_related("result", "referee", "event", "red", "blue", "red_camp", "blue_camp")
        .defer("result__engine_result", "inputs", "options", "plans")
        .annotate(knockdown_count=knockdown_count())
    )
    bouts.sort(key=chronological_key)
    cards: dict[int, list] = defaultdict(list)
    for row in (
        JudgeScore.objects.filter(bout_id__in=[b.id for b in bouts])
        .values("bout_id", "judge_index", "judge_name", "judge_id")
        .annotate(red_total=Sum("red"), blue_total=Sum("blue"))
        .order_by("bout_id", "judge_index")
    ):
        cards[row["bout_id"]].append(row)

    fields = ("id", "date", "event_id", "order", "result__winner")
    opponents = {b.blue_id if b.red_id == fighter_id else b.red_id for b in bouts if b.red_id}
    opponent_before = _records_before(
        list(
            Bout.objects.filter(status=BoutStatus.COMPLETED, result__isnull=False)
            .filter(Q(red_id__in=opponents) | Q(blue_id__in=opponents))
            .values(*fields, "red_id", "blue_id")
        )
        if opponents
        else [],
        key="id",
        wanted=opponents,
    )
    camps = {
        (b.blue_camp_id if team_sides[b.id] == "red" else b.red_camp_id)
        for b in bouts
        if b.id in team_sides and b.red_camp_id
    }
    camp_before = _records_before(
        list(
            Bout.objects.filter(status=BoutStatus.COMPLETED, result__isnull=False)
            .filter(Q(red_camp_id__in=camps) | Q(blue_camp_id__in=camps))
            .values(*fields, "red_camp_id", "blue_camp_id")
        )
        if camps
        else [],
        key="camp_id",
        wanted=camps,
    )

    own = _blank_record()
    rows = []
    for bout in bouts:
        team = bout.red_id is None
        side = team_sides.get(bout.id) if team else ("red" if bout.red_id == fighter_id else "blue")
        other = "blue" if side == "red" else "red"
        if team:
            opponent = getattr(bout, f"{other}_camp")
            before = camp_before.get(bout.id, {}).get(opponent.id if opponent else None)
        else:
            opponent = getattr(bout, other)
            before = opponent_before.get(bout.id, {}).get(opponent.id)
        before = before or _blank_record()
        outcome = career_rules.outcome_for(winner=bout.result.winner, side=side)
        _add_outcome(own, outcome)
        judges = []
        for card in cards.get(bout.id, ()):
            mine, theirs = (
                (card["red_total"], card["blue_total"])
                if side == "red"
                else (card["blue_total"], card["red_total"])
            )
            judges.append(
                {
                    "name": card["judge_name"],
                    "judge_id": card["judge_id"],
                    "fighter": mine,
                    "opponent": theirs,
                    "text": f"{mine}-{theirs}",
                }
            )
        rows.append(
            {
                "bout_id": bout.id,
                "date": bout.date,
                "event": bout.event.name if bout.event else None,
                "event_id": bout.event_id,
                "ruleset": bout.ruleset,
                "side": side,
                "opponent": opponent.name if opponent else "",
                "opponent_id": opponent.id if opponent else None,
                "opponent_is_camp": team,
                "opponent_record": {**before, "text": record_text(before)},
                "result": {"win": "W", "loss": "L", "draw": "D"}[outcome],
                "winner": bout.result.winner or None,
                "method": bout.result.method,
                "round": bout.result.round,
                "time": bout.result.time,
                "scheduled_rounds": bout.scheduled_rounds,
                "referee": bout.referee.name if bout.referee else None,
                "referee_id": bout.referee_id,
                "judges": judges,
                "title": bout.is_title_bout,
                "knockdowns": bout.knockdown_count,
                "record": record_text(own),
            }
        )
    if newest_first:
        rows.reverse()
    return rows


# --- one bout ---------------------------------------------------------------------------


def bout_report_queryset():
    """Bouts with everything a report shows joined or prefetched (8 queries for
    any number of bouts)."""
    with_fighter = ("fighter",)
    return Bout.objects.select_related(
        "result",
        "event",
        "event__league",
        "division",
        "referee",
        "judge_1",
        "judge_2",
        "judge_3",
        "doctor",
        "red",
        "blue",
        # the sides' managers (camp owners): who may see and write their plans
        "red__camp",
        "blue__camp",
        "red_camp",
        "blue_camp",
        "red_corner",
        "blue_corner",
        "voided_by",
    ).prefetch_related(
        "round_stats",
        "judge_scores",
        Prefetch("knockdowns", queryset=Knockdown.objects.select_related(*with_fighter)),
        Prefetch("injuries", queryset=Injury.objects.select_related(*with_fighter)),
        Prefetch("fouls", queryset=Foul.objects.select_related(*with_fighter)),
        Prefetch("fighter_lines", queryset=BoutFighterLine.objects.select_related(*with_fighter)),
        Prefetch(
            "suspensions",
            queryset=MedicalSuspension.objects.select_related(*with_fighter).order_by("id"),
        ),
    )


def bout_report(*, bout_id: int) -> Bout:
    """The whole record of one bout, every relation loaded (8 queries). Raises
    ``Bout.DoesNotExist``. ``scorecards(bout)`` arranges its judges' scores."""
    return bout_report_queryset().get(pk=bout_id)


def scorecards(bout: Bout) -> list[dict]:
    """The judges' cards of a reported bout: ``[{index, name, rounds: [[r, b]],
    total: [r, b]}]`` from its prefetched scores (no query)."""
    cards: dict[int, dict] = {}
    for score in bout.judge_scores.all():
        card = cards.setdefault(
            score.judge_index,
            {"index": score.judge_index, "name": score.judge_name, "rounds": [], "total": [0, 0]},
        )
        card["rounds"].append([score.red, score.blue])
        card["total"][0] += score.red
        card["total"][1] += score.blue
    return [cards[i] for i in sorted(cards)]


def career_check(*, fighters=None) -> list[dict]:
    """Disagreements between the stored careers and the completed bout rows:
    ``[{"fighter_id", "fighter", "field", "stored", "expected"}]`` (empty when
    every career agrees). ``fighters``: fighters or ids (default: all)."""
    if fighters is None:
        fighter_ids = list(Fighter.objects.values_list("id", flat=True))
    else:
        fighter_ids = [getattr(f, "pk", f) for f in fighters]
    expected = careers_from_bouts(fighter_ids=fighter_ids)
    stored = {
        career.fighter_id: career
        for career in Career.objects.filter(fighter_id__in=fighter_ids).select_related("fighter")
    }
    names = dict(Fighter.objects.filter(id__in=fighter_ids).values_list("id", "name"))
    problems = []
    for fighter_id in fighter_ids:
        want = expected[fighter_id]
        career = stored.get(fighter_id)
        for field in (*career_rules.CAREER_FIELDS, "last_bout_on"):
            have = (
                getattr(career, field)
                if career is not None
                else (None if field == "last_bout_on" else 0)
            )
            if have != want[field]:
                problems.append(
                    {
                        "fighter_id": fighter_id,
                        "fighter": names.get(fighter_id, str(fighter_id)),
                        "field": field,
                        "stored": have,
                        "expected": want[field],
                    }
                )
    return problems


def _leagues_of(bouts) -> set[int]:
    leagues = set()
    for event_league, division_league in bouts.values_list(
        "event__league_id", "division__league_id"
    ).distinct():
        leagues.update(league for league in (event_league, division_league) if league)
    return leagues


def leagues_fought_in_by_fighters(fighter_ids) -> set[int]:
    """The leagues any of these fighters has a bout in (any status: a scheduled
    bout is already that league's), as a side or in a camp's line-up."""
    ids = list(fighter_ids)
    return _leagues_of(Bout.objects.filter(Q(red_id__in=ids) | Q(blue_id__in=ids))) | _leagues_of(
        Bout.objects.filter(fighter_lines__fighter_id__in=ids)
    )


def leagues_fought_in_by_camps(camp_ids) -> set[int]:
    ids = list(camp_ids)
    return _leagues_of(Bout.objects.filter(Q(red_camp_id__in=ids) | Q(blue_camp_id__in=ids)))


def leagues_officiated_by(official) -> set[int]:
    """The leagues whose bouts (any status) ``official`` (a referee, judge or
    doctor) works."""
    if isinstance(official, Referee):
        bouts = Bout.objects.filter(referee=official)
    elif isinstance(official, Doctor):
        bouts = Bout.objects.filter(doctor=official)
    elif isinstance(official, Judge):
        bouts = Bout.objects.filter(Q(judge_1=official) | Q(judge_2=official) | Q(judge_3=official))
    else:
        raise TypeError(f"not an official: {official!r}")
    return _leagues_of(bouts)


def officials_leagues() -> dict[str, dict[int, set[int]]]:
    """Every official's leagues at once, for a list of officials (five queries,
    whatever the numbers): ``{"referee"|"judge"|"doctor": {id: {league ids}}}``."""
    found: dict[str, dict[int, set[int]]] = {"referee": {}, "judge": {}, "doctor": {}}
    columns = (
        ("referee", "referee_id"),
        ("doctor", "doctor_id"),
        ("judge", "judge_1_id"),
        ("judge", "judge_2_id"),
        ("judge", "judge_3_id"),
    )
    for kind, column in columns:
        rows = (
            Bout.objects.filter(**{f"{column}__isnull": False})
            .values_list(column, "event__league_id", "division__league_id")
            .distinct()
        )
        for official_id, event_league, division_league in rows:
            leagues = found[kind].setdefault(official_id, set())
            leagues.update(league for league in (event_league, division_league) if league)
    return found
