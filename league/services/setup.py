"""Setting a league up: the league itself, its divisions, events and a generated
roster. Every write checks its permission here, whichever door it came through
(the commissioner's console, a command, a test).

Who may do what:
- create a league: staff, or a user holding the ``league.add_league`` permission
  (granted by an admin); the creator becomes the league's commissioner;
- edit a league, add divisions, events and fighters: its commissioners and staff.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q

from bouts.engine import get_ruleset
from bouts.engine.registry import RULESETS
from bouts.models import Bout
from fighters.roster import plan_roster
from fighters.services import roster_create
from fighters.weight_classes import WeightClass
from league.models import Division, Event, League
from league.services.membership import require_commissioner
from league.services.seasons import season_schedule
from league.services.tournaments import tournament_create

LEAGUE_FIELDS = (
    "name",
    "slug",
    "ruleset",
    "description",
    "rounds",
    "title_rounds",
    "points_win",
    "points_draw",
    "points_loss",
    "points_stoppage_bonus",
    "start_date",
    "clock",
    "days_between_events",
    "fight_time",
    "rest_days",
    "separate_camps",
    "title_inactivity_days",
    "title_suspension_days",
    "development",
    "medical_suspensions",
    "walkover_on_postponement",
    "bouts_per_event",
    "auto_approve_requests",
    "career_mode",
    "point_budget",
    "hide_cards",
    "training_keep_rule",
    "aging_damage",
    "fight_weekday",
    "rematch_weeks",
    "card_lead_days",
    "title_rule",
    "regions_enabled",
    "contenders_per_region",
    "auto_advance_seasons",
    "roster_size",
    "hall_of_fame_wins",
)
ROSTER_MAX = 64  # fighters generated at once from the console


def can_create_league(user) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and (user.is_staff or user.has_perm("league.add_league"))
    )


def _check_ruleset(ruleset) -> None:
    if ruleset not in RULESETS:
        raise ValidationError(
            {"ruleset": [f"Unknown ruleset {ruleset!r} (known: {', '.join(sorted(RULESETS))})."]}
        )


# The league's distances are capped by the model (a league's bouts are at most 15 rounds).
LEAGUE_MAX_ROUNDS = 15


def ruleset_distances(ruleset: str) -> dict:
    """The usual distances under ``ruleset``: its default bout length, and a
    championship distance of at least 12 rounds where the ruleset allows it."""
    rules = get_ruleset(ruleset)
    longest = min(rules.max_rounds, LEAGUE_MAX_ROUNDS)
    rounds = min(rules.default_rounds, longest)
    return {"rounds": rounds, "title_rounds": min(max(rounds, 12), longest)}


def league_create(*, user, **fields) -> League:
    """A new league; its creator becomes its commissioner. A distance left out
    (or empty) is the ruleset's usual one (``ruleset_distances``)."""
    if not can_create_league(user):
        raise PermissionDenied("Creating a league needs an administrator's permission.")
    unknown = sorted(set(fields) - set(LEAGUE_FIELDS))
    if unknown:
        raise ValidationError({unknown[0]: ["Not a league setting."]})
    _check_ruleset(fields.get("ruleset"))
    for name, value in ruleset_distances(fields["ruleset"]).items():
        if fields.get(name) is None:
            fields[name] = value
    league = League(**fields)
    league.full_clean()
    with transaction.atomic():
        league.save()
        league.commissioners.add(user)
    return league


def league_update(*, user, league: League, **fields) -> League:
    """Change a league's settings. Its ruleset is fixed once it has bouts or
    a season (whose fixtures are to be fought under it)."""
    require_commissioner(user, league)
    unknown = sorted(set(fields) - set(LEAGUE_FIELDS))
    if unknown:
        raise ValidationError({unknown[0]: ["Not a league setting."]})
    if "ruleset" in fields:
        _check_ruleset(fields["ruleset"])
        fought = Bout.objects.filter(Q(event__league=league) | Q(division__league=league))
        if fields["ruleset"] != league.ruleset and (fought.exists() or league.seasons.exists()):
            raise ValidationError(
                {"ruleset": ["The league has bouts or a season: its ruleset can no longer change."]}
            )
    for name, value in fields.items():
        setattr(league, name, value)
    league.full_clean()
    league.save()
    return league


