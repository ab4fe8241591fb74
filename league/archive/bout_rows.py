"""The import's schedule and bout rows: seasons, brackets, events, bouts with
their whole record, and the rows that point at bouts (fixtures, bracket matches,
suspensions, requests, the career game's ledgers, ladders)."""

from __future__ import annotations

from bouts.models import (
    Bout,
    BoutFighterLine,
    BoutPlan,
    DefaultPlan,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    MedicalSuspension,
    Result,
    RoundStat,
)
from league.calendar.models import SeasonBreak
from league.models import (
    BoutRequest,
    CareerBout,
    CareerState,
    Event,
    HallOfFamer,
    Ladder,
    LadderChallenge,
    LadderRung,
    League,
    RegionalTitle,
    RegionalTitleBout,
    Season,
    SeasonFixture,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStage,
    Training,
)

from . import format as spec
from .json_ids import remap_fighter_list, remap_matchmaking
from .writer import Writer

CHILD_MODELS = {
    "round_stats": RoundStat,
    "judge_scores": JudgeScore,
    "knockdowns": Knockdown,
    "injuries": Injury,
    "fouls": Foul,
    "fighter_lines": BoutFighterLine,
    "plan_versions": BoutPlan,
    "trainings": Training,
    "career_bouts": CareerBout,
}
LEAGUE_ROWS = ("trainings", "career_bouts")  # rows that name their league


def _section(writer: Writer, data: dict, name: str, model, kind: str, **fixed) -> list:
    items = data.get(name, [])
    section = spec.SECTIONS[name]
    objs = [writer.build(item, section, f"{name}[{n}]", **fixed) for n, item in enumerate(items)]
    writer.check()
    objs = writer.insert(model, objs)
    writer.register(kind, items, objs, "id")
    return objs


def _children(
    writer: Writer, items, parent_ids, name: str, section, model, parent: str, where: str
):
    """Nested items (``item[name]``) of the rows ``parent_ids`` of ``where``."""
    rows = []
    for n, (item, parent_id) in enumerate(zip(items, parent_ids)):
        for k, child in enumerate(item.get(name, [])):
            rows.append(
                writer.build(
                    child, section, f"{where}[{n}].{name}[{k}]", **{f"{parent}_id": parent_id}
                )
            )
    writer.check()
    return writer.insert(model, rows)


def write_schedule(writer: Writer, data: dict, league: League) -> None:
    _section(writer, data, "seasons", Season, "season", league_id=league.pk)
    tournaments = _section(
        writer, data, "tournaments", Tournament, "tournament", league_id=league.pk
    )
    _children(
        writer,
        data.get("tournaments", []),
        [t.pk for t in tournaments],
        "stages",
        spec.STAGE,
        TournamentStage,
        "tournament",
        "tournaments",
    )
    _children(
        writer,
        data.get("tournaments", []),
        [t.pk for t in tournaments],
        "entries",
        spec.ENTRY,
        TournamentEntry,
        "tournament",
        "tournaments",
    )
    _events(writer, data.get("events", []), league)


def _events(writer: Writer, events: list[dict], league: League) -> None:
    """Events; their weekly matchmaking notes name fighters by archive key."""
    objs = []
    fighters = writer.ids.get("fighter", {})
    for n, item in enumerate(events):
        event = writer.build(item, spec.EVENT, f"events[{n}]", league_id=league.pk)
        missing = []
        event.matchmaking = remap_matchmaking(event.matchmaking, fighters.get, missing)
        for key in missing:
            writer.problems.append(f"events[{n}].matchmaking: no fighter {key!r} in this archive")
        objs.append(event)
    writer.check()
    writer.register("event", events, writer.insert(Event, objs), "id")


def write_bouts(writer: Writer, bouts: list[dict], league: League) -> None:
    objs = [writer.build(item, spec.BOUT, f"bouts[{n}]") for n, item in enumerate(bouts)]
    writer.check()
    objs = writer.insert(Bout, objs)
    writer.register("bout", bouts, objs, "id")
    results, with_result = [], []
    for n, (item, bout) in enumerate(zip(bouts, objs)):
        if item.get("result") is not None:
            section = spec.BOUT.one["result"]
            results.append(
                writer.build(item["result"], section, f"bouts[{n}].result", bout_id=bout.pk)
            )
            with_result.append(item["result"])
    writer.check()
    results = writer.insert(Result, results)
    writer.keep_times(results, with_result, "recorded_at", "bouts[].result")
    for name, section in spec.BOUT.children.items():
        fixed = {"league_id": league.pk} if name in LEAGUE_ROWS else {}
        rows, items = [], []
        for n, (item, bout) in enumerate(zip(bouts, objs)):
            for k, child in enumerate(item.get(name, [])):
                where = f"bouts[{n}].{name}[{k}]"
                row = writer.build(child, section, where, bout_id=bout.pk, **fixed)
                if name == "career_bouts":
                    row.card_effects = _effects(writer, row.card_effects, where)
                rows.append(row)
                items.append(child)
        writer.check()
        rows = writer.insert(CHILD_MODELS[name], rows)
        if name == "plan_versions":
            writer.keep_times(rows, items, "created_at", "bouts[].plan_versions")
    _regional_title_bouts(writer, bouts, objs)


def _effects(writer: Writer, effects, where: str) -> list:
    """A career bout's card effects name card changes by archive key."""
    if not isinstance(effects, list):
        writer.problems.append(f"{where}.card_effects: must be a list")
        return []
    out = []
    for effect in effects:
        change = effect.get("change") if isinstance(effect, dict) else None
        if change is not None and change not in writer.ids.get("card_change", {}):
            writer.problems.append(
                f"{where}.card_effects: no card change {change!r} in this archive"
            )
            continue
        out.append(
            {**effect, "change": writer.ref("card_change", change)}
            if isinstance(effect, dict)
            else effect
        )
    return out


