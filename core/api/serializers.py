"""Shared pieces of the API's serializers and viewsets."""

from django.db import transaction
from rest_framework import serializers


class CleanModelSerializer(serializers.ModelSerializer):
    """Plain records (officials, camps, corner men, leagues, divisions, seasons,
    events) have no write service of their own: saving them is ``full_clean()``
    then ``save()`` in one transaction, so every model and database rule answers
    with a field message (the exception handler makes it a 400)."""

    def _split_many(self, validated_data):
        many = {}
        for field in self.Meta.model._meta.many_to_many:
            if field.name in validated_data:
                many[field.name] = validated_data.pop(field.name)
        return many

    def create(self, validated_data):
        many = self._split_many(validated_data)
        instance = self.Meta.model(**validated_data)
        with transaction.atomic():
            instance.full_clean()
            instance.save()
            for name, values in many.items():
                getattr(instance, name).set(values)
        return instance

    def update(self, instance, validated_data):
        many = self._split_many(validated_data)
        for name, value in validated_data.items():
            setattr(instance, name, value)
        with transaction.atomic():
            instance.full_clean()
            instance.save()
            for name, values in many.items():
                getattr(instance, name).set(values)
        return instance
