"""Card files from the console: upload, a preview or the bad rows with their
numbers and reasons, confirm, all or nothing — per role, bad files answered
with a form error, never a 500."""

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bouts.engine import generate_card
from fighters.models import Fighter, RatingCard
from league.services import card_files
from tests.api import factories, managers

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return managers.world(fighters_per_camp=1)


def _urls(world):
    slug = world.league.slug
    return {
        "page": f"/console/leagues/{slug}/cards/",
        "confirm": f"/console/leagues/{slug}/cards/confirm/",
    }


def _csv(rows) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["name", "weight_class", "camp", "ruleset", "card"])
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


def _rows(world, *, bad=False):
    ruleset = world.league.ruleset
    good = generate_card(ruleset, seed=7)
    second = {"not_a_field": 1} if bad else generate_card(ruleset, seed=8)
    return [
        {
            "name": "Nico Upload",
            "weight_class": "middleweight",
            "camp": "Upload Camp",
            "ruleset": ruleset,
            "card": json.dumps(good),
        },
        {
            "name": "Ivo Upload",
            "weight_class": "heavy" if bad else "middleweight",
            "camp": "",
            "ruleset": ruleset,
            "card": json.dumps(second),
        },
    ]


def _upload(client, world, content: bytes, name="cards.csv"):
    return client.post(
        _urls(world)["page"],
        {"file": SimpleUploadedFile(name, content), "division": world.division.pk},
    )


def _imported():
    return Fighter.objects.filter(name__endswith="Upload").count()


def test_anonymous_is_sent_to_sign_in(client, world):
    for url in _urls(world).values():
        answer = client.post(url, {})
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert client.get(_urls(world)["page"]).status_code == 302


@pytest.mark.parametrize("who", ["plain", "owner", "outsider"])
def test_a_plain_user_a_manager_or_another_leagues_commissioner_gets_403(client, world, who):
    client.force_login(getattr(world, who))
    assert client.get(_urls(world)["page"]).status_code == 403
    assert _upload(client, world, _csv(_rows(world))).status_code == 403
    assert client.post(_urls(world)["confirm"], {"token": "x"}).status_code == 403
    assert _imported() == 0


def test_the_service_refuses_anyone_but_the_leagues_commissioners(world):
    from django.core.exceptions import PermissionDenied

    rows = card_files.card_file_read(data=_csv(_rows(world)), filename="c.csv")
    for who in (world.plain, world.owner, world.outsider, None):
        with pytest.raises(PermissionDenied):
            card_files.card_file_import(
                user=who, league=world.league, division=world.division, rows=rows
            )
    assert _imported() == 0


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_a_bad_row_is_shown_by_number_then_the_fixed_file_is_previewed_and_imported(
    client, world, who
):
    client.force_login(getattr(world, who))
    league_page = client.get(f"/console/leagues/{world.league.slug}/").content.decode()
    assert _urls(world)["page"] in league_page
    bad = _upload(client, world, _csv(_rows(world, bad=True)))
    assert bad.status_code == 400
    errors = bad.context["result"].errors
    assert {e.row for e in errors} == {2} and "weight_class" in {e.field for e in errors}
    assert b"Nothing was imported" in bad.content and _imported() == 0
    preview = _upload(client, world, _csv(_rows(world)))
    assert preview.status_code == 200
    report = preview.context["result"].report
    assert (report.rows, report.fighters_created, report.fighters_updated) == (2, 2, 0)
    html = preview.content.decode()
    assert "Nico Upload" in html and "data-confirm=" in html
    assert _imported() == 0  # the preview writes nothing
    token = preview.context["token"]
    assert client.post(_urls(world)["confirm"], {"token": "stale"}).status_code == 302
    assert _imported() == 0
    done = client.post(_urls(world)["confirm"], {"token": token}, follow=True)
    assert done.status_code == 200 and b"2 new fighters" in done.content
    assert set(
        world.division.fighters.filter(name__endswith="Upload").values_list("name", flat=True)
    ) == {"Nico Upload", "Ivo Upload"}
    assert RatingCard.objects.filter(fighter__name__endswith="Upload").count() == 2
    again = client.post(_urls(world)["confirm"], {"token": token})  # used up
    assert again.status_code == 302 and _imported() == 2


def test_a_second_import_updates_the_fighters_it_knows(client, world):
    client.force_login(world.commissioner)
    rows = _rows(world)
    for _ in range(2):
        preview = _upload(client, world, _csv(rows))
        client.post(_urls(world)["confirm"], {"token": preview.context["token"]})
    report = preview.context["result"].report
    assert (report.fighters_created, report.fighters_updated) == (0, 2)
    assert _imported() == 2


def test_another_leagues_fighter_is_that_rows_error_for_a_commissioner(client, world):
    elsewhere = factories.division(league=world.other_league)
    stranger = factories.fighter(name="Far Away")
    elsewhere.fighters.add(stranger)
    rows = [
        *_rows(world),
        {"name": "Far Away", "weight_class": "middleweight", "camp": "", "ruleset": "", "card": ""},
    ]
    client.force_login(world.commissioner)
    answer = _upload(client, world, _csv(rows))
    assert answer.status_code == 400
    assert [e.row for e in answer.context["result"].errors] == [3]
    assert "league you do not run" in answer.context["result"].errors[0].reason
    assert _imported() == 0 and not world.division.fighters.filter(pk=stranger.pk).exists()


@pytest.mark.parametrize(
    "content,name,words",
    [
        ("name,weight_class\nJosé,middleweight\n".encode("latin-1"), "c.csv", "not UTF-8"),
        (b"\x89PNG\r\n\x1a\n", "picture.png", "CSV or JSON"),
        (b'[{"name": ', "c.json", "cannot be read"),
        (b"colour,size\nred,9\n", "c.csv", "cannot be read"),
        (b"name,weight_class\n", "c.csv", "no fighters"),
        (b"", "c.csv", "empty"),
    ],
)
def test_a_bad_file_gets_a_form_error_beside_the_file_field(client, world, content, name, words):
    client.force_login(world.commissioner)
    answer = _upload(client, world, content, name)
    assert answer.status_code == 400
    assert b'id="id_file-errors"' in answer.content or b"id_file_error" in answer.content
    assert words in " ".join(answer.context["form"].errors["file"])
    assert _imported() == 0


def test_a_file_too_large_is_refused_before_it_is_read(client, world, monkeypatch):
    monkeypatch.setattr(card_files, "MAX_BYTES", 100)
    client.force_login(world.commissioner)
    answer = _upload(client, world, _csv(_rows(world)))
    assert answer.status_code == 400 and "too large" in answer.context["form"].errors["file"][0]


def test_another_leagues_division_is_refused(client, world):
    elsewhere = factories.division(league=world.other_league)
    client.force_login(world.commissioner)
    answer = client.post(
        _urls(world)["page"],
        {"file": SimpleUploadedFile("c.csv", _csv(_rows(world))), "division": elsewhere.pk},
    )
    assert answer.status_code == 400 and "division" in answer.context["form"].errors


def test_the_upload_page_costs_a_fixed_number_of_queries(client, world, django_assert_num_queries):
    client.force_login(world.commissioner)
    client.get(_urls(world)["page"])
    factories.division(league=world.league, weight_class="welterweight")
    with django_assert_num_queries(6):
        assert client.get(_urls(world)["page"]).status_code == 200
