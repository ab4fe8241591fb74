"""An archive written into the database as a new league (docs/archive.md).

``import_league`` checks the whole archive's shape and references first
(``validate.archive_problems``, pure), then writes it in one transaction, each
row ``full_clean``-ed, and rebuilds every derived table from the bouts
(``derived.rebuild_league``): a problem anywhere raises ``ArchiveError`` naming
the place, and nothing is written.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from fighters import list_cache
from fighters.models import Camp, CornerMan
from league.models import Division, League, LeagueMembership, Region, RegionalTitle, Title
from league.services.setup import can_create_league
from referees.models import Doctor, Judge, Referee

from . import format as spec
from .bout_rows import write_bouts, write_late_rows, write_schedule
from .codec import decode
from .derived import hand_out_awards, rebuild_league
from .fighter_rows import write_fighters
from .validate import archive_problems
from .writer import ArchiveError, Writer


def import_league(data, *, by, slug: str | None = None, name: str | None = None) -> League:
    """A new league from archive ``data``; ``slug``/``name``: the new league's,
    when the archive's are taken. ``by``: staff, or a user allowed to create
    leagues (who then commissions the imported league too); ``None``: the
    operator (the command line)."""
    if by is not None and not can_create_league(by):
        raise PermissionDenied("Importing a league needs an administrator's permission.")
    problems = archive_problems(data)
    if problems:
        raise ArchiveError(problems)
    league_item = data["league"]
    slug = slug or league_item.get("slug")
    name = name or league_item.get("name")
    wrong = [
        f"league.{field}: must be text"
        for field, value in (("slug", slug), ("name", name))
        if not isinstance(value, str) or not value
    ]
    if wrong:
        raise ArchiveError(wrong)
    taken = []
    if League.objects.filter(slug=slug).exists():
        taken.append(f"league.slug: a league {slug!r} exists already; import it under a new slug")
    if League.objects.filter(name=name).exists():
        taken.append(f"league.name: a league named {name!r} exists already; give it a new name")
    if taken:
        raise ArchiveError(taken)
    try:
        with transaction.atomic():
            writer = Writer()
            league = _write(writer, data, by=by, slug=slug, name=name)
            rebuild_league(league, fighter_ids=writer.ids.get("fighter", {}).values())
            _no_new_belts(league, data)
            hand_out_awards(writer, league, data["league"].get("awards_handed_out", []))
    except IntegrityError as error:
        # The database's own words name constraints, not places: say what it means.
        raise ArchiveError(
            [
                "archive: two of its rows clash (the same place on a card, the same name in "
                "a camp, the same key twice), or clash with rows this site has"
            ]
        ) from error
    list_cache.changed()
    return league


def _write(writer: Writer, data: dict, *, by, slug: str, name: str) -> League:
    _users(writer, data)
    league = _league(writer, data["league"], by=by, slug=slug, name=name)
    regions = data.get("regions", [])
    objs = [
        writer.build(item, spec.SECTIONS["regions"], f"regions[{n}]", league_id=league.pk)
        for n, item in enumerate(regions)
    ]
    writer.check()
    writer.register("region", regions, writer.insert(Region, objs), "name")
    _shared(writer, data, staff=by is None or by.is_staff)
    write_fighters(writer, data.get("fighters", []), league)
    _divisions(writer, data.get("divisions", []), league)
    write_schedule(writer, data, league)
    write_bouts(writer, data.get("bouts", []), league)
    write_late_rows(writer, data, league)
    writer.check()
    return league


def _usernames(data: dict) -> set[str]:
    """Every username the archive names (wherever a section refers to a user)."""
    found: set[str] = set(data["league"].get("commissioners", []))

    def walk(section: spec.Section, items) -> None:
        for item in items or ():
            for name, kind in section.refs.items():
                if kind.rstrip("?") == spec.USER and item.get(name):
                    found.add(item[name])
            for child_name, child in section.children.items():
                walk(child, item.get(child_name))
            for child_name, child in section.one.items():
                walk(child, [item[child_name]] if item.get(child_name) else [])

    walk(spec.LEAGUE, [data["league"]])
    for name, section in spec.SECTIONS.items():
        walk(section, data.get(name))
    return found


def _users(writer: Writer, data: dict) -> None:
    """Accounts by username; one the database lacks is made without a password
    (it signs in once a password is set for it)."""
    User = get_user_model()
    wanted = sorted(_usernames(data))
    field = User.USERNAME_FIELD
    have = dict(User.objects.filter(**{f"{field}__in": wanted}).values_list(field, "pk"))
    for username in wanted:
        if username in have:
            continue
        user = User(**{field: username})
        user.set_unusable_password()
        writer.clean(user, f"users ({username!r})")
        writer.check()
        user.save()
        have[username] = user.pk
    writer.ids[spec.USER] = have


def _league(writer: Writer, item: dict, *, by, slug: str, name: str) -> League:
    fields = {
        k: v for k, v in item.items() if k not in ("commissioners", "managers", "awards_handed_out")
    }
    league = League(**decode(fields, spec.LEAGUE, "league", writer.problems))
    league.slug, league.name = slug, name
    writer.clean(league, "league", full=True)
    writer.check()
    league.save()
    commissioners = [writer.ref(spec.USER, u) for u in item.get("commissioners", [])]
    if by is not None and not by.is_staff:
        commissioners.append(by.pk)
    league.commissioners.set(sorted(set(commissioners)))
    managers = item.get("managers", [])
    objs = [
        writer.build(m, spec.MANAGER, f"league.managers[{n}]", league_id=league.pk)
        for n, m in enumerate(managers)
    ]
    writer.check()
    objs = writer.insert(LeagueMembership, objs)
    writer.keep_times(objs, managers, "joined_at", "league.managers")
    return league


def _shared(writer: Writer, data: dict, *, staff: bool) -> None:
    """Camps, officials and corner men are the installation's, shared by its
    leagues: one of the same name is used as it is; the others are added. Only
    staff imports into camps that exist: their fighters would be given the
    archive's bouts, and their managers' other leagues would see them."""
    for name, model in (
        ("camps", Camp),
        ("referees", Referee),
        ("judges", Judge),
        ("doctors", Doctor),
        ("corner_men", CornerMan),
    ):
        section = spec.SECTIONS[name]
        items = data.get(name, [])
        have = dict(
            model.objects.filter(name__in=[i["name"] for i in items]).values_list("name", "pk")
        )
        if name == "camps" and not staff:
            for n, item in enumerate(items):
                if item["name"] in have:
                    writer.problems.append(
                        f"camps[{n}].name: a camp named {item['name']!r} exists on this site; "
                        "only staff imports a league into camps that exist"
                    )
        new = [(n, i) for n, i in enumerate(items) if i["name"] not in have]
        objs = [writer.build(i, section, f"{name}[{n}]", full=True) for n, i in new]
        writer.check()
        objs = writer.insert(model, objs)
        if name == "camps":
            writer.reused_camps = set(have)
        have.update({obj.name: obj.pk for obj in objs})
        writer.ids[section.kind] = have


def _divisions(writer: Writer, divisions: list[dict], league: League) -> None:
    objs = [
        writer.build(item, spec.DIVISION, f"divisions[{n}]", league_id=league.pk)
        for n, item in enumerate(divisions)
    ]
    writer.check()
    objs = writer.insert(Division, objs)
    writer.register("division", divisions, objs, "weight_class")
    roster, camps, titles, regional = [], [], [], []
    for item, division in zip(divisions, objs):
        roster += [
            Division.fighters.through(division_id=division.pk, fighter_id=writer.ref("fighter", f))
            for f in item.get("fighters", [])
        ]
        camps += [
            Division.camps.through(division_id=division.pk, camp_id=writer.ref("camp", c))
            for c in item.get("camps", [])
        ]
        if item.get("title"):
            titles.append(Title(division=division, name=str(item["title"])[:160]))
        regional += [
            RegionalTitle(division=division, region_id=writer.ref("region", r))
            for r in item.get("regional_titles", [])
        ]
    writer.insert(Division.fighters.through, roster)
    writer.insert(Division.camps.through, camps)
    writer.insert(Title, titles)
    writer.insert(RegionalTitle, regional)


def _no_new_belts(league: League, data: dict) -> None:
    """The rebuild makes a division's belt row when it walks the lineage; a
    division that had none (no title bout yet) is left without one, as it was."""
    titled = {d["weight_class"] for d in data.get("divisions", []) if d.get("title")}
    Title.objects.filter(
        division__league=league, reigns__isnull=True, champion__isnull=True
    ).exclude(division__weight_class__in=titled).filter(champion_camp__isnull=True).delete()
