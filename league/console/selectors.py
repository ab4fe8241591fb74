"""What the console shows: the leagues a user runs, who may still be put on a
card, an event's bouts with their live status, a league's regions."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from bouts.models import Bout
from fighters.models import Camp, CornerMan, Fighter
from league.calendar.selectors import status_words, statuses_on
from league.models import Division, Event, League, Region, RegionMember
from league.services.common import division_is_team
from referees.models import Doctor, Judge, Referee


def leagues_run_by(user) -> QuerySet[League]:
    """The leagues ``user`` may run from the console: all of them for staff."""
    if user.is_staff:
        return League.objects.all()
    return League.objects.filter(commissioners=user)


@dataclass(frozen=True)
class Candidate:
    pk: int
    name: str
    detail: str


@dataclass(frozen=True)
class SittingOut:
    """A fighter of the roster not offered for the card: why, in the words of
    the league's fitness rule (``suspended until 5 Dec 2026 (cut)``)."""

    pk: int
    name: str
    kind: str  # suspended, resting, retired
    why: str


def card_choices(*, event: Event, division: Division) -> tuple[list[Candidate], list[SittingOut]]:
    """Who may still go on ``event``'s card in ``division`` — its active roster
    holding a card for the league's ruleset, fit on the event's date (the
    league's fitness rule), not already on the card; under a team ruleset its
    camps — and the fighters of that roster not fit then, each with why. One
    fitness read for the whole roster."""
    ruleset = event.league.ruleset
    booked = Bout.objects.filter(event=event).values_list(
        "red_id", "blue_id", "red_camp_id", "blue_camp_id"
    )
    booked_fighters = {i for row in booked for i in row[:2] if i}
    booked_camps = {i for row in booked for i in row[2:] if i}
    if division_is_team(division):
        return _camp_candidates(event, division, ruleset, booked_camps), []
    fighters = list(
        division.fighters.filter(is_active=True, cards__ruleset=ruleset)
        .exclude(pk__in=booked_fighters)
        .select_related("career")
        .order_by("name", "id")
    )
    statuses = statuses_on([f.pk for f in fighters], event.date, league=event.league)
    offered, sitting_out = [], []
    for fighter in fighters:
        status = statuses.get(fighter.pk)
        if status is not None and not status.fit:
            sitting_out.append(
                SittingOut(fighter.pk, fighter.name, status.kind, status_words(status))
            )
        else:
            offered.append(Candidate(fighter.pk, fighter.name, _record(fighter)))
    return offered, sitting_out


def _camp_candidates(event: Event, division: Division, ruleset: str, booked_camps) -> list:
    """A team ruleset's camps with an active fighter holding a card, not on the
    card yet (their fighters' fitness is the scheduling rules' to judge)."""
    camps = (
        division.camps.filter(fighters__is_active=True, fighters__cards__ruleset=ruleset)
        .exclude(pk__in=booked_camps)
        .distinct()
        .order_by("name")
    )
    return [Candidate(c.pk, c.name, c.city) for c in camps]


def _record(fighter: Fighter) -> str:
    career = getattr(fighter, "career", None)
    if career is None:
        return "0-0-0"
    return f"{career.wins}-{career.losses}-{career.draws}"


def division_members(division: Division) -> tuple[bool, list]:
    """Whether ``division`` is fought by camps (a team ruleset), and its members:
    its camps by name, or its fighters with their careers and camps."""
    if division_is_team(division):
        return True, list(division.camps.order_by("name"))
    return False, list(division.fighters.select_related("career", "camp").order_by("name", "id"))


def sides_by_id(division: Division, ids) -> dict:
    """The camps (team ruleset) or fighters with these ids, by id."""
    model = Camp if division_is_team(division) else Fighter
    return model.objects.in_bulk(ids)


@dataclass(frozen=True)
class OfficialsChoices:
    referees: list
    judges: list
    doctors: list
    corners: list


def officials_choices() -> OfficialsChoices:
    return OfficialsChoices(
        referees=list(Referee.objects.filter(is_active=True).order_by("name")),
        judges=list(Judge.objects.filter(is_active=True).order_by("name")),
        doctors=list(Doctor.objects.filter(is_active=True).order_by("name")),
        corners=list(CornerMan.objects.filter(is_available=True).order_by("name")),
    )


def rebook_targets(event: Event) -> list[Event]:
    """The cards of the league a postponed bout of ``event`` may move to: not
    fired yet, on or after its date."""
    return list(
        Event.objects.filter(league_id=event.league_id, fired_at__isnull=True, date__gte=event.date)
        .exclude(pk=event.pk)
        .order_by("date", "id")[:50]
    )


@dataclass
class RegionRow:
    region: Region
    members: list[Fighter]


@dataclass
class LeagueRegions:
    regions: list[RegionRow]
    unassigned: list[Fighter]  # the league's fighters in no region
    fighters: list[Fighter]  # every fighter of the league's rosters, ``region`` set or None


def league_regions(league: League) -> LeagueRegions:
    """The league's regions with their members, and its fighters (those on one of
    its divisions' rosters) with their region: three queries whatever the sizes."""
    regions = list(Region.objects.filter(league=league).order_by("name", "id"))
    members = RegionMember.objects.filter(league=league)
    region_of = dict(members.values_list("fighter_id", "region_id"))
    fighters = list(
        # members too: one who left the rosters can still be taken out
        Fighter.objects.filter(Q(divisions__league=league) | Q(pk__in=members.values("fighter_id")))
        .select_related("career")
        .distinct()
        .order_by("name", "id")
    )
    by_id = {r.pk: r for r in regions}
    rows = {r.pk: RegionRow(r, []) for r in regions}
    unassigned = []
    for fighter in fighters:
        fighter.region = by_id.get(region_of.get(fighter.pk))
        if fighter.region is None:
            unassigned.append(fighter)
        else:
            rows[fighter.region.pk].members.append(fighter)
    return LeagueRegions(list(rows.values()), unassigned, fighters)
