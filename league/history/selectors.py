"""A league's history, the reads: its seasons (champions, table leaders,
awards, title changes), the record book (from the stored ``RecordLine``s, never
the bouts), the hall of fame, the award races and a fighter's honours. Each a
fixed number of queries, whatever the league's size."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Max, Min, Q, Sum

from league.history import records
from league.history.services import award_instances, awards_compute
from league.models import (
    Award,
    DivisionProjection,
    Event,
    HallOfFamer,
    League,
    RecordLine,
    Reign,
    Season,
    SeasonStatus,
    Standing,
)

BOOK_SIZE = 10


def awards_of(league: League):
    return (
        Award.objects.filter(league=league)
        .select_related(
            "fighter",
            "camp",
            "manager",
            "division",
            "bout__red",
            "bout__blue",
            "bout__red_camp",
            "bout__blue_camp",
        )
        .defer("bout__inputs", "bout__options", "bout__plans")
    )


@dataclass
class SeasonPart:
    """One division's season of a league season."""

    season: Season
    first: dt.date | None = None
    last: dt.date | None = None
    leader: Standing | None = None
    champion: object = None  # Fighter or Camp, at the season's end
    changes: list[Reign] = field(default_factory=list)  # reigns begun in the season


@dataclass
class LeagueSeason:
    number: int
    parts: list[SeasonPart]
    awards: list[Award]

    @property
    def running(self) -> bool:
        """Not over: some division's season is still planned or being fought."""
        return any(p.season.status != SeasonStatus.COMPLETED for p in self.parts)

    @property
    def state(self) -> str:
        """In words: "being fought", "planned", or "" once over."""
        statuses = {p.season.status for p in self.parts}
        if SeasonStatus.RUNNING in statuses:
            return "being fought"
        if SeasonStatus.PLANNED in statuses:
            return "planned"
        return ""


def _holder(reign: Reign):
    return reign.fighter or reign.camp


def league_history(league: League) -> list[LeagueSeason]:
    """Every league season, newest first (five queries)."""
    seasons = list(
        Season.objects.filter(league=league)
        .select_related("division")
        .order_by("-number", "division__name", "id")
    )
    ids = [s.pk for s in seasons]
    spans = {
        row["season_id"]: (row["first"], row["last"])
        for row in Event.objects.filter(season_id__in=ids)
        .values("season_id")
        .annotate(first=Min("date"), last=Max("date"))
        .order_by()
    }
    leaders = {}
    for row in (
        Standing.objects.filter(season_id__in=ids, rank=1)
        .select_related("fighter", "camp")
        .order_by("season_id", "id")
    ):
        leaders.setdefault(row.season_id, row)
    reigns: dict[int, list[Reign]] = {}
    for reign in (
        Reign.objects.filter(title__division__league=league)
        .select_related("fighter", "camp", "title")
        .order_by("title_id", "number")
    ):
        reigns.setdefault(reign.title.division_id, []).append(reign)
    awards: dict[int, list[Award]] = {}
    for award in awards_of(league).order_by("season_number", "id"):
        awards.setdefault(award.season_number, []).append(award)
    out: dict[int, LeagueSeason] = {}
    for season in seasons:
        first, last = spans.get(season.pk, (None, None))
        part = SeasonPart(season, first, last, leaders.get(season.pk))
        if first is not None:
            held = reigns.get(season.division_id, [])
            part.changes = [r for r in held if first <= r.started_on <= last]
            at_end = [
                r
                for r in held
                if r.started_on <= last and (r.ended_on is None or r.ended_on > last)
            ]
            part.champion = _holder(at_end[-1]) if at_end else None
        entry = out.setdefault(
            season.number, LeagueSeason(season.number, [], awards.get(season.number, []))
        )
        entry.parts.append(part)
    return list(out.values())


RACES_KEEP = 3600  # seconds; a new derivation changes the key long before


def _races_key(league: League, number: int) -> str:
    """What the races depend on: the league's bouts as derived (how many, and
    when last): one query. A bout recorded or voided moves it."""
    state = DivisionProjection.objects.filter(division__league=league).aggregate(
        bouts=Sum("derived_bouts"), at=Max("derived_at")
    )
    at = state["at"].isoformat() if state["at"] else ""
    return f"ringside:history:races:{league.pk}:{number}:{state['bouts'] or 0}:{at}"


def award_races(league: League) -> tuple[int | None, list[Award]]:
    """The latest league season still being fought and its award races'
    leaders (unsaved awards, the same rules as the hand-out): ``(None, [])``
    when none runs. The pure awards are cached until the league's derivation
    moves (a public page must not replay a season's scorecards per request)."""
    running = (
        Season.objects.filter(league=league, status=SeasonStatus.RUNNING)
        .select_related("league")
        .order_by("-number")
        .first()
    )
    if running is None:
        return None, []
    return running.number, season_leaders(league, running.number)


def season_leaders(league: League, number: int) -> list[Award]:
    """The league season's awards as they stand (unsaved), from the cache
    while the league's derivation has not moved."""
    key = _races_key(league, number)
    rows = cache.get(key)
    if rows is None:
        rows = awards_compute(league, number)
        cache.set(key, rows, RACES_KEEP)
    return award_instances(league, number, rows)


