"""generate_roster: deterministic for a seed, bodies that fit the weight class,
cards spread over the rating range, league divisions filled, clear errors."""

import io
import statistics

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from bouts.engine.registry import RULESETS, get_ruleset
from fighters.models import Camp, CardChange, CornerMan, Fighter, RatingCard
from fighters.physique import TYPICAL_HEIGHT_CM, height_range, reach_range
from fighters.roster import plan_roster
from fighters.weight_classes import LIMIT_LB
from league.models import Division, League

from .conftest import registered_or_skip

pytestmark = pytest.mark.django_db
ANY = next(iter(RULESETS), None)
needs_a_ruleset = pytest.mark.skipif(ANY is None, reason="no ruleset registered yet")


def roster(**kwargs):
    args = []
    for key, value in kwargs.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    out = io.StringIO()
    call_command("generate_roster", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def dump():
    return [
        (
            f.name,
            f.nickname,
            f.nationality,
            f.date_of_birth,
            f.stance,
            f.height_cm,
            f.reach_cm,
            f.weight_class,
            f.camp.name,
            [(c.ruleset, c.data, c.rating) for c in f.cards.all()],
        )
        for f in Fighter.objects.select_related("camp").prefetch_related("cards").order_by("id")
    ] + sorted(CornerMan.objects.values_list("name", "role", "cut", "strategy", "camp__name"))


def wipe():
    CardChange.objects.all().delete()
    Fighter.objects.all().delete()
    CornerMan.objects.all().delete()
    Camp.objects.all().delete()


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_same_seed_same_roster(ruleset):
    roster(ruleset=ruleset, fighters=12, seed=7)
    first = dump()
    assert len(first) > 12
    wipe()
    roster(ruleset=ruleset, fighters=12, seed=7)
    assert dump() == first
    wipe()
    roster(ruleset=ruleset, fighters=12, seed=8)
    assert dump() != first


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_cards_valid_and_spread_over_rating_range(ruleset):
    rules = get_ruleset(ruleset)
    roster(ruleset=ruleset, fighters=30, seed=1)
    cards = list(RatingCard.objects.filter(ruleset=ruleset).select_related("fighter"))
    assert len(cards) == 30
    for card in cards:
        engine_card = {**card.data, "name": card.fighter.name}
        if rules.team:
            engine_card["id"] = card.fighter.id
        rules.validate_card(engine_card)
    low, high = rules.rating_range
    ratings = sorted(c.rating for c in cards)
    third = (high - low) / 3
    # the weakest third and the strongest third of the scale are both represented
    assert ratings[0] < low + third * 1.5
    assert ratings[-1] > high - third * 1.5
    assert statistics.pstdev(ratings) > 0


@needs_a_ruleset
def test_bodies_fit_weight_class():
    plan = plan_roster(ruleset=ANY, count=340, seed=5, weight_classes=list(LIMIT_LB))
    by_class = {}
    for f in plan.fighters:
        low, high = height_range(f.weight_class)
        assert low <= f.height_cm <= high, f
        r_low, r_high = reach_range(f.height_cm)
        assert r_low <= f.reach_cm <= r_high, f
        assert 120 <= f.height_cm <= 230 and 120 <= f.reach_cm <= 240
        by_class.setdefault(f.weight_class, []).append(f.height_cm)
    assert set(by_class) == set(LIMIT_LB)  # round-robin: every class has 20
    means = [statistics.mean(by_class[w]) for w in LIMIT_LB]
    # heavier classes are taller on average (flyweights vs welterweights vs heavyweights)
    assert means[2] < means[10] < means[-1]
    assert abs(statistics.mean(by_class["heavyweight"]) - TYPICAL_HEIGHT_CM["heavyweight"]) < 3


def test_card_weight_matches_class_when_the_card_has_one():
    if "webl" not in RULESETS:
        pytest.skip("webl has not landed")
    plan = plan_roster(
        ruleset="webl", count=40, seed=2, weight_classes=["flyweight", "heavyweight"]
    )
    for f in plan.fighters:
        if f.weight_class == "flyweight":
            assert 108 < f.card["weight"] <= 112
        else:
            assert 200 < f.card["weight"] <= 260


def test_southpaw_card_sets_stance():
    if "titlebout" not in RULESETS:
        pytest.skip("titlebout has not landed")
    plan = plan_roster(ruleset="titlebout", count=60, seed=4, weight_classes=["lightweight"])
    for f in plan.fighters:
        assert (f.stance == "southpaw") == f.card["southpaw"]


@needs_a_ruleset
def test_names_varied_and_unique():
    plan = plan_roster(ruleset=ANY, count=120, seed=9, weight_classes=["lightweight"])
    names = [f.name for f in plan.fighters]
    assert len(set(names)) == len(names)
    assert len({f.nationality for f in plan.fighters}) >= 8
    assert all(len(n.split()) >= 2 for n in names)
    assert plan.corners and all(c.camp < len(plan.camps) for c in plan.corners)


@needs_a_ruleset
def test_weight_class_option():
    roster(ruleset=ANY, fighters=5, seed=1, weight_class="middleweight")
    assert set(Fighter.objects.values_list("weight_class", flat=True)) == {"middleweight"}


def make_league(ruleset, classes=("lightweight", "welterweight")):
    league = League.objects.create(
        name="Test League", slug="test", ruleset=ruleset, start_date="2026-01-01"
    )
    for wc in classes:
        Division.objects.create(league=league, weight_class=wc, name=wc.title())
    return league


@needs_a_ruleset
def test_league_divisions_filled():
    league = make_league(ANY)
    out = roster(fighters=10, seed=3, league="test")  # ruleset from the league
    divisions = {d.weight_class: d for d in league.divisions.all()}
    light = set(divisions["lightweight"].fighters.values_list("weight_class", flat=True))
    assert light == {"lightweight"}
    assert divisions["lightweight"].fighters.count() == 5
    assert divisions["welterweight"].fighters.count() == 5
    assert "Lightweight: +5" in out
    if get_ruleset(ANY).team:
        assert divisions["lightweight"].camps.exists()


@needs_a_ruleset
def test_league_with_weight_class():
    league = make_league(ANY)
    roster(ruleset=ANY, fighters=4, seed=3, league="test", weight_class="welterweight")
    assert league.divisions.get(weight_class="welterweight").fighters.count() == 4
    assert league.divisions.get(weight_class="lightweight").fighters.count() == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ruleset": "chess", "fighters": 3, "seed": 1}, "unknown ruleset 'chess'"),
        (
            {"ruleset": ANY or "x", "fighters": 3, "seed": 1, "league": "nope"},
            "no league with slug 'nope'",
        ),
        ({"ruleset": ANY or "x", "fighters": 0, "seed": 1}, "--fighters must be at least 1"),
        (
            {"ruleset": ANY or "x", "fighters": 3, "seed": 1, "weight_class": "jumbo"},
            "unknown weight class",
        ),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(CommandError, match=message):
        roster(**kwargs)
    assert not Fighter.objects.exists()


@needs_a_ruleset
def test_league_errors():
    make_league(ANY, classes=("lightweight",))
    with pytest.raises(CommandError, match="has no heavyweight division"):
        roster(fighters=3, seed=1, league="test", weight_class="heavyweight")
    other = next((r for r in RULESETS if r != ANY), None)
    if other:
        with pytest.raises(CommandError, match=f"fights under {ANY}, not {other}"):
            roster(ruleset=other, fighters=3, seed=1, league="test")


def test_cli_bad_ruleset_one_line_exit_1(capsys):
    from django.core.management import ManagementUtility

    argv = ["manage.py", "generate_roster", "--ruleset", "chess", "--fighters", "2", "--seed", "1"]
    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(argv).execute()
    assert exit_.value.code == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "unknown ruleset 'chess'" in lines[0]


@pytest.mark.parametrize("ruleset", [r for r in RULESETS if RULESETS[r].team] or ["none"])
def test_team_camps_stay_within_a_weight_class(ruleset):
    if ruleset not in RULESETS:
        pytest.skip("no team ruleset registered yet")
    plan = plan_roster(
        ruleset=ruleset,
        count=30,
        seed=6,
        weight_classes=["lightweight", "heavyweight", "flyweight"],
    )
    classes_of_camp = {}
    for f in plan.fighters:
        classes_of_camp.setdefault(f.camp, set()).add(f.weight_class)
    assert all(len(c) == 1 for c in classes_of_camp.values())
    per_class = {}
    for camp, (wc,) in classes_of_camp.items():
        per_class.setdefault(wc, set()).add(camp)
    assert all(len(camps) >= 2 for camps in per_class.values())  # every division has a bout
    # built sides are accepted by the engine
    import random as _random

    rules = RULESETS[ruleset]
    members = [f for f in plan.fighters if f.camp == 0]
    side = rules.build_side(
        plan.camps[0].name,
        [{**f.card, "id": i + 1, "name": f.name} for i, f in enumerate(members)],
        _random.Random(1),
    )
    rules.validate_side(side)
