from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination


class StandardPagination(PageNumberPagination):
    """Pages of 50 (``page_size`` 1-200). A ``page_size`` that is not a whole
    number in range is a 400, not silently the default; a page past the end is a
    404 (DRF's). The schema states both bounds."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or not 1 <= int(raw) <= self.max_page_size:
            raise ValidationError(
                {"page_size": [f"A whole number from 1 to {self.max_page_size}."]}
            )
        return int(raw)

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and not raw.isdigit() and raw not in self.last_page_strings:
            raise NotFound(self.invalid_page_message.format(page_number=raw, message=""))
        return super().get_page_number(request, paginator)

    def get_paginated_response_schema(self, schema):
        # DRF's examples read "http://api.example.org/accounts/?page=4"; the
        # schema's generator tells the list's path (core.api.schema).
        envelope = super().get_paginated_response_schema(schema)
        url = "https://ringside.example" + getattr(self, "schema_path", "/api/fighters/")
        words = {
            "count": {"example": 112, "description": "How many rows the list holds."},
            "next": {
                "example": f"{url}?page=3",
                "description": "The next page (the same query), or null on the last.",
            },
            "previous": {
                "example": f"{url}?page=1",
                "description": "The page before, or null on the first.",
            },
        }
        for name, more in words.items():
            envelope["properties"][name].update(more)
        return envelope

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters
