"""API token authentication that takes the token under either scheme a script
author reaches for: ``Authorization: Token <key>`` (DRF's) or ``Authorization:
Bearer <key>`` (what OAuth-minded and generated clients send)."""

from rest_framework.authentication import TokenAuthentication, get_authorization_header


class BearerAuthentication(TokenAuthentication):
    """DRF's token authentication under the ``Bearer`` scheme word."""

    keyword = "Bearer"


class TokenOrBearerAuthentication(TokenAuthentication):
    """DRF's token authentication, with ``Bearer`` accepted beside ``Token`` (the
    same checks and messages: DRF's own, under either word). A request without
    credentials is still answered 401 with ``WWW-Authenticate: Token``."""

    def authenticate(self, request):
        scheme = get_authorization_header(request).split()[:1]
        if scheme and scheme[0].lower() == BearerAuthentication.keyword.lower().encode():
            return BearerAuthentication().authenticate(request)
        return super().authenticate(request)
