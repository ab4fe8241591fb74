# Medical suspensions move from the league app to the bouts app (a bout's
# recording writes them): the table is taken over as it is, then renamed.
# Bouts gain voiding, and the index the league projector reads by.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bouts", "0005_fighter_line_stats_blank"),
        ("fighters", "0004_constraint_messages"),
        ("league", "0003_tournament_match_walkover_beside_failed_bout"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="MedicalSuspension",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("reason", models.CharField(max_length=200)),
                        ("starts_on", models.DateField()),
                        ("ends_on", models.DateField()),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "bout",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="suspensions",
                                to="bouts.bout",
                            ),
                        ),
                        (
                            "fighter",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="suspensions",
                                to="fighters.fighter",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["-ends_on", "id"],
                        "db_table": "league_medicalsuspension",
                        "indexes": [
                            models.Index(
                                fields=["fighter", "ends_on"], name="league_medi_fighter_8b9626_idx"
                            )
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("ends_on__gte", models.F("starts_on"))),
                                name="suspension_ends_after_start",
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name="medicalsuspension", table=None),
        migrations.RenameIndex(
            model_name="medicalsuspension",
            new_name="bouts_suspension_fighter_end",
            old_name="league_medi_fighter_8b9626_idx",
        ),
        migrations.AddField(
            model_name="bout",
            name="void_reason",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="bout",
            name="voided_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="bout",
            name="voided_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="bout",
            name="status",
            field=models.CharField(
                choices=[
                    ("scheduled", "Scheduled"),
                    ("queued", "Queued"),
                    ("running", "Running"),
                    ("completed", "Completed"),
                    ("failed", "Failed"),
                    ("voided", "Voided"),
                ],
                default="scheduled",
                max_length=10,
            ),
        ),
        migrations.AddIndex(
            model_name="bout",
            index=models.Index(
                fields=["division", "status", "date", "event", "order", "id"],
                name="bout_division_status_order",
            ),
        ),
    ]
