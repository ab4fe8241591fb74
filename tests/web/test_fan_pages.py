"""The fan's pages (issue 17): the fighter index and its search, every event, result
lists that mark knockdowns and title bouts, legends, brackets with named rounds, the
lineage in words, officials' pages, and display names instead of raw keys."""

import datetime
import re

import pytest
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from fighters.models import Fighter
from fighters.services import fighter_create, fighter_update
from league.models import Event, Title
from referees.models import Doctor, Judge, Referee
from tests.api import factories
from tests.api.records import recorded_bout

pytestmark = pytest.mark.django_db


def _html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _index_names(html):
    """Fighter names in the index's rows, in order."""
    table = html.split('class="table fighter-index"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<a href="/fighters/\d+/">([^<]+)</a>', table)


# --- the fighter index -------------------------------------------------------------


def test_search_ignores_accents_and_case(client):
    nemeth = fighter_create(name="Zoltán Németh", weight_class="middleweight")
    fighter_create(name="Søren Ødegaard", nickname="The Ørsted Kid", weight_class="lightweight")
    fighter_create(name="Nemo Smith", weight_class="lightweight")
    for query in ("nemeth", "NÉMETH", "zoltan nem", "  Nemeth  "):
        names = _index_names(_html(client, f"/fighters/?q={query}"))
        assert names == [nemeth.name], query
    assert _index_names(_html(client, "/fighters/?q=odegaard")) == ["Søren Ødegaard"]
    assert _index_names(_html(client, "/fighters/?q=orsted")) == ["Søren Ødegaard"]  # nickname
    home = _html(client, "/")
    assert 'action="/fighters/"' in home and 'name="q"' in home  # search from the home page
    html = _html(client, "/fighters/?q=nobody+at+all")
    assert 'id="no-fighters"' in html and "No fighter" in html


def test_search_name_follows_renames():
    fighter = fighter_create(name="Ana Ruiz", weight_class="middleweight")
    fighter_update(fighter=fighter, data={"name": "Ána Ruíz Peña"})
    assert Fighter.objects.get(pk=fighter.pk).search_name == "ana ruiz pena"
    fighter.nickname = "La Máquina"
    fighter.save(update_fields=["nickname"])
    assert Fighter.objects.get(pk=fighter.pk).search_name == "ana ruiz pena la maquina"


def test_index_sorts_by_record_rating_division_and_nationality(client):
    league = factories.league()
    best = fighter_create(name="Best Record", nationality="Wales", weight_class="middleweight")
    worse = fighter_create(name="Worse Record", nationality="Austria", weight_class="middleweight")
    rookie = fighter_create(name="Aaron Rookie", nationality="Zambia", weight_class="lightweight")
    stateless = fighter_create(name="Aaron Nobody", weight_class="lightweight")
    best.career.wins, best.career.losses = 9, 1
    best.career.save()
    worse.career.wins, worse.career.losses = 9, 3
    worse.career.save()
    middle = factories.division(league=league, fighters=[best, worse])
    light = factories.division(league=league, weight_class="lightweight", fighters=[rookie])
    from league.models import Rating

    Rating.objects.create(division=middle, fighter=worse, mu=30, sigma=2, ordinal=24)
    Rating.objects.create(division=middle, fighter=best, mu=26, sigma=3, ordinal=17)
    Rating.objects.create(division=light, fighter=rookie, mu=25, sigma=8, ordinal=1)

    assert _index_names(_html(client, "/fighters/"))[:2] == [best.name, worse.name]
    assert _index_names(_html(client, "/fighters/?sort=rating")) == [
        worse.name,
        best.name,
        rookie.name,
        stateless.name,  # not rated: last
    ]
    # Divisions by name: "lightweight" before "middleweight".
    assert _index_names(_html(client, "/fighters/?sort=division"))[0] == rookie.name
    assert _index_names(_html(client, "/fighters/?sort=nationality")) == [
        worse.name,
        best.name,
        rookie.name,
        stateless.name,  # no nationality: last
    ]
    html = _html(client, "/fighters/?sort=rating")
    assert "24.0" in html and "Sorted by rating" in html
    assert "Light heavyweight" not in html and "Lightweight" in html  # weight class in words
    # An unknown sort falls back to the record, never an error.
    assert _index_names(_html(client, "/fighters/?sort=drop+table"))[0] == best.name


def test_index_pages_keep_the_search_and_the_sort(client):
    for n in range(55):
        fighter_create(name=f"Páez {n:02d}", weight_class="middleweight")
    fighter_create(name="Someone Else", weight_class="middleweight")
    html = _html(client, "/fighters/?q=paez&sort=name")
    assert len(_index_names(html)) == 50
    assert "Page 1 of 2" in html
    assert 'href="?q=paez&amp;sort=name&amp;page=2"' in html
    second = _html(client, "/fighters/?q=paez&sort=name&page=2")
    assert _index_names(second) == [f"Páez {n}" for n in range(50, 55)]
    assert "Someone Else" not in second
    assert client.get("/fighters/?page=999").status_code == 200  # the last page


