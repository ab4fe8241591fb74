"""A league page's form through a service (the console, the managers' and career
pages): the valid data go to the service, its refusal is shown next to the form's
fields, its success is announced and redirected."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse


def put_errors(form, error: ValidationError) -> None:
    """A service's ``ValidationError`` next to the form's fields (the rest above
    the form)."""
    if hasattr(error, "error_dict"):
        for field, errors in error.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error.messages)


def submit(
    request,
    form,
    write: Callable[[dict], object],
    *,
    done: Callable[[object], str],
    then: Callable[[object], HttpResponse],
) -> HttpResponse | None:
    """``write(form.cleaned_data)`` when the form is valid, then ``done(made)`` as the
    success message and ``then(made)`` (a redirect) as the answer. ``None`` when the
    form or the service refused: the form carries the errors, the caller shows it."""
    if not form.is_valid():
        return None
    try:
        made = write(form.cleaned_data)
    except ValidationError as error:
        put_errors(form, error)
        return None
    messages.success(request, done(made))
    return then(made)
