"""The Celery app. Settings come from Django's (``CELERY_`` prefix)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

app = Celery("ringside")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
