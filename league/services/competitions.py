"""Competitions in stages (docs/competitions.md): Swiss and round robin stages,
advancing between stages, and a bracket's preview, re-seeding and start.

The pairing is pure Python (``league.scheduling.swiss``, ``round_robin``); this
module feeds it the stage's recorded results and stores the pairs it returns
as ``TournamentMatch`` rows and bouts, through the bracket's own scheduling
(``league.services.tournaments``): the same fight nights, dates that respect
the calendar's fitness rule, walkovers when a bout cannot be made."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from types import SimpleNamespace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from bouts.models import Bout, BoutStatus
from league.competition_models import (
    ELIMINATION,
    TABLES,
    StageKind,
    StageStatus,
    TournamentStage,
)
from league.models import Division, DrawRule, Tournament, TournamentEntry, TournamentMatch
from league.scheduling import brackets, swiss
from league.scheduling.round_robin import round_robin
from league.services.booking import Officials, league_bout, sides_of
from league.services.common import competitor_fields, derive_seed
from league.services.fight_nights import events_fire_due
from league.services.membership import require_commissioner
from league.services.tournaments import (
    bracket_advance,
    card_of,
    earliest_date,
    schedule_round,
    stage_entries,
    tournament_create,
    tournament_crown,
)

DECIDED = (BoutStatus.COMPLETED, BoutStatus.VOIDED)


# --- creating ----------------------------------------------------------------------


def stages_check(stages: list[dict], size: int) -> list[dict]:
    """The stages as stored, or a ValidationError keyed by the field at fault:
    a bracket only last, a table stage before another sends on at least two,
    never more than it has."""
    if not stages:
        raise ValidationError({"stages": ["A competition needs at least one stage."]})
    entrants = size
    out = []
    for n, spec in enumerate(stages, start=1):
        kind = spec.get("kind")
        last = n == len(stages)
        if kind not in StageKind.values:
            raise ValidationError({"kind": [f"Stage {n}: pick the kind of stage from the list."]})
        if kind in ELIMINATION and not last:
            message = "A bracket crowns the champion: it is the last stage."
            raise ValidationError({"kind": [message]})
        row = {"kind": kind, "rounds": None, "groups": 1, "advance": None}
        if kind == StageKind.SWISS:
            rounds = spec.get("rounds") or 0
            if not 1 <= rounds < entrants:
                message = f"A Swiss of {entrants} is fought over 1 to {entrants - 1} rounds."
                raise ValidationError({"rounds": [message]})
            row["rounds"] = rounds
        if kind == StageKind.ROUND_ROBIN:
            groups = spec.get("groups") or 1
            if not 1 <= groups <= entrants // 2:
                raise ValidationError(
                    {"groups": [f"{entrants} entrants make at most {entrants // 2} groups of two."]}
                )
            row["groups"] = groups
        if kind in TABLES and not last:
            advance = spec.get("advance") or 0
            per = entrants // row["groups"]
            if not 1 <= advance <= per or advance * row["groups"] < 2:
                each = " of each group" if row["groups"] > 1 else ""
                raise ValidationError(
                    {"advance": [f"Between 2 and {per}{each} can go on to the next stage."]}
                )
            row["advance"] = advance
            entrants = advance * row["groups"]
        out.append(row)
    return out


def competition_create(
    *,
    user,
    division: Division,
    size: int,
    stages: list[dict],
    start_date: dt.date | None = None,
    name: str = "",
    for_title: bool = True,
    seed: int = 0,
    fight_now: bool = False,
    entrants=None,
    draw_rule: str = DrawRule.CARDS,
) -> Tournament:
    """A competition in stages, seeded from the division's rankings (or
    ``entrants``); its first stage starts (a bracket first waits in preview).
    ``fight_now``: each round's fight night is fought as soon as it is made,
    else the commissioner fights each night from the console. ``draw_rule``:
    how a drawn bracket bout is settled."""
    require_commissioner(user, division.league)
    if isinstance(size, bool) or not isinstance(size, int) or size < 2:
        raise ValidationError({"size": ["A competition needs at least two entrants."]})
    checked = stages_check(stages, size)
    # The title is won in a bracket's final: a competition without one is not for it.
    for_title = for_title and checked[-1]["kind"] in ELIMINATION
    return tournament_create(
        division=division,
        size=size,
        start_date=start_date,
        name=name,
        for_title=for_title,
        seed=seed,
        entrants=entrants,
        queue=fight_now,
        stages=checked,
        draw_rule=draw_rule,
    )


def current_stage(tournament: Tournament) -> TournamentStage | None:
    """The first stage not completed (None: the competition is over)."""
    from league.services.tournaments import bracket_stage

    stages = list(TournamentStage.objects.filter(tournament=tournament).order_by("number"))
    if not stages:  # an old archive's bracket
        stage = bracket_stage(tournament)
        return stage if stage.status != StageStatus.COMPLETED else None
    return next((s for s in stages if s.status != StageStatus.COMPLETED), None)


# --- a table stage (Swiss or round robin) ------------------------------------------


@dataclass
class StageRecord:
    """What a table stage has fought: ``bouts`` ``(red seed, blue seed,
    winner)`` in order, ``byes`` the seeds given one, ``rounds`` made so far and
    whether the last of them is decided."""

    bouts: list
    byes: list
    rounds: int
    decided: bool
    last_date: dt.date | None


def stage_record(tournament: Tournament, stage: TournamentStage) -> StageRecord:
    rows = TournamentMatch.objects.filter(tournament=tournament, stage_number=stage.number)
    rows = rows.order_by("stage", "id").values(
        "stage",
        "red_seed",
        "blue_seed",
        "walkover",
        "bout__status",
        "bout__date",
        "bout__result__winner",
    )
    bouts, byes, last_round, decided, last_date = [], [], 0, True, None
    for m in rows:
        if m["stage"] > last_round:
            last_round, decided = m["stage"], True
        if m["bout__date"] and (last_date is None or m["bout__date"] > last_date):
            last_date = m["bout__date"]
        if m["blue_seed"] is None:
            byes.append(m["red_seed"])
        elif m["walkover"]:
            bouts.append((m["red_seed"], m["blue_seed"], m["walkover"]))
        elif m["bout__status"] == BoutStatus.COMPLETED:
            bouts.append((m["red_seed"], m["blue_seed"], m["bout__result__winner"] or None))
        elif m["bout__status"] not in DECIDED:
            decided = False
    return StageRecord(bouts, byes, last_round, decided, last_date)


def groups_of(stage: TournamentStage, seeds: list[int]) -> list[list[int]]:
    """Round robin groups drawn by seed in a snake (1 A, 2 B, ... then back):
    each group as strong as the next. A Swiss stage is one group."""
    count = stage.groups if stage.kind == StageKind.ROUND_ROBIN else 1
    groups: list[list[int]] = [[] for _ in range(count)]
    for n, seed in enumerate(sorted(seeds)):
        pos = n % (2 * count)
        groups[pos if pos < count else 2 * count - 1 - pos].append(seed)
    return groups


def _total_rounds(stage: TournamentStage, groups: list[list[int]]) -> int:
    if stage.kind == StageKind.SWISS:
        return stage.rounds
    return max(len(round_robin(g)) for g in groups)


def stage_tables(tournament: Tournament, stage: TournamentStage, record=None, entries=None):
    """Each group's table (a Swiss stage: one), best first."""
    record = record or stage_record(tournament, stage)
    entries = entries if entries is not None else stage_entries(tournament, stage.number)
    tables = []
    for group in groups_of(stage, list(entries)):
        members = set(group)
        tables.append(
            swiss.swiss_table(
                group,
                [b for b in record.bouts if b[0] in members],
                [s for s in record.byes if s in members],
            )
        )
    return tables


