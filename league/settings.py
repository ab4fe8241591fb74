"""Ringside settings, all from the environment (django-environ).

Embedded default (nothing set): DEBUG on, SQLite in the project, Celery eager,
local-memory cache. Production: set DATABASE_URL, REDIS_URL, DJANGO_SECRET_KEY,
DJANGO_DEBUG=0 and ALLOWED_HOSTS.
"""

import datetime
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

from core.dates import DATE_FORMAT as LEAGUE_DATE_FORMAT

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

DEBUG = env.bool("DJANGO_DEBUG", default=True)

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off (refusing to start)."
        )
    SECRET_KEY = "django-insecure-ringside-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env.list(
    "ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "league",
    "fighters",
    "referees",
    "bouts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # A write answered as done renews the public reads' generation (core.read_cache).
    "core.read_cache.WritesRenewMiddleware",
    # Last, as django-axes asks: it answers a locked-out sign-in.
    "axes.middleware.AxesMiddleware",
]

# --- sign-in attempts (django-axes) ---------------------------------------------------
# Every sign-in form (/accounts/login/, /admin/login/) goes through authenticate(),
# which axes watches: after AXES_FAILURE_LIMIT failures for one username from one
# address, that pair is locked out for AXES_COOLOFF_MINUTES (a 429 page).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's, loading with the user what the site's header needs (league.navigation).
    "league.navigation.NavigationBackend",
    # Sessions signed in through Django's own path keep working.
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False  # no banner in every command's output
# The address behind NUM_PROXIES proxies, as the API's throttles count it.
AXES_CLIENT_IP_CALLABLE = "core.client_ip.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Password reset mails an hour (league.password_reset): per client address (past
# it, a 429) and per address typed (past it, nothing more is sent).
PASSWORD_RESET_PER_ADDRESS = env.int("PASSWORD_RESET_PER_ADDRESS", default=10)
PASSWORD_RESET_PER_ACCOUNT = env.int("PASSWORD_RESET_PER_ACCOUNT", default=3)

# --- Content-Security-Policy (django-csp) ---------------------------------------------
# Self only: no inline script or style, no external asset. The API docs page
# relaxes styles and images for itself only (league/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

ROOT_URLCONF = "league.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "league.navigation.navigation",
            ],
        },
    },
]

WSGI_APPLICATION = "league.wsgi.application"
ASGI_APPLICATION = "league.asgi.application"

# --- database -------------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Celery eager and the dev server share one file: wait on locks instead of
    # failing, take the write lock up front, and use WAL (the demo's commits were
    # most of its wall time).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
else:
    # Persistent connections with health checks, not psycopg's pool: Celery closes
    # the pool between tasks, which would defeat it.
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- cache and Celery -------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")

if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The fighter list's pages cached until what they show changes (fighters/list_cache.py):
# only with a cache every process shares, where one process's change reaches the others.
FIGHTER_LIST_CACHE = env.bool("FIGHTER_LIST_CACHE", default=bool(REDIS_URL))
# Public pages and API reads kept per data generation (core/read_cache.py): likewise
# only with a shared cache.
READ_CACHE = env.bool("READ_CACHE", default=bool(REDIS_URL))


def _source_version() -> str:
    """The code and templates this process runs (their names, sizes and times):
    a release that changes what a page shows never serves what the last built."""
    import hashlib

    digest = hashlib.sha256()
    for folder in ("core", "league", "bouts", "fighters", "referees", "templates"):
        for path in sorted((BASE_DIR / folder).rglob("*")):
            if path.suffix in (".py", ".html", ".txt") and "migrations" not in path.parts:
                stat = path.stat()
                digest.update(
                    f"{path.relative_to(BASE_DIR)}:{stat.st_size}:{stat.st_mtime_ns}".encode()
                )
    return digest.hexdigest()[:12]


# Part of every cached read's key and validator; a deploy may name its release.
DEPLOY_VERSION = env.str("DEPLOY_VERSION", default="") or _source_version()

