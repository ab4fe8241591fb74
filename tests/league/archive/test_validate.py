"""The archive's shape and references, checked before anything is written (pure:
no database): each problem names its place in the file."""

import copy

from league.archive.format import FORMAT, VERSION
from league.archive.validate import MAX_PROBLEMS, archive_problems

ARCHIVE = {
    "format": FORMAT,
    "version": VERSION,
    "complete": True,
    "league": {"name": "L", "slug": "l", "commissioners": ["ann"], "managers": []},
    "regions": [],
    "camps": [{"name": "Camp A", "owner": "bob"}],
    "referees": [{"name": "Ref"}],
    "judges": [],
    "doctors": [],
    "corner_men": [],
    "fighters": [{"id": "F1", "name": "One", "camp": "Camp A"}, {"id": "F2", "name": "Two"}],
    "divisions": [{"weight_class": "middleweight", "fighters": ["F1", "F2"]}],
    "seasons": [],
    "tournaments": [],
    "events": [{"id": "E1", "name": "Night"}],
    "bouts": [
        {
            "id": "B1",
            "event": "E1",
            "division": "middleweight",
            "red": "F1",
            "blue": "F2",
            "referee": "Ref",
            "result": {"winner": "red"},
            "knockdowns": [{"fighter": "F2"}],
        }
    ],
    "bout_requests": [],
    "career_states": [],
}


def archive(**changes):
    data = copy.deepcopy(ARCHIVE)
    data.update(changes)
    return data


def test_a_well_formed_archive_has_no_problems():
    assert archive_problems(archive()) == []


def test_a_reference_to_a_fighter_the_archive_lacks_names_the_bout_and_the_side():
    data = archive()
    data["bouts"][0]["red"] = "x"
    assert archive_problems(data) == ["bouts[0].red: no fighter 'x' in this archive"]


def test_references_inside_a_bout_and_in_lists_are_checked():
    data = archive()
    data["bouts"][0]["knockdowns"][0]["fighter"] = "F7"
    data["bouts"][0]["referee"] = "Nobody"
    data["divisions"][0]["fighters"].append("F9")
    assert archive_problems(data) == [
        "divisions[0].fighters[2]: no fighter 'F9' in this archive",
        "bouts[0].referee: no referee 'Nobody' in this archive",
        "bouts[0].knockdowns[0].fighter: no fighter 'F7' in this archive",
    ]


def test_a_key_used_twice_is_refused():
    data = archive()
    data["fighters"][1]["id"] = "F1"
    assert "fighters[1].id: 'F1' is used twice" in archive_problems(data)


def test_a_required_reference_may_not_be_null_and_a_username_must_be_text():
    data = archive()
    data["bouts"][0]["event"] = None  # may be null: a bout off any card
    data["camps"][0]["owner"] = 7
    data["league"]["commissioners"] = [None]
    assert archive_problems(data) == [
        "league.commissioners[0]: is required",
        "camps[0].owner: 7 is not a username",
    ]


def test_not_an_archive_wrong_format_or_version_stops_at_once():
    assert archive_problems([1, 2]) == ["archive: must be a JSON object"]
    assert archive_problems({"format": "csv"})[0].startswith("format: must be")
    assert archive_problems(archive(version=99)) == [
        "version: 99 is not a version this site reads (1)"
    ]


def test_an_archive_without_its_private_parts_is_refused():
    problems = archive_problems(archive(complete=False))
    assert len(problems) == 1 and problems[0].startswith("complete: this archive was made")


def test_unknown_parts_and_lists_that_are_not_lists_are_named():
    assert archive_problems(archive(extra=1, bouts={})) == [
        "extra: is not a part of a league archive",
        "bouts: must be a list",
    ]


def test_a_broken_archive_reports_a_bounded_number_of_problems():
    data = archive()
    data["bouts"] = [dict(data["bouts"][0], id=f"B{n}", red="nobody") for n in range(100)]
    assert len(archive_problems(data)) == MAX_PROBLEMS
