"""A league's rows as one archive (docs/archive.md): the database half.

``export_league`` reads each table once (no query per bout or fighter) and
writes every list in a fixed order — fighters by name, bouts in league order,
each bout's rows in their own — so exporting the same league twice, or an
imported copy of it, gives the same JSON.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q

from bouts.models import (
    Bout,
    BoutFighterLine,
    BoutPlan,
    BoutStatus,
    DefaultPlan,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    MedicalSuspension,
    Result,
    RoundStat,
)
from bouts.report_privacy import PLAN_ROUND_STATS, STANDING
from fighters.models import Camp, CardChange, CornerMan, Fighter, RatingCard
from league.calendar.models import SeasonBreak
from league.models import (
    Award,
    BoutRequest,
    CareerBout,
    CareerState,
    HallOfFamer,
    Ladder,
    LadderChallenge,
    LadderRung,
    League,
    LeagueMembership,
    RegionalTitle,
    RegionalTitleBout,
    RegionMember,
    Season,
    SeasonFixture,
    Title,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    Training,
)
from referees.models import Doctor, Judge, Referee

from . import format as spec
from .codec import encode, to_json
from .json_ids import remap_fighter_list, remap_matchmaking
from .scope import (
    camp_ids_of,
    corner_ids_of,
    fighter_ids_of,
    league_bouts,
    official_ids_of,
)

FOUGHT = (BoutStatus.COMPLETED, BoutStatus.VOIDED)


class Keys:
    """Archive keys of the rows exported so far, by kind and database id."""

    def __init__(self):
        self.by_kind: dict[str, dict[int, str]] = defaultdict(dict)
        self.users: dict[int, str] = {}

    def of(self, kind: str, pk):
        if pk is None:
            return None
        if kind == spec.USER:
            return self.users[pk]
        return self.by_kind[kind][pk]


def _refs(obj, section: spec.Section, keys: Keys) -> dict:
    out = {}
    for name, kind in section.refs.items():
        if name in section.extra:
            continue
        out[name] = keys.of(kind.rstrip("?"), getattr(obj, f"{name}_id"))
    return out


def _item(obj, section: spec.Section, keys: Keys, **extra) -> dict:
    first = {"id": extra.pop("id")} if "id" in extra else {}
    return {**first, **encode(obj, section), **_refs(obj, section, keys), **extra}


def _grouped(rows, attr: str) -> dict:
    out = defaultdict(list)
    for row in rows:
        out[getattr(row, attr)].append(row)
    return out


def _user_names(keys: Keys, user_ids) -> None:
    from django.contrib.auth import get_user_model

    wanted = {pk for pk in user_ids if pk is not None} - set(keys.users)
    User = get_user_model()
    for pk, name in User.objects.filter(pk__in=wanted).values_list("pk", User.USERNAME_FIELD):
        keys.users[pk] = name


def _named(rows, kind: str, keys: Keys, section: spec.Section) -> list[dict]:
    out = []
    for row in rows:
        keys.by_kind[kind][row.pk] = getattr(row, section.key)
        out.append(_item(row, section, keys))
    return out


def _league_item(league: League, keys: Keys) -> dict:
    managers = list(LeagueMembership.objects.filter(league=league).order_by("joined_at", "id"))
    commissioners = list(league.commissioners.order_by("username").values_list("pk", flat=True))
    _user_names(keys, [*commissioners, *(m.user_id for m in managers)])
    _user_names(keys, [m.invited_by_id for m in managers])
    handed_out = {}
    for award in Award.objects.filter(league=league).order_by("season_number", "id"):
        handed_out.setdefault(award.season_number, award)
    _user_refs(handed_out.values(), spec.AWARDS_HANDED_OUT, keys)
    return {
        **encode(league, spec.LEAGUE),
        "commissioners": [keys.users[pk] for pk in commissioners],
        "managers": [
            _item(m, spec.MANAGER, keys, joined_at=to_json(m.joined_at)) for m in managers
        ],
        "awards_handed_out": [_item(a, spec.AWARDS_HANDED_OUT, keys) for a in handed_out.values()],
    }


def _standing_plans(rows, keys: Keys, private: bool) -> list[dict]:
    if not private:
        return []
    return [_item(p, spec.STANDING_PLAN, keys) for p in rows]


def _user_refs(rows, section: spec.Section, keys: Keys) -> None:
    names = [name for name, kind in section.refs.items() if kind.rstrip("?") == spec.USER]
    if names:
        _user_names(keys, [getattr(row, f"{name}_id") for row in rows for name in names])


def _items(rows, section: spec.Section, keys: Keys) -> list[dict]:
    rows = list(rows)
    _user_refs(rows, section, keys)
    return [_item(row, section, keys) for row in rows]


def _fighters(league, fighter_ids, bout_ids, keys: Keys, private: bool) -> list[dict]:
    fighters = list(Fighter.objects.filter(pk__in=fighter_ids).order_by("name", "id"))
    for n, fighter in enumerate(fighters, 1):
        keys.by_kind["fighter"][fighter.pk] = f"F{n}"
    cards = _grouped(
        RatingCard.objects.filter(fighter_id__in=fighter_ids).order_by("ruleset"), "fighter_id"
    )
    changes = list(
        CardChange.objects.filter(fighter_id__in=fighter_ids).order_by(
            "fighter__name", "fighter_id", "changed_at", "id"
        )
    )
    _user_refs(changes, spec.CARD_CHANGE, keys)
    for n, change in enumerate(changes, 1):
        keys.by_kind["card_change"][change.pk] = f"C{n}"
    changes = _grouped(changes, "fighter_id")
    plans = DefaultPlan.objects.filter(fighter_id__in=fighter_ids).order_by("ruleset", "id")
    plans = list(plans) if private else []
    _user_refs(plans, spec.STANDING_PLAN, keys)
    plans = _grouped(plans, "fighter_id")
    suspensions = _grouped(
        MedicalSuspension.objects.filter(fighter_id__in=fighter_ids)
        .filter(Q(bout_id__in=bout_ids) | Q(bout__isnull=True))
        .order_by("starts_on", "ends_on", "id"),
        "fighter_id",
    )
    regions = dict(
        RegionMember.objects.filter(league=league).values_list("fighter_id", "region__name")
    )
    out = []
    for fighter in fighters:
        pk = fighter.pk
        out.append(
            {
                "id": keys.of("fighter", pk),
                **encode(fighter, spec.FIGHTER),
                "camp": keys.of("camp", fighter.camp_id),
                "region": regions.get(pk),
                "cards": [encode(c, spec.CARD) for c in cards[pk]],
                "card_history": [
                    _item(
                        c,
                        spec.CARD_CHANGE,
                        keys,
                        id=keys.of("card_change", c.pk),
                        changed_at=to_json(c.changed_at),
                    )
                    for c in changes[pk]
                ],
                "standing_plans": [_item(p, spec.STANDING_PLAN, keys) for p in plans[pk]],
                "suspensions": [_item(s, spec.SUSPENSION, keys) for s in suspensions[pk]],
            }
        )
    return out


def _divisions(league: League, keys: Keys) -> list[dict]:
    divisions = list(
        league.divisions.order_by("weight_class").prefetch_related("fighters", "camps")
    )
    titles = dict(Title.objects.filter(division__league=league).values_list("division_id", "name"))
    regional = defaultdict(list)
    for division_id, region in (
        RegionalTitle.objects.filter(division__league=league)
        .order_by("region__name")
        .values_list("division_id", "region__name")
    ):
        regional[division_id].append(region)
    out = []
    for division in divisions:
        keys.by_kind["division"][division.pk] = division.weight_class
        out.append(
            {
                **encode(division, spec.DIVISION),
                "title": titles.get(division.pk),
                "fighters": sorted(
                    (keys.of("fighter", f.pk) for f in division.fighters.all()),
                    key=lambda key: int(key[1:]),
                ),
                "camps": sorted(c.name for c in division.camps.all()),
                "regional_titles": regional[division.pk],
            }
        )
    return out


def _seasons(league: League, keys: Keys) -> tuple[list[Season], dict]:
    seasons = list(
        Season.objects.filter(league=league).order_by("division__weight_class", "number")
    )
    for n, season in enumerate(seasons, 1):
        keys.by_kind["season"][season.pk] = f"S{n}"
    fixtures = _grouped(
        SeasonFixture.objects.filter(season__league=league).order_by("position"), "season_id"
    )
    return seasons, fixtures


def _tournaments(league: League, keys: Keys):
    tournaments = list(
        Tournament.objects.filter(league=league)
        .order_by("start_date", "id")
        .prefetch_related("stages")
    )
    for n, tournament in enumerate(tournaments, 1):
        keys.by_kind["tournament"][tournament.pk] = f"T{n}"
    entries = _grouped(
        TournamentEntry.objects.filter(tournament__league=league).order_by("seed"), "tournament_id"
    )
    matches = _grouped(
        TournamentMatch.objects.filter(tournament__league=league).order_by("stage", "id"),
        "tournament_id",
    )
    return tournaments, entries, matches


def _events(league: League, keys: Keys) -> list:
    """The league's events, each given its archive key."""
    events = list(league.events.order_by("date", "id"))
    for n, event in enumerate(events, 1):
        keys.by_kind["event"][event.pk] = f"E{n}"
    return events


