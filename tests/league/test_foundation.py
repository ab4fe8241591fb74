"""The project's foundation: settings from the environment, health, compose, deploy."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args, env_extra=None, env_drop=()):
    env = {k: v for k, v in os.environ.items() if k not in env_drop}
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# What the embedded default (`make demo`) runs with: none of the services' variables.
EMBEDDED_DROP = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")
SETUP = "import django,os;os.environ['DJANGO_SETTINGS_MODULE']='league.settings';django.setup()\n"


def _embedded_python(code: str, env_drop=()):
    """``code`` run by a fresh Python after ``django.setup()``, on the embedded default."""
    drop = (*EMBEDDED_DROP, *env_drop)
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return subprocess.run(
        [sys.executable, "-c", SETUP + code], cwd=ROOT, env=env, capture_output=True, text=True
    )


PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "a-production-secret-key-that-is-long-and-random-9f8e7d6c5b4a3f2e1d0c",
    "ALLOWED_HOSTS": "ringside.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://ringside.example.com",
}


def test_check_deploy_passes_with_production_variables():
    done = _manage("check", "--deploy", "--fail-level", "WARNING", env_extra=PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr


def test_refuses_to_start_without_secret_key_when_debug_off():
    env = dict(PRODUCTION)
    del env["DJANGO_SECRET_KEY"]
    done = _manage("check", env_extra=env, env_drop=("DJANGO_SECRET_KEY",))
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in done.stderr


def test_embedded_default_is_sqlite_and_eager():
    out = _embedded_python(
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER,"
        " s.CELERY_TASK_EAGER_PROPAGATES, s.CACHES['default']['BACKEND'])",
        env_drop=("DJANGO_DEBUG",),
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "django.db.backends.sqlite3",
        "True",
        "True",
        "django.core.cache.backends.locmem.LocMemCache",
    ]


def test_embedded_tasks_run_without_a_workers_log_lines():
    """`make demo` runs its tasks in-process: no "Task ... succeeded" line per task and
    no warning about the in-memory broker's host among the command's own output."""
    out = _embedded_python(
        "from league.celery import app\n"
        "@app.task(name='probe')\n"
        "def probe():\n"
        "    return 42\n"
        "print(probe.delay().get())\n",
        env_drop=("LOG_LEVEL",),
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["42"]  # the task ran, here
    assert out.stderr == ""


def test_production_stack_is_postgres_and_redis_with_exactly_once_celery():
    env = {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/ringside",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
    }
    code = (
        "import django,os;os.environ['DJANGO_SETTINGS_MODULE']='league.settings';django.setup();"
        "from league.celery import app; c=app.conf;"
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.DATABASES['default']['CONN_HEALTH_CHECKS'],"
        " c.task_always_eager, c.task_acks_late, c.task_reject_on_worker_lost,"
        " c.worker_prefetch_multiplier, c.accept_content, c.task_serializer,"
        " c.task_time_limit < c.broker_transport_options['visibility_timeout'],"
        " s.CACHES['default']['BACKEND'])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "django.db.backends.postgresql",
        "True",
        "False",
        "True",
        "True",
        "1",
        "['json']",
        "json",
        "True",
        "django.core.cache.backends.redis.RedisCache",
    ]


@pytest.mark.django_db
def test_healthz_reports_database_and_broker(client, admin_client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}  # the public sees no details
    body = admin_client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is True


@pytest.mark.django_db
def test_healthz_is_503_when_broker_unreachable(client, admin_client, settings, caplog):
    from league.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    old = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        public = client.get("/healthz")
        staff = admin_client.get("/healthz")
    finally:
        app.conf.broker_url = old
    assert public.status_code == 503
    assert public.json() == {"status": "unavailable"}  # no host, no port
    assert "127.0.0.1" not in public.content.decode()
    assert staff.json()["broker"]["ok"] is False
    assert any("healthz" in r.getMessage() for r in caplog.records)


@pytest.mark.django_db
def test_home_page_renders_with_local_stylesheet(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ringside" in html
    assert "/static/ringside/site.css" in html
    assert "http://" not in html.replace("http://127.0.0.1", "")
    assert "https://" not in html


def test_compose_file_wires_the_production_stack():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert set(services) >= {"postgres", "redis", "web", "worker", "beat"}
    assert "noeviction" in " ".join(map(str, services["redis"]["command"]))
    for name in ("postgres", "redis", "web"):
        assert "healthcheck" in services[name], name
    for name in ("web", "worker"):
        deps = services[name]["depends_on"]
        assert deps["postgres"]["condition"] == "service_healthy"
        assert deps["redis"]["condition"] == "service_healthy"
        env = services[name]["environment"]
        assert env["DATABASE_URL"].startswith("postgres://")
        assert env["REDIS_URL"].startswith("redis://redis:6379")
        assert env["DJANGO_DEBUG"] == "0"
        # Required, no public default: ${VAR:?message} makes compose refuse to start.
        assert env["DJANGO_SECRET_KEY"].startswith("${DJANGO_SECRET_KEY:?")
    web_cmd = " ".join(map(str, services["web"]["command"]))
    assert "migrate" in web_cmd and web_cmd.index("migrate") < web_cmd.index("gunicorn")
    assert "celery" in " ".join(map(str, services["worker"]["command"]))
    beat = " ".join(map(str, services["beat"]["command"]))
    assert "celery" in beat and " beat" in beat
    assert services["beat"]["depends_on"] == services["worker"]["depends_on"]
    pg_volume = services["postgres"]["volumes"][0].split(":")[0]
    assert pg_volume in compose["volumes"]


def test_the_image_collects_its_static_files():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "collectstatic --noinput" in dockerfile
    assert dockerfile.index("collectstatic") < dockerfile.index("CMD")


def test_makefile_has_the_two_commands():
    text = (ROOT / "Makefile").read_text()
    assert "\ndemo:" in text and "\ntest:" in text
