"""The client's address for sign-in limits (django-axes, ``AXES_CLIENT_IP_CALLABLE``),
counted exactly as the API's throttles count it: DRF's own ``get_ident``, which
reads ``NUM_PROXIES`` — 0 (our default): the socket's address, whatever
X-Forwarded-For says; N: the address the outermost of N proxies saw (N from the
right of X-Forwarded-For). Headers a client writes itself are never trusted
beyond that. (Unset, ``None``, DRF would take the whole header: the settings
never leave it unset.)"""

from rest_framework.throttling import BaseThrottle


def client_ip(request) -> str:
    """``request``: Django's (axes) or DRF's; "" when there is no address at all."""
    return BaseThrottle().get_ident(request) or ""
