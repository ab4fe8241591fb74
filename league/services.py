"""League writes: derived tables, seasons, matchmaking and tournaments.

``bout_recorded`` is called by the bout pipeline inside the transaction that
records a bout (bouts.services.bout_record). Everything it maintains — ratings
and rating history, season standings, the title lineage, tournament brackets —
is a function of the division's completed bout rows in chronological order
(``chronological_key``: date, event, order on the card, id), never of the order
in which workers finish:

- it locks the division row first, so recordings in one division serialise and
  none is lost;
- ratings: when the bout is the chronologically latest completed bout (the usual
  case) its two sides are rated on top of their stored ratings (an append); when
  it lands before bouts already rated (a worker finished out of order), the
  division's ratings are replayed from scratch and the history from that bout on
  is rewritten;
- the season table and the title lineage are recomputed from the bout rows (one
  query serves all three) and written only where they changed;
- a tournament bout advances its bracket: the matches it made ready are
  scheduled and queued on commit.

``division_derive`` computes all of it from scratch; ``check_league`` compares it
with the stored rows.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q

from bouts.engine import get_ruleset
from bouts.engine.errors import EngineError
from bouts.models import Bout, BoutStatus, Result
from fighters.models import Camp, CornerMan, Fighter
from league import rankings, titles
from league.models import (
    Division,
    Event,
    League,
    MedicalSuspension,
    Rating,
    RatingHistory,
    Reign,
    Season,
    SeasonStatus,
    Standing,
    Title,
    Tournament,
    TournamentEntry,
    TournamentFormat,
    TournamentMatch,
    TournamentStatus,
)
from league.scheduling import brackets
from league.scheduling.matchmaker import Candidate, matchmake
from league.scheduling.round_robin import round_robin
from league.standings.metrics import Outcome, PointsConfig, compute_standings
from referees.models import Doctor, Judge, Referee

SEED_LIMIT = 2**31

# A competitor is ("fighter", id) in one-on-one divisions and ("camp", id) in team
# divisions, so the pure modules can take them as plain hashable keys.
FIGHTER, CAMP = "fighter", "camp"


def derive_seed(*parts) -> int:
    """A bout seed from stable parts (names, numbers): the same league scheduled
    again gets the same seeds."""
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def ruleset_is_team(ruleset: str) -> bool:
    try:
        return get_ruleset(ruleset).team
    except EngineError:
        return False


def competitor_fields(competitor) -> dict:
    kind, pk = competitor
    return {"fighter_id": pk} if kind == FIGHTER else {"camp_id": pk}


def competitor_of(row) -> tuple:
    """The competitor a derived row (Standing, Rating, ...) belongs to."""
    return (FIGHTER, row.fighter_id) if row.fighter_id is not None else (CAMP, row.camp_id)


def chronological_key(row: dict) -> tuple:
    return (row["date"], row["event_id"] or 0, row["order"], row["id"])


# --- the division's completed bouts ------------------------------------------------


@dataclass(frozen=True)
class BoutRow:
    id: int
    date: dt.date
    event_id: int | None
    order: int
    season_id: int | None
    red: tuple
    blue: tuple
    winner: str | None
    method: str
    is_title: bool

    def outcome(self) -> Outcome:
        return Outcome(self.red, self.blue, self.winner, self.method)


def division_bouts(division_id: int) -> list[BoutRow]:
    """The division's completed bouts in chronological order (one query)."""
    rows = Bout.objects.filter(
        division_id=division_id, status=BoutStatus.COMPLETED, result__isnull=False
    ).values(
        "id",
        "date",
        "event_id",
        "order",
        "event__season_id",
        "red_id",
        "blue_id",
        "red_camp_id",
        "blue_camp_id",
        "is_title_bout",
        "result__winner",
        "result__method",
    )
    out = []
    for r in sorted(rows, key=chronological_key):
        team = r["red_id"] is None
        out.append(
            BoutRow(
                id=r["id"],
                date=r["date"],
                event_id=r["event_id"],
                order=r["order"],
                season_id=r["event__season_id"],
                red=(CAMP, r["red_camp_id"]) if team else (FIGHTER, r["red_id"]),
                blue=(CAMP, r["blue_camp_id"]) if team else (FIGHTER, r["blue_id"]),
                winner=r["result__winner"] or None,
                method=r["result__method"],
                is_title=r["is_title_bout"],
            )
        )
    return out


# --- derivations (pure given their inputs) ------------------------------------------


def points_config(league: League) -> PointsConfig:
    return PointsConfig(
        win=league.points_win,
        draw=league.points_draw,
        loss=league.points_loss,
        stoppage_bonus=league.points_stoppage_bonus,
    )


