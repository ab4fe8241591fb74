"""What renews the public reads' generation (core.read_cache): every change to
what a page or an API read shows.

- Every save and delete of the apps' models, and every change to their
  many-to-many relations (rosters, commissioners), except the models no public
  read shows (``UNSHOWN``: notices, webhooks, jobs' progress, the projector's own
  bookkeeping) and the projector's derived tables (``DERIVED``: it announces
  itself) — a console or admin edit, a card changed, a bout booked.
- The bouts app's signals: bouts scheduled, recorded, failed, postponed, voided (they write
  in bulk, without model signals), sent when their transaction has committed.
- The projector (standings, ratings, titles, brackets: written in bulk) and the
  league's clock call ``read_cache.changed`` themselves.
- The end of every task of the pipeline and the league (``bouts.tasks``,
  ``league.tasks``) that did something (a true answer: beat's sweeps that found
  nothing answer 0): whatever a task wrote by a path without signals is
  announced when it ends; and every write the site answers as done
  (``core.read_cache.WritesRenewMiddleware``).

Connected in ``LeagueConfig.ready`` (``connect``).
"""

from __future__ import annotations

from celery.signals import task_postrun
from django.apps import apps
from django.db.models.signals import m2m_changed, post_delete, post_save

from bouts import signals
from core import read_cache
from league.navigation import Navigation

APPS = ("league", "fighters", "referees", "bouts")
UNSHOWN = {
    "AdvanceJob",
    "DivisionRun",
    "DivisionProjection",
    "ProjectionRequest",
    "Notification",
    "NoticeSettings",
    "Webhook",
    "WebhookDelivery",
    "SandboxRun",
    "Invitation",
}
# The projector's derived tables: it writes them in bulk and announces once when
# done. A model signal here would also cost every DELETE of them a SELECT (Django
# deletes row by row, not in one statement, a model with delete receivers).
DERIVED = {"Standing", "Rating", "RatingHistory", "Reign", "RecordLine", "RegionalReign"}
TASK_MODULES = ("bouts.tasks", "league.tasks")
PRIVATE_TASKS = {"league.tasks.run_sandbox"}  # a plan sandbox's fights: its owner's page


def _task_ended(sender=None, retval=None, **_kwargs) -> None:
    """A task that did something (its answer: what it did, a count; beat's sweeps
    that found nothing answer 0 and renew nothing)."""
    name = getattr(sender, "name", "") or ""
    if retval and name.startswith(TASK_MODULES) and name not in PRIVATE_TASKS:
        read_cache.changed()


def header_parts(user) -> tuple:
    """What the header shows him (league.navigation): a signed-in visitor's kept
    page is his while these stay as they were."""
    shown = Navigation(user)
    return (shown.admin, shown.console, shown.unread)


def connect() -> None:
    read_cache.register_header_parts(header_parts)
    for label in APPS:
        for model in apps.get_app_config(label).get_models():
            if model.__name__ in UNSHOWN or model.__name__ in DERIVED:
                continue
            uid = f"reads.{label}.{model.__name__}"
            post_save.connect(read_cache.changed, sender=model, dispatch_uid=f"{uid}.s")
            post_delete.connect(read_cache.changed, sender=model, dispatch_uid=f"{uid}.d")
            for field in model._meta.local_many_to_many:
                through = field.remote_field.through
                m2m_changed.connect(
                    read_cache.changed, sender=through, dispatch_uid=f"{uid}.{field.name}"
                )
    for name in ("scheduled", "recorded", "failed", "postponed", "voided"):
        getattr(signals, name).connect(read_cache.changed, dispatch_uid=f"reads.bouts.{name}")
    task_postrun.connect(_task_ended, dispatch_uid="reads.task_ended", weak=False)