# --- events ------------------------------------------------------------------------


def test_every_event_paginated_and_linked_from_the_league(client):
    league = factories.league()
    other = factories.league()
    for n in range(45):
        factories.event(league=league, date=datetime.date(2025, 1, 1) + datetime.timedelta(n))
    factories.event(league=other, date=datetime.date(2024, 1, 1))
    Event.objects.update(fired_at=timezone.now())  # nights over: the results
    html = _html(client, f"/leagues/{league.slug}/")
    assert f'href="/events/?league={league.slug}"' in html and "Older events" in html
    html = _html(client, f"/events/?league={league.slug}")
    assert "45 fight nights fought" in html and "Page 1 of 2" in html
    newest = Event.objects.filter(league=league).order_by("-date").first()
    assert f"/events/{newest.pk}/" in html
    second = _html(client, f"/events/?league={league.slug}&page=2")
    oldest = Event.objects.filter(league=league).order_by("date").first()
    assert f"/events/{oldest.pk}/" in second
    everything = _html(client, "/events/")
    assert "46 fight nights fought" in everything and other.name not in html
    assert client.get("/events/?league=nope").status_code == 404


def test_a_league_with_few_events_has_no_older_link(client):
    league = factories.league()
    factories.event(league=league)
    assert "Older events" not in _html(client, f"/leagues/{league.slug}/")


# --- result lists ------------------------------------------------------------------


def test_result_lists_mark_knockdowns_title_bouts_and_methods(client, fought):
    bout = fought["bout"]
    star, rival = factories.fighter(name="Star"), factories.fighter(name="Rival")
    event = factories.event(league=fought["league"], date=datetime.date(2026, 4, 1))
    marked = recorded_bout(
        red=star, blue=rival, ruleset=fought["league"].ruleset, event=event, rounds=4, day=9
    )
    Bout.objects.filter(pk=marked.pk).update(
        is_title_bout=True, completed_at=datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC)
    )
    marked.result.method = "TKO"
    marked.result.save()
    html = _html(client, f"/events/{event.pk}/")
    assert '<abbr title="Technical knockout">TKO</abbr>' in html
    assert 'class="badge knockdown" title="1 knockdown">1 KD</span>' in html
    assert 'class="badge title"' in html
    home = _html(client, "/")
    assert home.index(f"/bouts/{marked.pk}/") < home.index(f"/bouts/{bout.pk}/")
    assert "1 KD" in home
    record_book = _html(client, f"/fighters/{rival.pk}/")
    assert '<abbr title="Technical knockout">TKO</abbr>' in record_book
    assert 'title="1 knockdown">1 KD</span>' in record_book


def test_home_lists_the_latest_fought_not_the_latest_dated(client):
    league = factories.league()
    red, blue = factories.fighter(), factories.fighter()
    early = recorded_bout(red=red, blue=blue, ruleset=league.ruleset, day=1)
    future = recorded_bout(red=red, blue=blue, ruleset=league.ruleset, day=28)
    # The future-dated bout was fought first; the earlier-dated one just now.
    Bout.objects.filter(pk=future.pk).update(
        date=datetime.date(2031, 1, 1),
        completed_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
    )
    Bout.objects.filter(pk=early.pk).update(
        completed_at=datetime.datetime(2026, 6, 1, tzinfo=datetime.UTC)
    )
    html = _html(client, "/")
    assert html.index(f"/bouts/{early.pk}/") < html.index(f"/bouts/{future.pk}/")


# --- standings, rankings, brackets, lineage --------------------------------------------


@pytest.fixture
def tournament_league(django_capture_on_commit_callbacks):
    from tests.api.leagues import build

    league, division, season, tournament = build(6, django_capture_on_commit_callbacks)
    return {"league": league, "division": division, "season": season, "tournament": tournament}


def test_division_page_explains_points_and_ratings(client, tournament_league):
    league = tournament_league["league"]
    html = _html(client, f"/divisions/{tournament_league['division'].pk}/")
    legend = html.split('id="standings-legend"', 1)[1].split("</div>", 1)[0]
    assert f"{league.points_win} for a win" in legend
    assert '<abbr title="Technical knockout">TKO</abbr>' in legend
    assert "head to head" in legend  # the tiebreakers by label, not key
    assert "head_to_head" not in html
    rankings = html.split('id="rankings"', 1)[1]
    head = rankings.split("</thead>", 1)[0]
    assert "μ" not in head and "σ" not in head  # one rating number in the table
    assert "<details" in rankings and "μ − 3σ" in rankings  # the parts on demand


