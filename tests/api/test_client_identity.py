"""Throttles identify an anonymous client by the socket's address unless
NUM_PROXIES says how many proxies to trust: a rotating X-Forwarded-For cannot
make a new client of every request."""

import pytest
from django.conf import settings
from django.test import RequestFactory, override_settings
from rest_framework.request import Request
from rest_framework.settings import api_settings

from core.api.throttles import OddsThrottle
from core.client_ip import client_ip


def _ident(headers: dict) -> str:
    request = Request(RequestFactory().get("/api/odds/", REMOTE_ADDR="10.0.0.7", **headers))
    return OddsThrottle().get_ident(request)


def test_forwarded_for_is_ignored_by_default():
    assert api_settings.NUM_PROXIES == 0
    assert _ident({"HTTP_X_FORWARDED_FOR": "1.2.3.4"}) == "10.0.0.7"
    assert _ident({"HTTP_X_FORWARDED_FOR": "5.6.7.8, 1.2.3.4"}) == "10.0.0.7"


def test_one_trusted_proxy_takes_the_address_it_appended():
    rest = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    with override_settings(REST_FRAMEWORK=rest):
        assert _ident({"HTTP_X_FORWARDED_FOR": "9.9.9.9, 1.2.3.4"}) == "1.2.3.4"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, None, "10.0.0.7"),
        (0, "1.2.3.4", "10.0.0.7"),  # spoofed: no proxy, the header is the client's
        (0, "5.6.7.8, 1.2.3.4", "10.0.0.7"),
        (1, None, "10.0.0.7"),
        (1, "9.9.9.9, 1.2.3.4", "1.2.3.4"),  # the client wrote 9.9.9.9, the proxy 1.2.3.4
        (1, "1.2.3.4", "1.2.3.4"),
    ],
)
def test_sign_in_limits_count_the_address_the_throttles_count(proxies, forwarded, expected):
    """core.client_ip (django-axes' address) is DRF's get_ident, NUM_PROXIES and all."""
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    rest = {**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}
    with override_settings(REST_FRAMEWORK=rest):
        request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="10.0.0.7", **headers)
        assert client_ip(request) == expected
        assert _ident(headers) == expected
