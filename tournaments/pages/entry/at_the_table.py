"""The players' own entry at the table (tournaments.recording.player_entry): the jury's page that
gives each team its link and QR code, and the team's phone page reached by that link, with no
account: enter a hand in the jury's notation, accept or dispute the other team's."""

import time

import segno
from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from tournaments.core import bridge
from tournaments.core.models import Match, PlayerHand, TeamLink
from tournaments.core.refusals import NotAllowed, Refused
from tournaments.core.roles import answer_refusal, jury_only
from tournaments.recording import player_entry

from .forms import HandForm
from .hand_entry import attackers_of, bound_form, evaluate, first_attackers, stored_records
from .history import shown_reason, user_name
from .legend import legend_html

# A person at a card table sends a hand, an answer or a look every few seconds; a script sends
# hundreds. Thirty requests a minute through one link leave a team room to correct and reload.
REQUESTS_A_MINUTE = 30


# --- the jury: each team's link -----------------------------------------------------------------


def link_address(request, link) -> str:
    return request.build_absolute_uri(reverse("players:team", args=[link.token]))


def qr_svg(address: str, title: str) -> str:
    """The address as a QR code, an inline SVG a phone's camera reads from the screen or the paper."""
    return segno.make(address, error="m").svg_inline(scale=4, title=title, svgclass="qr")


def team_links_context(request, match) -> list[dict]:
    links = player_entry.live_links(match)
    shown = []
    for side, team in (("A", match.team_a), ("B", match.team_b)):
        link = links.get(side)
        entry = {"side": side, "team": team, "link": link}
        if link is not None:
            entry["address"] = link_address(request, link)
            entry["qr"] = qr_svg(entry["address"], _("The link of %(team)s") % {"team": team.name})
        shown.append(entry)
    return shown


@jury_only
@never_cache
def team_links(request, pk):
    match = get_object_or_404(Match.objects.select_related("competition__season", "team_a", "team_b"), pk=pk)
    if request.method == "POST":
        side = request.POST.get("side")
        if side not in ("A", "B"):  # the page's buttons always name the team
            return HttpResponseBadRequest(_("The form did not say which team's link; nothing was changed."))
        try:
            if request.POST.get("action") == "end":
                player_entry.end_link(match, side, request.user)
            else:
                player_entry.give_link(match, side, request.user)
        except Refused as refused:
            answer_refusal(request, refused)
        return redirect("jury:team_links", pk=match.pk)
    try:
        player_entry.check_links_allowed(match, request.user)
        refusal = ""
    except Refused as refused:
        refusal = refused.text
    return render(request, "jury/team_links.html", {
        "match": match, "teams": team_links_context(request, match), "refusal": refusal,
        "hands": _hand_states(match), "link_history": link_history(match)})


def link_history(match) -> list[dict]:
    """Each link of the match given or ended, newest first: when, by whom, which team's, and why
    (one query, whatever the number of links)."""
    rows = (TeamLink.history.filter(match_id=match.pk).select_related("history_user")
            .order_by("-history_date", "-history_id"))
    teams = {"A": match.team_a, "B": match.team_b}
    return [{"when": row.history_date, "who": user_name(row.history_user), "team": teams[row.side],
             "what": _("link given") if row.history_type == "+" else _("link ended"),
             "why": shown_reason(row.history_change_reason or "")}
            for row in rows if row.history_type == "+" or row.ended_at is not None]


def _hand_states(match) -> list[dict]:
    records, answers = stored_records(match)
    entered = player_entry.player_hands(match)
    return [{"number": number, "stored": answers.get(number), "entered": entered.get(number)}
            for number in range(1, match.hands_expected + 1)]


# --- the players: the team's phone page ---------------------------------------------------------


def at_a_persons_pace(view):
    """Refuse (429, in words) a link's requests beyond a person's pace; nothing is stored."""
    def limited(request, link, *args, **kwargs):
        # A key of each minute's own: a cache that sets its value anew on incr (the file cache
        # does) gives it the default timeout, and one key would then count past its minute.
        key = f"team-link-pace:{link}:{int(time.time() // 60)}"
        cache.add(key, 0, timeout=120)
        try:
            count = cache.incr(key)
        except ValueError:  # the minute ended between add and incr
            count = 1
        if count > REQUESTS_A_MINUTE:
            return HttpResponse(_("Too many requests through this link in a minute: wait a moment, then reload "
                                  "the page. Nothing of the last request was stored."), status=429,
                                content_type="text/plain; charset=utf-8")
        return view(request, link, *args, **kwargs)
    return limited


