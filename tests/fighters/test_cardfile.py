"""import_cards / export_cards: all-or-nothing with numbered row errors, and a
lossless round trip in both formats."""

import csv
import io
import json
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from bouts.engine.registry import get_ruleset
from fighters.models import Camp, CardChange, Fighter, RatingCard
from fighters.services import fighter_create

from .conftest import SAMPLE, registered_or_skip

pytestmark = pytest.mark.django_db


def snapshot():
    """Everything an import writes, in a comparable form."""
    fighters = [
        (
            f.name,
            f.nickname,
            f.nationality,
            f.date_of_birth,
            f.stance,
            f.height_cm,
            f.reach_cm,
            f.weight_class,
            f.camp.name if f.camp else None,
            f.is_active,
            f.retired_on,
            sorted(
                (c.ruleset, json.dumps(c.data, sort_keys=True), c.rating) for c in f.cards.all()
            ),
        )
        for f in Fighter.objects.select_related("camp").prefetch_related("cards")
    ]
    return sorted(fighters, key=repr)


def make_roster():
    camp = Camp.objects.create(name="Kronk Gym", manager="Emanuel")
    for i in range(6):
        cards = {"sample": SAMPLE.generate_card(random.Random(i), 1 + i)}
        fighter_create(
            name=f"Fighter {i}",
            nickname='The "Hammer", Jr' if i == 0 else "",
            nationality="Ghana" if i % 2 else "México",
            weight_class="welterweight",
            height_cm=170 + i,
            reach_cm=175 + i,
            date_of_birth=__import__("datetime").date(1990, 1, 1 + i),
            stance="southpaw" if i % 3 == 0 else "orthodox",
            camp=camp if i < 3 else None,
            cards=cards,
        )
    fighter_create(
        name="No Card",
        weight_class="heavyweight",
        is_active=False,
        retired_on=__import__("datetime").date(2020, 5, 5),
    )


def run_import(path):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_cards", str(path), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def wipe():
    CardChange.objects.all().delete()
    Fighter.objects.all().delete()
    Camp.objects.all().delete()


@pytest.mark.parametrize(("fmt", "flat"), [("csv", False), ("csv", True), ("json", False)])
def test_round_trip_is_lossless(tmp_path, sample_ruleset, fmt, flat):
    make_roster()
    before = snapshot()
    path = tmp_path / f"cards.{fmt}"
    call_command(
        "export_cards",
        str(path),
        "--format",
        fmt,
        *(["--flat"] if flat else []),
        stderr=io.StringIO(),
    )
    exported = path.read_text()
    wipe()
    out, err = run_import(path)
    assert "7 rows" in out and err == ""
    assert snapshot() == before
    assert CardChange.objects.filter(source="import").count() == 6
    # exporting again gives the same file
    again = tmp_path / f"again.{fmt}"
    call_command(
        "export_cards",
        str(again),
        "--format",
        fmt,
        *(["--flat"] if flat else []),
        stderr=io.StringIO(),
    )
    assert again.read_text() == exported


def test_reimport_updates_in_place(tmp_path, sample_ruleset):
    make_roster()
    path = tmp_path / "cards.json"
    call_command("export_cards", str(path), stderr=io.StringIO())
    rows = json.loads(path.read_text())
    rows[0]["card"]["power"] = 10 if rows[0]["card"]["power"] != 10 else 9
    rows[0]["nickname"] = "Changed"
    path.write_text(json.dumps(rows))
    before_changes = CardChange.objects.count()
    out, _ = run_import(path)
    assert "1 updated" not in out  # several rows, every fighter updated
    assert Fighter.objects.count() == 7
    assert Fighter.objects.get(name=rows[0]["name"], nickname="Changed")
    assert CardChange.objects.count() == before_changes + 1  # only the edited card


def write_csv(path, rows):
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["name", "weight_class", "camp", "ruleset", "card"])
        writer.writeheader()
        writer.writerows(rows)


