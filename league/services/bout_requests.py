"""Bout requests: a manager asks a bout for his fighter, the other manager
answers, the commissioner (or the league's auto-approval) puts it on an event
(docs/managers.md).

Eligibility is the league's fitness rule (``league.calendar``: not retired, not
suspended, rested, on the event's date or else the league's own date, refused
in the words the pages show) and the bouts app's own scheduling rules
(``bouts_check``: roster and weight class, a valid card for the ruleset, one
bout per fighter per event), asked at the request, at the acceptance and at the
approval, so a request never says yes to a bout that scheduling would refuse.
Every date is the league's: an event is open from the league's date on.
The approved bout is scheduled without being queued: the event fires it.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from bouts.engine import get_ruleset
from bouts.models import BoutStatus
from bouts.services import BoutSpec, bouts_check, bouts_schedule
from core.dates import long_date
from fighters.models import Fighter
from league.calendar.selectors import status_words, statuses_on
from league.models import BoutRequest, Division, Event, League, RequestStatus
from league.models import LeagueMembership as Membership
from league.services.booking import Officials, league_bout
from league.services.common import FIGHTER, derive_seed, ruleset_is_team
from league.services.matchmaking import division_ranking
from league.services.membership import SIGN_IN, is_commissioner

MAX_WITHIN = 20
FIRED = (BoutStatus.QUEUED, BoutStatus.RUNNING, BoutStatus.COMPLETED)
AUTO_EVENTS = 20
# The scheduling rules speak of red and blue; a request of its fighter and opponent.
FIELD_OF = {"red": "fighter", "blue": "opponent", "date": "event", "order": "event"}


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise PermissionDenied(SIGN_IN)


def _owns(user, camp) -> bool:
    return camp is not None and camp.owner_id is not None and camp.owner_id == user.pk


def _renamed(exc: ValidationError) -> ValidationError:
    errors: dict[str, list[str]] = {}
    for key, messages in exc.message_dict.items():
        errors.setdefault(FIELD_OF.get(key, key), []).extend(messages)
    return ValidationError(errors)


def _date(bout_request: BoutRequest, event: Event | None):
    """The league date a request is judged on: its event's, else the league's."""
    return event.date if event is not None else bout_request.league.date


def _spec(bout_request: BoutRequest, event: Event | None) -> BoutSpec:
    league = bout_request.league
    rules = get_ruleset(league.ruleset)
    return BoutSpec(
        ruleset=league.ruleset,
        date=_date(bout_request, event),
        event=event,
        division=bout_request.division,
        red=bout_request.fighter,
        blue=bout_request.opponent,
        scheduled_rounds=min(league.rounds, rules.max_rounds),
        seed=0,
    )


def same_stable(fighter: Fighter, other: Fighter) -> bool:
    """One camp, or two camps of one owner: a bout between them would be one
    manager arranging his own fighters' records (issue 30)."""
    if fighter.camp_id is None or other.camp_id is None:
        return False
    if fighter.camp_id == other.camp_id:
        return True
    owner = fighter.camp.owner_id
    return owner is not None and owner == other.camp.owner_id


def same_manager_text(fighter: Fighter, opponent: Fighter) -> str:
    return (
        f"{fighter.name} and {opponent.name} have the same manager: a bout between them "
        "is not requested (ask the commissioner)."
    )


def _unfit(bout_request: BoutRequest, event: Event | None, fields=("fighter", "opponent")):
    """``{field: [why]}`` for each of the request's fighters not fit on its date
    (the league's fitness rule, in the words of the pages)."""
    fighters = {field: getattr(bout_request, field) for field in fields}
    statuses = statuses_on(
        [f.pk for f in fighters.values()], _date(bout_request, event), league=bout_request.league
    )
    errors = {}
    for field, fighter in fighters.items():
        status = statuses.get(fighter.pk)
        if status is not None and not status.fit:
            errors[field] = [f"{fighter.name} is {status_words(status)}."]
    return errors


def _check_rules(bout_request: BoutRequest, event: Event | None) -> None:
    """The scheduling rules for this pair, as field errors of the request."""
    try:
        bouts_check(specs=[_spec(bout_request, event)])
    except ValidationError as exc:
        raise _renamed(exc) from None


def _check(bout_request: BoutRequest, event: Event | None) -> None:
    """Never two fighters of one manager (checked again at every step: a camp
    may change hands meanwhile), both fighters fit, then the scheduling rules
    for this pair (on ``event`` when there is one, else on the league's date),
    as field errors."""
    fighter, opponent = bout_request.fighter, bout_request.opponent
    if same_stable(fighter, opponent):
        raise ValidationError({"opponent": [same_manager_text(fighter, opponent)]})
    errors = _unfit(bout_request, event)
    if errors:
        raise ValidationError(errors)
    _check_rules(bout_request, event)


