"""Public pages and API reads are kept ready per data generation and answer
conditional requests (core.read_cache, docs/fans.md): a 304 for a validator that
still matches, a new validator once a bout is recorded, one viewer's page never
served to another."""

import datetime
import threading

import pytest
from django.db import transaction
from django.test import Client

from bouts.services import bout_schedule
from core import read_cache
from tests.api import factories

pytestmark = pytest.mark.django_db
REAL_BEHIND = read_cache._behind

PAGES = ["/", "/events/", "/fighters/{red}/", "/divisions/{division}/", "/events/{event}/"]
READS = ["/api/standings/?division={division}", "/api/bouts/?fighter={red}", "/api/fighters/{red}/"]


@pytest.fixture
def kept(settings, monkeypatch):
    """The cache on, as in production; the test's own transaction stands for
    committed data (production reads are made outside any transaction), each
    change asking for its renewal (the test's transaction never commits: a
    renewal asked for before a captured block would never run)."""
    settings.READ_CACHE = True
    monkeypatch.setattr(read_cache, "_in_transaction", lambda: False)
    monkeypatch.setattr(read_cache, "_pending", lambda connection: False)
    # No rebuild behind an answer (a thread's connection would not see the test's
    # rows): the tests that want one run it here.
    monkeypatch.setattr(read_cache, "_background", threading.BoundedSemaphore(1))
    monkeypatch.setattr(read_cache._background, "acquire", lambda blocking=True: False)
    read_cache.reset()


@pytest.fixture
def league(db, django_capture_on_commit_callbacks):
    commissioner = factories.user(username="commish")
    league = factories.league(commissioners=[commissioner], name="Hidden Card League")
    league.hide_cards = True
    league.save()
    red = factories.fighter(name="Red Rooney")
    blue = factories.fighter(name="Blue Bellamy")
    division = factories.division(league=league, fighters=[red, blue])
    event = factories.event(league=league, date=datetime.date(2026, 2, 1))
    return {
        "league": league,
        "commissioner": commissioner,
        "red": red,
        "blue": blue,
        "division": division,
        "event": event,
    }


def _fight(data, capture, seed):
    with capture(execute=True):
        bout_schedule(
            ruleset=data["league"].ruleset,
            red=data["red"],
            blue=data["blue"],
            event=data["event"],
            division=data["division"],
            scheduled_rounds=4,
            seed=seed,
        )


def _urls(templates, data):
    ids = {"red": data["red"].pk, "division": data["division"].pk, "event": data["event"].pk}
    return [template.format(**ids) for template in templates]


@pytest.mark.parametrize("kind", ["page", "read"])
def test_a_matching_validator_is_a_304_without_a_body_or_a_query(
    kind, kept, league, django_capture_on_commit_callbacks, django_assert_num_queries
):
    _fight(league, django_capture_on_commit_callbacks, seed=11)
    client = Client()
    for url in _urls(PAGES if kind == "page" else READS, league):
        first = client.get(url)
        assert first.status_code == 200, url
        etag = first["ETag"]
        assert etag.startswith('W/"') and first["Last-Modified"]
        assert "public" in first["Cache-Control"] and "max-age=0" in first["Cache-Control"]
        with django_assert_num_queries(0):
            again = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304 and not again.content, url
        assert again["ETag"] == etag
        since = client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
        assert since.status_code == 304, url
        # Without a validator: the kept answer, whole, still without a query.
        with django_assert_num_queries(0):
            kept_answer = client.get(url)
        assert kept_answer.content == first.content and kept_answer["ETag"] == etag


def test_a_bout_recorded_changes_the_validator_and_what_is_shown(
    kept, league, django_capture_on_commit_callbacks
):
    client = Client()
    urls = _urls(PAGES + READS, league)
    before = {url: client.get(url) for url in urls}
    red = client.get(f"/api/fighters/{league['red'].pk}/").json()
    _fight(league, django_capture_on_commit_callbacks, seed=12)
    for url, old in before.items():
        now = client.get(url, HTTP_IF_NONE_MATCH=old["ETag"])
        assert now.status_code == 200, url
        assert now["ETag"] != old["ETag"], url
    fought = client.get(f"/api/bouts/?fighter={league['red'].pk}").json()
    assert fought["count"] == 1 and fought["results"][0]["status"] == "completed"
    assert client.get(f"/api/fighters/{league['red'].pk}/").json() != red