def test_bad_rows_import_nothing_and_are_all_reported(tmp_path, sample_ruleset):
    good = SAMPLE.generate_card(random.Random(1), 5)
    rows = [
        {
            "name": "Good One",
            "weight_class": "lightweight",
            "camp": "New Camp",
            "ruleset": "sample",
            "card": json.dumps(good),
        },
        {
            "name": "Bad Card",
            "weight_class": "lightweight",
            "camp": "",
            "ruleset": "sample",
            "card": json.dumps({**good, "power": 99}),
        },
        {
            "name": "Bad Class",
            "weight_class": "jumbo",
            "camp": "",
            "ruleset": "sample",
            "card": json.dumps(good),
        },
        {
            "name": "Bad Ruleset",
            "weight_class": "lightweight",
            "camp": "",
            "ruleset": "chess",
            "card": json.dumps(good),
        },
        {
            "name": "Good Two",
            "weight_class": "lightweight",
            "camp": "",
            "ruleset": "sample",
            "card": json.dumps(good),
        },
        {
            "name": "Good One",
            "weight_class": "lightweight",
            "camp": "New Camp",
            "ruleset": "sample",
            "card": json.dumps(good),
        },
        {
            "name": "Broken JSON",
            "weight_class": "lightweight",
            "camp": "",
            "ruleset": "sample",
            "card": "{power: 3",
        },
    ]
    path = tmp_path / "cards.csv"
    write_csv(path, rows)
    err = io.StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("import_cards", str(path), stdout=io.StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    assert lines[0] == "row 2: card: power: must be between 1 and 10 (got 99)"
    assert lines[1].startswith("row 3: weight_class: Select a valid choice.")
    assert lines[2].startswith("row 4: ruleset: unknown ruleset 'chess'")
    assert lines[3] == "row 6: the same fighter and ruleset as row 1"
    assert lines[4].startswith("row 7: card: not valid JSON")
    assert len(lines) == 5
    assert "5 of 7 rows are bad; nothing was imported." in str(exc.value)
    assert not Fighter.objects.exists() and not Camp.objects.exists()
    assert not RatingCard.objects.exists() and not CardChange.objects.exists()


def test_bad_json_rows(tmp_path, sample_ruleset):
    path = tmp_path / "cards.json"
    path.write_text(
        json.dumps(
            [
                {"name": "A", "weight_class": "lightweight", "ruleset": "sample"},
                "not an object",
                {"name": "B", "weight_class": "lightweight", "height_cm": "tall"},
                {"name": "C", "weight_class": "lightweight", "colour": "red"},
            ]
        )
    )
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        "row 1: card: is required with ruleset sample",
        "row 2: each row must be an object",
        "row 3: height_cm: Enter a whole number.",
        "row 4: colour: unknown field (fields: name, nickname, nationality, date_of_birth, "
        "stance, height_cm, reach_cm, weight_class, camp, is_active, retired_on, ruleset, card)",
    ]
    assert not Fighter.objects.exists()


def test_unreadable_files(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_cards", str(tmp_path / "missing.csv"))
    bad = tmp_path / "x.json"
    bad.write_text("[{")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("import_cards", str(bad))
    odd = tmp_path / "x.csv"
    odd.write_text("name,weight,ruleset\n")
    with pytest.raises(CommandError, match="unknown CSV column 'weight'"):
        call_command("import_cards", str(odd))


def test_import_exit_status_via_manage(tmp_path, capsys):
    """The CLI path (manage.py): one line per bad row on stderr, exit status 1, no
    traceback. Run in-process so that it uses the test database."""
    from django.core.management import ManagementUtility

    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{"name": "X", "weight_class": "nope"}, {"name": ""}]))
    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "import_cards", str(path)]).execute()
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith("row 1: weight_class: Select a valid choice.")
    assert "row 2: name: This field is required." in err
    assert "CommandError: 2 of 2 rows are bad; nothing was imported." in err
    assert "Traceback" not in err


