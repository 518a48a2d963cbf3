"""Each request reads the association's words (tournaments.core.words) afresh from the shared cache,
once: a page rendered after an organiser's change, in any process, names things the new way."""

from tournaments.core import words


class AssociationWordsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        words.forget_local()
        return self.get_response(request)
