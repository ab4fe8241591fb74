"""The lineage in words (league.pages.lineage): whom a champion beat and how, and to
whom he lost it."""

from types import SimpleNamespace

from league.pages.lineage import reign_lines


def _bout(pk, red, blue, winner, method, rnd):
    result = SimpleNamespace(winner=winner, method=method, round=rnd)
    return SimpleNamespace(
        pk=pk,
        red=red,
        blue=blue,
        red_camp=None,
        blue_camp=None,
        result=result,
        scheduled_rounds=12,
    )


def test_won_and_lost():
    wende, rossi, champ = "Erwin Wende", "Marco Rossi", "Champ"
    reign = SimpleNamespace(
        fighter=champ,
        camp=None,
        start_bout=_bout(1, wende, champ, "blue", "TKO", 2),
        end_bout=_bout(2, champ, rossi, "blue", "UD", 12),
    )
    (line,) = reign_lines([reign])
    assert (line.won_bout.opponent, line.won_bout.method, line.won_bout.round) == (wende, "TKO", 2)
    assert line.won_bout.won is True and not line.won_bout.decision
    assert line.lost_bout.opponent == rossi and line.lost_bout.won is False
    assert line.lost_bout.decision  # "over 12 rounds"


def test_a_reign_without_bouts_has_no_lines():
    reign = SimpleNamespace(fighter="Champ", camp=None, start_bout=None, end_bout=None)
    (line,) = reign_lines([reign])
    assert line.won_bout is None and line.lost_bout is None
