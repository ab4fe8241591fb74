# The league projector's bookkeeping; medical suspensions now belong to the
# bouts app (bouts.0006 took the table over).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0003_tournament_match_walkover_beside_failed_bout"),
        ("bouts", "0006_medical_suspensions_and_voids"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="MedicalSuspension")],
            database_operations=[],
        ),
        migrations.CreateModel(
            name="DivisionProjection",
            fields=[
                (
                    "division",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="projection",
                        serialize=False,
                        to="league.division",
                    ),
                ),
                ("watermark_date", models.DateField(blank=True, null=True)),
                ("watermark_event_id", models.BigIntegerField(default=0)),
                ("watermark_order", models.PositiveSmallIntegerField(default=0)),
                ("watermark_bout_id", models.BigIntegerField(default=0)),
                (
                    "derived_bouts",
                    models.PositiveIntegerField(
                        default=0, help_text="Completed bouts derived so far."
                    ),
                ),
                (
                    "skipped",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="Bouts passed by the watermark while they were still being "
                        "fought for too long; derived from their place once they complete.",
                    ),
                ),
                ("derived_at", models.DateTimeField(blank=True, null=True)),
            ],
        ),
        migrations.CreateModel(
            name="ProjectionRequest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("bout_id", models.BigIntegerField()),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("recorded", "recorded"),
                            ("failed", "failed"),
                            ("voided", "voided"),
                        ],
                        max_length=10,
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "division",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="league.division",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["division", "id"], name="league_proj_divisio_555929_idx")
                ]
            },
        ),
    ]
