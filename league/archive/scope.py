"""Which rows a league's archive holds: everyone and everything its rows name
(its rosters, its camps' fighters, the sides, corners and officials of its bouts,
its fixtures, brackets, requests, regions and hall of fame). A few queries per
table, none per bout."""

from __future__ import annotations

from django.db.models import Q

from bouts.models import Bout, BoutFighterLine, Foul, Injury, JudgeScore, Knockdown
from fighters.models import Camp, CornerMan, Fighter
from league.models import (
    BoutRequest,
    CareerState,
    HallOfFamer,
    League,
    RegionMember,
    SeasonFixture,
    Tournament,
    TournamentEntry,
)


def league_bouts(league: League):
    return Bout.objects.filter(Q(event__league=league) | Q(division__league=league)).distinct()


def fighter_ids_of(league: League, bout_ids: list[int]) -> set[int]:
    """Every fighter the league's rows name: its rosters, its camps' fighters, the
    sides and lines of its bouts, its fixtures, brackets, requests and regions."""
    ids = set(Fighter.objects.filter(divisions__league=league).values_list("id", flat=True))
    ids |= set(Fighter.objects.filter(camp__divisions__league=league).values_list("id", flat=True))
    bouts = Bout.objects.filter(pk__in=bout_ids)
    for red, blue in bouts.values_list("red_id", "blue_id"):
        ids.update((red, blue))
    for model in (BoutFighterLine, Knockdown, Injury, Foul):
        ids.update(model.objects.filter(bout_id__in=bout_ids).values_list("fighter_id", flat=True))
    fixtures = SeasonFixture.objects.filter(season__league=league)
    for red, blue in fixtures.values_list("red_id", "blue_id"):
        ids.update((red, blue))
    ids.update(
        TournamentEntry.objects.filter(tournament__league=league).values_list(
            "fighter_id", flat=True
        )
    )
    ids.update(Tournament.objects.filter(league=league).values_list("champion_id", flat=True))
    for fighter, opponent in BoutRequest.objects.filter(league=league).values_list(
        "fighter_id", "opponent_id"
    ):
        ids.update((fighter, opponent))
    ids.update(CareerState.objects.filter(league=league).values_list("fighter_id", flat=True))
    ids.update(RegionMember.objects.filter(league=league).values_list("fighter_id", flat=True))
    ids.update(HallOfFamer.objects.filter(league=league).values_list("fighter_id", flat=True))
    ids.discard(None)
    return ids


def camp_ids_of(league: League, fighter_ids: set[int], bout_ids: list[int]) -> set[int]:
    ids = set(Camp.objects.filter(divisions__league=league).values_list("id", flat=True))
    ids.update(Fighter.objects.filter(pk__in=fighter_ids).values_list("camp_id", flat=True))
    for red, blue in Bout.objects.filter(pk__in=bout_ids).values_list(
        "red_camp_id", "blue_camp_id"
    ):
        ids.update((red, blue))
    fixtures = SeasonFixture.objects.filter(season__league=league)
    for red, blue in fixtures.values_list("red_camp_id", "blue_camp_id"):
        ids.update((red, blue))
    ids.update(
        TournamentEntry.objects.filter(tournament__league=league).values_list("camp_id", flat=True)
    )
    ids.update(Tournament.objects.filter(league=league).values_list("champion_camp_id", flat=True))
    for camp, other in BoutRequest.objects.filter(league=league).values_list(
        "camp_id", "opponent_camp_id"
    ):
        ids.update((camp, other))
    ids.update(
        CornerMan.objects.filter(pk__in=corner_ids_of(bout_ids, ())).values_list(
            "camp_id", flat=True
        )
    )
    ids.discard(None)
    return ids


def corner_ids_of(bout_ids: list[int], camp_ids) -> set[int]:
    """The corner men of the league's bouts and of its camps."""
    ids = set(CornerMan.objects.filter(camp_id__in=list(camp_ids)).values_list("id", flat=True))
    for red, blue in Bout.objects.filter(pk__in=bout_ids).values_list(
        "red_corner_id", "blue_corner_id"
    ):
        ids.update((red, blue))
    ids.discard(None)
    return ids


def official_ids_of(bouts: list[Bout], section: str) -> set[int]:
    columns = {
        "referees": ("referee_id",),
        "judges": ("judge_1_id", "judge_2_id", "judge_3_id"),
        "doctors": ("doctor_id",),
    }[section]
    ids = {getattr(b, c) for b in bouts for c in columns}
    if section == "judges":
        ids.update(
            JudgeScore.objects.filter(bout_id__in=[b.pk for b in bouts]).values_list(
                "judge_id", flat=True
            )
        )
    ids.discard(None)
    return ids


def league_fighter_ids(league: League) -> set[int]:
    """The fighters ``league``'s rows name (its archive's fighters)."""
    return fighter_ids_of(league, list(league_bouts(league).values_list("pk", flat=True)))
