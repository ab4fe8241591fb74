"""The inbox, its settings and the fight-night feed as pages: who sees what,
a fixed query count, words (no ids or codes), the iCal text."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Event, NoticeKind, NoticeSettings, Notification
from league.notices import services
from league.services.bout_requests import request_answer, request_approve, request_create

pytestmark = pytest.mark.django_db


def _notices(user, count):
    for n in range(count):
        Notification.objects.create(
            user=user, kind=NoticeKind.RESULT, key=f"k{n}", title=f"Result {n}", body="Body"
        )


def test_the_inbox_asks_to_sign_in_first(client):
    response = client.get(reverse("inbox"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(reverse("inbox-read")).status_code == 302
    assert client.get(reverse("inbox-settings")).status_code == 302


def test_a_user_sees_only_his_own_notices_with_the_unread_count_in_the_nav(client, w):
    _notices(w.owner, 2)
    Notification.objects.create(user=w.other_manager, kind="result", key="x", title="Theirs")
    client.force_login(w.owner)
    page = client.get(reverse("inbox")).content.decode()
    assert "Result 0" in page and "Result 1" in page and "Theirs" not in page
    assert 'id="nav-inbox">Inbox <span class="badge" title="unread">2</span>' in page


def test_the_inbox_costs_the_same_queries_for_many_notices(client, w, django_assert_num_queries):
    client.force_login(w.owner)
    _notices(w.owner, 2)
    with django_assert_num_queries(3):  # session, user (with the unread count), notices
        client.get(reverse("inbox"))
    _notices_more = [
        Notification(user=w.owner, kind="booked", key=f"m{n}", title="More", league=w.league)
        for n in range(20)
    ]
    Notification.objects.bulk_create(_notices_more)
    with django_assert_num_queries(3):
        page = client.get(reverse("inbox")).content.decode()
    assert w.league.name in page


def test_mark_one_read_then_all_read(client, w):
    _notices(w.owner, 3)
    client.force_login(w.owner)
    first = Notification.objects.filter(user=w.owner).order_by("pk").first()
    client.post(reverse("inbox-read"), {"notice": first.pk})
    assert Notification.objects.filter(user=w.owner, read_at__isnull=True).count() == 2
    response = client.post(reverse("inbox-read"), {"notice": "not a number"})
    assert response.status_code == 302
    client.post(reverse("inbox-read"))
    assert not Notification.objects.filter(user=w.owner, read_at__isnull=True).exists()
    page = client.get(reverse("inbox")).content.decode()
    assert 'title="unread"' not in page


def test_another_users_notice_cannot_be_marked_read(client, w):
    _notices(w.other_manager, 1)
    theirs = Notification.objects.get(user=w.other_manager)
    for user in (w.owner, w.plain, w.commissioner, w.outsider, w.staff):
        client.force_login(user)
        client.post(reverse("inbox-read"), {"notice": theirs.pk})
    theirs.refresh_from_db()
    assert theirs.read_at is None


def test_the_settings_form_switches_kinds_off_and_on(client, w):
    client.force_login(w.owner)
    page = client.get(reverse("inbox-settings")).content.decode()
    assert "A bout booked for one of my fighters" in page and "checked" in page
    wanted = [NoticeKind.RESULT, NoticeKind.PLANS_DUE]
    response = client.post(reverse("inbox-settings"), {"wanted": wanted, "daily_digest": "on"})
    assert response.status_code == 302
    row = NoticeSettings.objects.get(user=w.owner)
    assert row.daily_digest and set(row.kinds_off) == {
        NoticeKind.BOOKED,
        NoticeKind.REQUEST_RECEIVED,
        NoticeKind.REQUEST_ANSWERED,
    }


def test_a_made_up_kind_is_a_form_error_not_a_500(client, w):
    client.force_login(w.owner)
    response = client.post(reverse("inbox-settings"), {"wanted": ["nonsense"]})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not NoticeSettings.objects.filter(user=w.owner, kinds_off__len=1).exists()


# --- the iCal feed ---------------------------------------------------------------------


def _night(w, capture):
    with capture(execute=True):
        asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
        request_answer(user=w.other_manager, bout_request=asked, accept=True)
        request_approve(user=w.commissioner, bout_request=asked, event=w.event)
    fight_at = timezone.now().replace(microsecond=0) + dt.timedelta(days=2)
    Event.objects.filter(pk=w.event.pk).update(fight_at=fight_at, name="Night, with a comma")
    return fight_at


def test_the_feed_lists_his_fight_nights_at_their_real_time(
    client, w, django_capture_on_commit_callbacks
):
    fight_at = _night(w, django_capture_on_commit_callbacks)
    token = services.settings_for(w.owner).feed_token
    response = client.get(reverse("fight-feed", args=[token]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    text = response.content.decode()
    assert text.startswith("BEGIN:VCALENDAR\r\n") and text.endswith("END:VCALENDAR\r\n")
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    unfolded = text.replace("\r\n ", "")
    assert f"DTSTART:{fight_at.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}" in unfolded
    assert "SUMMARY:Night\\, with a comma" in unfolded
    assert "league date" in unfolded and "Ace 0 vs Bolt 0" in unfolded
    # The other manager's feed has the night too; a fan's is empty.
    theirs = services.settings_for(w.other_manager).feed_token
    assert "BEGIN:VEVENT" in client.get(reverse("fight-feed", args=[theirs])).content.decode()
    fan = services.settings_for(w.plain).feed_token
    assert "BEGIN:VEVENT" not in client.get(reverse("fight-feed", args=[fan])).content.decode()


def test_a_renewed_feed_address_retires_the_old_one(client, w):
    old = services.settings_for(w.owner).feed_token
    client.force_login(w.owner)
    client.post(reverse("inbox-feed-renew"))
    client.logout()
    assert client.get(reverse("fight-feed", args=[old])).status_code == 404
    new = NoticeSettings.objects.get(user=w.owner).feed_token
    assert client.get(reverse("fight-feed", args=[new])).status_code == 200


def test_a_guessed_feed_address_is_not_found(client, w):
    assert client.get(reverse("fight-feed", args=["guess"])).status_code == 404


def test_ical_folds_long_lines_without_splitting_a_character():
    from league.notices.ical import fold

    folded = fold("DESCRIPTION:" + "é" * 80)
    parts = folded.split("\r\n ")
    assert all(len(p.encode()) <= 75 for p in parts) and "".join(parts) == "DESCRIPTION:" + "é" * 80


def test_the_settings_page_costs_a_fixed_number_of_queries(client, w, django_assert_num_queries):
    client.force_login(w.owner)
    client.get(reverse("inbox-settings"))  # his settings row made once
    with django_assert_num_queries(3):  # session, user, his settings
        response = client.get(reverse("inbox-settings"))
    assert "/managers/" in response.content.decode() and "fights.ics" in response.content.decode()
