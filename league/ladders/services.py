"""Challenge ladders: made by the commissioner, challenges issued by him (or by a
manager for his own fighter, where the ladder allows it), each challenge booked
as a bout on the league's calendar, and the ladder's ranks replayed from its
fought challenges whenever one of their bouts is recorded, voided, failed or
postponed (``league.ladders.receivers``). The rules are
``league.scheduling.ladder``'s."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from bouts.services import bouts_schedule
from core.dates import long_date
from fighters.models import Fighter
from league.calendar.dates import next_slot
from league.calendar.fitness import fit_from
from league.calendar.selectors import conditions_on, status_words, statuses_on
from league.ladders.models import (
    ChallengeStatus,
    ChallengeWinner,
    Ladder,
    LadderChallenge,
    LadderRung,
)
from league.models import ClockMode, Division, Event, League
from league.scheduling import ladder as rules
from league.services.booking import Officials, league_bout
from league.services.common import FIGHTER, derive_seed, division_is_team
from league.services.matchmaking import division_ranking
from league.services.membership import SIGN_IN, is_commissioner, is_manager, require_commissioner

MAX_RUNGS = 64


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise PermissionDenied(SIGN_IN)


def ladder_create(
    *,
    user,
    division: Division,
    name: str = "",
    reach: int = 3,
    size: int | None = None,
    fighters: Sequence | None = None,
    managers_challenge: bool = True,
    seed: int = 0,
) -> Ladder:
    """A ladder of the division's fighters, best first: ``fighters`` as given,
    or the division's ranking (its active fighters; the best ``size``)."""
    league = division.league
    require_commissioner(user, league)
    if division_is_team(division):
        raise ValidationError(
            {"division": [f"{league.name} fights camp against camp: ladders are for fighters."]}
        )
    try:
        rules.check_reach(reach)
    except rules.LadderError as exc:
        raise ValidationError({"reach": [exc.message]}) from None
    if fighters is None:
        active = set(division.fighters.filter(is_active=True).values_list("pk", flat=True))
        ids = [pk for kind, pk in division_ranking(division) if kind == FIGHTER and pk in active]
        if size is not None:
            if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= MAX_RUNGS:
                raise ValidationError({"size": [f"A ladder has 2 to {MAX_RUNGS} fighters."]})
            ids = ids[:size]
    else:
        ids = [getattr(f, "pk", f) for f in fighters]
        _check_fighters(division, ids)
    if not 2 <= len(ids) <= MAX_RUNGS:
        raise ValidationError(
            {"size": [f"A ladder has 2 to {MAX_RUNGS} fighters ({division.name} has {len(ids)})."]}
        )
    number = Ladder.objects.filter(division=division).count() + 1
    ladder = Ladder(
        league=league,
        division=division,
        name=(name or "").strip() or f"{division.name} ladder {number}",
        reach=reach,
        managers_challenge=managers_challenge,
        seed=derive_seed(seed, league.slug, division.weight_class, "ladder", number),
    )
    ladder.full_clean()
    with transaction.atomic():
        ladder.save()
        LadderRung.objects.bulk_create(
            [
                LadderRung(ladder=ladder, fighter_id=pk, rank=n, start_rank=n)
                for n, pk in enumerate(ids, start=1)
            ]
        )
    return ladder


def _check_fighters(division: Division, ids: list) -> None:
    errors = []
    if len(set(ids)) != len(ids):
        errors.append("A fighter is listed twice.")
    known = dict(division.fighters.filter(pk__in=ids).values_list("pk", "name"))
    errors += [f"No fighter {pk} in {division.name}." for pk in ids if pk not in known]
    if errors:
        raise ValidationError({"fighters": errors})


# --- challenges ------------------------------------------------------------------


def may_challenge_for(user, ladder: Ladder, fighter: Fighter) -> bool:
    """Staff and the league's commissioners for anyone; a manager of the league
    for his own camp's fighters where the ladder lets managers challenge."""
    if user is None or not user.is_authenticated:
        return False
    if is_commissioner(user, ladder.league):
        return True
    camp = fighter.camp
    return (
        ladder.managers_challenge
        and camp is not None
        and camp.owner_id == user.pk
        and is_manager(user, ladder.league)
    )


def _require_may_challenge(user, ladder: Ladder, fighter: Fighter) -> None:
    _signed_in(user)
    if may_challenge_for(user, ladder, fighter):
        return
    if not ladder.managers_challenge:
        raise PermissionDenied(f"Only the commissioners of {ladder.league.name} issue challenges.")
    if not is_manager(user, ladder.league):
        raise PermissionDenied(f"You are not a manager in {ladder.league.name}.")
    raise PermissionDenied(f"{fighter.name} is not a fighter of your camp.")