def _event_items(events: list, keys: Keys) -> list[dict]:
    fighters = keys.by_kind["fighter"].get
    return [
        _item(
            e,
            spec.EVENT,
            keys,
            id=keys.of("event", e.pk),
            matchmaking=remap_matchmaking(e.matchmaking, fighters, []),
        )
        for e in events
    ]


BOUT_ROWS = {
    "round_stats": RoundStat,
    "judge_scores": JudgeScore,
    "knockdowns": Knockdown,
    "injuries": Injury,
    "fouls": Foul,
    "fighter_lines": BoutFighterLine,
    "plan_versions": BoutPlan,
}


def _standing_sides(bout: Bout) -> set[str]:
    sources = (bout.inputs or {}).get("plan_sources") or {}
    return {
        side
        for side, source in sources.items()
        if isinstance(source, dict) and source.get("kind") == STANDING
    }


def _withhold(bout: Bout, item: dict) -> None:
    """A commissioner's archive: what only staff (and a side's manager) may read —
    an unfought bout's seed and plans, and a standing plan wherever it shows."""
    if bout.status not in FOUGHT:
        item.update(seed=None, plans={}, inputs=None, plan_versions=[])
        return
    standing = _standing_sides(bout)
    if not standing:
        return
    item.update(plans={}, inputs=None)
    if item["result"] is not None:
        item["result"]["engine_result"] = None
    drop = set(PLAN_ROUND_STATS.get(bout.ruleset, ()))
    for line in item["round_stats"]:
        if line["side"] in standing:
            line["stats"] = {k: v for k, v in line["stats"].items() if k not in drop}