def division_create(*, user, league: League, weight_class: str, name: str = "") -> Division:
    require_commissioner(user, league)
    if weight_class not in WeightClass.values:
        raise ValidationError({"weight_class": [f"Unknown weight class {weight_class!r}."]})
    division = Division(
        league=league,
        weight_class=weight_class,
        name=name or WeightClass(weight_class).label,
    )
    division.full_clean()
    division.save()
    return division


def division_update(*, user, division: Division, name: str) -> Division:
    require_commissioner(user, division.league)
    division.name = name
    division.full_clean()
    division.save(update_fields=["name"])
    return division


def season_update(*, user, season, name: str):
    """Rename a season (its schedule is its fight nights': re-book or void bouts)."""
    require_commissioner(user, season.league)
    season.name = name
    season.full_clean()
    season.save(update_fields=["name"])
    return season


def event_create(
    *, user, league: League, name: str, date: dt.date, venue: str = "", season=None
) -> Event:
    require_commissioner(user, league)
    event = Event(league=league, name=name, date=date, venue=venue, season=season)
    event.full_clean()
    event.save()
    return event


def event_update(*, user, event: Event, name: str, date: dt.date, venue: str = "") -> Event:
    """Rename or move a card; its bouts move with it while none has been fought."""
    require_commissioner(user, event.league)
    moved = date != event.date
    if moved and event.bouts.exclude(status="scheduled").exists():
        raise ValidationError(
            {"date": ["Bouts of this card are queued or fought: it cannot move."]}
        )
    event.name, event.date, event.venue = name, date, venue
    event.full_clean()
    with transaction.atomic():
        event.save(update_fields=["name", "date", "venue"])
        if moved:
            event.bouts.update(date=date)
    return event


def division_roster_generate(*, user, division: Division, count: int, seed: int) -> dict:
    """``count`` generated fighters (cards from the ruleset's generator, in camps
    with corner men) added to ``division``'s roster."""
    league = division.league
    require_commissioner(user, league)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= ROSTER_MAX:
        raise ValidationError({"count": [f"Generate between 1 and {ROSTER_MAX} fighters."]})
    plan = plan_roster(
        ruleset=league.ruleset, count=count, seed=seed, weight_classes=[division.weight_class]
    )
    with transaction.atomic():
        return roster_create(plan=plan, divisions={division.weight_class: division}, user=user)


def season_start(*, user, division: Division, start_date=None, seed: int = 0, fight_now=False):
    """A round-robin season for ``division`` (``league.services.seasons``); with
    ``fight_now`` every bout is queued at once, otherwise each round's card waits
    for its "fight this card"."""
    require_commissioner(user, division.league)
    return season_schedule(division=division, start_date=start_date, seed=seed, queue=fight_now)


def tournament_start(
    *,
    user,
    division: Division,
    size: int,
    start_date=None,
    double=False,
    for_title=True,
    seed=0,
    fight_now=True,
    draw_rule="cards",
):
    """An elimination bracket seeded from the division's rankings
    (``league.services.tournaments``): with ``fight_now`` fought all at once
    (each round's night as soon as its matches are made), otherwise round by
    round (each round's card waits for "Fight this card" or play until);
    ``draw_rule`` settles a drawn bout."""
    require_commissioner(user, division.league)
    return tournament_create(
        division=division,
        size=size,
        start_date=start_date,
        double=double,
        for_title=for_title,
        seed=seed,
        queue=fight_now,
        draw_rule=draw_rule,
    )
