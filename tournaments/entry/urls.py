from django.urls import path

from . import views

app_name = "jury"

urlpatterns = [
    path("", views.match_list, name="matches"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/preview/", views.preview, name="preview"),
    path("matches/<int:pk>/confirm/", views.confirm, name="confirm"),
    path("matches/<int:pk>/send-back/", views.send_back, name="send_back"),
    path("matches/<int:pk>/history/", views.history, name="history"),
    path("matches/<int:pk>/record.json", views.export_record, name="export"),
    path("matches/<int:pk>/import/", views.import_record, name="import"),
]