def _bouts(bouts: list[Bout], keys: Keys, league: League, private: bool) -> list[dict]:
    ids = [b.pk for b in bouts]
    rows = {}
    for name, model in BOUT_ROWS.items():
        found = list(model.objects.filter(bout_id__in=ids).order_by(*model._meta.ordering, "id"))
        _user_refs(found, spec.BOUT.children[name], keys)
        rows[name] = _grouped(found, "bout_id")
    for name, model in (("trainings", Training), ("career_bouts", CareerBout)):
        found = list(
            model.objects.filter(league=league, bout_id__in=ids).order_by(
                "fighter__name", "fighter_id"
            )
        )
        _user_refs(found, spec.BOUT.children[name], keys)
        rows[name] = _grouped(found, "bout_id")
    results = {r.bout_id: r for r in Result.objects.filter(bout_id__in=ids)}
    regional = dict(
        RegionalTitleBout.objects.filter(bout_id__in=ids).values_list(
            "bout_id", "title__region__name"
        )
    )
    _user_refs(bouts, spec.BOUT, keys)
    out = []
    for bout in bouts:
        result = results.get(bout.pk)
        item = {
            "id": keys.of("bout", bout.pk),
            **_item(bout, spec.BOUT, keys),
            "regional_title": regional.get(bout.pk),
            "result": None
            if result is None
            else {
                **encode(result, spec.BOUT.one["result"]),
                "recorded_at": to_json(result.recorded_at),
            },
        }
        for name, section in spec.BOUT.children.items():
            item[name] = [_item(row, section, keys) for row in rows[name].get(bout.pk, [])]
        for entry, row in zip(item["career_bouts"], rows["career_bouts"].get(bout.pk, [])):
            entry["card_effects"] = [
                {**effect, "change": keys.by_kind["card_change"].get(effect.get("change"))}
                for effect in row.card_effects or []
            ]
        for entry, row in zip(item["plan_versions"], rows["plan_versions"].get(bout.pk, [])):
            entry["created_at"] = to_json(row.created_at)
        if not private:
            _withhold(bout, item)
        out.append(item)
    return out


