"""A fighter in full (issue 33 item 1): the card's abilities and the next training
step on the fighter and training pages for those who may see the card, his
training, damage and aging history, his ranking history; the training page says
what became of a step in words and offers no form once the bout is fought."""

import pytest
from django.test import Client

from league.models import League
from tests.league.test_training import _record, training_card, training_setup

pytestmark = pytest.mark.django_db


def client_of(world, role):
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(world, role))
    return client


@pytest.mark.parametrize(
    ("role", "sees"),
    [
        ("anonymous", False),
        ("plain", False),
        ("other_manager", False),
        ("outsider", False),
        ("owner", True),
        ("commissioner", True),
        ("staff", True),
    ],
)
def test_a_hidden_card_shows_its_abilities_only_to_those_who_may_see_it(role, sees):
    world, red, _, _ = training_setup(hide_cards=True)
    html = client_of(world, role).get(f"/fighters/{red.pk}/").content.decode()
    assert ('id="abilities-webl"' in html) is sees


def test_where_cards_are_public_anyone_sees_the_abilities_and_the_next_step():
    world, red, _, _ = training_setup()
    html = client_of(world, "anonymous").get(f"/fighters/{red.pk}/").content.decode()
    assert 'id="abilities-webl"' in html
    card = training_card(red)
    row = html.split('data-ability="str"')[1].split("</tr>")[0]
    assert f">{card['str']} <" in row and f"STR {card['str'] + 1}" in row
    assert "rating" in row


def test_the_history_shows_training_kept_or_taken_back_and_damage():
    from league.services.training import training_choose

    world, red, _, bout = training_setup(training_keep_rule="never")
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    owner = client_of(world, "owner")
    coming = owner.get(f"/fighters/{red.pk}/").content.decode()
    assert "STR +1 for this bout" in coming
    _record(bout, "red", red_dealt=12.0, blue_dealt=30.0)
    html = owner.get(f"/fighters/{red.pk}/").content.decode()
    history = html.split('id="career-history"')[1].split("</section>")[0]
    assert "won" in history and "Blue Kid" in history
    assert "STR +1, taken back after the bout" in history
    assert ">30<" in history  # the damage the opponent dealt him


def test_a_won_bout_never_reads_lost_again_and_offers_no_form():
    from league.services.training import training_choose

    world, red, _, bout = training_setup(training_keep_rule="rise")
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    owner = client_of(world, "owner")
    url = f"/bouts/{bout.pk}/training/"
    before = owner.get(url).content.decode()
    assert 'id="training-form"' in before and 'id="abilities-webl"' in before
    assert "fit" in before.split('id="training-card-')[1]
    League.objects.filter(pk=world.league.pk).update(training_keep_rule="never")
    _record(bout, "red")
    after = owner.get(url).content.decode()
    assert "Lost again" not in after
    assert "taken back after the bout (the league never keeps a step)" in after
    assert 'id="training-form"' not in after and 'id="training-closed"' in after
    refused = owner.post(url, {"fighter": red.pk, "ability": "agl"})
    assert refused.status_code == 400


def test_the_ranking_history_is_drawn_after_his_bouts():
    world, red, _, bout = training_setup()
    _record(bout, "red")
    from league.services import projector

    projector.division_project(division_id=world.division.pk)
    html = client_of(world, "anonymous").get(f"/fighters/{red.pk}/").content.decode()
    assert 'id="rank-history"' in html and "#1 of 2 rated" in html


def test_the_fighter_page_costs_the_same_with_a_longer_career():
    import datetime as dt

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bouts.services import bout_schedule
    from league.models import Event
    from league.services.training import training_choose

    world, red, blue, bout = training_setup()
    owner = client_of(world, "owner")
    url = f"/fighters/{red.pk}/"
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    _record(bout, "red", blue_dealt=5.0)
    with CaptureQueriesContext(connection) as before:
        owner.get(url)
    later = Event.objects.create(
        league=world.league, name="Week two", date=world.event.date + dt.timedelta(days=7)
    )
    second = bout_schedule(
        queue=False,
        ruleset="webl",
        red=red,
        blue=blue,
        division=world.division,
        event=later,
        date=later.date,
    )
    training_choose(actor=world.owner, bout=second, fighter=red, ability="agl")
    _record(second, "blue", blue_dealt=9.0)
    with CaptureQueriesContext(connection) as after:
        html = owner.get(url).content.decode()
    assert html.count("taken back after the bout") + html.count(", kept") == 2
    assert len(after) == len(before)