def open_events(league_ids) -> QuerySet[Event]:
    """The events a requested bout may go on: of these leagues, on the league's
    date or later, not a tournament's card (a bracket makes its own bouts), and
    not fired yet (no bout of it queued, fighting or fought)."""
    return (
        Event.objects.filter(
            league_id__in=list(league_ids),
            date__gte=Coalesce(F("league__today"), F("league__start_date")),
            tournament__isnull=True,
        )
        .exclude(bouts__status__in=FIRED)
        .order_by("date", "id")
    )


def _check_event(league: League, event: Event | None) -> None:
    if event is None:
        return
    if event.league_id != league.pk:
        raise ValidationError({"event": [f"{event.name} is not an event of {league.name}."]})
    if event.date < league.date:
        raise ValidationError({"event": [f"{event.name} is over ({long_date(event.date)})."]})
    if event.tournament_id is not None:
        raise ValidationError({"event": [f"{event.name} is a tournament's card."]})
    if event.bouts.filter(status__in=FIRED).exists():
        raise ValidationError({"event": [f"{event.name} has been fought already."]})


def _has_room(league: League, event: Event) -> bool:
    if league.bouts_per_event is None:
        return True
    return event.bouts.count() < league.bouts_per_event


def _division_of(fighter: Fighter, league: League | None, division: Division | None) -> Division:
    divisions = list(fighter.divisions.select_related("league"))
    if division is not None:
        if division.pk not in {d.pk for d in divisions}:
            raise ValidationError(
                {"division": [f"{fighter.name} is not on the roster of {division.name}."]}
            )
        return division
    if league is not None:
        divisions = [d for d in divisions if d.league_id == league.pk]
        if not divisions:
            raise ValidationError(
                {"fighter": [f"{fighter.name} fights in no division of {league}."]}
            )
    if not divisions:
        raise ValidationError({"fighter": [f"{fighter.name} is in no division of a league."]})
    if len(divisions) > 1:
        raise ValidationError({"division": [f"{fighter.name} is in several divisions: name one."]})
    return divisions[0]


def _open_between(a: int, b: int) -> bool:
    return (
        BoutRequest.objects.filter(status__in=(RequestStatus.PENDING, RequestStatus.ACCEPTED))
        .filter(Q(fighter_id=a, opponent_id=b) | Q(fighter_id=b, opponent_id=a))
        .exists()
    )


def _best_within(bout_request: BoutRequest, within: int, event: Event | None) -> Fighter:
    """The best-ranked fighter within ``within`` places of the asking fighter who
    is of another camp, fit on the date and could fight him (the same rules as
    any request; one fitness read for them all)."""
    fighter = bout_request.fighter
    unfit = _unfit(bout_request, event, fields=("fighter",))
    if unfit:
        raise ValidationError(unfit)
    ranking = [pk for kind, pk in division_ranking(bout_request.division) if kind == FIGHTER]
    if fighter.pk not in ranking:
        raise ValidationError({"within": [f"{fighter.name} is not ranked in this division."]})
    place = ranking.index(fighter.pk)
    near = ranking[max(0, place - within) : place + within + 1]
    candidates = Fighter.objects.select_related("camp").in_bulk(near)
    statuses = statuses_on(near, _date(bout_request, event), league=bout_request.league)
    reasons = []
    for pk in near:
        other = candidates.get(pk)
        if other is None or pk == fighter.pk:
            continue
        if same_stable(fighter, other):
            continue
        if pk in statuses and not statuses[pk].fit:
            reasons.append(f"{other.name} is {status_words(statuses[pk])}.")
            continue
        if _open_between(fighter.pk, pk):
            continue
        bout_request.opponent = other
        try:
            _check_rules(bout_request, event)
        except ValidationError as exc:
            reasons.extend(exc.messages)
            continue
        return other
    detail = f" ({reasons[0]})" if reasons else ""
    raise ValidationError(
        {"within": [f"Nobody within {within} places of {fighter.name} can fight him{detail}."]}
    )


