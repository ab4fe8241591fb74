"""What the site's header offers a visitor: only what he may use. Everyone: the
public pages and the API; staff: the admin; someone who runs a league (or may
create one): the console.

What the console link needs is read with the user himself, in the query the
authentication middleware makes anyway (``NavigationBackend``): the header costs
no query of its own on any page."""

from functools import cached_property

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser, Permission
from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from .models import League, Notification
from .services import setup


def _runs_a_league():
    return Exists(League.objects.filter(commissioners=OuterRef("pk")))


def _may_create_a_league():
    """Holds league.add_league, given to him or to one of his groups."""
    return Exists(
        Permission.objects.filter(content_type__app_label="league", codename="add_league").filter(
            Q(user=OuterRef("pk")) | Q(group__user=OuterRef("pk"))
        )
    )


def _unread_notices():
    """How many of his notices he has not read (the inbox link's count)."""
    unread = (
        Notification.objects.filter(user=OuterRef("pk"), read_at__isnull=True)
        .order_by()
        .values("user")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(unread), 0)


class NavigationBackend(ModelBackend):
    """Django's model backend, whose signed-in user comes with ``runs_a_league``
    and ``may_create_a_league`` (one query, as before)."""

    def get_user(self, user_id):
        users = get_user_model()._default_manager.annotate(
            runs_a_league=_runs_a_league(),
            may_create_a_league=_may_create_a_league(),
            unread_notices=_unread_notices(),
        )
        try:
            user = users.get(pk=user_id)
        except get_user_model().DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None


class Navigation:
    def __init__(self, user):
        self.user = user

    @cached_property
    def admin(self) -> bool:
        """The Django admin: staff only (anyone else meets its sign-in page)."""
        return bool(self.user.is_authenticated and self.user.is_active and self.user.is_staff)

    @cached_property
    def console(self) -> bool:
        """The commissioners' console: for a user who runs a league or may create one."""
        user = self.user
        if not user.is_authenticated:
            return False
        if user.is_staff or user.is_superuser:
            return True
        if hasattr(user, "runs_a_league"):  # loaded by NavigationBackend
            return user.runs_a_league or user.may_create_a_league
        # Signed in through another backend: ask.
        return setup.can_create_league(user) or user.commissioned_leagues.exists()

    @cached_property
    def unread(self) -> int:
        """His unread notices, for the inbox link (0 when signed out)."""
        user = self.user
        if not user.is_authenticated:
            return 0
        if hasattr(user, "unread_notices"):  # loaded by NavigationBackend
            return user.unread_notices
        return Notification.objects.filter(user=user, read_at__isnull=True).count()


def navigation(request):
    # An error page may be rendered before the authentication middleware ran.
    return {"navigation": Navigation(getattr(request, "user", None) or AnonymousUser())}
