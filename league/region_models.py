"""Regions of a career league (docs/career.md, "Regions"): each fighter belongs to
one region of the league; every division has a regional title per region, with
its own lineage; the regional champions and the best of each region are the
world title's contenders."""

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models

from league.reign_fields import END_REASONS, ReignSpan

DUPLICATE_REGION = "A region of that name exists."


class Region(models.Model):
    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="regions")
    name = models.CharField(max_length=80)

    class Meta:
        ordering = ["league_id", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="region_name_unique"),
        ]

    def __str__(self):
        return self.name

    def validate_constraints(self, exclude=None):
        """A duplicate name is the name's error (Django gives a two-field unique
        constraint's to the whole form): the admin, the console and the API show
        it next to the name."""
        try:
            super().validate_constraints(exclude=exclude)
        except ValidationError as error:
            errors = error.update_error_dict({})
            rest = []
            for message in errors.pop(NON_FIELD_ERRORS, []):
                params = message.params or {}
                if message.code == "unique_together" and set(params.get("unique_check", ())) == {
                    "league",
                    "name",
                }:
                    errors.setdefault("name", []).append(
                        ValidationError(DUPLICATE_REGION, code="unique")
                    )
                else:
                    rest.append(message)
            if rest:
                errors[NON_FIELD_ERRORS] = rest
            raise ValidationError(errors) from error


class RegionMember(models.Model):
    """A fighter's region in a league (one per league)."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    region = models.ForeignKey(Region, on_delete=models.CASCADE, related_name="members")
    fighter = models.ForeignKey(
        "fighters.Fighter", on_delete=models.CASCADE, related_name="region_memberships"
    )

    class Meta:
        ordering = ["region_id", "fighter_id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "fighter"], name="region_member_one"),
        ]

    def __str__(self):
        return f"{self.fighter_id} in {self.region_id}"

    def clean(self):
        super().clean()
        if self.region_id and self.league_id and self.region.league_id != self.league_id:
            raise ValidationError({"region": ["That region belongs to another league."]})


class RegionalTitle(models.Model):
    """A division's belt in one region; ``champion`` holds the current reign.
    Derived from the regional title bouts (league.services.regions)."""

    region = models.ForeignKey(Region, on_delete=models.CASCADE, related_name="titles")
    division = models.ForeignKey(
        "league.Division", on_delete=models.CASCADE, related_name="regional_titles"
    )
    champion = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["division_id", "region__name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["region", "division"], name="regional_title_one"),
        ]

    def __str__(self):
        return f"{self.division} · {self.region}"


class RegionalReign(ReignSpan):
    """One regional champion's hold of a regional belt (derived, like ``Reign``)."""

    title = models.ForeignKey(RegionalTitle, on_delete=models.CASCADE, related_name="reigns")
    number = models.PositiveSmallIntegerField()
    fighter = models.ForeignKey("fighters.Fighter", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["title_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["title", "number"], name="regional_reign_number"),
            models.CheckConstraint(
                condition=END_REASONS,
                name="regional_reign_end_reason",
                violation_error_message="Pick how the reign ended from the list.",
            ),
        ]

    def __str__(self):
        return f"{self.title} #{self.number}: {self.fighter_id}"


class RegionalTitleBout(models.Model):
    """Marks a bout as fought for a regional title (the bout's own
    ``is_title_bout`` stays for the world title)."""

    bout = models.OneToOneField("bouts.Bout", on_delete=models.CASCADE, related_name="+")
    title = models.ForeignKey(RegionalTitle, on_delete=models.CASCADE, related_name="bouts")

    class Meta:
        ordering = ["bout_id"]

    def __str__(self):
        return f"bout {self.bout_id} for {self.title}"
