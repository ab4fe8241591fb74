"""The awards' rules (league.history.awards: pure, no database)."""

import datetime as dt

from league.history import awards
from league.history.awards import AwardBout

DAY = dt.date(2026, 3, 1)
A, B, C, D = ("fighter", 1), ("fighter", 2), ("fighter", 3), ("fighter", 4)


def bout(pk, red, blue, winner, method="UD", **fields):
    fields.setdefault("division_id", 10)
    fields.setdefault("scheduled_rounds", 10)
    fields.setdefault("round", 10)
    return AwardBout(
        id=pk,
        key=(DAY, 1, pk, pk),
        date=DAY,
        red=red,
        blue=blue,
        winner=winner,
        method=method,
        **fields,
    )


def of(rows, kind, division_id=None):
    return next(r for r in rows if r.kind == kind and r.division_id == division_id)


def test_fighter_of_the_year_has_most_wins_then_fewest_losses():
    rows = awards.season_awards(
        [
            bout(1, A, B, "red"),
            bout(2, A, C, "red"),
            bout(3, B, C, "red"),
            bout(4, B, D, "red"),
            bout(5, B, A, "red"),  # B 3-1, A 2-2: both ahead of C and D
        ]
    )
    assert of(rows, awards.FIGHTER, 10).competitor == B
    assert of(rows, awards.FIGHTER).competitor == B
    assert of(rows, awards.FIGHTER).summary.startswith("3–1–0")


def test_fighter_of_the_year_ties_go_to_stoppages_then_who_joined_first():
    by_decision = [bout(1, A, C, "red"), bout(2, B, D, "red", "KO")]
    assert of(awards.season_awards(by_decision), awards.FIGHTER).competitor == B
    level = [bout(1, B, C, "red"), bout(2, A, D, "red")]
    assert of(awards.season_awards(level), awards.FIGHTER).competitor == A


def test_a_fighter_of_the_year_per_division_and_one_overall():
    rows = awards.season_awards(
        [bout(1, A, B, "red", division_id=10), bout(2, C, D, "blue", "KO", division_id=20)]
    )
    assert of(rows, awards.FIGHTER, 10).competitor == A
    assert of(rows, awards.FIGHTER, 20).competitor == D
    assert of(rows, awards.FIGHTER).competitor == D  # a stoppage breaks the tie


def test_knockout_of_the_year_prefers_a_title_bout_then_knockdowns_then_the_earliest():
    rows = awards.season_awards(
        [
            bout(1, A, B, "red", "KO", round=1, seconds=10),
            bout(2, C, D, "blue", "TKO", round=9, knockdowns=(3, 0), is_title=True),
            bout(3, A, C, "red", "UD"),
        ]
    )
    knockout = of(rows, awards.KNOCKOUT)
    assert (knockout.bout_id, knockout.competitor) == (2, D)
    rows = awards.season_awards(
        [
            bout(1, A, B, "red", "KO", round=3, seconds=10, knockdowns=(0, 1)),
            bout(2, C, D, "red", "KO", round=2, seconds=50, knockdowns=(0, 1)),
        ]
    )
    assert of(rows, awards.KNOCKOUT).bout_id == 2


def test_upset_of_the_year_is_the_largest_rating_gap_overcome():
    rows = awards.season_awards(
        [
            bout(1, A, B, "blue", rating_before=(20.0, 5.0)),
            bout(2, C, D, "red", rating_before=(1.0, 9.0)),
            bout(3, A, D, "red", rating_before=(30.0, 1.0)),  # the favourite won
        ]
    )
    upset = of(rows, awards.UPSET)
    assert (upset.bout_id, upset.competitor) == (1, B)
    assert "15.00" in upset.summary


def test_fight_of_the_year_most_knockdowns_then_closest_cards_and_never_a_quick_finish():
    close = ((10, 9), (9, 10))
    wide = ((10, 8), (10, 8))
    rows = awards.season_awards(
        [
            bout(1, A, B, "red", "KO", round=1, knockdowns=(2, 3), cards=(close,)),
            bout(2, C, D, "red", round=10, knockdowns=(1, 1), cards=(wide, wide, wide)),
            bout(3, A, C, None, "DRAW", round=10, knockdowns=(1, 1), cards=(close, close, close)),
        ]
    )
    assert of(rows, awards.FIGHT).bout_id == 3


def test_comeback_of_the_year_counts_knockdowns_and_points_behind():
    behind = ((9, 10), (9, 10), (10, 8))  # red trailed by 2 after round 2, won the card
    rows = awards.season_awards(
        [
            bout(1, A, B, "red", cards=(behind, behind, behind)),  # 6 behind in all
            bout(2, C, D, "red", "KO", knockdowns=(1, 0)),  # down once: 10
            bout(3, A, D, "red"),
        ]
    )
    comeback = of(rows, awards.COMEBACK)
    assert (comeback.bout_id, comeback.competitor) == (2, C)
    assert awards.deficit(bout(1, A, B, "red", cards=(behind,) * 3), 0) == (6, 0, 6)


def test_manager_of_the_year_only_where_managers_play():
    assert not [r for r in awards.season_awards([bout(1, A, B, "red")]) if r.kind == "manager"]
    rows = awards.season_awards(
        [
            bout(1, A, B, "red", managers=(7, 8)),
            bout(2, C, D, "red", managers=(8, 7)),
            bout(3, A, D, "red", managers=(7, 7)),
        ]
    )
    manager = of(rows, awards.MANAGER)  # 7: two wins in four bouts; 8: one in two
    assert manager.manager == 7 and manager.score[:2] == (2, 0.5)


def test_the_same_bouts_in_any_order_give_the_same_awards():
    bouts = [
        bout(1, A, B, "red", "KO", knockdowns=(0, 1), round=2, rating_before=(1.0, 2.0)),
        bout(2, C, D, "blue", "TKO", knockdowns=(1, 0), round=2, rating_before=(1.0, 2.0)),
        bout(3, A, D, None, "DRAW", cards=(((10, 10),),) * 3),
    ]
    assert awards.season_awards(bouts) == awards.season_awards(list(reversed(bouts)))


def test_every_award_states_its_rule():
    assert set(awards.RULES) == set(awards.KINDS) == set(awards.TITLES)
    assert all(len(rule) > 40 for rule in awards.RULES.values())


def test_camps_win_awards_as_fighters_do():
    red_team, blue_team = ("camp", 5), ("camp", 6)
    rows = awards.season_awards(
        [bout(1, red_team, blue_team, "blue", "KO", knockdowns=(1, 0), round=3)]
    )
    assert of(rows, awards.FIGHTER).competitor == blue_team
    assert of(rows, awards.KNOCKOUT).competitor == blue_team


def test_a_season_without_bouts_has_no_awards():
    assert awards.season_awards([]) == []
