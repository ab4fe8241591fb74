"""The client's address, counted the way the API's throttles count it (DRF's
``get_ident`` with ``NUM_PROXIES``): the socket's address, or with N proxies in
front the address the outermost of them saw (N from the right of
X-Forwarded-For). Headers a client writes itself are never trusted beyond that."""

from django.conf import settings


def client_ip(request) -> str:
    proxies = settings.REST_FRAMEWORK.get("NUM_PROXIES") or 0
    remote = request.META.get("REMOTE_ADDR", "")
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
        if addresses:
            return addresses[-min(proxies, len(addresses))]
    return remote
