"""Challenge ladders on the site: the console makes one and issues and withdraws
challenges; the public page shows the ladder and lets a manager challenge for his
own fighters; words for people, fixed query counts."""

import html as html_lib
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bouts.models import Bout
from league.ladders.models import ChallengeStatus, Ladder, LadderChallenge
from league.ladders.services import challenge_issue, ladder_create
from tests.api import factories
from tests.api.managers import world
from tests.league.conftest import record

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    page = response.content.decode()
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


@pytest.fixture
def w():
    factories.reset()
    w = world()
    w.ladder = ladder_create(
        user=w.commissioner,
        division=w.division,
        name="Middle ladder",
        reach=2,
        fighters=[*w.theirs, w.free, *w.mine],
    )
    return w


def test_the_console_makes_a_ladder_and_says_a_bad_reach_beside_its_field(client, w):
    client.force_login(w.commissioner)
    url = f"/console/divisions/{w.division.pk}/ladders/"
    bad = client.post(url, {"ladder-reach": 12, "ladder-seed": 1})
    assert bad.status_code == 400
    assert "Ensure this value is less than or equal to 10" in _text(bad)
    made = client.post(
        url, {"ladder-name": "Spring ladder", "ladder-reach": 2, "ladder-size": 4, "ladder-seed": 1}
    )
    ladder = Ladder.objects.get(name="Spring ladder")
    assert made.status_code == 302 and made["Location"] == f"/console/ladders/{ladder.pk}/"
    page = _text(client.get(made["Location"], follow=True))
    assert "Spring ladder made: 4 fighters" in page
    assert "Challenge ladders" in _text(client.get(f"/console/divisions/{w.division.pk}/"))


def test_the_console_issues_a_challenge_and_refuses_one_out_of_reach_with_the_reason(client, w):
    client.force_login(w.commissioner)
    url = f"/console/ladders/{w.ladder.pk}/challenges/"
    refused = client.post(
        url, {"challenge-challenger": w.mine[1].pk, "challenge-defender": w.theirs[0].pk}
    )
    assert refused.status_code == 400
    assert "Bolt 0 is 4 places above Ace 1; a fighter may challenge up to 2 places" in _text(
        refused
    )
    issued = client.post(
        url, {"challenge-challenger": w.mine[1].pk, "challenge-defender": w.free.pk}, follow=True
    )
    text = _text(issued)
    assert "Ace 1 challenges Free Agent: booked on Middle ladder · " in text
    assert "Ace 1 (5th) challenges Free Agent (3rd)" in text
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text)  # dates as the rest of the site writes them
    challenge = LadderChallenge.objects.get()
    withdrawn = client.post(
        f"/console/challenges/{challenge.pk}/withdraw/",
        {"withdraw-reason": "a cut in sparring"},
        follow=True,
    )
    assert "is withdrawn" in _text(withdrawn)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.CANCELLED and not Bout.objects.exists()


def test_the_console_ladder_is_the_commissioners_only(client, w):
    assert client.get(f"/console/ladders/{w.ladder.pk}/").status_code == 302  # sign in
    for user in (w.outsider, w.owner):
        client.force_login(user)
        assert client.get(f"/console/ladders/{w.ladder.pk}/").status_code == 403
        answer = client.post(
            f"/console/ladders/{w.ladder.pk}/challenges/",
            {"challenge-challenger": w.mine[1].pk, "challenge-defender": w.free.pk},
        )
        assert answer.status_code == 403
    assert not LadderChallenge.objects.exists()


def test_the_public_page_shows_the_ladder_and_what_happened(client, w):
    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    record(challenge.bout, "blue", "KO")
    text = _text(client.get(f"/ladders/{w.ladder.pk}/"))
    assert "Ace 1 beat Free Agent by KO in round 3 and took 3rd place" in text
    assert "Issue a challenge" not in text  # anonymous
    ranks = re.findall(
        r"<tr>\s*<td class=\"num\">(\d+)</td>\s*<td><a[^>]*>([^<]+)</a>",
        client.get(f"/ladders/{w.ladder.pk}/").content.decode(),
    )
    assert ranks[2] == ("3", "Ace 1") and ranks[4] == ("5", "Free Agent")
    assert "Middle ladder" in _text(client.get(f"/divisions/{w.division.pk}/"))


def test_a_manager_challenges_for_his_own_fighters_from_the_public_page(client, w):
    client.force_login(w.owner)
    page = client.get(f"/ladders/{w.ladder.pk}/").content.decode()
    form = page[page.index('id="challenge-form"') :]
    challenger = form[: form.index("</select>")]
    assert "Ace 0" in challenger and "Bolt 0" not in challenger
    answer = client.post(
        f"/ladders/{w.ladder.pk}/challenge/",
        {"challenge-challenger": w.theirs[1].pk, "challenge-defender": w.theirs[0].pk},
    )
    assert answer.status_code == 400 and not LadderChallenge.objects.exists()
    done = client.post(
        f"/ladders/{w.ladder.pk}/challenge/",
        {"challenge-challenger": w.mine[0].pk, "challenge-defender": w.free.pk},
        follow=True,
    )
    assert "Ace 0 challenges Free Agent: the bout is booked" in _text(done)
    assert LadderChallenge.objects.get().issued_by == w.owner


def test_the_ladder_pages_cost_the_same_with_more_fighters_and_challenges(client, w):
    def count(url):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        return len(ctx)

    client.force_login(w.commissioner)
    urls = [f"/ladders/{w.ladder.pk}/", f"/console/ladders/{w.ladder.pk}/"]
    before = [count(u) for u in urls]
    extra = [factories.fighter(name=f"Extra {n}") for n in range(6)]
    w.division.fighters.add(*extra)
    bigger = ladder_create(user=w.commissioner, division=w.division, reach=3)
    for challenger, defender in ((w.mine[1], w.free), (w.mine[0], w.theirs[1])):
        challenge_issue(
            user=w.commissioner, ladder=w.ladder, challenger=challenger, defender=defender
        )
    urls_big = [f"/ladders/{bigger.pk}/", f"/console/ladders/{bigger.pk}/"]
    assert [count(u) for u in urls] == before
    assert [count(u) for u in urls_big] == before