def test_import_counts_one_bad_row_in_the_singular(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{"name": ""}]))
    with pytest.raises(CommandError) as exc:
        call_command("import_cards", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert str(exc.value) == "1 of 1 row is bad; nothing was imported."


def test_flat_csv_columns_import(tmp_path, sample_ruleset):
    path = tmp_path / "flat.csv"
    path.write_text(
        "name,weight_class,ruleset,card.style,card.power,card.speed,card.fresh.pl,card.traits\n"
        'Ana,lightweight,sample,boxer,4,5,6,"[""jab""]"\n'
    )
    run_import(path)
    card = RatingCard.objects.get()
    assert card.data == {
        "style": "boxer",
        "power": 4,
        "speed": 5,
        "fresh": {"pl": 6},
        "traits": ["jab"],
    }


@pytest.mark.parametrize("ruleset", registered_or_skip())
def test_round_trip_every_registered_ruleset(tmp_path, ruleset):
    rules = get_ruleset(ruleset)
    for i in range(4):
        fighter_create(
            name=f"R{i}",
            weight_class="middleweight",
            cards={ruleset: rules.generate_card(random.Random(i), None)},
        )
    before = snapshot()
    for fmt, flat in (("json", []), ("csv", []), ("csv", ["--flat"])):
        path = tmp_path / f"out-{fmt}{len(flat)}.{fmt}"
        call_command("export_cards", str(path), "--ruleset", ruleset, *flat, stderr=io.StringIO())
        wipe()
        run_import(path)
        assert snapshot() == before, (fmt, flat)


def test_constraint_errors_read_clearly(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(
        json.dumps(
            [
                {"name": "Old", "weight_class": "lightweight", "is_active": False},
                {"name": "Giant", "weight_class": "heavyweight", "height_cm": 260},
                {"name": "Twin", "weight_class": "lightweight", "camp": "Gym"},
                {"name": "Twin", "weight_class": "flyweight", "camp": "Gym"},
            ]
        )
    )
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        "row 1: A retired fighter needs the date he retired on.",
        "row 2: Height must be between 120 and 230 cm.",
    ]
    assert not Fighter.objects.exists()


@pytest.mark.parametrize("flat", [False, True])
def test_csv_export_escapes_formula_cells_and_reads_them_back(tmp_path, sample_ruleset, flat):
    """A cell a spreadsheet would run as a formula is written with a leading
    apostrophe (shown as text) and imported back as it was."""
    fighter_create(
        name='=HYPERLINK("http://evil.example","x")',
        nickname="@SUM(A1:A9)",
        weight_class="heavyweight",
    )
    fighter_create(name="-Minus Man", nickname="+Plus", weight_class="heavyweight")
    before = snapshot()
    path = tmp_path / "cards.csv"
    call_command("export_cards", str(path), *(["--flat"] if flat else []), stderr=io.StringIO())
    cells = [cell for row in csv.reader(io.StringIO(path.read_text())) for cell in row]
    dangerous = [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    assert dangerous == [], dangerous
    assert '\'=HYPERLINK("http://evil.example","x")' in cells
    wipe()
    _out, err = run_import(path)
    assert err == "", err
    assert snapshot() == before


def test_hostile_files_are_refused_with_a_line_not_a_traceback(tmp_path, sample_ruleset):
    """Deeply nested JSON (whole file or a card cell), a cell over csv's limit and a
    name given as an object: one clear message each, nothing imported."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10_000 + "]" * 10_000)
    with pytest.raises(CommandError, match="nested deeper than"):
        call_command("import_cards", str(deep))
    huge = tmp_path / "huge.csv"
    huge.write_text("name,weight_class\n" + "x" * 200_000 + ",heavyweight\n")
    with pytest.raises(CommandError, match=r"line \d: field larger than field limit \(131072\)"):
        call_command("import_cards", str(huge))
    nested_card = tmp_path / "card.csv"
    write_csv(
        nested_card,
        [
            {
                "name": "Deep Card",
                "weight_class": "heavyweight",
                "camp": "",
                "ruleset": sample_ruleset,
                "card": "[" * 5_000 + "]" * 5_000,
            }
        ],
    )
    _, err = _import_failing(nested_card)
    assert "row 1: card: JSON nested deeper than" in err
    named = tmp_path / "object.json"
    named.write_text(json.dumps([{"name": {"x": 1}, "weight_class": "heavyweight"}]))
    _, err = _import_failing(named)
    assert "row 1: name: must be a single value, not an object" in err
    assert not Fighter.objects.exists()


def _import_failing(path):
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()
