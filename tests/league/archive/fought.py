"""A league with a history to archive: a round-robin season fought to its end by
the engine (play until), a title tournament, a voided bout, a camp with its
manager and corner man, a region, and what derives from it all, read free of
database ids (each row named by its archive key)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.test import TestCase

from bouts.models import Bout, BoutStatus
from bouts.services.voiding import bout_void
from fighters.models import Career, Fighter
from fighters.services import camp_create, corner_man_create, fighter_retire
from league.archive.export import export_with_keys
from league.calendar import jobs
from league.calendar.models import JobTarget
from league.calendar.season_break import break_take, season_break
from league.history.services import hall_of_fame_induct
from league.models import (
    Award,
    DivisionProjection,
    HallOfFamer,
    LeagueMembership,
    Rating,
    RatingHistory,
    RecordLine,
    Reign,
    Standing,
    Title,
)
from league.services import tournament_create

from ..calendar.seasons import season_to_play


def fought_league(ruleset, fighters=6):
    """A league whose season and title tournament are fought, one bout voided."""
    league, division, _season = season_to_play(ruleset, fighters)
    User = get_user_model()
    manager = User.objects.create_user("archive-manager", password="x")
    LeagueMembership.objects.create(league=league, user=manager)
    camp = camp_create(name="Archive Camp", manager="Archie", city="Leeds")
    camp.owner = manager
    camp.save()
    corner_man_create(name="Archive Cutman", camp=camp)
    fighter = division.fighters.order_by("id").first()
    Fighter.objects.filter(pk=fighter.pk).update(camp=camp, nickname="The Archive")
    with TestCase.captureOnCommitCallbacks(execute=True):
        jobs.job_start(league=league, target=JobTarget.SEASON, check_permission=False)
    with TestCase.captureOnCommitCallbacks(execute=True):
        tournament = tournament_create(
            division=division, size=4, start_date=dt.date(2026, 9, 1), seed=5
        )
    # The season break's first steps: the season's champion crowned, its awards.
    found = season_break(league)
    break_take(found, "crown", check_permission=False)
    break_take(season_break(league), "awards", user=manager_of_awards(league))
    tournament.refresh_from_db()
    if tournament.champion is not None:  # retired, and in the hall of fame
        fighter_retire(fighter=tournament.champion, on=dt.date(2026, 12, 1))
        hall_of_fame_induct(league, by=None)
    first = (
        Bout.objects.filter(division=division, status=BoutStatus.COMPLETED)
        .order_by("date", "order", "id")
        .first()
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=first, reason="the judges' cards were lost", check_permission=False)
    league.refresh_from_db()
    return league


def manager_of_awards(league):
    """The commissioner who hands out the awards (named in the archive)."""
    user = get_user_model().objects.create_user("archive-awards", password="x")
    league.commissioners.add(user)
    return user


def _rows(rows) -> list:
    """Rows in a fixed order (``repr``: a null key sorts beside text)."""
    return sorted(rows, key=repr)


def _round(value):
    return round(value, 9) if isinstance(value, float) else value


def derived_tables(league) -> dict:
    """Every derived table of ``league``, row by row, named by archive keys."""
    _archive, keys = export_with_keys(league)

    def who(row):
        return keys.of("fighter", row.fighter_id) or keys.of("camp", row.camp_id)

    divisions = league.divisions.all()
    usernames = dict(get_user_model().objects.values_list("pk", "username"))

    def username(pk):
        return usernames.get(pk)

    fighter_ids = list(keys.by_kind["fighter"])
    return {
        "standings": _rows(
            (
                keys.of("season", s.season_id),
                who(s),
                s.rank,
                s.tied,
                s.points,
                s.bouts,
                s.wins,
                s.losses,
                s.draws,
                s.stoppage_wins,
                s.stoppage_losses,
                sorted(s.metrics.items()),
            )
            for s in Standing.objects.filter(season__league=league)
        ),
        "ratings": _rows(
            (
                keys.of("division", r.division_id),
                who(r),
                _round(r.mu),
                _round(r.sigma),
                _round(r.ordinal),
                r.bouts,
            )
            for r in Rating.objects.filter(division__in=divisions)
        ),
        "rating_history": _rows(
            (keys.of("bout", h.bout_id), who(h), h.date, _round(h.mu), _round(h.sigma))
            for h in RatingHistory.objects.filter(division__in=divisions)
        ),
        "titles": _rows(
            (
                keys.of("division", t.division_id),
                t.name,
                keys.of("fighter", t.champion_id),
                keys.of("camp", t.champion_camp_id),
            )
            for t in Title.objects.filter(division__in=divisions)
        ),
        "reigns": _rows(
            (
                keys.of("division", r.title.division_id),
                r.number,
                who(r),
                r.started_on,
                keys.of("bout", r.start_bout_id),
                r.ended_on,
                keys.of("bout", r.end_bout_id),
                r.end_reason,
                r.defences,
            )
            for r in Reign.objects.filter(title__division__in=divisions).select_related("title")
        ),
        "careers": _rows(
            (
                keys.of("fighter", c.fighter_id),
                *(
                    getattr(c, f)
                    for f in (
                        "bouts",
                        "wins",
                        "losses",
                        "draws",
                        "ko_wins",
                        "tko_wins",
                        "ko_losses",
                        "tko_losses",
                        "dq_wins",
                        "dq_losses",
                        "title_fights",
                        "title_wins",
                        "last_bout_on",
                    )
                ),
            )
            for c in Career.objects.filter(fighter_id__in=fighter_ids)
        ),
        "record_lines": _rows(
            (
                keys.of("division", r.division_id),
                who(r),
                r.bouts,
                r.wins,
                r.losses,
                r.draws,
                r.knockouts,
                r.streak,
                r.best_streak,
                r.title_wins,
                r.title_losses,
                r.title_draws,
                r.fastest_round,
                r.fastest_seconds,
                keys.of("bout", r.fastest_bout_id),
            )
            for r in RecordLine.objects.filter(league=league)
        ),
        "awards": _rows(
            (
                a.season_number,
                a.kind,
                keys.of("division", a.division_id),
                who(a),
                username(a.manager_id),
                keys.of("bout", a.bout_id),
                a.score,
                a.summary,
                a.rule,
                a.handed_out_on,
                username(a.handed_out_by_id),
            )
            for a in Award.objects.filter(league=league)
        ),
        "hall_of_fame": _rows(
            (
                keys.of("fighter", h.fighter_id),
                h.inducted_on,
                h.wins,
                h.losses,
                h.draws,
                h.reigns,
                h.citation,
            )
            for h in HallOfFamer.objects.filter(league=league)
        ),
        "projections": _rows(
            (
                keys.of("division", p.division_id),
                p.watermark_date,
                keys.of("event", p.watermark_event_id or None),
                p.watermark_order,
                keys.of("bout", p.watermark_bout_id or None),
                p.derived_bouts,
                p.skipped,
            )
            for p in DivisionProjection.objects.filter(division__in=divisions)
        ),
    }