def _retire_due(writer: Writer, due, where: str) -> list:
    """A season break's fighters due to retire name them by archive key."""
    missing = []
    out = remap_fighter_list(due, writer.ids.get("fighter", {}).get, missing)
    for key in missing:
        writer.problems.append(f"{where}: no fighter {key!r} in this archive")
    return out


def _regional_title_bouts(writer: Writer, bouts: list[dict], objs: list) -> None:
    marked = [(n, i, b) for n, (i, b) in enumerate(zip(bouts, objs)) if i.get("regional_title")]
    if not marked:
        return
    belts = {
        (t.division_id, t.region_id): t.pk
        for t in RegionalTitle.objects.filter(division_id__in={b.division_id for _, _, b in marked})
    }
    rows = []
    for n, item, bout in marked:
        region = writer.ref("region", item["regional_title"])
        title = belts.get((bout.division_id, region))
        if title is None:
            writer.problems.append(
                f"bouts[{n}].regional_title: its division has no {item['regional_title']!r} title"
            )
            continue
        rows.append(RegionalTitleBout(bout_id=bout.pk, title_id=title))
    writer.check()
    writer.insert(RegionalTitleBout, rows)


def write_late_rows(writer: Writer, data: dict, league: League) -> None:
    """The rows that point at bouts, and the standing plans."""
    seasons = data.get("seasons", [])
    season_ids = [writer.ref("season", s["id"]) for s in seasons]
    _children(
        writer, seasons, season_ids, "fixtures", spec.FIXTURE, SeasonFixture, "season", "seasons"
    )
    tournaments = data.get("tournaments", [])
    bracket_ids = [writer.ref("tournament", t["id"]) for t in tournaments]
    _children(
        writer,
        tournaments,
        bracket_ids,
        "matches",
        spec.MATCH,
        TournamentMatch,
        "tournament",
        "tournaments",
    )
    _fighter_rows(writer, data)
    requests = data.get("bout_requests", [])
    section = spec.SECTIONS["bout_requests"]
    objs = [
        writer.build(r, section, f"bout_requests[{n}]", league_id=league.pk)
        for n, r in enumerate(requests)
    ]
    writer.check()
    objs = writer.insert(BoutRequest, objs)
    writer.keep_times(objs, requests, "created_at", "bout_requests")
    states = data.get("career_states", [])
    section = spec.SECTIONS["career_states"]
    objs = [
        writer.build(s, section, f"career_states[{n}]", league_id=league.pk)
        for n, s in enumerate(states)
    ]
    writer.check()
    writer.insert(CareerState, objs)
    breaks = data.get("season_breaks", [])
    objs = []
    for n, item in enumerate(breaks):
        row = writer.build(
            item, spec.SECTIONS["season_breaks"], f"season_breaks[{n}]", league_id=league.pk
        )
        row.retire_due = _retire_due(writer, row.retire_due, f"season_breaks[{n}].retire_due")
        objs.append(row)
    writer.check()
    writer.insert(SeasonBreak, objs)
    inducted = data.get("hall_of_fame", [])
    section = spec.SECTIONS["hall_of_fame"]
    objs = [
        writer.build(h, section, f"hall_of_fame[{n}]", league_id=league.pk)
        for n, h in enumerate(inducted)
    ]
    writer.check()
    writer.insert(HallOfFamer, objs)
    _ladders(writer, data.get("ladders", []), league)


def _ladders(writer: Writer, ladders: list[dict], league: League) -> None:
    """Challenge ladders, their rungs and their challenges (after the bouts)."""
    objs = [
        writer.build(item, spec.LADDER, f"ladders[{n}]", league_id=league.pk)
        for n, item in enumerate(ladders)
    ]
    writer.check()
    objs = writer.insert(Ladder, objs)
    ids = [o.pk for o in objs]
    for name, section, model in (
        ("rungs", spec.RUNG, LadderRung),
        ("challenges", spec.CHALLENGE, LadderChallenge),
    ):
        _children(writer, ladders, ids, name, section, model, "ladder", "ladders")


def _fighter_rows(writer: Writer, data: dict) -> None:
    """Suspensions and standing plans of fighters and camps. A reused fighter or
    camp (``fighter_rows``) has his standing plans and his suspensions of no
    bout already; his suspensions from this league's bouts are new."""
    reused = writer.reused_fighters
    fighters = [
        {
            **f,
            "standing_plans": [] if f["id"] in reused else f.get("standing_plans", []),
            "suspensions": [
                s for s in f.get("suspensions", []) if f["id"] not in reused or s.get("bout")
            ],
        }
        for f in data.get("fighters", [])
    ]
    fighter_ids = [writer.ref("fighter", f["id"]) for f in fighters]
    for name, section, model in (
        ("suspensions", spec.SUSPENSION, MedicalSuspension),
        ("standing_plans", spec.STANDING_PLAN, DefaultPlan),
    ):
        _children(writer, fighters, fighter_ids, name, section, model, "fighter", "fighters")
    camps = [c for c in data.get("camps", []) if c["name"] not in writer.reused_camps]
    camp_ids = [writer.ref("camp", c["name"]) for c in camps]
    _children(
        writer, camps, camp_ids, "standing_plans", spec.STANDING_PLAN, DefaultPlan, "camp", "camps"
    )
