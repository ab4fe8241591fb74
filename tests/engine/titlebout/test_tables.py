"""The book's tables and their worked examples."""

import pytest

from bouts.engine.titlebout import tables
from bouts.engine.titlebout.bout import endurance


def test_kd_table_book_examples():
    # KD 11 against KD1 4 -> "5"; KD 18 against KD1 4 -> "K"
    assert tables.KDKO_NAMES[tables.kdko(11, 4)] == "5"
    assert tables.KDKO_NAMES[tables.kdko(18, 4)] == "K"


def test_ko_table_book_examples():
    # Akinwande: KOR 13 against KO 3 -> 5H; a KOR of 19 would have been K
    assert tables.KDKO_NAMES[tables.kdko(13, 3)] == "5H"
    assert tables.KDKO_NAMES[tables.kdko(19, 3)] == "K"


def test_kd_table_has_seven_outcomes_and_iron_chins():
    names = {tables.KDKO_NAMES[tables.kdko(r, c)] for r in range(1, 21) for c in range(11)}
    assert names == {"4", "5", "5H", "5F", "K1-10", "K", "*"}
    assert [tables.KDKO_NAMES[tables.kdko(r, 0)] for r in (10, 16, 18, 19, 20)] == [
        "4",
        "5",
        "5H",
        "5F",
        "*",
    ]
    assert tables.kdko(20, 14) == tables.kdko(20, 10)  # columns above 10 read the 10 column


def test_kd_points():
    assert [tables.KDKO_POINTS[c] for c in range(7)] == [4, 5, 5, 5, 6, 6, 6]


@pytest.mark.parametrize(("count", "top"), [(1, 4), (3, 12), (8, 32), (9, 36)])
def test_knockdown_recovery_ranges(count, top):
    assert tables.RECOVERY[count] == top
    assert tables.carry_over([count], top)
    assert not tables.carry_over([count], top + 1)


def test_two_knockdowns_add_their_counts():
    # counts 5 and 3 -> the 8-count range 1-32
    assert tables.carry_over([5, 3], 32)
    assert not tables.carry_over([5, 3], 33)


def test_three_knockdowns_or_combined_count_over_nine_carry_over():
    assert tables.carry_over([1, 1, 1], 80)
    assert tables.carry_over([6, 4], 80)
    assert not tables.carry_over([], 1)


def test_cf_conversion_examples():
    assert tables.convert_cf(12, 12) == (10, 10)
    assert tables.convert_cf(11, 10) == (10, 9)
    assert tables.convert_cf(12, 9) == (12, 9)  # not on the chart
    assert tables.convert_cf(10, 10) == (10, 10)
    assert tables.convert_cf(9, 11) == (8, 10)  # order is kept
    assert tables.convert_cf(11, 9) == (10, 8)  # the book's 11 vs 9 -> 10 vs 8


def test_endurance_by_bout_length():
    # END 85: 68 for ten rounds, 111 for fifteen (8.5 * 3 = 25.5, rounded up)
    assert endurance(85, 12) == 85
    assert endurance(85, 10) == 68
    assert endurance(85, 15) == 111
    assert endurance(84, 4) == 28  # short bouts keep their share


def test_conditions_table_rows():
    assert tables.condition(1, 75) == 0 and tables.condition(1, 76) == 1
    assert tables.condition(1, 79) == 2 and tables.condition(1, 80) == 3
    assert (
        tables.condition(3, 70) == 0
        and tables.condition(3, 77) == 2
        and tables.condition(3, 79) == 3
    )
    assert (
        tables.condition(4, 65) == 0
        and tables.condition(4, 66) == 1
        and tables.condition(4, 78) == 3
    )


def test_cut_table_cooper_example():
    # Cooper's cut rating 6 + RN 36 = 42: minor swelling under the LEFT eye, +1 cut
    row = tables.CUT_ROWS[tables.cut_row(42)]
    assert row[3] == "under left eye" and row[2] == "swelling"
    assert row[6] == 1 and row[9] == 1
    assert tables.CUT_ROWS[tables.cut_row(41)][3] == "under left eye"
    assert tables.cut_row(31) == -1


def test_cut_table_damage_points_follow_the_book():
    assert tables.CUT_ROWS[tables.cut_row(76)][9] == 5  # Chuvalo: major cut over the right eye = 5
    assert tables.CUT_ROWS[tables.cut_row(70)][9] == 3  # major cut under the left eye = 3
    assert tables.CUT_ROWS[tables.cut_row(43)][9] == 1  # minor swelling under the right eye = 1
    assert tables.CUT_ROWS[tables.cut_row(95)][9] == 6  # 80+