def table_stage_advance(*, tournament: Tournament, division: Division, stage) -> None:
    """Pair the stage's next round once its last is decided, or, after its
    last round, send its top on (or crown the table's winner)."""
    entries = stage_entries(tournament, stage.number)
    record = stage_record(tournament, stage)
    if not record.decided:
        return
    groups = groups_of(stage, list(entries))
    if record.rounds >= _total_rounds(stage, groups):
        _stage_finish(tournament, division, stage, stage_tables(tournament, stage, record, entries))
        return
    number = record.rounds + 1
    if stage.kind == StageKind.SWISS:
        table = stage_tables(tournament, stage, record, entries)[0]
        paired = swiss.swiss_round(swiss.players_of(table))
        pairs = [(f"S{number}.{i}", red, blue) for i, (red, blue) in enumerate(paired.pairs, 1)]
        byes = [] if paired.bye is None else [(f"S{number}.bye", paired.bye)]
    else:
        pairs, byes = [], []
        for g, group in enumerate(groups, start=1):
            rounds = round_robin(group)
            if number <= len(rounds):
                pairs += [
                    (f"G{g}.{number}.{i}", red, blue)
                    for i, (red, blue) in enumerate(rounds[number - 1], 1)
                ]
    _schedule_table_round(tournament, division, stage, number, pairs, byes, entries)