def _link_or_404(key):
    link = player_entry.link_by_key(key)
    if link is None:
        raise Http404(_("No such link: ask the jury for your team's link."))
    return link


@require_safe
@never_cache
@at_a_persons_pace
def team_page(request, key):
    link = _link_or_404(key)
    return render(request, "players/team.html", _team_context(request, link))


def _team_context(request, link, *, number=None, form=None, answer=None, refusal=""):
    match = link.match
    records, answers = stored_records(match)
    entered = player_entry.player_hands(match)
    hands = []
    for hand_number in range(1, match.hands_expected + 1):
        mine = entered.get(hand_number)
        hands.append({"number": hand_number, "stored": answers.get(hand_number), "entered": mine,
                      "to_answer": _to_answer(link, mine, hand_number in answers)})
    closed = player_entry.why_link_is_closed(link)
    if number is None:
        number = _next_to_enter(link, hands)
    if form is None and number is not None and not closed:
        form, answer = _form_for(match, link, number, records, entered.get(number))
    return {"link": link, "match": match, "team": link.team, "hands": hands, "closed": closed,
            "number": number, "form": form, "answer": answer, "refusal": refusal,
            "totals": bridge.running_totals(list(answers.values())),  # the engine's sums (R13)
            "legend_html": legend_html() if form is not None else ""}


def _to_answer(link, entered, stored) -> dict | None:
    """The other team's hand waiting for this team's word: its lines in words and its scores."""
    if stored or entered is None or entered.state != PlayerHand.State.AWAITING or entered.entered_by.side == link.side:
        return None
    form = bound_form(entered.number, entered.fields)
    answer = evaluate(form, report=False)
    return {"form": form, "answer": answer, "revision": entered.revision}


def _next_to_enter(link, hands) -> int | None:
    """The first hand neither stored nor waiting for the other team: this team's to enter."""
    for hand in hands:
        entered = hand["entered"]
        if hand["stored"] is not None:
            continue
        if entered is None or entered.state == PlayerHand.State.ACCEPTED:
            return hand["number"]
        if entered.entered_by.side == link.side and entered.state == PlayerHand.State.DISPUTED:
            return hand["number"]
    return None


def _form_for(match, link, number, records, entered):
    if entered is not None and entered.entered_by.side == link.side and entered.state != PlayerHand.State.ACCEPTED:
        form = bound_form(number, entered.fields)
        return form, evaluate(form, report=True)
    first = first_attackers(records)
    return HandForm(number=number, initial={"attackers": attackers_of(number, first or "A")}), None


@require_POST
@at_a_persons_pace
def enter(request, key, number):
    link = _link_or_404(key)
    data = {key: value for key, value in request.POST.items() if key.startswith(f"h{number}-")}
    form = HandForm(number=number, data=data)
    answer = evaluate(form, report=True)
    if answer is None:  # the problems beside the fields, the typing on screen, nothing stored
        return render(request, "players/team.html", _team_context(request, link, number=number, form=form),
                      status=422)
    fields = {name: str(request.POST.get(form.add_prefix(name), "")) for name in form.fields}
    try:
        player_entry.enter_hand(link, number, fields=fields, record=form.record,
                                sent_as=request.POST.get("sent_as", "")[:64])
    except bridge.InvalidRecord as invalid:
        form.show_problems(invalid.problems)
        return render(request, "players/team.html", _team_context(request, link, number=number, form=form),
                      status=422)
    except Refused as refused:
        return render(request, "players/team.html",
                      _team_context(request, link, number=number, form=form, answer=answer, refusal=refused.text),
                      status=409)
    return redirect(reverse("players:team", args=[key]) + f"#hand-{number}")


@require_POST
@at_a_persons_pace
def answer(request, key, number):
    link = _link_or_404(key)
    try:
        revision = int(request.POST.get("revision", ""))
    except ValueError:
        revision = 0
    try:
        if request.POST.get("verdict") == "accept":
            player_entry.accept_hand(link, number, revision=revision)
        else:
            player_entry.dispute_hand(link, number, revision=revision, note=request.POST.get("note", ""))
    except bridge.InvalidRecord:
        refusal = _("Hand %(number)s cannot be stored as entered: the other team must enter it again.") % {
            "number": number}
        return render(request, "players/team.html", _team_context(request, link, refusal=refusal), status=409)
    except Refused as refused:
        return render(request, "players/team.html", _team_context(request, link, refusal=refused.text),
                      status=403 if isinstance(refused, NotAllowed) else 409)
    return redirect(reverse("players:team", args=[key]) + f"#hand-{number}")
