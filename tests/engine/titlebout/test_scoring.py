"""End-of-round scoring: the chart, Check and the judges' line, knockdowns, fouls."""

from bouts.engine.titlebout import rounds
from bouts.engine.titlebout.scoring import chart, knockdown_score, score_round
from bouts.engine.titlebout.tables import EV, HS, LS

from .helpers import base_card, card, make_bout

EVEN = [{"name": f"J{i}", "bias": "none", "close_round": "even"} for i in range(3)]
CTX = {"aggressor": "red", "styles": {"red": "S", "blue": "S"}, "safety": [], "crowd": []}


def _score(pr, pb, marks=(HS, HS, HS), kr=0, kb=0, judges=EVEN, **ctx):
    return score_round(pr, pb, kr, kb, card(j=marks), judges, dict(CTX, **ctx))


def test_book_examples():
    assert _score(10, 10) == [[10, 10]] * 3  # difference 0: 10-10
    assert _score(17, 10, (LS, LS, LS)) == [[10, 9]] * 3  # 7: 10-9 on all cards
    assert _score(14, 10, (HS, EV, HS)) == [[10, 9], [10, 10], [10, 9]]  # 4: Check


def test_chart():
    assert chart(3, HS) == (10, 9) and chart(3, LS) == (9, 10) and chart(3, EV) == (10, 10)
    assert chart(15, LS) == (10, 9)
    assert chart(17, HS) == (10, 8) and chart(17, LS) == (10, 9) and chart(17, EV) == (10, 9)
    assert chart(19, EV) == (10, 8) and chart(40, HS) == (10, 8)  # 10-7 needs a knockdown


def test_aggressiveness_example():
    # aggressor 12 vs 6: a Check; with the +1 it is 13 vs 6, 10-9 on all cards
    bout = make_bout(aggressiveness=True, referee_discretion=False)
    bout.red.pts, bout.blue.pts = 12, 6
    rounds.end_of_round(bout)
    assert [c[0] for c in bout.cards] == [[10, 9]] * 3


def test_knockdown_rules():
    assert _score(20, 10, kr=1) == [[10, 8]] * 3  # rule 1
    assert _score(10, 18, kr=1) == [[10, 9]] * 3  # rule 2: 6-12 fewer
    assert _score(10, 23, kr=1) == [[9, 10]] * 3  # rule 3: 13 or more fewer
    assert _score(10, 10, kr=1, kb=1, marks=(EV, EV, EV)) == [[9, 9]] * 3  # rule 4
    assert _score(20, 10, kr=2) == [[10, 7]] * 3  # rule 5: the 10-7 round
    assert _score(20, 10, kr=3) == [[10, 7]] * 3  # three: still the book's lowest, 10-7
    assert _score(10, 20, kr=2) == [[10, 8]] * 3  # two knockdowns, outscored: 10-8
    assert _score(10, 10, kr=2, kb=2, marks=(EV, EV, EV)) == [[8, 8]] * 3
    assert knockdown_score(0, 1) == (10, 8)


def test_foul_deduction():
    # a fighter who wins 10-9 but loses a point: 9-9; losing 10-9 and a point: 10-8
    bout = make_bout(aggressiveness=False, referee_discretion=False)
    bout.red.pts, bout.blue.pts = 20, 10
    bout.red.deducted = 1
    rounds.end_of_round(bout)
    assert bout.cards[0][0] == [9, 9]
    bout = make_bout(aggressiveness=False, referee_discretion=False)
    bout.red.pts, bout.blue.pts = 10, 20
    bout.red.deducted = 1
    rounds.end_of_round(bout)
    assert bout.cards[0][0] == [8, 10]


def test_safety_first_and_plays_to_crowd():
    assert _score(14, 10, (EV, EV, HS), safety=["red"]) == [[9, 10], [9, 10], [10, 9]]
    assert _score(14, 10, (HS, HS, HS), crowd=["red"]) == [[9, 10]] * 3


LEAN = [
    {"name": "J", "bias": "none", "close_round": c} for c in ("aggressor", "counterpuncher", "home")
]


def test_judges_leanings_option():
    # option judge_leanings (an invention): a judge's close_round decides an E mark...
    assert _score(10, 14, (EV, EV, EV), judges=LEAN, aggressor="red") == [[10, 9], [9, 10], [10, 9]]
    home = [{"name": "J", "bias": "hometown", "close_round": "even"}] * 3
    assert _score(10, 14, (EV, HS, LS), judges=home) == [[10, 9], [10, 10], [10, 9]]
    # ...and without it (the book) the Check card's marks alone decide
    assert _score(10, 14, (EV, EV, EV), judges=None) == [[10, 10]] * 3
    assert _score(10, 14, (EV, HS, LS), judges=None) == [[10, 10], [9, 10], [10, 9]]


def test_zero_point_rounds_are_even_on_every_card():
    # the book: "the point difference is 0. All 3 judges score the round 10-10"
    for judges in (None, EVEN, LEAN):
        assert _score(12, 12, (HS, LS, EV), judges=judges) == [[10, 10]] * 3
    bout = make_bout(aggressiveness=False, judge_leanings=True)
    bout.judges = LEAN
    bout.red.pts = bout.blue.pts = 9
    rounds.end_of_round(bout)
    assert [c[0] for c in bout.cards] == [[10, 10]] * 3


def test_leaning_judges_read_the_book_by_default():
    bout = make_bout(aggressiveness=False)
    bout.judges = LEAN
    bout.red.pts, bout.blue.pts = 8, 12  # a Check round
    bout.deck = [(*c[:9], 2, 2, 2, *c[12:]) for c in bout.full[:50]]
    bout.i = 50
    rounds.end_of_round(bout)  # every card's judges' line is E: 10-10 for all
    assert [c[0] for c in bout.cards] == [[10, 10]] * 3


def test_constant_clincher_and_cards():
    card = base_card("C", traits=["constant_clincher"])
    assert card["traits"] == ["constant_clincher"]
