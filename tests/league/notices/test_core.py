"""Who hears what, in words (league.notices.core: pure, no database)."""

import datetime as dt

from league.notices import core

DATE = dt.date(2026, 12, 5)


def _bout(**kw):
    fields = {
        "id": 7,
        "league_id": 1,
        "league_name": "WeBL",
        "event_name": "Fight night 3",
        "date": DATE,
        "red": core.Corner("Ace", 10),
        "blue": core.Corner("Bolt", 20),
    }
    fields.update(kw)
    return core.BoutView(**fields)


def test_a_booked_bout_tells_each_manager_of_his_own_fighter_first():
    notices = core.booked([_bout()])
    assert [(n.user_id, n.title) for n in notices] == [
        (10, "Ace fights Bolt"),
        (20, "Bolt fights Ace"),
    ]
    assert "5 Dec 2026" in notices[0].body and notices[0].key == "booked:7"


def test_a_fighter_without_a_manager_hears_nothing():
    notices = core.booked([_bout(blue=core.Corner("Free", None))])
    assert [n.user_id for n in notices] == [10]


def test_one_manager_with_both_corners_hears_once():
    assert len(core.booked([_bout(blue=core.Corner("Bolt", 10))])) == 1


def test_a_result_says_won_or_lost_by_what_in_words():
    notices = core.results([_bout(winner="blue", method="KO", round=3)])
    titles = {n.user_id: n.title for n in notices}
    assert titles[10] == "Ace lost to Bolt by knockout in round 3"
    assert titles[20] == "Bolt beat Ace by knockout in round 3"


def test_a_draw_is_a_draw_for_both():
    notices = core.results([_bout(winner=None, method="DRAW", round=3)])
    assert all("drew" in n.title for n in notices)


def _request(status, **kw):
    return core.RequestView(
        id=4,
        league_id=1,
        league_name="WeBL",
        fighter=core.Corner("Ace", 10),
        opponent=core.Corner("Bolt", 20),
        status=status,
        **kw,
    )


def test_a_request_is_received_by_the_opponents_manager_with_the_message():
    [notice] = core.request_received(_request("pending", message="Let's go"))
    assert notice.user_id == 20 and '"Let\'s go"' in notice.body


def test_a_decline_reaches_the_asker_with_its_note():
    [notice] = core.request_answered(_request("declined", answer="Not now"))
    assert notice.user_id == 10
    assert "declined" in notice.title and '"Not now"' in notice.body


def test_a_refusal_carries_the_commissioners_reason_not_the_answer():
    [notice] = core.request_answered(_request("refused", answer="Sure", decision_note="Too uneven"))
    assert "refused" in notice.title and "Too uneven" in notice.body and "Sure" not in notice.body


def test_a_withdrawn_request_tells_nobody():
    assert core.request_answered(_request("withdrawn")) == []


def test_plans_due_names_the_real_time_and_each_managers_bouts():
    now = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
    night = core.NightView(
        id=3,
        league_id=1,
        league_name="WeBL",
        name="Fight night 3",
        date=DATE,
        locks_at=now + dt.timedelta(hours=10),
        bouts=(
            (7, core.Corner("Ace", 10), core.Corner("Bolt", 20)),
            (7, core.Corner("Bolt", 20), core.Corner("Ace", 10)),
            (8, core.Corner("Cruz", 10), core.Corner("Free", None)),
        ),
    )
    notices = {n.user_id: n for n in core.plans_due(night, now)}
    assert set(notices) == {10, 20}
    assert notices[10].title == "Plans due for Fight night 3 (5 Dec 2026)"
    assert "Plans lock in 10 hours, Sun 20:00 UTC" in notices[10].body
    assert "Ace vs Bolt; Cruz vs Free" in notices[10].body


def test_an_acceptance_says_who_puts_the_bout_on_a_card():
    [by_hand] = core.request_answered(_request("accepted"))
    [by_league] = core.request_answered(_request("accepted", auto_approve=True))
    assert "The commissioner puts it on a card." in by_hand.body
    assert "It goes on the next card with room." in by_league.body