def _schedule_table_round(tournament, division, stage, number, pairs, byes, entries) -> None:
    for key, seed in byes:
        TournamentMatch.objects.create(
            tournament=tournament,
            stage_number=stage.number,
            key=key,
            stage=number,
            red_seed=seed,
            walkover="red",
            walkover_reason="a bye",
        )
    officials = Officials() if pairs else None
    items, events = [], set()
    for order, (key, red_seed, blue_seed) in enumerate(pairs, start=1):
        red, blue = entries[red_seed], entries[blue_seed]
        date = earliest_date(tournament, number, [red, blue], stage.start_date)
        event = card_of(tournament, date)
        events.add(event.pk)
        spec = league_bout(
            league=tournament.league,
            division=division,
            event=event,
            order=order,
            sides=sides_of([red, blue]),
            seed=derive_seed(tournament.seed, stage.number, key),
            officials=officials,
            idempotency_key=f"tournament-{tournament.id}-{stage.number}-{key}",
        )
        match = brackets.MatchState(key, red=red_seed, blue=blue_seed)
        items.append((match, SimpleNamespace(stage=number), spec))
    if items:
        schedule_round(tournament, items, stage.number)
    if events and tournament.fight_now:
        events_fire_due(events=events)
    elif not pairs:  # a round of byes only (or walkovers): go on at once
        table_stage_advance(tournament=tournament, division=division, stage=stage)


def advancing(stage: TournamentStage, tables: list[list]) -> list:
    """Who goes on, seeded by their results: the top of the Swiss table in
    order; from groups the group winners first (the best of them seed 1), then
    the runners-up, and so on."""
    out = []
    for place in range(stage.advance or 1):
        tier = [table[place] for table in tables if place < len(table)]
        tier.sort(key=lambda r: (-r.points, -r.buchholz, -r.wins, r.seed))
        out += tier
    return out


def _stage_finish(tournament, division, stage, tables) -> None:
    entries = stage_entries(tournament, stage.number)
    stage.status = StageStatus.COMPLETED
    stage.save(update_fields=["status"])
    following = (
        TournamentStage.objects.filter(tournament=tournament, number__gt=stage.number)
        .order_by("number")
        .first()
    )
    if following is None:
        tournament_crown(tournament, entries[advancing(stage, tables)[0].id], stage)
        return
    going = advancing(stage, tables)[: (stage.advance or 1) * len(tables)]
    TournamentEntry.objects.bulk_create(
        [
            TournamentEntry(
                tournament=tournament,
                stage_number=following.number,
                seed=n,
                **competitor_fields(entries[row.id]),
            )
            for n, row in enumerate(going, start=1)
        ]
    )
    following.start_date = next_start(tournament)
    if following.kind in ELIMINATION:
        following.status = StageStatus.PREVIEW
        following.save(update_fields=["status", "start_date"])
        return
    following.status = StageStatus.RUNNING
    following.save(update_fields=["status", "start_date"])
    table_stage_advance(tournament=tournament, division=division, stage=following)