def season_members(season_ids: Sequence[int]) -> dict[int, list[tuple]]:
    """``{season id: competitors}``: whoever is on the season's cards (any bout
    status), in order of first appearance — a function of the bout rows, so a
    fighter joining the division later changes no finished table."""
    out: dict[int, list[tuple]] = {pk: [] for pk in season_ids}
    rows = (
        Bout.objects.filter(event__season_id__in=list(season_ids))
        .order_by("date", "event_id", "order", "id")
        .values_list("event__season_id", "red_id", "blue_id", "red_camp_id", "blue_camp_id")
    )
    for season_id, red, blue, red_camp, blue_camp in rows:
        sides = [(FIGHTER, red), (FIGHTER, blue)] if red else [(CAMP, red_camp), (CAMP, blue_camp)]
        for side in sides:
            if side not in out[season_id]:
                out[season_id].append(side)
    return out


def season_table(*, season: Season, members: Sequence, bouts: Sequence[BoutRow]):
    league = season.league
    return compute_standings(
        members,
        [b.outcome() for b in bouts if b.season_id == season.id],
        points_config(league),
        league.tiebreakers,
    )


def division_members(division: Division, team: bool) -> list[tuple]:
    if team:
        ids = division.camps.order_by("id").values_list("id", flat=True)
        return [(CAMP, pk) for pk in ids]
    ids = division.fighters.order_by("id").values_list("id", flat=True)
    return [(FIGHTER, pk) for pk in ids]


def division_is_team(division: Division) -> bool:
    return ruleset_is_team(division.league.ruleset)


def title_lineage(*, division: Division, bouts: Sequence[BoutRow]) -> list[titles.Reign]:
    """The division's reigns from its bouts, its fighters' retirements and long
    medical suspensions (two small queries, only about title winners). A drawn
    title bout that is a tournament final counts for whoever the bracket sent
    through (``brackets.decide_draw``): the tournament's champion is the belt's."""
    league = division.league
    winners = {b.red if b.winner == "red" else b.blue for b in bouts if b.is_title and b.winner}
    fighter_ids = [pk for kind, pk in winners if kind == FIGHTER]
    retirements, suspensions = {}, []
    if fighter_ids:
        retirements = {
            (FIGHTER, pk): on
            for pk, on in Fighter.objects.filter(
                id__in=fighter_ids, retired_on__isnull=False
            ).values_list("id", "retired_on")
        }
        suspensions = [
            titles.Suspension((FIGHTER, f), start, end, bout_id)
            for f, start, end, bout_id in MedicalSuspension.objects.filter(
                fighter_id__in=fighter_ids
            )
            .order_by("starts_on", "id")
            .values_list("fighter_id", "starts_on", "ends_on", "bout_id")
        ]
    decided = tournament_draw_winners([b.id for b in bouts if b.is_title and not b.winner])
    return titles.lineage(
        [
            titles.BoutLine(b.id, b.date, b.red, b.blue, b.winner or decided.get(b.id), b.is_title)
            for b in bouts
        ],
        retirements=retirements,
        suspensions=suspensions,
        rules=titles.VacatingRules(
            inactivity_days=league.title_inactivity_days,
            suspension_days=league.title_suspension_days,
        ),
    )


@dataclass
class Derived:
    """Everything derived for a division, computed from scratch."""

    ratings: list[rankings.RatingPoint] = field(default_factory=list)
    history: list[tuple[int, dt.date, rankings.RatingPoint]] = field(default_factory=list)
    standings: dict[int, list] = field(default_factory=dict)  # season id -> rows
    reigns: list[titles.Reign] = field(default_factory=list)


def division_derive(*, division: Division, bouts: Sequence[BoutRow] | None = None) -> Derived:
    if bouts is None:
        bouts = division_bouts(division.id)
    out = Derived()
    book = rankings.RatingBook()
    for b in bouts:
        for point in book.apply(b.red, b.blue, b.winner):
            out.history.append((b.id, b.date, point))
    out.ratings = book.points()
    seasons = list(division.seasons.select_related("league"))
    members = season_members([season.id for season in seasons])
    for season in seasons:
        out.standings[season.id] = season_table(
            season=season, members=members[season.id], bouts=bouts
        )
    out.reigns = title_lineage(division=division, bouts=bouts)
    return out


# --- storing derived rows ------------------------------------------------------------


def _ratings_of(division: Division, competitors) -> dict[tuple, Rating]:
    fighters = [pk for kind, pk in competitors if kind == FIGHTER]
    camps = [pk for kind, pk in competitors if kind == CAMP]
    return {
        competitor_of(r): r
        for r in Rating.objects.filter(division=division).filter(
            Q(fighter_id__in=fighters) | Q(camp_id__in=camps)
        )
    }


