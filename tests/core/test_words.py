from core.words import counted


def test_a_count_agrees_with_its_noun():
    assert counted(1, "bout") == "1 bout"
    assert counted(0, "bout") == "0 bouts"
    assert counted(2, "result") == "2 results"
    assert counted(3, "fighter", "fighters") == "3 fighters"
    assert counted(2, "corner man", "corner men") == "2 corner men"
