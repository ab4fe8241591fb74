"""The record book's lines (league.history.records: pure)."""

from league.history import records
from league.history.records import RecordBout

A, B = ("fighter", 1), ("fighter", 2)


def test_a_streak_counts_wins_in_a_row_and_a_draw_ends_it():
    lines = records.lines_from(
        [
            RecordBout(1, A, B, "red", "UD", False),
            RecordBout(2, A, B, "red", "UD", False),
            RecordBout(3, A, B, None, "DRAW", False),
            RecordBout(4, A, B, "red", "UD", False),
        ]
    )
    assert (lines[A].streak, lines[A].best_streak, lines[A].wins) == (1, 2, 3)
    assert (lines[B].losses, lines[B].draws, lines[B].best_streak) == (3, 1, 0)


def test_the_fastest_knockout_keeps_the_first_of_equal_times():
    lines = records.lines_from(
        [
            RecordBout(1, A, B, "red", "KO", False, 3, 40),
            RecordBout(2, A, B, "red", "TKO", False, 1, 50),
            RecordBout(3, A, B, "red", "KO", False, 1, 50),
            RecordBout(4, A, B, "red", "RTD", False, 1, 5),  # not a knockout
        ]
    )
    line = lines[A]
    assert (line.knockouts, line.fastest_round, line.fastest_seconds, line.fastest_bout_id) == (
        3,
        1,
        50,
        2,
    )


def test_title_bouts_are_counted_apart():
    lines = records.lines_from(
        [
            RecordBout(1, A, B, "red", "UD", True),
            RecordBout(2, A, B, None, "DRAW", True),
            RecordBout(3, A, B, "blue", "UD", False),
        ]
    )
    assert (lines[A].title_wins, lines[A].title_draws, lines[A].title_losses) == (1, 1, 0)
    assert records.title_share(1, 0, 1) == 0.75


def test_clock_text_is_read_as_seconds():
    assert records.seconds_of("2:05") == 125
    assert records.seconds_of("") == records.seconds_of(None) == records.seconds_of("x") == 0
