from django.shortcuts import render


def home(request):
    """The front page: what this site is and where to go from here."""
    return render(request, "home.html")
