"""Turn validation and integrity errors into HTTP 400 with field messages."""

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.db.models import ProtectedError, RestrictedError
from rest_framework import exceptions, status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    schema,
)
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from bouts.engine.errors import CardError, EngineError, OptionError, PlanError


def _django_validation_detail(exc: DjangoValidationError):
    if hasattr(exc, "error_dict"):
        return {
            (api_settings.NON_FIELD_ERRORS_KEY if field == NON_FIELD_ERRORS else field): [
                str(m) for m in messages
            ]
            for field, messages in exc.message_dict.items()
        }
    return {api_settings.NON_FIELD_ERRORS_KEY: [str(m) for m in exc.messages]}


def exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=_django_validation_detail(exc))
    elif isinstance(exc, (CardError, OptionError)):
        exc = exceptions.ValidationError(detail={exc.field: [exc.rule]})
    elif isinstance(exc, PlanError):
        exc = exceptions.ValidationError(detail={"plans": [str(exc)]})
    elif isinstance(exc, EngineError):
        exc = exceptions.ValidationError(detail={api_settings.NON_FIELD_ERRORS_KEY: [str(exc)]})
    elif isinstance(exc, (ProtectedError, RestrictedError)):
        blocking = (
            exc.protected_objects if isinstance(exc, ProtectedError) else exc.restricted_objects
        )
        used_by = sorted({str(obj._meta.verbose_name_plural) for obj in blocking})
        return Response(
            {
                api_settings.NON_FIELD_ERRORS_KEY: [
                    f"This cannot be deleted: {', '.join(used_by)} refer to it."
                ]
            },
            status=status.HTTP_400_BAD_REQUEST,
        )
    elif isinstance(exc, IntegrityError):
        # A database constraint the validators did not foresee (or a race lost to
        # a concurrent write): the request conflicts with stored data.
        return Response(
            {api_settings.NON_FIELD_ERRORS_KEY: ["This change conflicts with existing data."]},
            status=status.HTTP_400_BAD_REQUEST,
        )
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, list):
        # One shape for every error body (the schema's): an object.
        response.data = {api_settings.NON_FIELD_ERRORS_KEY: response.data}
    return response


@api_view(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
@authentication_classes([])
@permission_classes([])
@schema(None)
def api_not_found(request, *args, **kwargs):
    """A JSON 404 for any /api/ path no endpoint matches."""
    raise exceptions.NotFound()