def request_create(
    *,
    user,
    fighter: Fighter,
    opponent: Fighter | None = None,
    within: int | None = None,
    event: Event | None = None,
    division: Division | None = None,
    message: str = "",
) -> BoutRequest:
    """``user`` (the manager of ``fighter``'s camp) asks for a bout against
    ``opponent``, or against the best available fighter within ``within`` places
    of him in the division's ranking; optionally on ``event``."""
    _signed_in(user)
    camp = fighter.camp
    if not (_owns(user, camp) or user.is_staff):
        raise PermissionDenied(f"{fighter.name} is not a fighter of your camp.")
    if camp is None:
        raise ValidationError(
            {"fighter": [f"{fighter.name} has no camp: bouts are requested for a camp's fighters."]}
        )
    league = event.league if event is not None else None
    division = _division_of(fighter, league, division)
    league = division.league
    if not user.is_staff and not Membership.objects.filter(league=league, user=user).exists():
        raise PermissionDenied(f"You are not a manager in {league.name}.")
    if ruleset_is_team(league.ruleset):
        raise ValidationError(
            {"fighter": [f"{league.name} fights camp against camp: bouts are not requested."]}
        )
    if (opponent is None) == (within is None):
        raise ValidationError(
            {"opponent": ["Name an opponent or ask for the best within N places, not both."]}
        )
    if within is not None and (
        isinstance(within, bool) or not isinstance(within, int) or not 1 <= within <= MAX_WITHIN
    ):
        raise ValidationError({"within": [f"Within 1 to {MAX_WITHIN} places."]})
    _check_event(league, event)
    bout_request = BoutRequest(
        league=league,
        division=division,
        fighter=fighter,
        camp=camp,
        event=event,
        within_places=within,
        message=(message or "").strip(),
        requested_by=user,
    )
    if within is not None:
        opponent = _best_within(bout_request, within, event)
    else:
        if same_stable(fighter, opponent):
            raise ValidationError({"opponent": [same_manager_text(fighter, opponent)]})
        if _open_between(fighter.pk, opponent.pk):
            raise ValidationError(
                {"opponent": [f"A request between {fighter.name} and {opponent.name} is open."]}
            )
        bout_request.opponent = opponent
        _check(bout_request, event)
    bout_request.opponent_camp = opponent.camp
    bout_request.full_clean()
    try:
        with transaction.atomic():
            bout_request.save()
    except IntegrityError:
        raise ValidationError(
            {"opponent": [f"A request between {fighter.name} and {opponent.name} is open."]}
        ) from None
    return bout_request


def _save(bout_request: BoutRequest, fields: list[str]) -> None:
    """Validate the fields a step changes (the others were validated when the
    request was made), then write only those."""
    others = [f.name for f in BoutRequest._meta.fields if f.name not in fields]
    bout_request.full_clean(exclude=others)
    bout_request.save(update_fields=fields)


def _locked(bout_request: BoutRequest) -> BoutRequest:
    return (
        BoutRequest.objects.select_for_update(of=("self",))
        .select_related(
            "league", "division", "fighter", "opponent", "camp", "opponent_camp", "event"
        )
        .get(pk=bout_request.pk)
    )


def _status_is(bout_request: BoutRequest, *wanted: str) -> None:
    if bout_request.status not in wanted:
        raise ValidationError(
            {"status": [f"This request is {bout_request.get_status_display().lower()}."]}
        )


def may_answer(user, bout_request: BoutRequest) -> bool:
    """The opponent's manager; the commissioner for a fighter with no manager."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or _owns(user, bout_request.opponent_camp):
        return True
    managed = bout_request.opponent_camp is not None and bout_request.opponent_camp.owner_id
    return not managed and is_commissioner(user, bout_request.league)


def may_withdraw(user, bout_request: BoutRequest) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or _owns(user, bout_request.camp)


def request_answer(
    *, user, bout_request: BoutRequest, accept: bool, answer: str = ""
) -> BoutRequest:
    """The other manager accepts (the bout is checked again) or declines. With the
    league's auto-approval an accepted bout goes onto the next event with room."""
    _signed_in(user)
    with transaction.atomic():
        locked = _locked(bout_request)
        if not may_answer(user, locked):
            raise PermissionDenied("Only the other fighter's manager answers this request.")
        _status_is(locked, RequestStatus.PENDING)
        now = timezone.now()
        locked.answered_by, locked.answered_at = user, now
        locked.answer = (answer or "").strip()[:300]
        if not accept:
            locked.status = RequestStatus.DECLINED
            _save(locked, ["status", "answered_by", "answered_at", "answer"])
            return locked
        _check(locked, locked.event if _event_open(locked.event) else None)
        locked.status = RequestStatus.ACCEPTED
        _save(locked, ["status", "answered_by", "answered_at", "answer"])
        if locked.league.auto_approve_requests:
            event = _next_event_with_room(locked)
            if event is not None:
                try:
                    # A card filled meanwhile leaves the request accepted for
                    # the commissioner: the acceptance itself stands.
                    with transaction.atomic():
                        _approve(locked, event=event, user=None)
                except ValidationError:
                    locked.refresh_from_db()
    return locked