# (Eager Celery still serialises a task's arguments through a producer of the in-memory
# transport: "localhost" spares the warning kombu prints for a URL without a host.)
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://localhost/")
# No broker configured: run tasks in-process (the embedded default) and let their
# errors propagate to the caller.
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
# Exactly-once in effect: acknowledge after the task ran, requeue if the worker
# dies, take one message at a time.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_IGNORE_RESULT = True
# A task never outlives the visibility timeout, or Redis would hand it to a
# second worker while the first still runs it.
CELERY_BROKER_VISIBILITY_TIMEOUT = env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_BROKER_VISIBILITY_TIMEOUT}
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=300)
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - 30
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# The queue bouts are sent to (default: Celery's own); tests give workers their own.
BOUTS_QUEUE = env.str("BOUTS_QUEUE", default="") or None
# Bouts per task: a batch is claimed, fought and recorded in one transaction.
BOUTS_BATCH_SIZE = env.int("BOUTS_BATCH_SIZE", default=50)
BOUTS_MAX_ATTEMPTS = env.int("BOUTS_MAX_ATTEMPTS", default=5)
# A fired fight night's bouts are spread over at least this many tasks (when it
# has as many bouts), so that the workers share a night: a season's next night
# waits for this one (league.services.fight_nights).
BOUTS_NIGHT_TASKS = env.int("BOUTS_NIGHT_TASKS", default=2)
# The beat sweeper: every BOUTS_SWEEP_EVERY seconds, re-send bouts queued or
# running for longer than BOUTS_STALE_AFTER seconds (their message was lost) and
# run the league projector of divisions left pending.
BOUTS_STALE_AFTER = env.int("BOUTS_STALE_AFTER", default=600)
BOUTS_SWEEP_EVERY = env.int("BOUTS_SWEEP_EVERY", default=60)
_SWEEP_OPTIONS = {"queue": BOUTS_QUEUE} if BOUTS_QUEUE else {}
FIGHT_NIGHTS_EVERY = env.int("FIGHT_NIGHTS_EVERY", default=60)
# A "play until" run quiet this long (no night finished) is sent again by beat.
PLAY_STALE_AFTER = env.int("PLAY_STALE_AFTER", default=120)
# A play-until run fights about this many seconds of nights in memory, then
# records them as one batch (docs/calendar.md); 0: a night at a time.
PLAY_STRETCH_SECONDS = env.float("PLAY_STRETCH_SECONDS", default=0.5)
# The plan sandbox (docs/plans.md): fights a user may have tried in an hour.
SANDBOX_FIGHTS_PER_HOUR = env.int("SANDBOX_FIGHTS_PER_HOUR", default=2000)
CELERY_BEAT_SCHEDULE = {
    "resend-stale-bouts": {
        "task": "bouts.tasks.resend_stale_bouts",
        "schedule": float(BOUTS_SWEEP_EVERY),
        "options": _SWEEP_OPTIONS,
    },
    "derive-pending-divisions": {
        "task": "league.tasks.derive_pending_divisions",
        "schedule": float(BOUTS_SWEEP_EVERY),
        "options": _SWEEP_OPTIONS,
    },
    # Fight nights: every FIGHT_NIGHTS_EVERY seconds, fire the events that are due.
    "fire-due-events": {
        "task": "league.tasks.fire_due_events",
        "schedule": float(FIGHT_NIGHTS_EVERY),
        "options": _SWEEP_OPTIONS,
    },
    # "Play until" runs whose worker went quiet are sent again (league.calendar.jobs).
    "resume-stale-jobs": {
        "task": "league.tasks.resume_stale_jobs",
        "schedule": float(BOUTS_SWEEP_EVERY),
        "options": _SWEEP_OPTIONS,
    },
    # The career leagues' weekly matchmaker (docs/career.md): hourly, idempotent;
    # it books a division's week once, card_lead_days before its fight night.
    "matchmake-due-weeks": {
        "task": "league.tasks.matchmake_due_weeks",
        "schedule": 3600.0,
        "options": _SWEEP_OPTIONS,
    },
    # Word when it happens (docs/managers.md): plans due within 24 hours, checked
    # every 15 minutes (each manager hears once a night); the daily digest.
    "notify-plans-due": {
        "task": "league.notices.tasks.notify_plans_due",
        "schedule": 900.0,
        "options": _SWEEP_OPTIONS,
    },
    "resend-lost-webhook-deliveries": {
        "task": "league.notices.tasks.resend_lost_deliveries",
        "schedule": 600.0,
        "options": _SWEEP_OPTIONS,
    },
    "send-daily-digests": {
        "task": "league.notices.tasks.send_daily_digests",
        "schedule": 86400.0,
        "options": _SWEEP_OPTIONS,
    },
}

# --- auth, i18n, static ------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# One date format on every page and in every message: "5 Dec 2026" (core.dates);
# the format module wins over the locale's, DATE_FORMAT serves with translation off.
FORMAT_MODULE_PATH = ["core.formats"]
DATE_FORMAT = SHORT_DATE_FORMAT = LEAGUE_DATE_FORMAT

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Sign-in for everyone (managers, commissioners, staff): Django's own auth views.
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Password-reset and invitation mail through Django's backend: the console by
# default, SMTP when EMAIL_HOST is set.
EMAIL_HOST = env.str("EMAIL_HOST", default="")
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="ringside@localhost")
# A failed webhook post is tried again after 1, 2, 4 … times this many seconds.
WEBHOOK_RETRY_BASE = env.int("WEBHOOK_RETRY_BASE", default=30)
# Where the site is served: the links in emails and the iCal feed.
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")

