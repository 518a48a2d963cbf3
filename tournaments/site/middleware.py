"""Response headers Django does not set itself."""

from django.conf import settings


def permissions_policy(features: dict[str, list[str]]) -> str:
    """The Permissions-Policy header's value: ``{"camera": []}`` -> ``camera=()`` (no origin may use it)."""
    return ", ".join(f"{feature}=({' '.join(origins)})" for feature, origins in features.items())


class PermissionsPolicyMiddleware:
    """Tells browsers which of their features (camera, location, payment...) the pages may use:
    settings.PERMISSIONS_POLICY, none by default."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.header = permissions_policy(getattr(settings, "PERMISSIONS_POLICY", {}))

    def __call__(self, request):
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response