def _event_open(event: Event | None) -> bool:
    return event is not None and open_events([event.league_id]).filter(pk=event.pk).exists()


def _next_event_with_room(bout_request: BoutRequest) -> Event | None:
    """The first upcoming event of the league (the one asked for first) with room
    on its card that both fighters can fight on."""
    league = bout_request.league
    events = list(open_events([league.pk]).annotate(bout_count=Count("bouts"))[:AUTO_EVENTS])
    if bout_request.event_id:
        events.sort(key=lambda e: e.pk != bout_request.event_id)
    for event in events:
        if league.bouts_per_event is not None and event.bout_count >= league.bouts_per_event:
            continue
        try:
            _check(bout_request, event)
        except ValidationError:
            continue
        return event
    return None


def _approve(bout_request: BoutRequest, *, event: Event, user) -> BoutRequest:
    league = bout_request.league
    # The card is locked before its room is counted (bouts_schedule locks it again).
    event = Event.objects.select_for_update(of=("self",)).select_related("league").get(pk=event.pk)
    if not _has_room(league, event):
        raise ValidationError(
            {"event": [f"{event.name} is full ({league.bouts_per_event} bouts a card)."]}
        )
    unfit = _unfit(bout_request, event)
    if unfit:
        raise ValidationError(unfit)
    spec = league_bout(
        league=league,
        division=bout_request.division,
        event=event,
        order=None,
        sides={"red": bout_request.fighter, "blue": bout_request.opponent},
        seed=derive_seed(league.slug, "request", bout_request.pk),
        officials=Officials(),
        idempotency_key=f"request-{bout_request.pk}",
    )
    try:
        # Not queued: the bout waits on its card until the event is fought.
        [bout] = bouts_schedule(specs=[spec], queue=False)
    except ValidationError as exc:
        raise _renamed(exc) from None
    bout_request.bout = bout
    bout_request.event = event
    bout_request.status = RequestStatus.APPROVED
    bout_request.decided_by = user
    bout_request.decided_at = timezone.now()
    _save(bout_request, ["bout", "event", "status", "decided_by", "decided_at"])
    return bout_request


def request_approve(*, user, bout_request: BoutRequest, event: Event | None = None) -> BoutRequest:
    """The commissioner puts an accepted request on ``event`` (the one asked for
    when none is given): the bout is scheduled there, not queued."""
    _signed_in(user)
    with transaction.atomic():
        locked = _locked(bout_request)
        if not is_commissioner(user, locked.league):
            raise PermissionDenied(f"Only a commissioner of {locked.league.name} approves bouts.")
        _status_is(locked, RequestStatus.ACCEPTED)
        event = event or locked.event
        if event is None:
            raise ValidationError({"event": ["Choose the event the bout goes on."]})
        _check_event(locked.league, event)
        return _approve(locked, event=event, user=user)


def request_refuse(*, user, bout_request: BoutRequest, answer: str = "") -> BoutRequest:
    """The commissioner turns an open request down, with his reason (``answer``,
    kept in ``decision_note``: the other manager's own note stays as it was)."""
    _signed_in(user)
    with transaction.atomic():
        locked = _locked(bout_request)
        if not is_commissioner(user, locked.league):
            raise PermissionDenied(f"Only a commissioner of {locked.league.name} refuses bouts.")
        _status_is(locked, RequestStatus.PENDING, RequestStatus.ACCEPTED)
        locked.status = RequestStatus.REFUSED
        locked.decision_note = (answer or "").strip()[:300]
        locked.decided_by, locked.decided_at = user, timezone.now()
        _save(locked, ["status", "decision_note", "decided_by", "decided_at"])
    return locked


def request_withdraw(*, user, bout_request: BoutRequest) -> BoutRequest:
    """The asking manager takes back an open request."""
    _signed_in(user)
    with transaction.atomic():
        locked = _locked(bout_request)
        if not may_withdraw(user, locked):
            raise PermissionDenied("Only the manager who asked withdraws this request.")
        _status_is(locked, RequestStatus.PENDING, RequestStatus.ACCEPTED)
        locked.status = RequestStatus.WITHDRAWN
        _save(locked, ["status"])
    return locked
