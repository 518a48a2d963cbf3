from django.urls import path

from . import views

app_name = "workbooks"

urlpatterns = [
    path("matches/<int:pk>/score-sheet.xlsx", views.score_sheet_download, name="score_sheet"),
    path("matches/<int:pk>/score-sheet/", views.score_sheet_upload, name="score_sheet_upload"),
    path("seasons/<int:year>/roster.xlsx", views.roster_download, name="roster"),
    path("seasons/<int:year>/roster/", views.roster_upload, name="roster_upload"),
]
