"""Tournaments: elimination brackets, their results, walkovers and advancing."""

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
) -> Tournament:
    """An elimination bracket of ``size`` entrants seeded by the division's
    ranking (or ``entrants``, best first), its first matches scheduled and
    queued; later matches are scheduled by ``bout_recorded`` as bouts complete.
    ``queue``: all at once (each round's night fought as soon as it is made),
    else round by round (each round's card waits to be fought). ``draw_rule``:
    how a drawn bout is settled (``DrawRule``)."""
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
            format=TournamentFormat.DOUBLE if double else TournamentFormat.SINGLE,
            for_title=for_title,
            start_date=start_date,
            days_between_stages=league.days_between_events,
            seed=derive_seed(seed, league.slug, division.weight_class, "tournament", number),
            fight_now=queue,
            draw_rule=draw_rule,
        )
        tournament.full_clean()
        tournament.save()
        TournamentEntry.objects.bulk_create(
            [
                TournamentEntry(tournament=tournament, seed=n, **competitor_fields(c))
                for n, c in enumerate(entrants[:size], start=1)
            ]
        )
        tournament_advance(tournament=tournament, division=division)
    return tournament


def tournament_results(tournament: Tournament, entries: dict[int, tuple]) -> dict[str, str]:
    """``{match key: "red" | "blue"}`` from the completed bouts, walkovers and
    deciders; a drawn bout settled by the tournament's draw rule
    (``league.services.tournament_draws``)."""
    return read_results(tournament, entries).results


def tournament_unstall(*, tournament: Tournament, division: Division) -> int:
    """Turn the tournament's failed bouts (the pipeline gave up on them) into
    walkovers for the higher seed and advance the bracket: a bracket never
    stalls. Returns how many matches were decided so. Called by the division's
    projector (single-flight per division)."""
    with transaction.atomic():
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


def tournament_walkovers_for_postponed(*, tournament: Tournament, division: Division) -> int:
    """By the league's rule (``League.walkover_on_postponement``): each of the
    tournament's postponed bouts is a walkover for the side that can still
    fight (the higher seed if neither can), and the bracket advances. Called by
    the division's projector. Returns how many matches were decided so."""
    with transaction.atomic():
        entries = {
            competitor_of(e): e.seed for e in TournamentEntry.objects.filter(tournament=tournament)
        }
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
                side = "red" if entries.get(red, 999) <= entries.get(blue, 999) else "blue"
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


def tournament_state(tournament: Tournament):
    bracket, state, entries, _ = tournament_outcome(tournament)
    return bracket, state, entries


def tournament_outcome(tournament: Tournament):
    """The bracket, its state, the entrants by seed and the results as read
    (``tournament_draws.Outcome``: how each drawn match was settled)."""
    entries = entries_of(tournament)
    bracket = brackets.build(len(entries), double=tournament.format == TournamentFormat.DOUBLE)
    outcome = read_results(tournament, entries)
    return bracket, brackets.resolve(bracket, outcome.results), entries, outcome


def earliest_date(tournament: Tournament, stage: int, competitors: Sequence[tuple]) -> dt.date:
    """A match is fought on its stage's date, but never before its entrants'
    last bouts are behind them (the next day) or they are fit again (a medical
    suspension or the league's rest over): an unfit entrant delays the match,
    the bracket does not stall."""
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
    """Schedule every match the bracket has made ready, a round at a time (the
    caller is the division's projector, or holds the division lock), on its
    stage's fight night — due at once for a ``fight_now`` tournament (and fired
    here), else when the commissioner sets its fight time; close the tournament
    once it has a champion."""
    bracket, state, entries = tournament_state(tournament)
    scheduled = set(
        TournamentMatch.objects.filter(tournament=tournament).values_list("key", flat=True)
    )
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
            date = earliest_date(tournament, spec.stage, [red, blue])
            event = _card_of(tournament, date)
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
        _schedule_round(tournament, specs)
        scheduled.update(ms.key for ms, _, _ in specs)
        bracket, state, entries = tournament_state(tournament)
    if _book_deciders(tournament, division, bracket, entries, events):
        bracket, state, entries = tournament_state(tournament)
    if events and tournament.fight_now:
        events_fire_due(events=events)
    if state.complete and tournament.status != TournamentStatus.COMPLETED:
        winner = entries[state.champion]
        tournament.status = TournamentStatus.COMPLETED
        tournament.champion_id = winner[1] if winner[0] == FIGHTER else None
        tournament.champion_camp_id = winner[1] if winner[0] == CAMP else None
        tournament.save(update_fields=["status", "champion", "champion_camp"])


def _book_deciders(tournament, division, bracket, entries, events: set[int]) -> int:
    """Under the decider rule: a decider bout for each drawn match that has none,
    between the same two in the same corners, on the first date both are fit
    after the draw (``earliest_date``), in the tournament's card of that date."""
    if tournament.draw_rule != DrawRule.DECIDER:
        return 0
    due = read_results(tournament, entries).deciders_due
    if not due:
        return 0
    rows = TournamentMatch.objects.filter(tournament=tournament, key__in=due).select_related("bout")
    position = {m.key: n for n, m in enumerate(bracket.matches, start=1)}
    seed_of = {c: s for s, c in entries.items()}
    officials = Officials()
    items = []
    for row in rows:
        spec = bracket.match(row.key)
        red, blue = sides_of_bout(row.bout)
        date = earliest_date(tournament, spec.stage, [red, blue])
        event = _card_of(tournament, date)
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
    _schedule_round(tournament, items)
    return len(items)


def sides_of_bout(bout: Bout) -> tuple[tuple, tuple]:
    if bout.red_id is None:
        return (CAMP, bout.red_camp_id), (CAMP, bout.blue_camp_id)
    return (FIGHTER, bout.red_id), (FIGHTER, bout.blue_id)


def _card_of(tournament: Tournament, date: dt.date) -> Event:
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


def _schedule_round(tournament: Tournament, items: list) -> None:
    """The round's matches in one go (``bouts_schedule``); when some cannot be
    made, each is tried alone, and a match whose bout cannot be made (an entrant
    retired, a card missing) is a walkover for the side that can fight (the
    higher seed if neither can)."""
    try:
        with transaction.atomic():
            bouts = bouts_schedule(specs=[_fresh(b) for _, _, b in items], queue=False)
            TournamentMatch.objects.bulk_create(
                [
                    TournamentMatch(tournament=tournament, key=ms.key, stage=spec.stage, bout=bout)
                    for (ms, spec, _), bout in zip(items, bouts)
                ]
            )
        return
    except ValidationError as exc:
        if len(items) > 1:
            for item in items:
                _schedule_round(tournament, [item])
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
        key=ms.key,
        stage=spec.stage,
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