def _store_rating_points(
    division: Division, points: Sequence[rankings.RatingPoint], existing: dict | None = None
) -> None:
    """Upsert the current Rating rows of ``points``' competitors (``existing``:
    their rows when the caller has read them already)."""
    wanted = {p.competitor: p for p in points}
    if existing is None:
        existing = _ratings_of(division, wanted)
    changed, created = [], []
    for competitor, p in wanted.items():
        row = existing.get(competitor)
        values = {"mu": p.mu, "sigma": p.sigma, "ordinal": p.ordinal, "bouts": p.bouts}
        if row is None:
            created.append(Rating(division=division, **competitor_fields(competitor), **values))
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            changed.append(row)
    if created:
        Rating.objects.bulk_create(created)
    if len(changed) <= 4:  # the usual append: two rows, two plain UPDATEs
        for row in changed:
            Rating.objects.filter(pk=row.pk).update(
                mu=row.mu, sigma=row.sigma, ordinal=row.ordinal, bouts=row.bouts
            )
    else:
        Rating.objects.bulk_update(changed, ["mu", "sigma", "ordinal", "bouts"], batch_size=200)


def _history_rows(division, entries) -> list[RatingHistory]:
    return [
        RatingHistory(
            division=division,
            bout_id=bout_id,
            date=date,
            mu=p.mu,
            sigma=p.sigma,
            ordinal=p.ordinal,
            **competitor_fields(p.competitor),
        )
        for bout_id, date, p in entries
    ]


def _update_ratings(division: Division, bouts: Sequence[BoutRow], bout_id: int) -> None:
    ids = [b.id for b in bouts]
    position = ids.index(bout_id)
    latest = bouts[-1]
    if position == len(bouts) - 1:
        # The usual case: rate the two sides on top of their stored ratings.
        stored = _ratings_of(division, [latest.red, latest.blue])
        book = rankings.RatingBook({c: (r.mu, r.sigma, r.bouts) for c, r in stored.items()})
        points = book.apply(latest.red, latest.blue, latest.winner)
        _store_rating_points(division, points, stored)
        RatingHistory.objects.bulk_create(
            _history_rows(division, [(latest.id, latest.date, p) for p in points])
        )
        return
    # Out of order: replay the division and rewrite the history from this bout on.
    book = rankings.RatingBook()
    later = []
    for index, b in enumerate(bouts):
        points = book.apply(b.red, b.blue, b.winner)
        if index >= position:
            later.extend((b.id, b.date, p) for p in points)
    RatingHistory.objects.filter(division=division, bout_id__in=ids[position:]).delete()
    RatingHistory.objects.bulk_create(_history_rows(division, later))
    affected = {p.competitor for _, _, p in later}
    _store_rating_points(division, [book.get(c) for c in affected])


STANDING_FIELDS = (
    "rank",
    "tied",
    "points",
    "bouts",
    "wins",
    "losses",
    "draws",
    "stoppage_wins",
    "stoppage_losses",
    "metrics",
)


def _store_standings(season: Season, rows) -> None:
    """Rewrite the season's table when it changed (a recording usually moves
    several ranks: one DELETE and one INSERT beat a row-by-row update)."""
    stored = {competitor_of(s): s for s in Standing.objects.filter(season=season)}
    wanted = {r.competitor: {f: getattr(r, f) for f in STANDING_FIELDS} for r in rows}
    same = set(stored) == set(wanted) and all(
        getattr(stored[c], f) == v for c, values in wanted.items() for f, v in values.items()
    )
    if same:
        return
    Standing.objects.filter(season=season).delete()
    Standing.objects.bulk_create(
        [Standing(season=season, **competitor_fields(c), **values) for c, values in wanted.items()]
    )


def title_for(division: Division) -> Title:
    title, _ = Title.objects.get_or_create(
        division=division, defaults={"name": f"{division.league.name} {division.name} title"}
    )
    return title


def reign_values(r) -> tuple:
    if isinstance(r, Reign):
        return (
            r.number,
            competitor_of(r),
            r.started_on,
            r.start_bout_id,
            r.ended_on,
            r.end_bout_id,
            r.end_reason,
            r.defences,
        )
    return (
        r.number,
        r.competitor,
        r.started_on,
        r.start_bout,
        r.ended_on,
        r.end_bout,
        r.end_reason,
        r.defences,
    )