def challenge_issue(*, user, ladder: Ladder, challenger: Fighter, defender: Fighter):
    """``challenger`` challenges ``defender`` up the ladder: checked by the
    ladder's rules on the league's date (reach, one open challenge each, both
    fit), then booked as a bout on the first date both can fight."""
    _require_may_challenge(user, ladder, challenger)
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update().select_related("league").get(pk=ladder.pk)
        league = ladder.league
        ranks = dict(ladder.rungs.values_list("fighter_id", "rank"))
        order = sorted(ranks, key=ranks.get)
        names = dict(Fighter.objects.filter(pk__in=order).values_list("pk", "name"))
        names.update({challenger.pk: challenger.name, defender.pk: defender.name})
        today = league.date
        statuses = statuses_on([challenger.pk, defender.pk], today, league=league)
        unfit = {pk: status_words(s) for pk, s in statuses.items() if not s.fit}
        try:
            rules.check_challenge(
                order,
                challenger.pk,
                defender.pk,
                reach=ladder.reach,
                busy=_busy(ladder, names),
                unfit=unfit,
                names=names,
            )
        except rules.LadderError as exc:
            raise ValidationError({exc.field: [exc.message]}) from None
        challenge = LadderChallenge(
            ladder=ladder,
            challenger=challenger,
            defender=defender,
            challenger_rank=ranks[challenger.pk],
            defender_rank=ranks[defender.pk],
            issued_by=user,
            issued_on=today,
        )
        challenge.full_clean()
        try:
            with transaction.atomic():
                challenge.save()
        except IntegrityError:
            raise ValidationError(
                {"defender": ["One of them already has an open challenge: it is fought first."]}
            ) from None
        challenge.bout = _book(ladder, challenge, today)
        challenge.save(update_fields=["bout"])
    return challenge


def _busy(ladder: Ladder, names: dict) -> dict[int, str]:
    """Fighter -> the words of the open challenge he is in."""
    busy = {}
    for c, d in LadderChallenge.objects.filter(
        ladder=ladder, status=ChallengeStatus.OPEN
    ).values_list("challenger_id", "defender_id"):
        busy[c] = f"against {names.get(d, 'another fighter')}"
        busy[d] = f"against {names.get(c, 'another fighter')}"
    return busy


def first_fit_date(league: League, fighter_ids: list[int], start: dt.date) -> dt.date:
    """The first date from ``start`` on which both can fight: the day after
    their last bout, and past a suspension or the league's rest."""
    last = (
        Bout.objects.filter(Q(red_id__in=fighter_ids) | Q(blue_id__in=fighter_ids))
        .exclude(status__in=(BoutStatus.FAILED, BoutStatus.POSTPONED, BoutStatus.VOIDED))
        .aggregate(d=Max("date"))["d"]
    )
    date = start
    if last is not None and last >= date:
        date = last + dt.timedelta(days=1)
    rest = league.rest_days
    for condition in conditions_on(fighter_ids, date, rest_days=rest).values():
        ready = fit_from(condition, rest_days=rest)
        if ready is not None and ready > date:
            date = ready
    return date


def _card(ladder: Ladder, date: dt.date) -> Event:
    """The ladder's card of ``date`` (a card not fought yet: a later day when
    that day's has been fought)."""
    league = ladder.league
    # A real-clock league fights it at its next fight time (beat fires it); a
    # commissioner's league when he fights the card from the console.
    real = league.clock == ClockMode.REAL
    fight_at = next_slot(timezone.now(), league.fight_weekday, league.fight_time) if real else None
    for _ in range(366):
        name = f"{ladder.name} · {long_date(date)}"
        event, _created = Event.objects.get_or_create(
            league=league,
            date=date,
            name=name,
            tournament=None,
            season=None,
            defaults={"fight_at": fight_at},
        )
        if event.fired_at is None:
            return event
        date += dt.timedelta(days=1)
    raise ValidationError({"defender": ["No date in the next year has room for this challenge."]})


def _book(ladder: Ladder, challenge: LadderChallenge, today: dt.date) -> Bout:
    league = ladder.league
    date = first_fit_date(league, [challenge.challenger_id, challenge.defender_id], today)
    event = _card(ladder, date)
    order = event.bouts.count() + 1
    spec = league_bout(
        league=league,
        division=ladder.division,
        event=event,
        order=order,
        # The defender holds the higher rank: the red corner, as a champion would.
        sides={"red": challenge.defender, "blue": challenge.challenger},
        seed=derive_seed(ladder.seed, "challenge", challenge.pk),
        officials=Officials(),
        idempotency_key=f"ladder-{ladder.pk}-challenge-{challenge.pk}",
    )
    try:
        (bout,) = bouts_schedule(specs=[spec], queue=False)
    except ValidationError as exc:
        fields = {"red": "defender", "blue": "challenger"}
        errors: dict[str, list] = {}
        for key, messages in exc.message_dict.items():
            errors.setdefault(fields.get(key, "defender"), []).extend(messages)
        raise ValidationError(errors) from None
    return bout


