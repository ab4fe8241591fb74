"""Tournaments: elimination brackets, their results, walkovers and advancing.

A tournament is a sequence of stages (``league.competition_models``); this
module runs its bracket stage (the last, when it has one) and hands a Swiss or
round robin stage to ``league.services.competitions``."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from bouts.engine import EngineError, get_ruleset
from bouts.models import Bout, BoutStatus
from bouts.services import BoutSpec, bouts_schedule
from core.dates import long_date
from fighters.models import Fighter, RatingCard
from league.calendar.fitness import fit_from
from league.calendar.selectors import conditions_on, statuses_on
from league.competition_models import ELIMINATION, StageKind, StageStatus, TournamentStage
from league.models import (
    Division,
    DrawRule,
    Event,
    Tournament,
    TournamentEntry,
    TournamentFormat,
    TournamentMatch,
    TournamentStatus,
)
from league.scheduling import brackets
from league.services.booking import Officials, league_bout, sides_of
from league.services.common import (
    CAMP,
    FIGHTER,
    competitor_fields,
    competitor_of,
    derive_seed,
    division_is_team,
)
from league.services.fight_nights import events_fire_due
from league.services.matchmaking import division_ranking
from league.services.tournament_draws import (
    entries_of,
    read_results,
)


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
    draw_rule: str = DrawRule.CARDS,
    stages: Sequence[dict] | None = None,
) -> Tournament:
    """An elimination bracket of ``size`` entrants seeded by the division's
    ranking (or ``entrants``, best first), its first matches scheduled and
    queued; later matches are scheduled by ``bout_recorded`` as bouts complete.
    ``queue``: all at once (each round's night fought as soon as it is made),
    else round by round (each round's card waits to be fought). ``draw_rule``:
    how a drawn bout is settled (``DrawRule``).

    ``stages`` (checked by ``competitions.stages_check``): a competition in
    stages instead, each ``{"kind", "rounds", "groups", "advance"}``; a first
    bracket stage waits in preview for the commissioner to start it."""
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
        _check_entrants(division, [pk for _, pk in entrants], team=team)
    if isinstance(size, bool) or not isinstance(size, int) or size < 2:
        raise ValidationError({"size": ["A tournament needs at least two entrants."]})
    if len(entrants) < size:
        message = f"{division.name} has only {len(entrants)} eligible entrants (asked {size})."
        raise ValidationError({"size": [message]})
    with transaction.atomic():
        division = (
            Division.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=division.pk)
        )
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
            format=TournamentFormat.DOUBLE
            if (double if stages is None else _has_double(stages))
            else TournamentFormat.SINGLE,
            for_title=for_title,
            start_date=start_date,
            days_between_stages=league.days_between_events,
            seed=derive_seed(seed, league.slug, division.weight_class, "tournament", number),
            fight_now=queue,
            draw_rule=draw_rule,
        )
        tournament.full_clean()
        tournament.save()
        _stages_create(tournament, stages)
        TournamentEntry.objects.bulk_create(
            [
                TournamentEntry(tournament=tournament, seed=n, **competitor_fields(c))
                for n, c in enumerate(entrants[:size], start=1)
            ]
        )
        tournament_advance(tournament=tournament, division=division)
    return tournament


def _has_double(stages: Sequence[dict]) -> bool:
    return any(s["kind"] == StageKind.DOUBLE for s in stages)


def _stages_create(tournament: Tournament, stages: Sequence[dict] | None) -> None:
    """The competition's stages: one bracket of its format, running, for a
    plain tournament; else as given, the first running (a table stage) or in
    preview (a bracket), the rest waiting."""
    if stages is None:
        stages = [{"kind": tournament.format}]
        first = StageStatus.RUNNING
    else:
        first = StageStatus.PREVIEW if stages[0]["kind"] in ELIMINATION else StageStatus.RUNNING
    rows = []
    for n, spec in enumerate(stages, start=1):
        stage = TournamentStage(
            tournament=tournament,
            number=n,
            kind=spec["kind"],
            rounds=spec.get("rounds"),
            groups=spec.get("groups") or 1,
            advance=spec.get("advance"),
            status=first if n == 1 else StageStatus.WAITING,
            start_date=tournament.start_date if n == 1 else None,
        )
        stage.full_clean(exclude=["tournament"])
        rows.append(stage)
    TournamentStage.objects.bulk_create(rows)


def bracket_stage(tournament: Tournament) -> TournamentStage | None:
    """The competition's bracket stage (its last, when it has one); a
    tournament stored without stages (an old archive) is one bracket."""
    stages = list(TournamentStage.objects.filter(tournament=tournament).order_by("number"))
    if not stages:
        return TournamentStage(
            tournament=tournament,
            number=1,
            kind=tournament.format,
            status=tournament.status,
            start_date=tournament.start_date,
        )
    last = stages[-1]
    return last if last.kind in ELIMINATION else None


def stage_entries(tournament: Tournament, number: int) -> dict[int, tuple]:
    """``{seed: competitor}`` of one stage."""
    return entries_of(tournament, number)


def _seeds(tournament: Tournament) -> dict[tuple, int]:
    """``{(stage number, competitor): seed}`` over every stage."""
    return {
        (e.stage_number, competitor_of(e)): e.seed
        for e in TournamentEntry.objects.filter(tournament=tournament)
    }


def tournament_results(
    tournament: Tournament, entries: dict[int, tuple], stage_number: int = 1
) -> dict[str, str]:
    """``{match key: "red" | "blue"}`` of one stage's matches from the
    completed bouts, walkovers and deciders; a drawn bout settled by the
    tournament's draw rule (``league.services.tournament_draws``)."""
    return read_results(tournament, entries, stage_number).results


def tournament_unstall(*, tournament: Tournament, division: Division) -> int:
    """Turn the tournament's failed bouts (the pipeline gave up on them) into
    walkovers for the higher seed and advance the bracket: a bracket never
    stalls. Returns how many matches were decided so. Called by the division's
    projector (single-flight per division)."""
    with transaction.atomic():
        seeds = _seeds(tournament)
        failed = TournamentMatch.objects.filter(
            tournament=tournament, walkover="", bout__status=BoutStatus.FAILED
        ).select_related("bout")
        count = 0
        for match in failed:
            bout = match.bout
            team = bout.red_id is None
            red = (CAMP, bout.red_camp_id) if team else (FIGHTER, bout.red_id)
            blue = (CAMP, bout.blue_camp_id) if team else (FIGHTER, bout.blue_id)
            n = match.stage_number
            higher = seeds.get((n, red), 999) <= seeds.get((n, blue), 999)
            match.walkover = "red" if higher else "blue"
            match.walkover_reason = f"bout failed: {bout.failure_reason}"[:300]
            match.save(update_fields=["walkover", "walkover_reason"])
            count += 1
        if count:
            tournament_advance(tournament=tournament, division=division)
    return count


def tournament_walkovers_for_postponed(*, tournament: Tournament, division: Division) -> int:
    """By the league's rule (``League.walkover_on_postponement``): each of the
    tournament's postponed bouts is a walkover for the side that can still
    fight (the higher seed if neither can), and the bracket advances. Called by
    the division's projector. Returns how many matches were decided so."""
    with transaction.atomic():
        seeds = _seeds(tournament)
        matches = TournamentMatch.objects.filter(
            tournament=tournament, walkover="", bout__status=BoutStatus.POSTPONED
        ).select_related("bout")
        count = 0
        for match in matches:
            bout = match.bout
            team = bout.red_id is None
            red = (CAMP, bout.red_camp_id) if team else (FIGHTER, bout.red_id)
            blue = (CAMP, bout.blue_camp_id) if team else (FIGHTER, bout.blue_id)
            unfit = _unfit(bout, division.league) if not team else set()
            if unfit == {"red"}:
                side = "blue"
            elif unfit == {"blue"}:
                side = "red"
            else:
                n = match.stage_number
                higher = seeds.get((n, red), 999) <= seeds.get((n, blue), 999)
                side = "red" if higher else "blue"
            match.walkover = side
            match.walkover_reason = f"bout postponed: {bout.postponed_reason}"[:300]
            match.save(update_fields=["walkover", "walkover_reason"])
            count += 1
        if count:
            tournament_advance(tournament=tournament, division=division)
    return count


def _unfit(bout: Bout, league) -> set[str]:
    """The sides of a one-on-one bout whose fighter is not fit on the bout's
    date by the calendar's one rule (retired, suspended, resting)."""
    sides = {bout.red_id: "red", bout.blue_id: "blue"}
    statuses = statuses_on(list(sides), bout.date, league=league)
    return {side for pk, side in sides.items() if pk not in statuses or not statuses[pk].fit}


def tournament_state(
    tournament: Tournament, stage: TournamentStage | None = None, entries: dict | None = None
):
    """``(bracket, state, {seed: competitor})`` of the bracket stage (its
    ``entries`` when the caller has them); ``(None, None, {})`` while it has no
    entrants (an earlier stage still running) or when the competition has no
    bracket."""
    bracket, state, entries, _ = tournament_outcome(tournament, stage, entries)
    return bracket, state, entries


def tournament_outcome(
    tournament: Tournament, stage: TournamentStage | None = None, entries: dict | None = None
):
    """The bracket stage's bracket, its state, the entrants by seed and the
    results as read (``tournament_draws.Outcome``: how each drawn match was
    settled); ``(None, None, entries, None)`` while the bracket has no
    entrants or when the competition has none."""
    stage = stage or bracket_stage(tournament)
    if entries is None:
        entries = stage_entries(tournament, stage.number) if stage is not None else {}
    if len(entries) < 2:
        return None, None, entries, None
    bracket = brackets.build(len(entries), double=stage.kind == StageKind.DOUBLE)
    outcome = read_results(tournament, entries, stage.number)
    return bracket, brackets.resolve(bracket, outcome.results), entries, outcome


def earliest_date(
    tournament: Tournament,
    stage: int,
    competitors: Sequence[tuple],
    start: dt.date | None = None,
) -> dt.date:
    """A match is fought on its round's date (``stage``: the round within its
    competition stage, counted from ``start``, the stage's first day), but never
    before its entrants' last bouts are behind them (the next day) or they are
    fit again (a medical suspension or the league's rest over): an unfit
    entrant delays the match, the bracket does not stall."""
    start = start or tournament.start_date
    date = start + dt.timedelta(days=(stage - 1) * tournament.days_between_stages)
    fighters = [pk for kind, pk in competitors if kind == FIGHTER]
    camps = [pk for kind, pk in competitors if kind == CAMP]
    last = (
        Bout.objects.filter(
            Q(red_id__in=fighters)
            | Q(blue_id__in=fighters)
            | Q(red_camp_id__in=camps)
            | Q(blue_camp_id__in=camps)
        )
        .exclude(status__in=(BoutStatus.FAILED, BoutStatus.POSTPONED))
        .aggregate(d=Max("date"))["d"]
    )
    if last is not None and last >= date:
        date = last + dt.timedelta(days=1)
    if fighters:
        # The calendar's one fitness rule: the day a suspension or the league's
        # rest is over (a retired entrant is left to the bracket's walkover rule).
        rest = tournament.league.rest_days
        for condition in conditions_on(fighters, date, rest_days=rest).values():
            ready = fit_from(condition, rest_days=rest)
            if ready is not None and ready > date:
                date = ready
    return date


def tournament_advance(*, tournament: Tournament, division: Division) -> None:
    """Advance the competition's current stage (the caller is the division's
    projector, or holds the division lock): a Swiss or group stage in
    ``competitions``, a running bracket here; a bracket in preview waits for
    the commissioner."""
    from league.services import competitions  # it builds on this module

    stage = competitions.current_stage(tournament)
    if stage is None:
        return
    if stage.kind not in ELIMINATION:
        competitions.table_stage_advance(tournament=tournament, division=division, stage=stage)
    elif stage.status == StageStatus.RUNNING:
        bracket_advance(tournament=tournament, division=division, stage=stage)


def bracket_advance(*, tournament: Tournament, division: Division, stage: TournamentStage) -> None:
    """Schedule every match the bracket has made ready, a round at a time, on
    its round's fight night — due at once for a ``fight_now`` tournament (and
    fired here), else when the commissioner fires it; close the stage and the
    tournament once it has a champion."""
    bracket, state, entries = tournament_state(tournament, stage)
    if bracket is None:
        return
    matches = TournamentMatch.objects.filter(tournament=tournament, stage_number=stage.number)
    scheduled = set(matches.values_list("key", flat=True))
    league = tournament.league
    officials = None
    events: set[int] = set()
    position = {m.key: n for n, m in enumerate(bracket.matches, start=1)}
    for _ in range(len(bracket.matches)):  # walkovers can make more matches ready
        ready = [m for m in state.ready if m.key not in scheduled]
        if not ready:
            break
        officials = officials or Officials()
        specs = []
        for ms in ready:
            spec = bracket.match(ms.key)
            red, blue = entries[ms.red], entries[ms.blue]
            date = earliest_date(tournament, spec.stage, [red, blue], stage.start_date)
            event = card_of(tournament, date)
            events.add(event.pk)
            specs.append(
                (
                    ms,
                    spec,
                    league_bout(
                        league=league,
                        division=division,
                        event=event,
                        order=position[ms.key],
                        sides=sides_of([red, blue]),
                        seed=derive_seed(tournament.seed, ms.key),
                        officials=officials,
                        idempotency_key=f"tournament-{tournament.id}-{ms.key}",
                        title=tournament.for_title and spec.final,
                    ),
                )
            )
        schedule_round(tournament, specs, stage.number)
        scheduled.update(ms.key for ms, _, _ in specs)
        bracket, state, entries = tournament_state(tournament, stage)
    if _book_deciders(tournament, division, bracket, entries, events, stage):
        bracket, state, entries = tournament_state(tournament, stage)
    if events and tournament.fight_now:
        events_fire_due(events=events)
    if state.complete and tournament.status != TournamentStatus.COMPLETED:
        tournament_crown(tournament, entries[state.champion], stage)


def tournament_crown(tournament: Tournament, winner: tuple, stage: TournamentStage) -> None:
    """The last stage is over: ``winner`` is the champion."""
    if stage.pk is not None and stage.status != StageStatus.COMPLETED:
        stage.status = StageStatus.COMPLETED
        stage.save(update_fields=["status"])
    if tournament.status != TournamentStatus.COMPLETED:
        tournament.status = TournamentStatus.COMPLETED
        tournament.champion_id = winner[1] if winner[0] == FIGHTER else None
        tournament.champion_camp_id = winner[1] if winner[0] == CAMP else None
        tournament.save(update_fields=["status", "champion", "champion_camp"])


def _book_deciders(tournament, division, bracket, entries, events: set[int], stage) -> int:
    """Under the decider rule: a decider bout for each drawn match that has none,
    between the same two in the same corners, on the first date both are fit
    after the draw (``earliest_date``), in the tournament's card of that date."""
    if tournament.draw_rule != DrawRule.DECIDER:
        return 0
    due = read_results(tournament, entries, stage.number).deciders_due
    if not due:
        return 0
    rows = TournamentMatch.objects.filter(
        tournament=tournament, stage_number=stage.number, key__in=due
    ).select_related("bout")
    position = {m.key: n for n, m in enumerate(bracket.matches, start=1)}
    seed_of = {c: s for s, c in entries.items()}
    officials = Officials()
    items = []
    for row in rows:
        spec = bracket.match(row.key)
        red, blue = sides_of_bout(row.bout)
        date = earliest_date(tournament, spec.stage, [red, blue], stage.start_date)
        event = card_of(tournament, date)
        events.add(event.pk)
        key = brackets.decider_key(row.key)
        ms = brackets.MatchState(key, red=seed_of.get(red, 999), blue=seed_of.get(blue, 999))
        items.append(
            (
                ms,
                spec,
                league_bout(
                    league=tournament.league,
                    division=division,
                    event=event,
                    order=len(bracket.matches) + position[row.key],
                    sides=sides_of([red, blue]),
                    seed=derive_seed(tournament.seed, key),
                    officials=officials,
                    idempotency_key=f"tournament-{tournament.id}-{key}",
                    title=tournament.for_title and spec.final,
                ),
            )
        )
    schedule_round(tournament, items, stage.number)
    return len(items)


def sides_of_bout(bout: Bout) -> tuple[tuple, tuple]:
    if bout.red_id is None:
        return (CAMP, bout.red_camp_id), (CAMP, bout.blue_camp_id)
    return (FIGHTER, bout.red_id), (FIGHTER, bout.blue_id)


def card_of(tournament: Tournament, date: dt.date) -> Event:
    """The tournament's card of ``date`` (made when first needed): due at once
    when the tournament is fought all at once, else waiting to be fought."""
    event, _ = Event.objects.get_or_create(
        tournament=tournament,
        date=date,
        defaults={
            "league": tournament.league,
            "name": f"{tournament.name} · {long_date(date)}",
            "fight_at": timezone.now() if tournament.fight_now else None,
        },
    )
    return event


def _fresh(spec: BoutSpec) -> BoutSpec:
    return BoutSpec(**{**vars(spec), "errors": defaultdict(list)})


def schedule_round(tournament: Tournament, items: list, number: int = 1) -> None:
    """The round's matches in one go (``bouts_schedule``); when some cannot be
    made, each is tried alone, and a match whose bout cannot be made (an entrant
    retired, a card missing) is a walkover for the side that can fight (the
    higher seed if neither can)."""
    try:
        with transaction.atomic():
            bouts = bouts_schedule(specs=[_fresh(b) for _, _, b in items], queue=False)
            TournamentMatch.objects.bulk_create(
                [
                    TournamentMatch(
                        tournament=tournament,
                        stage_number=number,
                        key=ms.key,
                        stage=spec.stage,
                        bout=bout,
                        red_seed=ms.red,
                        blue_seed=ms.blue,
                    )
                    for (ms, spec, _), bout in zip(items, bouts)
                ]
            )
        return
    except ValidationError as exc:
        if len(items) > 1:
            for item in items:
                schedule_round(tournament, [item], number)
            return
        error = exc
    ms, spec, _ = items[0]
    messages = error.message_dict if hasattr(error, "error_dict") else {}
    red_bad = any(k.startswith("red") for k in messages)
    blue_bad = any(k.startswith("blue") for k in messages)
    side = "blue" if red_bad and not blue_bad else "red"
    if red_bad and blue_bad:
        side = "red" if ms.red < ms.blue else "blue"
    reason = "; ".join(m for ms_ in messages.values() for m in ms_) or str(error)
    TournamentMatch.objects.create(
        tournament=tournament,
        stage_number=number,
        key=ms.key,
        stage=spec.stage,
        red_seed=ms.red,
        blue_seed=ms.blue,
        walkover=side,
        walkover_reason=reason[:300],
    )


def _check_entrants(division: Division, ids: list[int], *, team: bool) -> None:
    """Named entrants exist, are the division's (its fighters, or its camps under
    a team ruleset), are listed once and hold a valid card for the ruleset."""
    errors = []
    seen = set()
    for pk in ids:
        if pk in seen:
            errors.append(f"Entrant {pk} is listed twice.")
        seen.add(pk)
    members = division.camps if team else division.fighters
    known = dict(members.filter(pk__in=ids).values_list("pk", "name"))
    what = "camp" if team else "fighter"
    errors += [f"No {what} {pk} in {division.name}." for pk in ids if pk not in known]
    if not team and known:
        rules = get_ruleset(division.league.ruleset)
        cards = dict(
            RatingCard.objects.filter(
                fighter_id__in=list(known), ruleset=division.league.ruleset
            ).values_list("fighter_id", "data")
        )
        for pk, name in known.items():
            if pk not in cards:
                errors.append(f"{name} has no {division.league.ruleset} card.")
                continue
            try:
                rules.validate_card(cards[pk])
            except EngineError as exc:
                errors.append(f"{name}'s {division.league.ruleset} card is invalid: {exc}")
    if errors:
        raise ValidationError({"entrants": errors})