def next_start(tournament: Tournament) -> dt.date:
    """A new stage starts the league's gap after the competition's last bout."""
    last = Bout.objects.filter(tournament_match__tournament=tournament).aggregate(d=Max("date"))
    if last["d"] is None:
        return tournament.start_date
    return last["d"] + dt.timedelta(days=tournament.days_between_stages)


# --- a bracket stage before it starts ---------------------------------------------


@dataclass
class PreviewLine:
    red_seed: int
    red: object
    blue_seed: int | None  # None: a bye
    blue: object


def bracket_preview(stage: TournamentStage) -> list[PreviewLine]:
    """The bracket's first round as it will be fought, byes shown."""
    entries = {
        e.seed: e.fighter or e.camp
        for e in TournamentEntry.objects.filter(
            tournament_id=stage.tournament_id, stage_number=stage.number
        ).select_related("fighter", "camp")
    }
    if len(entries) < 2:
        return []
    bracket = brackets.build(len(entries), double=stage.kind == StageKind.DOUBLE)
    lines = []
    for match in bracket.matches:
        if not match.key.startswith("W1."):
            continue
        red, blue = match.red.ref, match.blue.ref
        if red > len(entries):
            red, blue = blue, red
        present = blue <= len(entries)
        lines.append(PreviewLine(red, entries[red], blue if present else None, entries.get(blue)))
    return lines


def stage_reseed(*, user, stage: TournamentStage, seeds: dict[int, int]) -> None:
    """Re-order a bracket's seeds by hand before it starts: ``{entry id: seed}``
    for every entrant, a permutation of 1..n; an error names the entry's field
    (``seed_<entry id>``)."""
    tournament = stage.tournament
    require_commissioner(user, tournament.league)
    with transaction.atomic():
        # Locked as ``stage_start`` locks it: seeds never change under a start.
        stage = TournamentStage.objects.select_for_update().get(pk=stage.pk)
        if stage.status != StageStatus.PREVIEW:
            raise ValidationError({"seeds": ["The bracket has started: its seeds are fixed."]})
        entries = list(
            TournamentEntry.objects.filter(tournament=tournament, stage_number=stage.number)
        )
        errors = _seed_errors(entries, seeds)
        if errors:
            raise ValidationError(errors)
        for entry in entries:  # out of the way first: seeds are unique in a stage
            entry.seed += 1000
        TournamentEntry.objects.bulk_update(entries, ["seed"])
        for entry in entries:
            entry.seed = seeds[entry.pk]
        TournamentEntry.objects.bulk_update(entries, ["seed"])


def _seed_errors(entries: list, seeds: dict[int, int]) -> dict[str, list[str]]:
    n = len(entries)
    errors: dict[str, list[str]] = {}
    taken: dict[int, list[int]] = {}
    for entry in entries:
        value = seeds.get(entry.pk)
        field = f"seed_{entry.pk}"
        if value is None:
            errors[field] = ["Give every entrant a seed."]
        elif not 1 <= value <= n:
            errors[field] = [f"A seed from 1 to {n}."]
        else:
            taken.setdefault(value, []).append(entry.pk)
    for value, pks in taken.items():
        if len(pks) > 1:
            for pk in pks:
                errors[f"seed_{pk}"] = [f"Seed {value} is given to {len(pks)} entrants."]
    return errors


def stage_start(*, user, stage: TournamentStage) -> TournamentStage:
    """Start a bracket in preview: its first round is made and booked."""
    tournament = stage.tournament
    require_commissioner(user, tournament.league)
    with transaction.atomic():
        division = Division.objects.select_for_update(of=("self",)).get(pk=tournament.division_id)
        stage = TournamentStage.objects.select_for_update().get(pk=stage.pk)
        if stage.status != StageStatus.PREVIEW:
            raise ValidationError({"stage": ["This stage is not waiting to start."]})
        stage.status = StageStatus.RUNNING
        stage.start_date = stage.start_date or next_start(tournament)
        stage.save(update_fields=["status", "start_date"])
        bracket_advance(tournament=tournament, division=division, stage=stage)
    return stage
