from django.urls import path

from . import at_the_table, match_day, views

app_name = "jury"

urlpatterns = [
    path("", views.home, name="home"),
    path("matches/", views.match_list, name="matches"),
    path("match-day/", match_day.match_day, name="match_day"),
    path("matches/new/", views.new_match, name="new_match"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/particulars/", views.match_particulars, name="particulars"),
    path("matches/<int:pk>/agree/", views.agree, name="agree"),
    path("matches/<int:pk>/agree-on-paper/", views.agree_on_paper, name="agree_on_paper"),
    path("matches/<int:pk>/preview/", views.preview, name="preview"),
    path("matches/<int:pk>/hands/<int:number>/", views.save_hand, name="save_hand"),
    path("matches/<int:pk>/hands/<int:number>/keep/", views.keep_hand, name="keep_hand"),
    path("matches/<int:pk>/hands/<int:number>/clear/", views.clear_hand, name="clear_hand"),
    path("matches/<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("matches/<int:pk>/blind/", views.blind, name="blind"),
    path("matches/<int:pk>/blind/hands/<int:number>/keep/", views.keep_blind_hand, name="keep_blind_hand"),
    path("matches/<int:pk>/score-sheet.pdf", views.score_sheet, name="score_sheet"),
    path("matches/<int:pk>/submit/", views.submit, name="submit"),
    path("matches/<int:pk>/confirm/", views.confirm, name="confirm"),
    path("matches/<int:pk>/send-back/", views.send_back, name="send_back"),
    path("matches/<int:pk>/team-links/", at_the_table.team_links, name="team_links"),
    path("matches/<int:pk>/history/", views.history, name="history"),
    path("matches/<int:pk>/record.json", views.export_record, name="export"),
    path("matches/<int:pk>/import/", views.import_record, name="import"),
]