# --- REST framework ---------------------------------------------------------------------
REST_FRAMEWORK = {
    # Token first: a request without credentials is a 401 with WWW-Authenticate
    # (DRF answers from the first class), as the schema says.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.api.authentication.TokenOrBearerAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON with a nesting limit (a body nested 10,000 deep was a RecursionError, a 500).
    "DEFAULT_PARSER_CLASSES": [
        "core.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "league.api.pagination.StandardPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        # Unknown query parameters are a 400, not every row (issue 14).
        "core.api.filters.KnownParametersFilter",
        # django-filter's, not built when no filter is asked for.
        "core.api.filters.QueryFilterBackend",
        "rest_framework.filters.SearchFilter",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "core.api.schema.ContractSchema",
    # Rates of bouts, not requests (core.api.throttles): bouts queued for the
    # workers, and bouts simulated in the request to price a matchup.
    "DEFAULT_THROTTLE_RATES": {
        "bout_queue": env.str("BOUT_QUEUE_THROTTLE", default="600/min"),
        "odds": env.str("ODDS_THROTTLE", default="3000/min"),
    },
    # How many proxies in front of us append to X-Forwarded-For. 0: the socket's
    # address identifies a client (unset, DRF would trust a header anyone can write).
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "EXCEPTION_HANDLER": "league.api.exceptions.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Ringside API",
    "DESCRIPTION": (
        "Leagues and tournaments of simulated boxing and MMA: fighters and their rating "
        "cards, bouts fought by the engine with their scorecards and play-by-play, leagues "
        "with divisions, seasons, fight nights and tables, tournaments, titles and ladders, "
        "and the managers' own desk.\n\n"
        "Every read is public unless it says otherwise; writes need a token "
        "(`Authorization: Token <key>` or `Authorization: Bearer <key>`). Lists are "
        "paginated (`page`, `page_size` up to 200); an unknown query parameter is a 400 "
        'naming it. Errors are JSON: `{"detail": "..."}` or `{"field": ["message"]}`.'
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Operations grouped as a script author looks for them (each view names its
    # tag with its words: core.api.schema.documented).
    "TAGS": [
        {
            "name": "Fighters & cards",
            "description": "Fighters, their rating cards, career summaries and bout lists; "
            "camps and corner men.",
        },
        {
            "name": "Bouts & results",
            "description": "Scheduling bouts, their results, scorecards and play-by-play; "
            "odds for a matchup.",
        },
        {
            "name": "Leagues & seasons",
            "description": "Leagues, their divisions, seasons, fight nights and regions; "
            "a league's archive.",
        },
        {
            "name": "Standings & history",
            "description": "Season tables, rankings, a league's history, records, hall of "
            "fame and awards.",
        },
        {"name": "Competitions", "description": "Tournaments, titles and challenge ladders."},
        {"name": "Officials", "description": "Referees, judges and ringside doctors."},
        {
            "name": "Managers' desk",
            "description": "For signed-in managers and commissioners: the desk, "
            "memberships, invitations, bout requests, fight plans, training and career buys.",
        },
        {
            "name": "Calendar & jobs",
            "description": "Play-until jobs that advance a league's calendar, and their progress.",
        },
    ],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The contract documents JSON bodies and token auth (forms and the session
    # still work, for the browsable API, but are not part of it).
    "PARSER_WHITELIST": ["core.api.parsers.BoundedJSONParser"],
    "AUTHENTICATION_WHITELIST": ["core.api.authentication.TokenOrBearerAuthentication"],
    # A text field that may not be blank says so (minLength: 1), as the server
    # answers "This field may not be blank." A schema that allowed "" let
    # schemathesis learn from those 400s that the field is *required* — and then
    # call a PATCH without it, rightly accepted, a failure (issue 14).
    "ENFORCE_NON_BLANK_FIELDS": True,
    # Request bodies are components of their own (``FighterRequest``): no id or
    # other server-set field in what a generated client must send.
    "COMPONENT_SPLIT_REQUEST": True,
    # Our own base classes' docstrings are written for the code's readers: never a
    # component's or an operation's description.
    "GET_LIB_DOC_EXCLUDES": "core.api.schema.doc_excludes",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.schema.small_integer_examples",
    ],
    # Three models have a "status" field with different choices: name each enum.
    "ENUM_NAME_OVERRIDES": {
        "BoutStatusEnum": "bouts.models.BoutStatus",
        # A bout's corner: sides, winners (one set, one name).
        "SideEnum": "bouts.models.Side",
        "SeasonStatusEnum": "league.models.SeasonStatus",
        "TournamentStatusEnum": "league.models.TournamentStatus",
        "JobStatusEnum": "league.calendar.models.JobStatus",
        "JobTargetEnum": "league.calendar.models.JobTarget",
        # A competition's stages (not StatusD31Enum / Kind394Enum).
        "StageKindEnum": "league.competition_models.StageKind",
        "StageStatusEnum": "league.competition_models.StageStatus",
        "DrawRuleEnum": "league.models.DrawRule",
        "ChallengeStatusEnum": "league.ladders.models.ChallengeStatus",
        "ChallengeWinnerEnum": "league.ladders.models.ChallengeWinner",
    },
}

# --- production hardening (check --deploy passes with DEBUG off) --------------------
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # Embedded (eager) tasks run inside the command or the request that sent them: a
    # line per task ("Task ... succeeded in 0.01s: {...}") is a worker's log, not theirs.
    "loggers": {"celery.app.trace": {"level": "WARNING"}} if CELERY_TASK_ALWAYS_EAGER else {},
}
