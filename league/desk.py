"""The manager's desk (docs/managers.md): what a signed-in account plays and what
waits for it, read in a fixed number of queries whatever the size of its camps.

A read module (HackSoft selectors), shared by the desk page and ``/api/desk/``."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet

from bouts.models import Bout, BoutStatus
from bouts.plans import latest_plans, managed_sides, plan_deadline, plans_closed_reason
from fighters.models import Camp, Fighter, RatingCard
from league.calendar.rosters import fighter_statuses
from league.models import BoutRequest, League, LeagueMembership, RequestStatus

UPCOMING = 20
RESULTS = 10
OPEN = (RequestStatus.PENDING, RequestStatus.ACCEPTED)
COMMISSIONER, MANAGER = "commissioner", "manager"
ROLE_NAMES = {COMMISSIONER: "Commissioner", MANAGER: "Manager"}


@dataclass
class LeagueRole:
    league: League
    role: str

    @property
    def role_display(self) -> str:
        return ROLE_NAMES[self.role]


@dataclass
class PlanDue:
    """A side of an upcoming bout whose plan is mine to write, until ``deadline``
    (None: until the commissioner fights the card); ``version`` of the latest
    plan written, 0 for none yet (the standing plan or the ruleset's policy
    would fight)."""

    bout: Bout
    side: str
    deadline: object
    version: int


@dataclass
class Desk:
    leagues: list[LeagueRole] = field(default_factory=list)
    camps: list[Camp] = field(default_factory=list)
    fighters: list[Fighter] = field(default_factory=list)
    needs_me: list[BoutRequest] = field(default_factory=list)
    my_requests: list[BoutRequest] = field(default_factory=list)
    upcoming: list[Bout] = field(default_factory=list)
    plans_due: list[PlanDue] = field(default_factory=list)
    results: list[Bout] = field(default_factory=list)


def requests_with_sides() -> QuerySet[BoutRequest]:
    return BoutRequest.objects.select_related(
        "league", "division", "fighter", "opponent", "camp", "opponent_camp", "event"
    )


def requests_needing(user, commissioned_ids) -> QuerySet[BoutRequest]:
    """Requests waiting for ``user``: pending against his camps' fighters (or
    against free agents in leagues he commissions), and accepted ones waiting for
    his approval as a commissioner."""
    unmanaged = Q(opponent_camp__isnull=True) | Q(opponent_camp__owner__isnull=True)
    against_mine = Q(status=RequestStatus.PENDING, opponent_camp__owner=user)
    against_free = Q(status=RequestStatus.PENDING, league_id__in=commissioned_ids) & unmanaged
    waiting = against_mine | against_free
    waiting |= Q(status=RequestStatus.ACCEPTED, league_id__in=commissioned_ids)
    return requests_with_sides().filter(waiting).order_by("created_at", "id")


def _bouts_of(user) -> QuerySet[Bout]:
    mine = (
        Q(red__camp__owner=user)
        | Q(blue__camp__owner=user)
        | Q(red_camp__owner=user)
        | Q(blue_camp__owner=user)
    )
    return (
        Bout.objects.filter(mine)
        .select_related(
            "red__camp", "blue__camp", "red_camp", "blue_camp", "event", "event__league"
        )
        .defer("inputs", "options", "plans")
    )


def desk_for(user) -> Desk:
    """Everything the desk shows for ``user`` (9 queries, 10 with plans due; 3
    more for his fighters' fitness, a league date more for each other date).
    Each fighter carries ``statuses``: his status in each of his leagues on its
    date (``league.calendar.rosters``)."""
    commissioned = list(League.objects.filter(commissioners=user).order_by("name"))
    commissioned_ids = [league.pk for league in commissioned]
    memberships = LeagueMembership.objects.filter(user=user).select_related("league")
    leagues = [LeagueRole(league, COMMISSIONER) for league in commissioned]
    leagues += [
        LeagueRole(m.league, MANAGER) for m in sorted(memberships, key=lambda m: m.league.name)
    ]
    camps = list(Camp.objects.filter(owner=user).order_by("name"))
    fighters = list(
        Fighter.objects.filter(camp__owner=user)
        .select_related("camp", "career")
        .prefetch_related(
            Prefetch(
                "cards",
                queryset=RatingCard.objects.only("id", "fighter_id", "ruleset", "rating"),
            )
        )
        .order_by("camp__name", "name", "id")
    )
    statuses = fighter_statuses(f.pk for f in fighters) if fighters else {}
    for fighter in fighters:
        fighter.statuses = statuses.get(fighter.pk, [])
    needs_me = list(requests_needing(user, commissioned_ids))
    my_requests = list(
        requests_with_sides().filter(camp__owner=user, status__in=OPEN).order_by("created_at", "id")
    )
    live = (BoutStatus.SCHEDULED, BoutStatus.QUEUED, BoutStatus.RUNNING)
    upcoming = list(
        _bouts_of(user)
        .filter(status__in=live)
        .order_by("date", "event_id", "order", "id")[:UPCOMING]
    )
    open_bouts = [b for b in upcoming if plans_closed_reason(b) is None]
    written = latest_plans([b.pk for b in open_bouts]) if open_bouts else {}
    plans_due = [
        PlanDue(
            bout, side, plan_deadline(bout), getattr(written.get((bout.pk, side)), "version", 0)
        )
        for bout in open_bouts
        for side in managed_sides(bout, user)
    ]
    results = list(
        _bouts_of(user)
        .filter(status=BoutStatus.COMPLETED)
        .select_related("result")
        .defer("result__engine_result")
        .order_by("-date", "-event_id", "-order", "-id")[:RESULTS]
    )
    return Desk(
        leagues=leagues,
        camps=camps,
        fighters=fighters,
        needs_me=needs_me,
        my_requests=my_requests,
        upcoming=upcoming,
        plans_due=plans_due,
        results=results,
    )
