"""Password reset, throttled (issue 30: fifteen mails in a second).

Django's reset form mails a link to whatever address it is given; unthrottled,
anyone could bury an account's mailbox, or the site's mail quota. Two limits,
counted in the shared cache (Redis in production) over a sliding window's
fixed buckets:

- per client address (``core.client_ip``, as the API's throttles and the
  sign-in limits count it): past ``PASSWORD_RESET_PER_ADDRESS`` requests the
  form answers 429 and sends nothing;
- per account (the email address typed, whether or not an account has it, so
  the answer tells nothing about who is registered): past
  ``PASSWORD_RESET_PER_ACCOUNT`` the form answers as usual ("sent") but sends
  nothing more until the window has passed.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpResponseRedirect

from core.client_ip import client_ip

WINDOW_SECONDS = 3600
TOO_MANY = "Too many password reset requests from your address: try again in an hour."


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.encode()).hexdigest()[:32]
    database = settings.DATABASES["default"]["NAME"]
    return f"ringside:{database}:password-reset:{kind}:{digest}"


def _count(kind: str, value: str) -> int:
    """One more request of ``kind`` from ``value`` this window; the count so far."""
    key = _key(kind, value)
    cache.add(key, 0, timeout=WINDOW_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW_SECONDS)
        return 1


class ThrottledPasswordResetView(auth_views.PasswordResetView):
    def form_valid(self, form):
        if _count("address", client_ip(self.request)) > _limit("PASSWORD_RESET_PER_ADDRESS", 10):
            form.add_error(None, TOO_MANY)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        email = form.cleaned_data["email"].strip().lower()
        if _count("account", email) > _limit("PASSWORD_RESET_PER_ACCOUNT", 3):
            return HttpResponseRedirect(self.get_success_url())  # as if sent: no mail
        return super().form_valid(form)