def test_anonymous_and_commissioner_views_are_kept_apart(kept, league):
    """The league hides its cards: its commissioner sees Red's card, a fan does not
    — whichever asks first, neither is served the other's page or validator."""
    url = f"/fighters/{league['red'].pk}/"
    commissioner = Client()
    commissioner.force_login(league["commissioner"])
    commissioner.get("/")  # his CSRF cookie, as signing in sets it (his page's forms carry it)
    fan = Client()
    theirs = commissioner.get(url)
    mine = fan.get(url)
    assert theirs["ETag"] != mine["ETag"]
    assert "private" in theirs["Cache-Control"] and "public" in mine["Cache-Control"]
    assert b"commish" in theirs.content and b"commish" not in mine.content
    assert theirs.context is not None and theirs.context["card_visible"]
    assert mine.context is not None and not mine.context["card_visible"]
    # Kept: each gets his own again, and the other's validator is not his.
    assert fan.get(url, HTTP_IF_NONE_MATCH=theirs["ETag"]).status_code == 200
    assert fan.get(url).content == mine.content
    assert commissioner.get(url, HTTP_IF_NONE_MATCH=theirs["ETag"]).status_code == 304


def test_two_signed_in_visitors_never_share_a_page(kept, league):
    url = f"/divisions/{league['division'].pk}/"
    first, second = Client(), Client()
    first.force_login(factories.user(username="ann"))
    second.force_login(factories.user(username="bob"))
    assert b"ann" in first.get(url).content
    page = second.get(url).content
    assert b"bob" in page and b">ann<" not in page


