"""The guide (Súgó): its sections, the anchors each one has in every language, and which section
each page of the site points its readers to.

The prose of a section is a template a language (templates/guide/<language>/<section>.html): long
explanations read and are reviewed best as whole pages, not as hundreds of separate strings. The
anchors are the same in every language, so a page's link reaches the same place in both."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Section:
    slug: str
    title: str
    audience: str
    anchors: tuple[str, ...]

    def template(self, language: str) -> str:
        return f"guide/{language}/{self.slug}.html"


SECTIONS = (
    Section("jury", _("The juror's guide"), _("Entering matches: the notation, the keyboard, blind confirmation"),
            ("home", "entering", "notation", "announcements", "full-deal", "refusals", "other-juror",
             "submitting", "blind-confirmation", "team-links", "corrections", "keyboard", "history",
             "score-sheets", "free-games")),
    Section("chief-jury", _("The chief jury's guide"), _("Confirming, sending back and correcting matches"),
            ("two-person-rule", "confirmation", "sending-back", "corrections", "online-table")),
    Section("organisers", _("The organisers' guide"),
            _("Seasons, competitions, the Cup, the Grand Prix, the register, words and accounts"),
            ("season-life", "preparation", "competitions", "teams-and-players", "opening", "cup", "grand-prix",
             "free-games", "register", "closing", "words", "accounts", "online-table")),
    Section("players", _("The players' guide"), _("The public pages and the online table"),
            ("public-pages", "live-pages", "copies", "register", "team-links", "online-table", "language")),
)
BY_SLUG = {section.slug: section for section in SECTIONS}
LANGUAGES = ("hu", "en")

# The guide's place for each page of the site, by the page's URL name: the header's "Help" link
# leads there. A page not named here leads to the guide's contents.
PAGE_SECTIONS = {
    "jury:home": ("jury", "home"),
    "jury:matches": ("jury", "home"),
    "jury:new_match": ("jury", "home"),
    "jury:match": ("jury", "notation"),
    "jury:blind": ("jury", "blind-confirmation"),
    "jury:clear_hand": ("jury", "corrections"),
    "jury:team_links": ("jury", "team-links"),
    "jury:match_day": ("jury", "team-links"),
    "players:team": ("players", "team-links"),
    "jury:history": ("jury", "history"),
    "jury:import": ("jury", "score-sheets"),
    "workbooks:score_sheet_upload": ("jury", "score-sheets"),
    "register:enter_variant": ("jury", "free-games"),
    "competitions:index": ("organisers", "season-life"),
    "competitions:season_admin": ("organisers", "season-life"),
    "competitions:match_cancel": ("organisers", "closing"),
    "competitions:season_new": ("organisers", "preparation"),
    "competitions:season_edit": ("organisers", "preparation"),
    "competitions:competition_new": ("organisers", "competitions"),
    "competitions:competition_edit": ("organisers", "competitions"),
    "competitions:teams": ("organisers", "teams-and-players"),
    "competitions:team_new": ("organisers", "teams-and-players"),
    "competitions:team_edit": ("organisers", "teams-and-players"),
    "competitions:players": ("organisers", "teams-and-players"),
    "competitions:player_new": ("organisers", "teams-and-players"),
    "competitions:player_edit": ("organisers", "teams-and-players"),
    "workbooks:roster_upload": ("organisers", "teams-and-players"),
    "competitions:cup_admin": ("organisers", "cup"),
    "competitions:grand_prix_admin": ("organisers", "grand-prix"),
    "competitions:grand_prix_match": ("organisers", "grand-prix"),
    "competitions:free_game_new": ("organisers", "free-games"),
    "competitions:free_game_emperor": ("organisers", "free-games"),
    "competitions:free_game_three_handed": ("organisers", "free-games"),
    "competitions:words": ("organisers", "words"),
    "competitions:word_edit": ("organisers", "words"),
    "accounts:index": ("organisers", "accounts"),
    "accounts:invite": ("organisers", "accounts"),
    "accounts:user": ("organisers", "accounts"),
    "table:manage": ("organisers", "online-table"),
    "table:index": ("players", "online-table"),
    "table:play": ("players", "online-table"),
    "table:watch": ("players", "online-table"),
    "table:replay": ("players", "online-table"),
    "public:season": ("players", "public-pages"),
    "public:seasons": ("players", "public-pages"),
    "public:fixtures": ("players", "public-pages"),
    "public:championship": ("players", "public-pages"),
    "public:cup": ("players", "public-pages"),
    "public:grand_prix": ("players", "public-pages"),
    "public:free_games": ("players", "public-pages"),
    "public:team": ("players", "public-pages"),
    "public:match": ("players", "public-pages"),
    "public:player": ("players", "public-pages"),
    "public:today": ("players", "live-pages"),
    "register:index": ("players", "register"),
    "register:player": ("players", "register"),
    "register:competitions": ("players", "register"),
    "register:competition": ("players", "register"),
    "register:awards": ("players", "register"),
}


def page_section(url_name: str | None) -> tuple[str, str] | None:
    """(section, anchor) of the guide for the page named url_name, or None: the guide's contents."""
    return PAGE_SECTIONS.get(url_name or "")