def _bout_order(bouts: list[Bout], keys: Keys) -> list[Bout]:
    """League order (date, event, place on the card), by archive key of the event
    so that a copy, whose ids differ, exports in the same order."""

    def key(bout):
        event = keys.of("event", bout.event_id)
        return (bout.date, int(event[1:]) if event else 0, bout.order, bout.pk)

    return sorted(bouts, key=key)


def export_league(league: League, *, include_private: bool = True) -> dict:
    """``league`` and every row it owns as an archive (docs/archive.md).

    ``include_private``: the seeds and plans of bouts not yet fought and the
    managers' standing plans, which only staff may read; without them the
    archive says ``"complete": false`` and cannot be imported."""
    return export_with_keys(league, include_private=include_private)[0]


def export_with_keys(league: League, *, include_private: bool = True) -> tuple[dict, Keys]:
    """The archive and the archive key of each exported row (``Keys.of(kind,
    id)``): what compares a league with its imported copy."""
    keys = Keys()
    bouts = list(league_bouts(league))
    bout_ids = [b.pk for b in bouts]
    fighter_ids = fighter_ids_of(league, bout_ids)
    camp_ids = camp_ids_of(league, fighter_ids, bout_ids)
    corner_ids = corner_ids_of(bout_ids, camp_ids)

    archive = {"format": spec.FORMAT, "version": spec.VERSION, "complete": include_private}
    archive["league"] = _league_item(league, keys)
    archive["regions"] = _named(
        league.regions.order_by("name"), "region", keys, spec.SECTIONS["regions"]
    )
    _shared_items(archive, keys, bouts, camp_ids, corner_ids, include_private)
    # Keys first (rows refer to each other both ways), then the items.
    seasons, fixtures = _seasons(league, keys)
    tournaments, entries, matches = _tournaments(league, keys)
    events = _events(league, keys)
    bouts = _bout_order(bouts, keys)
    for n, bout in enumerate(bouts, 1):
        keys.by_kind["bout"][bout.pk] = f"B{n}"
    archive["fighters"] = _fighters(league, fighter_ids, bout_ids, keys, include_private)
    archive["divisions"] = _divisions(league, keys)
    archive["events"] = _event_items(events, keys)
    bout_items = _bouts(bouts, keys, league, include_private)
    _schedule_items(archive, keys, (seasons, fixtures), (tournaments, entries, matches))
    archive["bouts"] = bout_items
    _league_rows(archive, league, keys)
    _ladders(archive, league, keys)
    return {name: archive[name] for name in spec.TOP_LEVEL}, keys


