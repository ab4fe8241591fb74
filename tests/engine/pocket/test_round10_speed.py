"""Round 10 (speed): the bout's hot code stays specialisable, and what replaced
general code gives what it gave."""

import dis
import itertools
import sys

import pytest

from bouts.engine.pocket import fight, officials, scoring, texts

from .helpers import Scripted, card, die, make_bout


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="CPython 3.11's specializer")
@pytest.mark.parametrize(
    "function", [fight.Bout.exchange, fight.Bout.fight_round, scoring.score_bout]
)
def test_hot_compares_can_specialize(function):
    # CPython 3.11 specializes a compare only when a conditional jump follows it
    # directly; a jump over more than 255 code units needs an EXTENDED_ARG first, and
    # the compare stays generic (e.g. a ``return`` inside exchange's try/finally copies
    # the finally block to its site)
    ops = list(dis.get_instructions(function))
    for op, nxt in itertools.pairwise(ops):
        if op.opname == "COMPARE_OP":
            assert nxt.opname != "EXTENDED_ARG", f"line {op.positions.lineno}"


KEYS = ["round", "clock", "kind", "side", "text"]


@pytest.mark.parametrize("number", [0, 1, 12, 15, 16, 40])
def test_an_exchange_event_is_the_display_it_replaced(number):
    before = [dict(t) for t in texts.exchange_events("red")]
    bout, red, blue = make_bout([die(1)])  # a miss
    bout.round = number
    bout.clock = 200  # past the round's last stamp
    bout.exchange(red, blue)
    event = bout.events[-1]
    assert list(event) == KEYS
    assert event == {
        "round": number,
        "clock": "2:59",
        "kind": "exchange",
        "side": "red",
        "text": "Red Rocco: misses.",
    }
    assert [dict(t) for t in texts.exchange_events("red")] == before
    assert all(event is not t for t in texts.exchange_events("red"))


@pytest.mark.parametrize("number", [1, 15, 16, 40])
def test_a_bell_event_is_the_display_it_replaced(number):
    # three exchanges of 48 seconds (red's initiative, a miss), then the bell
    bout, _, _ = make_bout([die(6), die(6), die(1), die(1)] * 3 + [die(6)])
    bout.rounds = number
    bout.fight_round(number)
    bell = bout.events[-1]
    assert list(bell) == KEYS
    assert bell == {
        "round": number,
        "clock": "3:00",
        "kind": "bell",
        "side": None,
        "text": f"The bell ends round {number}.",
    }
    assert all(bell is not t for t in texts.BELL_EVENTS)


def test_default_officials_are_fresh_dicts_of_the_old_shape():
    for first in range(len(officials.JUDGES)):
        for ref in range(len(officials.REFEREES)):
            rng = Scripted([(ref + 0.5) / len(officials.REFEREES), (first + 0.5) / 9])
            referee, judges = officials.resolve_officials(None, rng)
            assert list(referee.items()) == list(
                {**officials.DEFAULT_REFEREE, "name": officials.REFEREES[ref]}.items()
            )
            names = [officials.JUDGES[(first + 3 * i) % 9] for i in range(3)]
            assert [list(j.items()) for j in judges] == [
                list({**officials.DEFAULT_JUDGE, "name": name}.items()) for name in names
            ]
            assert all(referee is not r for r in officials.DEFAULT_REFEREES)
            assert not {id(j) for j in judges} & {
                id(j) for trio in officials.JUDGE_TRIOS for j in trio
            }


def test_the_knockdown_rounds_table_is_points():
    for net in range(-12, 13):
        if net:
            for diff, row in zip((1.0, -1.0, 0.0), scoring.NET_POINTS[net], strict=True):
                assert row == scoring.points(diff, net)
    assert 0 not in scoring.NET_POINTS and 13 not in scoring.NET_POINTS


@pytest.mark.parametrize("net", [-13, -2, -1, 1, 3, 13])
@pytest.mark.parametrize("diff", [3.0, -3.0, 1, -1, 0])
def test_a_knockdown_round_scores_as_points_did(net, diff):
    # one plain judge, one round, his noise 0 (random() = 0.5): diff is the round's edge
    stats = dict.fromkeys(fight.STAT_KEYS, 0)
    red, blue = dict(stats), dict(stats)
    blue["knockdowns"], red["knockdowns"] = (net, 0) if net > 0 else (0, -net)
    red["damage"] = 5 * net + (diff if isinstance(diff, float) else 0)
    judge = {"name": "J", "bias": "none", "close_round": "aggressor"}
    red["thrown"] = diff if isinstance(diff, int) else 0
    card = scoring.score_bout([judge], [{"round": 1, "red": red, "blue": blue}], Scripted([0.5]))
    assert card == [[scoring.points(diff, net)]]


def test_hidden_chances_and_the_plain_judge_are_the_formulas():
    for rating in range(1, 6):
        assert fight.HIDDEN_P[rating] == (rating - 1) * 0.125
        f = fight.Fighter("red", card(power=rating, defence=6 - rating), None)
        assert (f.power_p, f.defence_p) == ((rating - 1) * 0.125, (5 - rating) * 0.125)
    assert scoring.PLAIN == (1.0, 0.5)  # score_bout passes these two for a plain judge