def test_bracket_names_rounds_and_draws_a_picture(client, tournament_league):
    tournament = tournament_league["tournament"]
    html = _html(client, f"/tournaments/{tournament.pk}/")
    assert '<h3 class="stage">Semi-finals</h3>' in html
    assert '<h3 class="stage">Final</h3>' in html
    assert "Stage 1" not in html and "W1.1" not in html
    svg = html.split('<svg class="bracket-svg"', 1)[1].split("</svg>", 1)[0]
    assert svg.count('class="bracket-box"') == 3
    assert ">Final</text>" in svg and ">Semi-finals</text>" in svg
    final = tournament.matches.select_related("bout__result").get(key="W2.1").bout
    method = final.result.method
    decision = method in ("UD", "SD", "MD", "DRAW", "TD", "TDRAW")
    where = f"{final.result.round} rounds" if decision else f"round {final.result.round}"
    assert f"{method}, {where}" in svg
    assert f'<a href="/bouts/{final.pk}/">' in svg
    champion = html.split('id="champion"', 1)[1].split("</p>", 1)[0]
    assert tournament.champion.name in champion and f"/bouts/{final.pk}/" in champion
    assert "the final" in champion


def test_lineage_says_whom_the_champion_beat_and_how(client, tournament_league):
    division = tournament_league["division"]
    title = Title.objects.select_related("champion").get(division=division)
    reign = title.reigns.select_related("start_bout__result").order_by("number").first()
    bout = reign.start_bout
    other = bout.blue if bout.red_id == title.champion_id else bout.red
    html = _html(client, f"/divisions/{division.pk}/title/")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    where = (
        f"over {bout.result.round} round"
        if bout.result.method in ("UD", "SD", "MD", "DRAW", "TD", "TDRAW")
        else f"in round {bout.result.round}"
    )
    # A drawn final is decided on the cards (league.scheduling.brackets.decide_draw).
    verb = "drew with" if bout.result.winner is None else "beat"
    how = "" if bout.result.method == "DRAW" else f"by {bout.result.method} "
    assert f"{verb} {other.name} {how}{where}" in text


# --- officials and display names -----------------------------------------------------


def test_officials_link_to_their_pages(client, fought):
    bout = fought["bout"]
    referee = Referee.objects.order_by("id").first()
    judges = list(Judge.objects.order_by("id")[:3])
    doctor = Doctor.objects.order_by("id").first()
    Bout.objects.filter(pk=bout.pk).update(
        referee=referee, judge_1=judges[0], judge_2=judges[1], judge_3=judges[2], doctor=doctor
    )
    report = _html(client, f"/bouts/{bout.pk}/")
    urls = [f"/referees/{referee.pk}/", f"/doctors/{doctor.pk}/"]
    for url in urls + [f"/judges/{j.pk}/" for j in judges]:
        assert url in report, url
    judge_page = _html(client, f"/judges/{judges[0].pk}/")
    assert judges[0].name in judge_page and f"/bouts/{bout.pk}/" in judge_page
    assert "Bouts scored</dt><dd>1<" in judge_page
    doctor_page = _html(client, f"/doctors/{doctor.pk}/")
    assert doctor.name in doctor_page and f"/bouts/{bout.pk}/" in doctor_page
    record_book = _html(client, f"/fighters/{fought['red'].pk}/")
    assert '<th class="hide-narrow">Referee</th>' in record_book
    assert f"/referees/{referee.pk}/" in record_book
    for url in ("/judges/999999/", "/doctors/999999/"):
        assert client.get(url).status_code == 404


def test_no_raw_keys_on_the_pages(client, fought):
    league, bout = fought["league"], fought["bout"]
    from bouts.engine.registry import ruleset_title

    display = ruleset_title(league.ruleset)
    assert display != league.ruleset
    # The factory names the division after its key; a commissioner names it in words.
    fought["division"].name = "Middleweights"
    fought["division"].save()
    for url in (
        "/",
        f"/leagues/{league.slug}/",
        f"/divisions/{fought['division'].pk}/",
        f"/bouts/{bout.pk}/",
        f"/fighters/{fought['red'].pk}/",
    ):
        html = _html(client, url)
        text = re.sub(r"<[^>]+>", " ", html)
        assert not re.search(rf"\b{league.ruleset}\b", text), url
        assert "middleweight" not in text.replace("Middleweight", ""), url
    assert display in _html(client, f"/leagues/{league.slug}/")


def test_every_method_has_words():
    from bouts.engine.registry import RULESETS, method_name

    for ruleset in RULESETS.values():
        assert ruleset.title and ruleset.title != ruleset.name
        for method in ruleset.methods:
            assert method_name(method) != method, (ruleset.name, method)
    assert method_name("SUB") == "Submission"
    assert method_name("NOPE") == "NOPE"


def test_unfought_bouts_show_their_status(client):
    league = factories.league()
    event = factories.event(league=league)
    red, blue = factories.fighter(), factories.fighter()
    Bout.objects.create(
        ruleset=league.ruleset,
        event=event,
        order=1,
        date=event.date,
        red=red,
        blue=blue,
        scheduled_rounds=6,
        seed=1,
        status=BoutStatus.SCHEDULED,
    )
    html = _html(client, f"/events/{event.pk}/")
    assert "Scheduled" in html and "KD" not in html.split("<tbody>", 1)[1]
