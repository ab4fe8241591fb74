import random

from league.rankings import DEFAULT_MU, RatingBook, ranked, replay


def test_winner_goes_up_loser_down_draw_keeps_means():
    book = RatingBook()
    red, blue = book.apply("a", "b", "red")
    assert red.mu > DEFAULT_MU > blue.mu and red.bouts == blue.bouts == 1
    book = RatingBook()
    red, blue = book.apply("a", "b", None)
    assert red.mu == blue.mu == DEFAULT_MU and red.sigma < 25 / 3


def test_replay_is_deterministic_and_starts_from_stored_points():
    rng = random.Random(5)
    bouts = [
        (a, b, rng.choice(["red", "blue", None]))
        for a, b in (rng.sample("abcdefgh", 2) for _ in range(60))
    ]
    book1, history1 = replay(bouts)
    _book2, history2 = replay(bouts)
    assert history1 == history2
    # Appending to a book rebuilt from stored numbers gives the same floats.
    head, tail = bouts[:30], bouts[30:]
    first, _ = replay(head)
    resumed = RatingBook({p.competitor: (p.mu, p.sigma, p.bouts) for p in first.points()})
    for bout in tail:
        resumed.apply(*bout)
    assert sorted(resumed.points(), key=lambda p: p.competitor) == sorted(
        book1.points(), key=lambda p: p.competitor
    )


def test_ranked_puts_the_champion_on_top():
    book, _ = replay([("a", "b", "red"), ("a", "c", "red"), ("c", "b", "red")])
    order = [p.competitor for p in ranked(book.points())]
    assert order == ["a", "c", "b"]
    assert [p.competitor for p in ranked(book.points(), champion="b")] == ["b", "a", "c"]