def _schedule_items(archive, keys: Keys, season_rows, bracket_rows) -> None:
    """Seasons and brackets: they point at bouts, so they are made once bouts
    have keys."""
    seasons, fixtures = season_rows
    tournaments, entries, matches = bracket_rows
    archive["seasons"] = [
        _item(
            season,
            spec.SEASON,
            keys,
            id=keys.of("season", season.pk),
            fixtures=[_item(f, spec.FIXTURE, keys) for f in fixtures[season.pk]],
        )
        for season in seasons
    ]
    archive["tournaments"] = [
        _item(
            t,
            spec.TOURNAMENT,
            keys,
            id=keys.of("tournament", t.pk),
            stages=[_item(s, spec.STAGE, keys) for s in t.stages.all()],
            entries=[_item(e, spec.ENTRY, keys) for e in entries[t.pk]],
            matches=[_item(m, spec.MATCH, keys) for m in matches[t.pk]],
        )
        for t in tournaments
    ]


def _shared_items(archive, keys: Keys, bouts, camp_ids, corner_ids, include_private) -> None:
    """Camps, officials and corner men (the site's shared rows the league uses)."""
    sections = spec.SECTIONS
    camps = list(Camp.objects.filter(pk__in=camp_ids).order_by("name"))
    _user_refs(camps, sections["camps"], keys)
    for camp in camps:
        keys.by_kind["camp"][camp.pk] = camp.name
    camp_plans = _grouped(
        DefaultPlan.objects.filter(camp_id__in=camp_ids).order_by("ruleset", "id")
        if include_private
        else [],
        "camp_id",
    )
    _user_refs([p for rows in camp_plans.values() for p in rows], spec.STANDING_PLAN, keys)
    archive["camps"] = [
        _item(
            camp,
            sections["camps"],
            keys,
            standing_plans=[_item(p, spec.STANDING_PLAN, keys) for p in camp_plans[camp.pk]],
        )
        for camp in camps
    ]
    for name, model in (("referees", Referee), ("judges", Judge), ("doctors", Doctor)):
        archive[name] = _named(
            model.objects.filter(pk__in=official_ids_of(bouts, name)).order_by("name"),
            sections[name].kind,
            keys,
            sections[name],
        )
    archive["corner_men"] = _named(
        CornerMan.objects.filter(pk__in=corner_ids).order_by("name"),
        "corner_man",
        keys,
        sections["corner_men"],
    )


def _league_rows(archive, league: League, keys: Keys) -> None:
    """Requests, career states, season breaks and the hall of fame."""
    sections = spec.SECTIONS
    requests = list(BoutRequest.objects.filter(league=league).order_by("created_at", "id"))
    _user_refs(requests, sections["bout_requests"], keys)
    archive["bout_requests"] = [
        _item(r, sections["bout_requests"], keys, created_at=to_json(r.created_at))
        for r in requests
    ]
    archive["career_states"] = _items(
        CareerState.objects.filter(league=league).order_by("fighter__name", "fighter_id"),
        sections["career_states"],
        keys,
    )
    archive["season_breaks"] = [
        {
            **item,
            "retire_due": remap_fighter_list(item["retire_due"], keys.by_kind["fighter"].get, []),
        }
        for item in _items(
            SeasonBreak.objects.filter(league=league).order_by("number"),
            sections["season_breaks"],
            keys,
        )
    ]
    archive["hall_of_fame"] = _items(
        HallOfFamer.objects.filter(league=league).order_by("inducted_on", "id"),
        sections["hall_of_fame"],
        keys,
    )


def _ladders(archive, league: League, keys: Keys) -> None:
    """Challenge ladders with their rungs and challenges (docs/competitions.md)."""
    ladders = list(Ladder.objects.filter(league=league).order_by("id"))
    rungs = _grouped(LadderRung.objects.filter(ladder__league=league).order_by("rank"), "ladder_id")
    challenges = _grouped(
        LadderChallenge.objects.filter(ladder__league=league).order_by("id"), "ladder_id"
    )
    _user_refs([c for rows in challenges.values() for c in rows], spec.CHALLENGE, keys)
    archive["ladders"] = [
        _item(
            ladder,
            spec.LADDER,
            keys,
            rungs=[_item(r, spec.RUNG, keys) for r in rungs[ladder.pk]],
            challenges=[_item(c, spec.CHALLENGE, keys) for c in challenges[ladder.pk]],
        )
        for ladder in ladders
    ]
