"""Turn validation and integrity errors into HTTP 400 with field messages."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from bouts.engine.errors import CardError, EngineError, OptionError, PlanError


def _django_validation_detail(exc: DjangoValidationError):
    if hasattr(exc, "error_dict"):
        return {
            field: [str(m) for m in errs.messages] if hasattr(errs, "messages") else errs
            for field, errs in exc.message_dict.items()
        }
    return {"non_field_errors": list(exc.messages)}


def exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=_django_validation_detail(exc))
    elif isinstance(exc, (CardError, OptionError)):
        exc = exceptions.ValidationError(detail={exc.field: [exc.rule]})
    elif isinstance(exc, PlanError):
        exc = exceptions.ValidationError(detail={"plans": [str(exc)]})
    elif isinstance(exc, EngineError):
        exc = exceptions.ValidationError(detail={"non_field_errors": [str(exc)]})
    elif isinstance(exc, IntegrityError):
        return Response(
            {"non_field_errors": ["This change conflicts with existing data."]},
            status=status.HTTP_400_BAD_REQUEST,
        )
    return drf_exception_handler(exc, context)
