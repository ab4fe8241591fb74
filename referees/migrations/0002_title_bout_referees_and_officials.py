"""Officials every league can use: the 50 rated referees of the Title Bout II rule
book (seed 001, "Title Bout II Rated Referees": name, fouls, stoppage, overall,
available 1-N), and a small fictional panel of judges and ringside doctors.

The data lives in this migration (not in app code) so that the migration means the
same thing forever. Names are kept exactly as the book prints them.
"""

from django.db import migrations

# (name, fouls, stoppage, overall, available_high) — availability is 1..available_high.
TITLE_BOUT_REFEREES = (
    ("Elmo Adolph", "normal", "normal", "very_good", 40),  # 1
    ("Julio Alvarado", "normal", "normal", "average", 60),  # 2
    ("Rudy Battle", "very_lenient", "late", "good", 50),  # 3
    ("Kenny Bayless", "normal", "normal", "very_good", 40),  # 4
    ("Robert Byrd", "normal", "early", "good", 50),  # 5
    ("Frank Cappucino", "normal", "normal", "very_good", 40),  # 6
    ("Stanley Christodoulou", "normal", "normal", "good", 50),  # 7
    ("Lawrence Cole", "lenient", "late", "below_average", 70),  # 8
    ("Joe Cortez", "lenient", "late", "good", 50),  # 9
    ("Eddie Cotton", "strict", "early", "good", 50),  # 10
    ("Joey Curtis", "lenient", "early", "good", 50),  # 11
    ("Marty Denkin", "normal", "late", "very_good", 40),  # 12
    ("Arthur Dovovan", "lenient", "normal", "good", 50),  # 13
    ("Vic Draculich", "strict", "normal", "average", 60),  # 14
    ("Benji Esteves Jr", "normal", "normal", "good", 50),  # 15
    ("Lou Filippo", "normal", "normal", "good", 50),  # 16
    ("Roy Francis", "lenient", "late", "average", 60),  # 17
    ("Armando Garcia", "lenient", "normal", "average", 60),  # 18
    ("Ruby Goldstein", "normal", "early", "very_good", 40),  # 19
    ("Mitch Halpern", "normal", "late", "good", 50),  # 20
    ("Larry Hazzard", "strict", "early", "below_average", 70),  # 21
    ("Wayne Kelly", "strict", "normal", "good", 50),  # 22
    ("Mills Lane", "normal", "normal", "very_good", 40),  # 23
    ("Art Mercante Jr", "normal", "early", "average", 60),  # 24
    ("Arthur Mercante Sr", "normal", "normal", "good", 50),  # 25
    ("Octavio Meyran", "very_lenient", "late", "average", 60),  # 26
    ("Russell Mora", "very_lenient", "late", "below_average", 71),  # 27
    ("Lou Moret", "strict", "normal", "good", 50),  # 28
    ("Jay Nady", "lenient", "late", "below_average", 70),  # 29
    ("Randy Neumann", "lenient", "late", "average", 60),  # 30
    ("John O'Brien", "normal", "late", "average", 60),  # 31
    ("Terry O'Connor", "very_lenient", "late", "below_average", 70),  # 32
    ("Carlos Padilla", "lenient", "late", "good", 50),  # 33
    ("Dave Parris", "very_lenient", "late", "below_average", 70),  # 34
    ("Davey Pearl", "strict", "normal", "very_good", 40),  # 35
    ("Tony Perez", "lenient", "late", "very_good", 40),  # 36
    ("Jack Reiss", "very_lenient", "late", "below_average", 70),  # 37
    ("Isidro Rodriguez", "very_lenient", "late", "below_average", 70),  # 38
    ("Larry Rozadilla", "strict", "normal", "very_good", 40),  # 39
    ("Pat Russell", "normal", "late", "average", 60),  # 40
    ("Frank Sikora", "normal", "normal", "good", 50),  # 41
    ("George Siler", "lenient", "late", "good", 50),  # 42
    ("Steve Smoger", "strict", "late", "very_good", 40),  # 43
    ("Richard Steele", "strict", "late", "very_good", 40),  # 44
    ("Paul Thomas", "normal", "normal", "average", 60),  # 45
    ("Harold Valan", "normal", "normal", "below_average", 70),  # 46
    ("Jersey Joe Walcott", "very_lenient", "late", "below_average", 70),  # 47
    ("Waldemar Schmidt", "very_lenient", "normal", "average", 60),  # 48
    ("Tony Weeks", "normal", "normal", "very_good", 40),  # 49
    ("Daniel Van de Wiele", "normal", "late", "good", 50),  # 50
)

# Fictional officials (names invented for Ringside).
# (name, close_round, bias)
JUDGES = (
    ("Marguerite Ellison", "even", "none"),
    ("Tomasz Wierzbicki", "even", "none"),
    ("Adaeze Okonkwo", "aggressor", "none"),
    ("Hector Villaseñor", "counterpuncher", "boxer"),
    ("Linnea Sjöberg", "even", "champion"),
    ("Declan Moriarty", "home", "hometown"),
    ("Yuki Hanamura", "aggressor", "slugger"),
    ("Priya Raghunathan", "counterpuncher", "none"),
    ("Bernard Achterberg", "even", "none"),
)

# (name, caution)
DOCTORS = (
    ("Dr. Helena Castellanos", "cautious"),
    ("Dr. Samuel Oyelaran", "balanced"),
    ("Dr. Ingrid Vasquez-Holm", "balanced"),
    ("Dr. Walter Brannigan", "permissive"),
)


def load(apps, schema_editor):
    Referee = apps.get_model("referees", "Referee")
    Judge = apps.get_model("referees", "Judge")
    Doctor = apps.get_model("referees", "Doctor")
    for name, fouls, stoppage, overall, high in TITLE_BOUT_REFEREES:
        Referee.objects.update_or_create(
            name=name,
            defaults={
                "fouls": fouls,
                "stoppage": stoppage,
                "overall": overall,
                "available_low": 1,
                "available_high": high,
            },
        )
    for name, close_round, bias in JUDGES:
        Judge.objects.update_or_create(
            name=name, defaults={"close_round": close_round, "bias": bias}
        )
    for name, caution in DOCTORS:
        Doctor.objects.update_or_create(name=name, defaults={"caution": caution})


def unload(apps, schema_editor):
    apps.get_model("referees", "Referee").objects.filter(
        name__in=[row[0] for row in TITLE_BOUT_REFEREES]
    ).delete()
    apps.get_model("referees", "Judge").objects.filter(name__in=[r[0] for r in JUDGES]).delete()
    apps.get_model("referees", "Doctor").objects.filter(name__in=[r[0] for r in DOCTORS]).delete()


class Migration(migrations.Migration):
    dependencies = [("referees", "0001_initial")]

    operations = [migrations.RunPython(load, unload)]