def store_reigns(division: Division, reigns: Sequence[titles.Reign]) -> None:
    title = title_for(division)
    stored = list(title.reigns.order_by("number"))
    if [reign_values(r) for r in stored] != [reign_values(r) for r in reigns]:
        title.reigns.all().delete()
        Reign.objects.bulk_create(
            [
                Reign(
                    title=title,
                    number=r.number,
                    started_on=r.started_on,
                    start_bout_id=r.start_bout,
                    ended_on=r.ended_on,
                    end_bout_id=r.end_bout,
                    end_reason=r.end_reason,
                    defences=r.defences,
                    **competitor_fields(r.competitor),
                )
                for r in reigns
            ]
        )
    holder = titles.champion(reigns)
    fighter = holder[1] if holder and holder[0] == FIGHTER else None
    camp = holder[1] if holder and holder[0] == CAMP else None
    if (title.champion_id, title.champion_camp_id) != (fighter, camp):
        title.champion_id, title.champion_camp_id = fighter, camp
        title.save(update_fields=["champion", "champion_camp"])


def division_rebuild(*, division: Division) -> Derived:
    """Rewrite every derived row of ``division`` from its bouts (repairs a
    division whose bouts were recorded before the league app kept its tables)."""
    with transaction.atomic():
        division = Division.objects.select_for_update().select_related("league").get(pk=division.pk)
        derived = division_derive(division=division)
        RatingHistory.objects.filter(division=division).delete()
        RatingHistory.objects.bulk_create(_history_rows(division, derived.history))
        Rating.objects.filter(division=division).delete()
        _store_rating_points(division, derived.ratings)
        for season in division.seasons.select_related("league"):
            _store_standings(season, derived.standings[season.id])
        store_reigns(division, derived.reigns)
    return derived


# --- the hook -------------------------------------------------------------------------


def bout_recorded(*, bout) -> None:
    """Update ratings, standings, titles and brackets for a bout that has just
    been recorded, in the caller's transaction (see the module docstring)."""
    if bout.division_id is None:
        return
    division = (
        Division.objects.select_for_update().select_related("league").get(pk=bout.division_id)
    )
    bouts = division_bouts(division.id)
    if bout.id not in {b.id for b in bouts}:
        return  # not completed with a result: nothing to derive
    _update_ratings(division, bouts, bout.id)
    season_id = next(b.season_id for b in bouts if b.id == bout.id)
    if season_id is not None:
        season = Season.objects.select_related("league").get(pk=season_id)
        members = season_members([season.id])[season.id]
        _store_standings(season, season_table(season=season, members=members, bouts=bouts))
        _season_close_if_done(season)
    store_reigns(division, title_lineage(division=division, bouts=bouts))
    match = TournamentMatch.objects.filter(bout_id=bout.id).select_related("tournament").first()
    if match is not None:
        tournament_advance(tournament=match.tournament, division=division)


def bout_failed(*, bout) -> None:
    """The pipeline gave up on ``bout`` (for the bouts app to call from its
    ``bout_fail``): a tournament bout becomes a walkover for the higher seed so
    its bracket goes on; a season bout may close its season. Nothing else is
    derived from a failed bout."""
    match = TournamentMatch.objects.filter(bout_id=bout.pk).select_related("tournament").first()
    if match is not None:
        tournament_unstall(tournament=match.tournament)
    season_id = Bout.objects.filter(pk=bout.pk).values_list("event__season_id", flat=True).first()
    if season_id is not None:
        _season_close_if_done(Season.objects.get(pk=season_id))


def _season_close_if_done(season: Season) -> None:
    pending = Bout.objects.filter(event__season=season).exclude(
        status__in=[BoutStatus.COMPLETED, BoutStatus.FAILED]
    )
    if not pending.exists() and season.status != SeasonStatus.COMPLETED:
        season.status = SeasonStatus.COMPLETED
        season.save(update_fields=["status"])


# --- officials and corners -----------------------------------------------------------


