from django.db import migrations, models

from fighters.names import search_name


def fill_search_names(apps, schema_editor):
    """Existing fighters get the folded name that Fighter.save() keeps from now on."""
    Fighter = apps.get_model("fighters", "Fighter")
    batch = []
    for fighter in Fighter.objects.only("id", "name", "nickname").iterator(chunk_size=2000):
        fighter.search_name = search_name(name=fighter.name, nickname=fighter.nickname)
        batch.append(fighter)
        if len(batch) >= 2000:
            Fighter.objects.bulk_update(batch, ["search_name"])
            batch = []
    if batch:
        Fighter.objects.bulk_update(batch, ["search_name"])


class Migration(migrations.Migration):
    dependencies = [
        ("fighters", "0005_camp_owner"),
    ]

    operations = [
        migrations.AddField(
            model_name="fighter",
            name="search_name",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=250),
        ),
        migrations.RunPython(fill_search_names, migrations.RunPython.noop),
    ]
