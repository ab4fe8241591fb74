"""Production settings for the API benchmark, with one change: static files are
collected into a temporary directory (``BENCH_STATIC_ROOT``) instead of the
project's ``staticfiles/``, so the benchmark leaves the working tree alone.
Everything else is league.settings as production runs it (DJANGO_DEBUG=0)."""

import os

from league.settings import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