def test_an_api_client_by_token_gets_its_own_answers(kept, league):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=league["commissioner"])
    url = f"/api/fighters/{league['red'].pk}/"
    fan = Client().get(url)
    owner = Client().get(url, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert owner["ETag"] != fan["ETag"]
    assert "private" in owner["Cache-Control"]


def test_a_read_inside_a_transaction_is_not_kept(settings, league):
    settings.READ_CACHE = True
    with transaction.atomic():
        response = Client().get("/events/")
    assert response.status_code == 200 and not response.has_header("ETag")


def test_while_one_request_rebuilds_others_get_the_last_one_built(kept, league):
    """Single flight: the generation moved and another request holds the
    rebuild; the last page built is served with its own validator."""
    client = Client()
    first = client.get("/events/")
    read_cache._renew()  # a change
    key = read_cache._entry_key("anonymous", _request_for("/events/"))
    from django.core.cache import cache

    cache.add(f"{key}:building", 1, 30)
    stale = client.get("/events/")
    assert stale["ETag"] == first["ETag"] and stale.content == first.content
    cache.delete(f"{key}:building")
    assert client.get("/events/")["ETag"] != first["ETag"]


def test_a_page_fans_keep_asking_for_is_rebuilt_behind_the_answer(kept, league, monkeypatch):
    """The generation moved a moment ago: the request is answered at once with the
    last page built, and the new one is built behind it (here, inline)."""
    monkeypatch.setattr(read_cache, "_background", threading.BoundedSemaphore(1))
    monkeypatch.setattr(read_cache, "_behind", REAL_BEHIND)  # tests/conftest.py turns it off
    ran = []
    monkeypatch.setattr(read_cache, "_start", lambda refresh: ran.append(refresh()))
    client = Client()
    url = f"/fighters/{league['red'].pk}/"
    first = client.get(url)
    read_cache._renew()  # a change
    behind = client.get(url)
    assert ran and behind["ETag"] == first["ETag"] and behind.content == first.content
    rebuilt = client.get(url)
    assert rebuilt["ETag"] != first["ETag"] and rebuilt.content == first.content
    assert client.get(url, HTTP_IF_NONE_MATCH=rebuilt["ETag"]).status_code == 304


def test_only_an_anonymous_visitors_page_is_rebuilt_behind_the_answer():
    assert REAL_BEHIND(_request_for("/fighters/1/"), "anonymous")
    assert not REAL_BEHIND(_request_for("/api/fighters/1/"), "anonymous")  # a script's read
    assert not REAL_BEHIND(_request_for("/fighters/1/"), "user:1:abc")


def test_a_signed_in_visitor_waits_for_his_own_rebuild(kept, league, monkeypatch):
    monkeypatch.setattr(read_cache, "_background", threading.BoundedSemaphore(1))
    monkeypatch.setattr(read_cache, "_behind", REAL_BEHIND)
    monkeypatch.setattr(read_cache, "_start", lambda refresh: pytest.fail("not behind"))
    client = Client()
    client.force_login(league["commissioner"])
    client.get("/")
    first = client.get("/events/")
    read_cache._renew()  # a change
    assert client.get("/events/")["ETag"] != first["ETag"]


@pytest.mark.parametrize(
    ("name", "answer", "renews"),
    [
        ("league.tasks.fire_due_events", 2, True),
        ("league.tasks.fire_due_events", 0, False),  # beat's sweep found nothing
        ("bouts.tasks.resend_stale_bouts", 0, False),
        ("league.tasks.run_sandbox", "done", False),  # a sandbox's fights are private
        ("league.notices.tasks.post_results", 3, False),
    ],
)
def test_a_task_that_did_something_renews_the_generation(monkeypatch, name, answer, renews):
    from types import SimpleNamespace

    from league import read_models

    calls = []
    monkeypatch.setattr(read_cache, "changed", lambda: calls.append(name))
    read_models._task_ended(sender=SimpleNamespace(name=name), retval=answer)
    assert bool(calls) == renews


def _request_for(path):
    from django.test import RequestFactory

    return RequestFactory().get(path)


@pytest.mark.parametrize(
    ("method", "path", "status", "renews"),
    [
        ("post", "/console/leagues/x/", 302, True),
        ("delete", "/api/fighters/1/", 204, True),
        ("post", "/console/leagues/x/", 400, False),
        ("get", "/fighters/", 200, False),
        ("post", "/accounts/login/", 302, False),
    ],
)
def test_a_write_answered_as_done_renews_the_generation(monkeypatch, method, path, status, renews):
    from django.http import HttpResponse
    from django.test import RequestFactory

    calls = []
    monkeypatch.setattr(read_cache, "changed", lambda: calls.append(path))
    middleware = read_cache.WritesRenewMiddleware(lambda request: HttpResponse(status=status))
    middleware(getattr(RequestFactory(), method)(path))
    assert bool(calls) == renews


def test_data_is_remembered_until_the_generation_moves(kept):
    built = []

    def panel():
        built.append(1)
        return ["the champions"]

    assert read_cache.remember("panel", panel, "anonymous") == ["the champions"]
    assert read_cache.remember("panel", panel, "anonymous") == ["the champions"]
    assert len(built) == 1
    read_cache.remember("panel", panel, "staff")  # another part: its own value
    read_cache._renew()
    read_cache.remember("panel", panel, "anonymous")
    assert len(built) == 3


def test_an_api_answer_kept_still_varies_by_accept(kept, league):
    url = f"/api/fighters/{league['red'].pk}/"
    Client().get(url)
    kept_answer = Client().get(url)
    assert "Accept" in kept_answer["Vary"]


def test_a_signed_in_visitors_header_is_his_as_it_is_now(kept, league):
    """A notice is not a public change (it renews nothing), but his header counts
    it: his kept page is his only while his header is as it was."""
    from league.notices.models import NoticeKind, Notification

    user = factories.user(username="reader")
    client = Client()
    client.force_login(user)
    client.get("/")  # his CSRF cookie
    before = client.get("/events/")
    assert b'title="unread"' not in before.content
    Notification.objects.create(user=user, kind=NoticeKind.RESULT, key="k1", title="A result")
    after = client.get("/events/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and b'title="unread"' in after.content