class Officials:
    """Rotates the active officials and corner men over a schedule, so a league's
    cards use its referees, judges, doctors and corner men (the engine draws
    whatever is missing)."""

    def __init__(self):
        self.referees = list(Referee.objects.filter(is_active=True).order_by("id"))
        self.judges = list(Judge.objects.filter(is_active=True).order_by("id"))
        self.doctors = list(Doctor.objects.filter(is_active=True).order_by("id"))
        self.corners = list(CornerMan.objects.filter(is_available=True).order_by("id"))

    def for_bout(self, seed: int) -> dict:
        out: dict = {}
        if self.referees:
            out["referee"] = self.referees[seed % len(self.referees)]
        if len(self.judges) >= 3:
            start = (seed // 7) % len(self.judges)
            out["judges"] = [self.judges[(start + i) % len(self.judges)] for i in range(3)]
        if self.doctors:
            out["doctor"] = self.doctors[(seed // 11) % len(self.doctors)]
        if len(self.corners) >= 2:
            first = (seed // 13) % len(self.corners)
            out["red_corner"] = self.corners[first]
            out["blue_corner"] = self.corners[(first + 1) % len(self.corners)]
        return out


def _sides(competitors: Sequence[tuple]) -> dict:
    red, blue = competitors
    if red[0] == CAMP:
        return {"red_camp": Camp.objects.get(pk=red[1]), "blue_camp": Camp.objects.get(pk=blue[1])}
    fighters = Fighter.objects.in_bulk([red[1], blue[1]])
    return {"red": fighters[red[1]], "blue": fighters[blue[1]]}


# --- seasons ---------------------------------------------------------------------------


def season_schedule(
    *,
    division: Division,
    start_date: dt.date | None = None,
    seed: int = 0,
    queue: bool = True,
    venue: str = "",
) -> Season:
    """A round-robin season for the division's active fighters (camps, under a team
    ruleset): one event per round, ``League.days_between_events`` apart, every
    bout scheduled and (with ``queue``) queued on commit. With
    ``League.development`` the division's fighters age and develop (and some
    retire) before every season after the first (league.development)."""
    league = division.league
    team = division_is_team(division)
    if team:
        members = [(CAMP, pk) for pk in division.camps.order_by("id").values_list("id", flat=True)]
    else:
        members = [
            (FIGHTER, pk)
            for pk in division.fighters.filter(is_active=True)
            .order_by("id")
            .values_list("id", flat=True)
        ]
    if len(members) < 2:
        raise ValidationError(
            {"division": [f"{division.name} needs at least two {'camps' if team else 'fighters'}."]}
        )
    officials = Officials()
    with transaction.atomic():
        division = Division.objects.select_for_update().select_related("league").get(pk=division.pk)
        number = (division.seasons.aggregate(n=Max("number"))["n"] or 0) + 1
        if start_date is None:
            last = Bout.objects.filter(division=division).aggregate(d=Max("date"))["d"]
            start_date = (
                last + dt.timedelta(days=league.days_between_events) if last else league.start_date
            )
        if league.development and number > 1:
            # Careers over seasons: age and develop before the new season; the
            # retired drop out of it.
            from league.development import league_develop

            league_develop(league=league, on=start_date, divisions=[division])
            if not team:
                active = set(division.fighters.filter(is_active=True).values_list("id", flat=True))
                members = [m for m in members if m[1] in active]
                if len(members) < 2:
                    raise ValidationError(
                        {"division": [f"{division.name} has fewer than two active fighters."]}
                    )
        season = Season(
            league=league,
            division=division,
            number=number,
            name=f"{division.name} season {number}",
            start_date=start_date,
            status=SeasonStatus.RUNNING,
        )
        season.full_clean()
        season.save()
        fighters = {}
        if not team:
            fighters = Fighter.objects.in_bulk([pk for _, pk in members])
        camps = Camp.objects.in_bulk([pk for _, pk in members]) if team else {}
        for r, pairs in enumerate(round_robin(members)):
            event = Event(
                league=league,
                season=season,
                name=f"{season.name} · round {r + 1}",
                date=start_date + dt.timedelta(days=r * league.days_between_events),
                venue=venue,
            )
            event.full_clean()
            event.save()
            for order, (red, blue) in enumerate(pairs, start=1):
                bout_seed = derive_seed(seed, league.slug, division.weight_class, number, r, order)
                if team:
                    sides = {"red_camp": camps[red[1]], "blue_camp": camps[blue[1]]}
                else:
                    sides = {"red": fighters[red[1]], "blue": fighters[blue[1]]}
                _schedule(
                    league=league,
                    division=division,
                    event=event,
                    order=order,
                    sides=sides,
                    seed=bout_seed,
                    officials=officials,
                    queue=queue,
                    idempotency_key=f"season-{season.id}-{r + 1}-{order}",
                )
    return season


def _schedule(
    *,
    league,
    division,
    event,
    order,
    sides,
    seed,
    officials,
    queue,
    idempotency_key,
    title=False,
    date=None,
):
    from bouts.services import bout_schedule

    rules = get_ruleset(league.ruleset)
    rounds = min(league.title_rounds if title else league.rounds, rules.max_rounds)
    staff = officials.for_bout(seed) if officials else {}
    return bout_schedule(
        ruleset=league.ruleset,
        date=date or event.date,
        event=event,
        division=division,
        order=order,
        scheduled_rounds=rounds,
        is_title_bout=title,
        seed=seed,
        queue=queue,
        idempotency_key=idempotency_key,
        **sides,
        **staff,
    )


# --- matchmaking ------------------------------------------------------------------------


def division_ranking(division: Division) -> list[tuple]:
    """Competitors best first: the champion, then by rating ordinal (unrated
    members after the rated, by id)."""
    team = division_is_team(division)
    ratings = {competitor_of(r): r for r in Rating.objects.filter(division=division)}
    members = division_members(division, team)
    points = [
        rankings.RatingPoint(c, r.mu, r.sigma, r.bouts)
        for c, r in ratings.items()
        if c in set(members)
    ]
    title = Title.objects.filter(division=division).first()
    champ = None
    if title is not None and (title.champion_id or title.champion_camp_id):
        if title.champion_id:
            champ = (FIGHTER, title.champion_id)
        else:
            champ = (CAMP, title.champion_camp_id)
    order = [p.competitor for p in rankings.ranked(points, champ)]
    return order + [c for c in members if c not in set(order)]


def card_matchmake(
    *,
    division: Division,
    date: dt.date,
    max_bouts: int | None = None,
    recent_days: int = 180,
    seed: int = 0,
    queue: bool = True,
    name: str = "",
) -> Event | None:
    """A fight card on ``date`` pairing close-ranked available fighters who have not
    met within ``recent_days`` (league.scheduling.matchmaker). Medical suspensions
    running on ``date`` and retirements keep a fighter off the card. ``None`` when
    nobody can be paired."""
    league = division.league
    order = [c for c in division_ranking(division) if c[0] == FIGHTER]
    ids = [pk for _, pk in order]
    suspended = dict(
        MedicalSuspension.objects.filter(fighter_id__in=ids, ends_on__gte=date)
        .values_list("fighter_id")
        .annotate(last=Max("ends_on"))
    )
    retired = {
        pk
        for pk, active, on in Fighter.objects.filter(id__in=ids).values_list(
            "id", "is_active", "retired_on"
        )
        if not active or (on is not None and on <= date)
    }
    candidates = [
        Candidate(c, suspended_until=suspended.get(c[1]), retired=c[1] in retired) for c in order
    ]
    since = date - dt.timedelta(days=recent_days)
    recent = [
        ((FIGHTER, r), (FIGHTER, b))
        for r, b in Bout.objects.filter(division=division, date__gte=since, red__isnull=False)
        .exclude(status=BoutStatus.FAILED)
        .values_list("red_id", "blue_id")
    ]
    made = matchmake(candidates, date=date, recent=recent, max_pairs=max_bouts)
    if not made.pairs:
        return None
    officials = Officials()
    with transaction.atomic():
        event = Event(league=league, name=name or f"{division.name} · {date}", date=date)
        event.full_clean()
        event.save()
        fighters = Fighter.objects.in_bulk(ids)
        for n, (red, blue) in enumerate(reversed(made.pairs), start=1):
            # Best-ranked pair last: the main event closes the card.
            _schedule(
                league=league,
                division=division,
                event=event,
                order=n,
                sides={"red": fighters[red[1]], "blue": fighters[blue[1]]},
                seed=derive_seed(seed, league.slug, event.id, n),
                officials=officials,
                queue=queue,
                idempotency_key=f"card-{event.id}-{n}",
            )
    return event


# --- tournaments -------------------------------------------------------------------------


def tournament_create(
    *,
    division: Division,
    size: int,
    double: bool = False,
    start_date: dt.date | None = None,
    name: str = "",
    for_title: bool = True,
    seed: int = 0,
    entrants: Sequence | None = None,
    queue: bool = True,
) -> Tournament:
    """An elimination bracket of ``size`` entrants seeded by the division's
    ranking (or ``entrants``, best first), its first matches scheduled and
    queued; later matches are scheduled by ``bout_recorded`` as bouts complete."""
    league = division.league
    team = division_is_team(division)
    if entrants is None:
        today = start_date or league.start_date
        ranking = division_ranking(division)
        if not team:
            unavailable = {
                pk
                for pk, active, on in Fighter.objects.filter(
                    id__in=[pk for _, pk in ranking]
                ).values_list("id", "is_active", "retired_on")
                if not active or (on is not None and on <= today)
            }
            ranking = [c for c in ranking if c[1] not in unavailable]
        entrants = ranking[:size]
    else:
        kind = CAMP if team else FIGHTER
        entrants = [(kind, getattr(e, "pk", e)) for e in entrants]
    if isinstance(size, bool) or not isinstance(size, int) or size < 2:
        raise ValidationError({"size": ["A tournament needs at least two entrants."]})
    if len(entrants) < size:
        message = f"{division.name} has only {len(entrants)} eligible entrants (asked {size})."
        raise ValidationError({"size": [message]})
    with transaction.atomic():
        division = Division.objects.select_for_update().select_related("league").get(pk=division.pk)
        if start_date is None:
            last = Bout.objects.filter(division=division).aggregate(d=Max("date"))["d"]
            start_date = (
                last + dt.timedelta(days=league.days_between_events) if last else league.start_date
            )
        number = division.tournaments.count() + 1
        tournament = Tournament(
            league=league,
            division=division,
            name=name or f"{division.name} {'title ' if for_title else ''}tournament {number}",
            format=TournamentFormat.DOUBLE if double else TournamentFormat.SINGLE,
            for_title=for_title,
            start_date=start_date,
            days_between_stages=league.days_between_events,
            seed=derive_seed(seed, league.slug, division.weight_class, "tournament", number),
        )
        tournament.full_clean()
        tournament.save()
        TournamentEntry.objects.bulk_create(
            [
                TournamentEntry(tournament=tournament, seed=n, **competitor_fields(c))
                for n, c in enumerate(entrants[:size], start=1)
            ]
        )
        tournament_advance(tournament=tournament, division=division, queue=queue)
    return tournament


def tournament_results(tournament: Tournament, entries: dict[int, tuple]) -> dict[str, str]:
    """``{match key: "red" | "blue"}`` from the completed bouts and walkovers; a
    drawn bout goes through ``brackets.decide_draw``."""
    seed_of = {c: s for s, c in entries.items()}
    results = {}
    rows = TournamentMatch.objects.filter(tournament=tournament).values(
        "key",
        "walkover",
        "bout_id",
        "bout__status",
        "bout__red_id",
        "bout__blue_id",
        "bout__red_camp_id",
        "bout__blue_camp_id",
        "bout__result__winner",
    )
    drawn = {}
    for m in rows:
        if m["walkover"]:
            results[m["key"]] = m["walkover"]
        elif m["bout__status"] == BoutStatus.COMPLETED:
            if m["bout__result__winner"]:
                results[m["key"]] = m["bout__result__winner"]
            else:
                drawn[m["bout_id"]] = m
    if drawn:
        for bout_id, data in Result.objects.filter(bout_id__in=list(drawn)).values_list(
            "bout_id", "engine_result"
        ):
            m = drawn[bout_id]
            team = m["bout__red_id"] is None
            red = (CAMP, m["bout__red_camp_id"]) if team else (FIGHTER, m["bout__red_id"])
            blue = (CAMP, m["bout__blue_camp_id"]) if team else (FIGHTER, m["bout__blue_id"])
            results[m["key"]] = brackets.decide_draw(
                (data or {}).get("scorecards") or [],
                seed_of.get(red, 999),
                seed_of.get(blue, 999),
            )
    return results


def tournament_unstall(*, tournament: Tournament) -> int:
    """Turn the tournament's failed bouts (the pipeline gave up on them) into
    walkovers for the higher seed and advance the bracket: a bracket never
    stalls. Returns how many matches were decided so."""
    with transaction.atomic():
        division = (
            Division.objects.select_for_update()
            .select_related("league")
            .get(pk=tournament.division_id)
        )
        entries = {
            competitor_of(e): e.seed for e in TournamentEntry.objects.filter(tournament=tournament)
        }
        failed = TournamentMatch.objects.filter(
            tournament=tournament, walkover="", bout__status=BoutStatus.FAILED
        ).select_related("bout")
        count = 0
        for match in failed:
            bout = match.bout
            team = bout.red_id is None
            red = (CAMP, bout.red_camp_id) if team else (FIGHTER, bout.red_id)
            blue = (CAMP, bout.blue_camp_id) if team else (FIGHTER, bout.blue_id)
            match.walkover = "red" if entries.get(red, 999) <= entries.get(blue, 999) else "blue"
            match.walkover_reason = f"bout failed: {bout.failure_reason}"[:300]
            match.save(update_fields=["walkover", "walkover_reason"])
            count += 1
        if count:
            tournament_advance(tournament=tournament, division=division)
    return count


def tournament_draw_winners(bout_ids: Sequence[int]) -> dict[int, str]:
    """``{bout id: "red" | "blue"}`` for the drawn tournament bouts among
    ``bout_ids``: the side the bracket's draw rule sent through."""
    if not bout_ids:
        return {}
    out = {}
    matches = TournamentMatch.objects.filter(bout_id__in=list(bout_ids)).select_related(
        "tournament"
    )
    for match in matches:
        entries = {
            e.seed: competitor_of(e)
            for e in TournamentEntry.objects.filter(tournament=match.tournament)
        }
        side = tournament_results(match.tournament, entries).get(match.key)
        if side:
            out[match.bout_id] = side
    return out


def tournament_state(tournament: Tournament):
    entries = {
        e.seed: competitor_of(e) for e in TournamentEntry.objects.filter(tournament=tournament)
    }
    bracket = brackets.build(len(entries), double=tournament.format == TournamentFormat.DOUBLE)
    state = brackets.resolve(bracket, tournament_results(tournament, entries))
    return bracket, state, entries


def _earliest_date(tournament: Tournament, stage: int, competitors: Sequence[tuple]) -> dt.date:
    """A match is fought on its stage's date, but never before its entrants'
    last bouts are behind them (the next day) or their medical suspensions
    have run out (the day after): a suspended entrant delays the match, the
    bracket does not stall."""
    date = tournament.start_date + dt.timedelta(days=(stage - 1) * tournament.days_between_stages)
    fighters = [pk for kind, pk in competitors if kind == FIGHTER]
    camps = [pk for kind, pk in competitors if kind == CAMP]
    last = (
        Bout.objects.filter(
            Q(red_id__in=fighters)
            | Q(blue_id__in=fighters)
            | Q(red_camp_id__in=camps)
            | Q(blue_camp_id__in=camps)
        )
        .exclude(status=BoutStatus.FAILED)
        .aggregate(d=Max("date"))["d"]
    )
    if last is not None and last >= date:
        date = last + dt.timedelta(days=1)
    if fighters:
        ends = MedicalSuspension.objects.filter(
            fighter_id__in=fighters, ends_on__gte=date
        ).aggregate(d=Max("ends_on"))["d"]
        if ends is not None:
            date = ends + dt.timedelta(days=1)
    return date


def tournament_advance(*, tournament: Tournament, division: Division, queue: bool = True) -> None:
    """Schedule every match the bracket has made ready (the caller holds the
    division lock); close the tournament once it has a champion. A match whose
    bout cannot be made (an entrant retired, a card missing) is a walkover for
    the side that can fight (the higher seed if neither can)."""
    bracket, state, entries = tournament_state(tournament)
    scheduled = set(
        TournamentMatch.objects.filter(tournament=tournament).values_list("key", flat=True)
    )
    league = tournament.league
    officials = None
    position = {m.key: n for n, m in enumerate(bracket.matches, start=1)}
    for _ in range(len(bracket.matches)):  # walkovers can make more matches ready
        ready = [m for m in state.ready if m.key not in scheduled]
        if not ready:
            break
        officials = officials or Officials()
        for ms in ready:
            spec = bracket.match(ms.key)
            red, blue = entries[ms.red], entries[ms.blue]
            date = _earliest_date(tournament, spec.stage, [red, blue])
            event, _ = Event.objects.get_or_create(
                tournament=tournament,
                date=date,
                defaults={"league": league, "name": f"{tournament.name} · {date.isoformat()}"},
            )
            try:
                with transaction.atomic():
                    bout = _schedule(
                        league=league,
                        division=division,
                        event=event,
                        order=position[ms.key],
                        sides=_sides([red, blue]),
                        seed=derive_seed(tournament.seed, ms.key),
                        officials=officials,
                        queue=queue,
                        idempotency_key=f"tournament-{tournament.id}-{ms.key}",
                        title=tournament.for_title and spec.final,
                    )
                TournamentMatch.objects.create(
                    tournament=tournament, key=ms.key, stage=spec.stage, bout=bout
                )
            except ValidationError as exc:
                messages = exc.message_dict if hasattr(exc, "error_dict") else {}
                red_bad = any(k.startswith("red") for k in messages)
                blue_bad = any(k.startswith("blue") for k in messages)
                side = "blue" if red_bad and not blue_bad else "red"
                if red_bad and blue_bad:
                    side = "red" if ms.red < ms.blue else "blue"
                reason = "; ".join(m for ms_ in messages.values() for m in ms_) or str(exc)
                TournamentMatch.objects.create(
                    tournament=tournament,
                    key=ms.key,
                    stage=spec.stage,
                    walkover=side,
                    walkover_reason=reason[:300],
                )
            scheduled.add(ms.key)
        bracket, state, entries = tournament_state(tournament)
    if state.complete and tournament.status != TournamentStatus.COMPLETED:
        winner = entries[state.champion]
        tournament.status = TournamentStatus.COMPLETED
        tournament.champion_id = winner[1] if winner[0] == FIGHTER else None
        tournament.champion_camp_id = winner[1] if winner[0] == CAMP else None
        tournament.save(update_fields=["status", "champion", "champion_camp"])
