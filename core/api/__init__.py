"""The REST API's shared pieces: base serializer, write permissions, throttles,
filters."""
