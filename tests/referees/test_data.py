"""The rated referees of the Title Bout II rule book, loaded by a data migration."""

import pytest

from referees.models import Doctor, Judge, Referee

pytestmark = pytest.mark.django_db

# (name, fouls, stoppage, overall, available 1..N) copied from the book's table.
BOOK_ROWS = [
    ("Elmo Adolph", "normal", "normal", "very_good", 40),
    ("Rudy Battle", "very_lenient", "late", "good", 50),
    ("Lawrence Cole", "lenient", "late", "below_average", 70),
    ("Eddie Cotton", "strict", "early", "good", 50),
    ("Larry Hazzard", "strict", "early", "below_average", 70),
    ("Mills Lane", "normal", "normal", "very_good", 40),
    ("Art Mercante Jr", "normal", "early", "average", 60),
    ("Russell Mora", "very_lenient", "late", "below_average", 71),
    ("John O'Brien", "normal", "late", "average", 60),
    ("Steve Smoger", "strict", "late", "very_good", 40),
    ("Richard Steele", "strict", "late", "very_good", 40),
    ("Waldemar Schmidt", "very_lenient", "normal", "average", 60),
    ("Daniel Van de Wiele", "normal", "late", "good", 50),
]


def test_fifty_rated_referees():
    assert Referee.objects.count() == 50
    assert Referee.objects.filter(available_low=1).count() == 50


@pytest.mark.parametrize(("name", "fouls", "stoppage", "overall", "high"), BOOK_ROWS)
def test_referee_matches_book(name, fouls, stoppage, overall, high):
    referee = Referee.objects.get(name=name)
    assert (referee.fouls, referee.stoppage, referee.overall) == (fouls, stoppage, overall)
    assert (referee.available_low, referee.available_high) == (1, high)


def test_referee_distribution_matches_book():
    # Counted from the book's table (grep of the OVERALL column, the fouls column and
    # the stoppage column), so a shifted or mistyped row shows here.
    def counts(field):
        return {
            value: Referee.objects.filter(**{field: value}).count()
            for value in Referee.objects.values_list(field, flat=True).distinct()
        }

    assert counts("overall") == {"very_good": 12, "good": 17, "average": 11, "below_average": 10}
    assert counts("fouls") == {"normal": 21, "lenient": 11, "very_lenient": 9, "strict": 9}
    assert counts("stoppage") == {"late": 23, "normal": 21, "early": 6}


def test_fictional_judges_and_doctors_cover_the_choices():
    assert Judge.objects.count() >= 6
    assert set(Judge.objects.values_list("bias", flat=True)) >= {
        "none",
        "hometown",
        "champion",
        "slugger",
        "boxer",
    }
    assert set(Doctor.objects.values_list("caution", flat=True)) == {
        "cautious",
        "balanced",
        "permissive",
    }