def test_cut_table_covers_32_to_80_without_gaps():
    covered = [n for n in range(1, 81) if tables.cut_row(n) >= 0]
    assert covered == list(range(32, 81))


def test_referee_viewpoint_wepner_example():
    # Normal referee: 1-10 calls the doctor, 11-20 lets them fight
    assert tables.VIEWPOINT["normal"] < 14
    assert tables.VIEWPOINT["normal"] >= 7
    assert tables.VIEWPOINT == {"strict": 14, "normal": 10, "lenient": 7, "very_lenient": 5}


def test_doctor_table():
    assert tables.doctor("cautious", 8) == tables.DOCTOR_CONTINUE
    assert tables.doctor("cautious", 13) == tables.DOCTOR_ONE_MORE
    assert tables.doctor("cautious", 14) == tables.DOCTOR_STOP
    assert tables.doctor("balanced", 11) == tables.DOCTOR_CONTINUE
    assert tables.doctor("permissive", 18) == tables.DOCTOR_ONE_MORE
    assert tables.doctor("permissive", 19) == tables.DOCTOR_STOP
    assert [tables.draw_doctor(n) for n in (20, 21, 70, 71)] == [
        "cautious",
        "balanced",
        "balanced",
        "permissive",
    ]


def test_corner_men_table_quarry_example():
    # Quarry's excellent cut man draws a 4: major reduction, -3
    assert tables.corner_work("excellent", 4) == -3
    assert tables.corner_work("excellent", 80) == 1
    assert tables.corner_work("poor", 2) == -3 and tables.corner_work("poor", 3) == -2
    assert tables.corner_work("good", 61) == -1 and tables.corner_work("good", 62) == 0
    assert tables.lower_level("good") == "average"
    assert tables.lower_level("poor") == "poor"


def test_foul_table_greb_examples():
    # Greb (E), normal referee (modifier 0): RN 61 -> head butt warning
    assert tables.FOUL_TYPES[tables.foul("E", 61)] == "head butt"
    assert tables.foul("E", 52) == tables.FOUL_NONE
    assert tables.FOUL_TYPES[tables.foul("E", 73)] == "refusing to break"
    assert tables.FOUL_TYPES[tables.foul("A", 80)] == "eye gouging"
    assert tables.FOUL_TYPES[tables.foul("A", 78, classic=True)] == "eye gouging"
    assert tables.FOUL_TYPES[tables.foul("A", 78)] == "refusing to break"


def test_referee_approach_table():
    assert tables.REF_APPROACH["normal"] == (0, 3, 65)
    assert tables.REF_APPROACH["strict"] == (5, 2, 60)
    assert tables.REF_APPROACH["very_lenient"] == (-10, 5, 75)
    assert [tables.draw_foul_tolerance(n) for n in (12, 13, 65, 66)] == [
        "very_lenient",
        "lenient",
        "normal",
        "strict",
    ]


def test_towel_example():
    # RN 12 with a normal referee: the towel is ignored
    assert tables.towel("normal", 12) == "ignore"
    assert tables.towel("normal", 19) == "stop"
    assert tables.towel("strict", 19) == "ignore"
    assert tables.towel("very_lenient", 2) == "warn"
    assert tables.towel("lenient", 1) == "confront"


def test_head_butt_and_clinch_tables():
    assert [tables.head_butt(n) for n in (50, 51, 66, 75)] == [0, 1, 2, 3]
    assert tables.clinch_cards("normal", 50) == 0 and tables.clinch_cards("normal", 78) == 3


def test_referee_error_table():
    assert tables.referee_error("excellent", 75) == tables.ERR_NONE
    assert tables.referee_error("excellent", 76) == tables.ERR_FLASH
    assert tables.referee_error("below_average", 80) == tables.ERR_LATE
    assert tables.referee_error("good", 74) == tables.ERR_FAVORS


def test_timing_count_table():
    assert [tables.COUNT_CARDS[c] for c in range(1, 10)] == [0, 1, 1, 2, 2, 2, 2, 3, 3]


def test_tko_thresholds():
    assert tables.TKO_POINTS == (30, 50, 60)
    assert tables.TKO_ABSORBER == (40, 60, 75)
    assert tables.STOPPAGE_SHIFT == {"early": -3, "normal": 0, "late": 3, "very_late": 5}
