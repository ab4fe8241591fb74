"""The REST API's router. Each app registers its viewsets here."""

from rest_framework.routers import DefaultRouter

router = DefaultRouter()

urlpatterns = router.urls