def challenge_cancel(*, user, challenge: LadderChallenge, reason: str) -> LadderChallenge:
    """The commissioner withdraws an open challenge (its bout, not fought yet,
    is taken off its card); the two are free to challenge again."""
    require_commissioner(user, challenge.ladder.league)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": ["Say why the challenge is withdrawn."]})
    with transaction.atomic():
        challenge = LadderChallenge.objects.select_for_update().get(pk=challenge.pk)
        if challenge.status != ChallengeStatus.OPEN:
            raise ValidationError({"status": ["Only a challenge still to be fought is withdrawn."]})
        bout = challenge.bout
        if bout is not None and bout.status != BoutStatus.SCHEDULED:
            raise ValidationError({"status": ["Its bout is on a card being fought."]})
        challenge.status = ChallengeStatus.CANCELLED
        challenge.reason = f"withdrawn: {reason}"[:300]
        challenge.bout = None
        challenge.save(update_fields=["status", "reason", "bout"])
        if bout is not None:
            bout.delete()
    return challenge


# --- the ranks, from the fought challenges -----------------------------------------

_OUTCOME = {"red": ChallengeWinner.DEFENDER, "blue": ChallengeWinner.CHALLENGER}
_ENDED = {
    BoutStatus.FAILED: "its bout could not be fought",
    BoutStatus.POSTPONED: "its bout was postponed",
    BoutStatus.VOIDED: "its bout was voided",
}


def ladder_settle(ladder: Ladder) -> list[int]:
    """Each challenge's status from its bout (fought with its winner; cancelled
    when its bout failed, was postponed or voided), then the ranks replayed
    from the starting order and the fought challenges in league order
    (``rules.replay``): the same ladder however often it is settled, and a
    voided bout's challenge counts for nothing. Returns the order, best first."""
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
        rows = list(
            LadderChallenge.objects.filter(ladder=ladder)
            .exclude(status=ChallengeStatus.CANCELLED, bout__isnull=True)
            .select_related("bout__result")
            .order_by("bout__date", "bout__event_id", "bout__order", "bout_id", "id")
        )
        fought = []
        for c in rows:
            status, winner, reason = _state_of(c)
            if c.status == ChallengeStatus.CANCELLED and status == ChallengeStatus.OPEN:
                status, winner, reason = c.status, c.winner, c.reason  # never reopened
            if (status, winner, reason) != (c.status, c.winner, c.reason):
                c.status, c.winner, c.reason = status, winner, reason
                c.save(update_fields=["status", "winner", "reason"])
            if status == ChallengeStatus.FOUGHT:
                won = None if winner == ChallengeWinner.DRAW else str(winner)
                fought.append(rules.Fought(c.challenger_id, c.defender_id, won))
        rungs = list(ladder.rungs.order_by("start_rank"))
        order = rules.replay([r.fighter_id for r in rungs], fought)
        _write_ranks(rungs, order)
    return order


def _state_of(c: LadderChallenge) -> tuple[str, str, str]:
    bout = c.bout
    if bout is None:
        return c.status, c.winner, c.reason
    if bout.status == BoutStatus.COMPLETED:
        result = getattr(bout, "result", None)
        side = result.winner if result is not None else None
        return ChallengeStatus.FOUGHT, _OUTCOME.get(side or "", ChallengeWinner.DRAW), ""
    if bout.status in _ENDED:
        reason = _ENDED[bout.status]
        if bout.status == BoutStatus.POSTPONED and bout.postponed_reason:
            reason = f"{reason}: {bout.postponed_reason}"
        return ChallengeStatus.CANCELLED, "", reason[:300]
    return ChallengeStatus.OPEN, "", ""


def _write_ranks(rungs: list[LadderRung], order: list[int]) -> None:
    """The new ranks in two passes (every rank stays unique at each step)."""
    rank = {pk: n for n, pk in enumerate(order, start=1)}
    changed = [r for r in rungs if r.rank != rank[r.fighter_id]]
    if not changed:
        return
    top = len(rungs)
    for r in changed:
        r.rank += top
    LadderRung.objects.bulk_update(changed, ["rank"])
    for r in changed:
        r.rank = rank[r.fighter_id]
    LadderRung.objects.bulk_update(changed, ["rank"])


def ladders_settle_bouts(bout_ids: Iterable[int]) -> int:
    """Settle the ladders whose challenges' bouts are among ``bout_ids`` (the
    receivers' call: one query when none is a challenge). Returns how many."""
    ids = sorted(set(bout_ids))
    if not ids:
        return 0
    ladders = sorted(
        set(LadderChallenge.objects.filter(bout_id__in=ids).values_list("ladder_id", flat=True))
    )
    for pk in ladders:
        ladder_settle(Ladder(pk=pk))
    return len(ladders)