@dataclass
class RecordEntry:
    who: object  # a Fighter or a Camp
    value: str
    detail: str = ""
    bout_id: int | None = None


@dataclass
class Record:
    key: str
    title: str
    rule: str
    entries: list[RecordEntry]


def _totals(league: League, column: str):
    """Fighters' (and camps') totals of ``column`` over the league's divisions."""
    return (
        RecordLine.objects.filter(league=league)
        .values("fighter_id", "fighter__name", "camp_id", "camp__name")
        .annotate(total=Sum(column))
        .filter(total__gt=0)
        .order_by("-total", "fighter__name", "camp__name", "fighter_id", "camp_id")[:BOOK_SIZE]
    )


class _Named:
    """A fighter or camp by id and name, for ``partials/competitor.html`` (which
    links a fighter: anything with a weight class)."""

    def __init__(self, pk: int, name: str, camp: bool):
        self.pk, self.id, self.name = pk, pk, name
        self.is_camp = camp
        self.weight_class = "" if camp else "any"

    def __str__(self):
        return self.name


def _named(row: dict) -> _Named:
    if row["fighter_id"] is not None:
        return _Named(row["fighter_id"], row["fighter__name"], False)
    return _Named(row["camp_id"], row["camp__name"], True)


def _minutes(seconds: int | None) -> str:
    minutes, seconds = divmod(seconds or 0, 60)
    return f"{minutes}:{seconds:02d}"


def record_book(league: League) -> list[Record]:
    """The all-time records (``records.RECORDS``), each its best ``BOOK_SIZE``
    (six queries, read from the stored lines and reigns)."""
    lines = RecordLine.objects.filter(league=league).select_related("fighter", "camp", "division")
    wins = [RecordEntry(_named(r), str(r["total"])) for r in _totals(league, "wins")]
    knockouts = [RecordEntry(_named(r), str(r["total"])) for r in _totals(league, "knockouts")]
    streaks = [
        RecordEntry(line.fighter or line.camp, str(line.best_streak), line.division.name)
        for line in lines.filter(best_streak__gt=0).order_by(
            "-best_streak", "fighter__name", "camp__name", "id"
        )[:BOOK_SIZE]
    ]
    fastest = [
        RecordEntry(
            line.fighter or line.camp,
            f"round {line.fastest_round}, {_minutes(line.fastest_seconds)}",
            line.division.name,
            line.fastest_bout_id,
        )
        for line in lines.filter(fastest_round__isnull=False).order_by(
            "fastest_round", "fastest_seconds", "fastest_bout_id", "id"
        )[:BOOK_SIZE]
    ]
    defences = [
        RecordEntry(reign.fighter or reign.camp, str(reign.defences), reign.title.division.name)
        for reign in Reign.objects.filter(title__division__league=league, defences__gt=0)
        .select_related("fighter", "camp", "title__division")
        .order_by("-defences", "started_on", "id")[:BOOK_SIZE]
    ]
    titled = (
        RecordLine.objects.filter(league=league)
        .filter(Q(title_wins__gt=0) | Q(title_losses__gt=0) | Q(title_draws__gt=0))
        .values("fighter_id", "fighter__name", "camp_id", "camp__name")
        .annotate(w=Sum("title_wins"), lost=Sum("title_losses"), d=Sum("title_draws"))
        .order_by()
    )
    title_rows = [
        (records.title_share(r["w"], r["lost"], r["d"]), r["w"], r)
        for r in titled
        if r["w"] + r["lost"] + r["d"] >= records.TITLE_BOUTS_FOR_RECORD
    ]
    title_rows.sort(key=lambda t: (-t[0], -t[1], t[2]["fighter__name"] or t[2]["camp__name"]))
    best_title = [
        RecordEntry(_named(r), f"{r['w']}–{r['lost']}–{r['d']}", f"{round(100 * share)}%")
        for share, _w, r in title_rows[:BOOK_SIZE]
    ]
    found = {
        "most_wins": wins,
        "longest_streak": streaks,
        "most_defences": defences,
        "fastest_knockout": fastest,
        "most_knockouts": knockouts,
        "best_title_record": best_title,
    }
    return [Record(key, TITLES[key], rule, found[key]) for key, rule in records.RECORDS.items()]


TITLES = {
    "most_wins": "Most wins",
    "longest_streak": "Longest winning streak",
    "most_defences": "Most title defences",
    "fastest_knockout": "Fastest knockout",
    "most_knockouts": "Most knockouts",
    "best_title_record": "Best record in title bouts",
}


def hall_of_fame(league: League):
    return (
        HallOfFamer.objects.filter(league=league)
        .select_related("fighter")
        .order_by("inducted_on", "id")
    )


def fighter_awards(fighter_id: int):
    """A fighter's awards in every league, newest first (one query)."""
    return (
        Award.objects.filter(fighter_id=fighter_id)
        .select_related("league", "division")
        .order_by("-season_number", "league__name", "id")
    )
