"""The words a fan reads: report sentences grammatical, and every abbreviation of
the scouting page labelled (a legend or a tooltip)."""

import pytest

from bouts.models import Injury, RoundStat
from league.scouting import plan_label_words

pytestmark = pytest.mark.django_db


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_an_injury_that_names_the_fighter_is_not_prefixed_with_his_name(client, fought):
    bout, red, blue = fought["bout"], fought["red"], fought["blue"]
    Injury.objects.filter(bout=bout).delete()
    Injury.objects.create(
        bout=bout,
        round=2,
        time="1:00",
        side="red",
        fighter=red,
        type="swelling",
        severity=1,
        text=f"{red.name} has swelling around the left eye",
    )
    Injury.objects.create(
        bout=bout,
        round=3,
        time="2:00",
        side="blue",
        type="cut",
        severity=2,
        text="a cut above the right eye",
    )
    html = page(client, f"/bouts/{bout.pk}/")
    assert f"{red.name}: {red.name}" not in html
    assert f"{red.name}</span> has swelling around the left eye" in html
    assert f"{blue.name}</span>: a cut above the right eye" in html


def test_a_round_of_one_moment_says_moment(client, fought):
    result = fought["bout"].result
    one = {"round": 1, "clock": "0:30", "kind": "punch", "side": "red", "text": "A jab lands."}
    two = [{**one, "round": 2}, {**one, "round": 2, "clock": "1:00"}]
    result.engine_result = {**result.engine_result, "events": [one, *two]}
    result.save()
    html = page(client, f"/bouts/{fought['bout'].pk}/")
    assert "(1 moment)" in html and "(2 moments)" in html
    assert "(1 moments)" not in html


@pytest.mark.parametrize(
    ("label", "text", "meaning"),
    [
        ("work_the_body", "Work the Body", "Title Bout strategy"),
        ("S", "Slugger", "Title Bout fighting style"),
        ("B", "Boxer", "Title Bout fighting style"),
        ("6H/4!/5 (inside)", "6H/4!/5 (inside)", "WeBL round plan"),
        ("swarmer", "Swarmer", "Fighting style"),
    ],
)
def test_every_plan_label_has_words_and_a_meaning(label, text, meaning):
    words = plan_label_words(label)
    assert words["text"] == text and meaning in words["meaning"]


def test_the_scouting_page_explains_its_labels_and_the_record(client, fought):
    red = fought["red"]
    RoundStat.objects.filter(bout=fought["bout"], side="red").update(
        stats={"strategy": "work_the_body", "style": "S"}
    )
    html = page(client, f"/fighters/{red.pk}/scouting/")
    assert "work_the_body" not in html and "Work the Body" in html
    assert 'title="Title Bout strategy"' in html
    assert 'title="Title Bout fighting style">Slugger' in html
    assert 'abbr title="wins–losses–draws"' in html
    assert "lost by knockout" in html
