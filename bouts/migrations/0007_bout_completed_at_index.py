from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bouts", "0006_medical_suspensions_and_voids"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="bout",
            index=models.Index(fields=["completed_at"], name="bout_completed_at"),
        ),
    ]
