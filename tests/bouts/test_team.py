"""Team bouts (camps against camps): fighter lines, careers credited from them."""

import pytest
from django.core.exceptions import ValidationError

from bouts import careers, selectors, services
from bouts.inputs import simulate_inputs
from bouts.models import BoutFighterLine, BoutStatus, Result
from fighters.models import Career
from tests.bouts import factories

pytestmark = pytest.mark.django_db

DAY = factories.DAY


@pytest.fixture
def team():
    return factories.team_ruleset()


@pytest.fixture
def camps(team):
    return factories.make_camp(team, size=3, seed=1), factories.make_camp(team, size=3, seed=2)


def fight_camps(team, red_camp, blue_camp, **kwargs):
    bout = services.bout_schedule(
        ruleset=team, date=DAY, red_camp=red_camp, blue_camp=blue_camp, queue=False, **kwargs
    )
    services.bout_queue(bout=bout)
    services.bout_run(bout_id=bout.pk)
    bout.refresh_from_db()
    return bout


def test_team_bout_records_lines_and_credits_careers(team, camps):
    red_camp, blue_camp = camps
    bout = fight_camps(team, red_camp, blue_camp, is_title_bout=True)
    assert bout.status == BoutStatus.COMPLETED, bout.failure_reason
    engine = Result.objects.get(bout=bout).engine_result
    assert engine == simulate_inputs(bout.inputs).to_dict()
    members = {
        "red": set(red_camp.fighters.values_list("id", flat=True)),
        "blue": set(blue_camp.fighters.values_list("id", flat=True)),
    }
    assert bout.inputs["fighters"] == {s: sorted(ids) for s, ids in members.items()}

    lines = list(BoutFighterLine.objects.filter(bout=bout))
    assert len(lines) == len(engine["fighters"]) or not engine["fighters"]
    credited = {}
    for line in lines:
        if line.fighter_id is not None:
            assert line.fighter_id in members[line.side]
            if careers.line_credited(line.stats):
                credited[line.fighter_id] = line.side
    assert credited, "somebody fought"
    winner = engine["winner"]
    for fighter_id in members["red"] | members["blue"]:
        career = Career.objects.get(fighter_id=fighter_id)
        if fighter_id not in credited:
            assert career.bouts == 0
            continue
        outcome = careers.outcome_for(winner=winner, side=credited[fighter_id])
        assert career.bouts == 1 and career.title_fights == 1
        assert (career.wins, career.losses, career.draws) == (
            int(outcome == "win"),
            int(outcome == "loss"),
            int(outcome == "draw"),
        )
        assert career.ko_wins == career.ko_losses == 0
    everyone = members["red"] | members["blue"]
    assert selectors.career_check(fighters=everyone) == []

    # knockdowns and injuries name their fighter when he is one of ours
    names = {line.name: line.fighter_id for line in lines if line.fighter_id}
    for knockdown in bout.knockdowns.all():
        item = next(
            k
            for k in engine["knockdowns"]
            if (k["round"], k["time"], k["fighter"])
            == (knockdown.round, knockdown.time, knockdown.side)
        )
        assert knockdown.fighter_id == names.get(item.get("name"))

    fighter_id = next(iter(credited))
    row = selectors.fighter_history(fighter=fighter_id)[0]
    other = blue_camp if credited[fighter_id] == "red" else red_camp
    assert row["opponent"] == other.name and row["opponent_is_camp"] is True
    assert row["opponent_record"]["text"] == "0-0-0"


def test_team_recording_query_count_is_constant(team, camps, django_assert_max_num_queries):
    red_camp, blue_camp = camps
    bout = services.bout_schedule(ruleset=team, date=DAY, red_camp=red_camp, blue_camp=blue_camp)
    result = simulate_inputs(bout.inputs)
    with django_assert_max_num_queries(15):
        services.bout_record(bout=bout, result=result)
    assert bout.status == BoutStatus.COMPLETED


def test_team_scheduling_errors(team, camps):
    red_camp, blue_camp = camps
    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(ruleset=team, date=DAY, red_camp=red_camp, blue_camp=red_camp)
    assert "cannot fight itself" in exc.value.message_dict["blue_camp"][0]

    fighter = red_camp.fighters.first()
    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(ruleset=team, date=DAY, red=fighter, blue_camp=blue_camp)
    assert "team ruleset" in exc.value.message_dict["red"][0]

    from fighters.models import Camp

    empty = Camp.objects.create(name="Empty Camp")
    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(ruleset=team, date=DAY, red_camp=red_camp, blue_camp=empty)
    assert "has no active fighter" in exc.value.message_dict["blue_camp"][0]
