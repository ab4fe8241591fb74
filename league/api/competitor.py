"""A competitor in league tables: a fighter, or a camp in team rulesets."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from fighters.models import Fighter


class CompetitorSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["fighter", "camp"])
    id = serializers.IntegerField()
    name = serializers.CharField()


def competitor(instance) -> dict | None:
    if instance is None:
        return None
    kind = "fighter" if isinstance(instance, Fighter) else "camp"
    return {"kind": kind, "id": instance.pk, "name": instance.name}


@extend_schema_field(CompetitorSerializer(allow_null=True))
class CompetitorField(serializers.Field):
    """Read-only: the fighter (``<fighter_attr>``) or else the camp
    (``<camp_attr>``) of the object, as ``{kind, id, name}`` or null."""

    def __init__(self, fighter_attr="fighter", camp_attr="camp", **kwargs):
        self.fighter_attr = fighter_attr
        self.camp_attr = camp_attr
        kwargs.update(read_only=True, source="*")
        super().__init__(**kwargs)

    def to_representation(self, value):
        return competitor(
            getattr(value, self.fighter_attr, None) or getattr(value, self.camp_attr, None)
        )


@extend_schema_field(CompetitorSerializer(allow_null=True))
class CompetitorObjectField(serializers.Field):
    """Read-only: a Fighter or Camp attribute as ``{kind, id, name}`` or null."""

    def __init__(self, **kwargs):
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def to_representation(self, value):
        return competitor(value)
