"""Calendar feeds (issue 44): the signed-in user's iCal subscriptions (listed, made, revoked; a sign-in session's
only: permissions.SESSION_ONLY), and the feed a calendar application reads by its secret address, without a
token. The secret stands in the path: both access logs write it as '[redacted]' (api/gunicorn_conf.py,
nginx/nginx.conf.template)."""
from flask import Blueprint, Response, current_app, request
from flask_jwt_extended import current_user, jwt_required

from ... import hosts
from ...extensions import limiter
from ...forms import describe, parse
from ...forms.views import CalendarFeedForm
from ...i18n import _
from ...schemas import FormSchema, MessageSchema
from ...services import calendar_feeds
from .. import doc
from .schemas import CalendarFeedCreatedSchema, CalendarFeedListSchema

bp = Blueprint("calendar_feed", __name__, url_prefix="/api/calendar-feed")
ADD = "/api/calendar-feed/add"


def _options():
    return {"portalId": [("", _("Every portal"))] + [(o["value"], o["label"])
                                                     for o in calendar_feeds.portal_options(current_user)]}


@bp.get("/list")
@jwt_required()
@doc("The signed-in user's calendar feeds, newest first (never their secret addresses)",
     response=CalendarFeedListSchema)
def list_():
    return {"list": calendar_feeds.of(current_user), "links": calendar_feeds.list_links(current_user)}


@bp.get("/add")
@jwt_required()
@doc("The form of a new calendar feed (name, whose tasks, a portal or every one)", response=FormSchema)
def add_form():
    return describe(CalendarFeedForm, ADD, "POST", user=current_user, values={"scope": "mine"}, options=_options())


@bp.post("/add")
@jwt_required()
@doc("Make a calendar feed: the answer's `url` (its secret address) is the only time it is shown",
     response=CalendarFeedCreatedSchema, form=CalendarFeedForm)
def add():
    data = parse(CalendarFeedForm, ADD, current_user, options=_options())
    return calendar_feeds.create(current_user, data, request.host_url)


@bp.route("/delete/<int:feed_id>", methods=["DELETE"])
@jwt_required()
@doc("Revoke one of the user's calendar feeds: its address answers 404 from now on", response=MessageSchema)
def delete(feed_id):
    calendar_feeds.revoke(current_user, feed_id)
    return {"message": _("Calendar feed revoked")}


def _missed(response):
    return response.status_code == 404


@bp.get("/ical/<secret>.ics")
@limiter.shared_limit(lambda: current_app.config["LOGIN_ADDRESS_LIMITS"], scope="calendar-feed",
                      deduct_when=_missed)
@doc("The feed (text/calendar, RFC 5545): an all-day event on the deadline of each open task it lists, as its "
     "user may see them now. No token: the secret address is the key; 404 for an unknown or revoked one, or a user "
     "switched off", public=True, binary="text/calendar")
def ical(secret):
    feed, user = calendar_feeds.find(secret)
    body = calendar_feeds.ical(feed, user, hosts.brand_of_host(request.host))
    name = calendar_feeds.filename(feed)
    calendar_feeds.touch(feed)
    return Response(body, content_type="text/calendar; charset=utf-8", headers={
        "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff",
        "Content-Disposition": f'inline; filename="{name}"'})


def blueprints():
    return [bp]
