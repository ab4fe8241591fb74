"""/healthz: is the database reachable, is the broker reachable.

The public gets only ``{"status": "ok"}`` or ``{"status": "unavailable"}`` (503):
an error's text names hosts and ports. The details go to the log, and to staff.
"""

import logging

from django.conf import settings
from django.db import connection
from django.http import JsonResponse

from league.celery import app

logger = logging.getLogger(__name__)


def _database_ok() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return True, connection.vendor
    except Exception as exc:  # any failure means unreachable; report it, don't raise
        return False, f"{type(exc).__name__}: {exc}"


def _broker_ok() -> tuple[bool, str]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return True, "eager (in-process)"
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return True, app.conf.broker_url.split("://")[0]
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"


def healthz(request):
    db_ok, db_detail = _database_ok()
    broker_ok, broker_detail = _broker_ok()
    ok = db_ok and broker_ok
    if not ok:
        logger.error(
            "healthz: database %s (%s); broker %s (%s)", db_ok, db_detail, broker_ok, broker_detail
        )
    body = {"status": "ok" if ok else "unavailable"}
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.is_staff:
        body["database"] = {"ok": db_ok, "detail": db_detail}
        body["broker"] = {"ok": broker_ok, "detail": broker_detail}
    return JsonResponse(body, status=200 if ok else 503)
