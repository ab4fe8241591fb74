"""The manager's desk (docs/managers.md): what a signed-in account plays and what
waits for it, read in a fixed number of queries whatever the size of its camps.

A read module (HackSoft selectors), shared by the desk page and ``/api/desk/``."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from bouts.models import Bout, BoutStatus
from bouts.plans import latest_plans, managed_sides, plan_deadline, plans_closed_reason
from fighters.models import Camp, Fighter, RatingCard
from league.calendar.rosters import fighter_statuses
from league.models import (
    BoutRequest,
    League,
    LeagueMembership,
    RegionalTitleBout,
    RequestStatus,
)

UPCOMING = 20
RESULTS = 10
ANSWERED = 10
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

    @property
    def opponent(self):
        """The other side (its public record is on the desk: ``opponent.career``)."""
        other = "blue" if self.side == "red" else "red"
        return getattr(self.bout, other) or getattr(self.bout, f"{other}_camp")


@dataclass
class Desk:
    leagues: list[LeagueRole] = field(default_factory=list)
    camps: list[Camp] = field(default_factory=list)
    fighters: list[Fighter] = field(default_factory=list)
    needs_me: list[BoutRequest] = field(default_factory=list)
    my_requests: list[BoutRequest] = field(default_factory=list)
    answered: list[BoutRequest] = field(default_factory=list)
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
            "red__camp",
            "blue__camp",
            "red__career",
            "blue__career",
            "red_camp",
            "blue_camp",
            "event",
            "event__league",
        )
        .defer("inputs", "options", "plans")
    )


def answered_requests(user) -> QuerySet[BoutRequest]:
    """Requests he sent or was asked, no longer open, newest answer first: what
    came of them (declined, refused, approved, withdrawn) stays on his desk."""
    party = Q(camp__owner=user) | Q(opponent_camp__owner=user)
    return (
        requests_with_sides()
        .filter(party)
        .exclude(status__in=OPEN)
        .annotate(last_moved=Coalesce("decided_at", "answered_at", "created_at"))
        .order_by("-last_moved", "-id")
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
    # Newest first by when they were fought: league dates of different leagues
    # do not compare (a demo league's later dates hid a career league's weeks).
    regional = RegionalTitleBout.objects.filter(bout=OuterRef("pk")).values("title__region__name")[
        :1
    ]
    results = list(
        _bouts_of(user)
        .filter(status=BoutStatus.COMPLETED)
        .select_related("result")
        .defer("result__engine_result")
        .annotate(regional_title=Subquery(regional))
        .order_by("-result__recorded_at", "-date", "-order", "-id")[:RESULTS]
    )
    return Desk(
        leagues=leagues,
        camps=camps,
        fighters=fighters,
        needs_me=needs_me,
        my_requests=my_requests,
        answered=list(answered_requests(user)[:ANSWERED]),
        upcoming=upcoming,
        plans_due=plans_due,
        results=results,
    )
