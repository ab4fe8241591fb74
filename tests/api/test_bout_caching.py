"""A fought bout's report is cached and answers conditional requests (issue 14):
ETag, Last-Modified, Cache-Control, 304s, and a void that invalidates it all."""

import datetime

import pytest
from django.test import Client

from bouts import report_cache
from bouts.services import bout_schedule, bout_void

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(own_league, django_capture_on_commit_callbacks):
    red, blue = factories.fighter(name="Alpha Red"), factories.fighter(name="Bravo Blue")
    division = factories.division(league=own_league, fighters=[red, blue])
    event = factories.event(league=own_league, date=datetime.date(2026, 3, 1))
    with django_capture_on_commit_callbacks(execute=True):
        bout = bout_schedule(
            ruleset=own_league.ruleset,
            red=red,
            blue=blue,
            event=event,
            division=division,
            scheduled_rounds=4,
            seed=5,
        )
    bout.refresh_from_db()
    assert bout.status == "completed"
    return bout


@pytest.mark.parametrize("url", ["/api/bouts/{}/", "/bouts/{}/"])
def test_a_fought_bout_answers_conditional_requests(url, fought):
    client = Client()
    url = url.format(fought.pk)
    first = client.get(url)
    assert first.status_code == 200
    etag, modified = first["ETag"], first["Last-Modified"]
    assert "must-revalidate" in first["Cache-Control"] and "max-age=0" in first["Cache-Control"]
    # an anonymous read is the same for everyone: public (the page said "private=False")
    assert "public" in first["Cache-Control"] and "private" not in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    since = client.get(url, HTTP_IF_MODIFIED_SINCE=modified)
    assert since.status_code == 304
    other = client.get(url, HTTP_IF_NONE_MATCH='"something-else"')
    assert other.status_code == 200 and other.content == first.content


def test_the_second_read_comes_from_the_cache(fought, django_assert_max_num_queries):
    client = Client()
    for url in (f"/api/bouts/{fought.pk}/", f"/bouts/{fought.pk}/"):
        first = client.get(url)
        # The bout's state, and nothing else: the record is cached.
        with django_assert_max_num_queries(1):
            second = client.get(url)
        assert second.status_code == 200 and second.content == first.content
        with django_assert_max_num_queries(1):
            assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_void_invalidates_the_cached_report(fought, staff, django_capture_on_commit_callbacks):
    client = Client()
    api, page = f"/api/bouts/{fought.pk}/", f"/bouts/{fought.pk}/"
    before = {url: client.get(url) for url in (api, page)}
    assert before[api].json()["status"] == "completed"
    assert report_cache.get("api", report_cache.state(fought.pk)) is not None
    # A reason is text: 0 is refused, and nothing is voided.
    refused = as_user(staff).post(f"/api/bouts/{fought.pk}/void/", {"reason": 0}, format="json")
    assert refused.status_code == 400 and "reason" in refused.json()
    assert client.get(api).json()["status"] == "completed"
    with django_capture_on_commit_callbacks(execute=True):
        bout_void(bout=fought, reason="Scales were wrong", user=staff)
    assert report_cache.get("api", report_cache.state(fought.pk)) is None
    for url, old in before.items():
        now = client.get(url, HTTP_IF_NONE_MATCH=old["ETag"])
        assert now.status_code == 200, url
        assert now["ETag"] != old["ETag"]
    assert client.get(api).json()["status"] == "voided"
    assert b"counts for nothing" in client.get(page).content


def test_a_signed_in_visitor_gets_his_own_page(fought, plain_user):
    anonymous = Client().get(f"/bouts/{fought.pk}/")
    client = Client()
    client.force_login(plain_user)
    mine = client.get(f"/bouts/{fought.pk}/")
    assert plain_user.username.encode() in mine.content
    assert plain_user.username.encode() not in anonymous.content
    assert mine["ETag"] != anonymous["ETag"]
    assert "private" in mine["Cache-Control"]


def test_an_unfought_bout_is_not_cached(own_league, staff):
    red, blue = factories.fighter(), factories.fighter()
    division = factories.division(league=own_league, fighters=[red, blue])
    bout = bout_schedule(
        ruleset=own_league.ruleset,
        red=red,
        blue=blue,
        division=division,
        date=datetime.date(2027, 1, 1),
        seed=1,
        queue=False,
    )
    for url in (f"/api/bouts/{bout.pk}/", f"/bouts/{bout.pk}/"):
        response = as_user(staff).get(url)
        assert response.status_code == 200
        assert "ETag" not in response and "no-cache" in response["Cache-Control"]
    assert Client().get("/api/bouts/999999/").status_code == 404
    assert Client().get("/bouts/999999/").status_code == 404
