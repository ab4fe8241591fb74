from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from league import health
from league.password_reset import ThrottledPasswordResetView

# Swagger UI with its script served as a file (the split view: no inline script,
# so script-src stays 'self'); the page's own small <style> block and Swagger's
# data: icons need style-src 'unsafe-inline' and img-src data:, on this page only.
api_docs = csp_update({"style-src": ["'unsafe-inline'"], "img-src": ["data:"]})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Before Django's own: the same form, throttled (league.password_reset).
    path(
        "accounts/password_reset/",
        ThrottledPasswordResetView.as_view(),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("api/", include("league.api.urls")),
    path("", include("league.web_urls")),
]
