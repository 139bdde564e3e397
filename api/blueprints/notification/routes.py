"""The signed-in user's notifications (the bell, /notifications), their preferences (in the app and by e-mail) and
unsubscribing."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...forms import choice, describe, flag, paging, parse
from ...forms.events import NotificationPreferencesForm
from ...i18n import _
from ...schemas import FormSchema, item_of
from ...services.events import mailing, notifications
from .. import doc, paging_query
from .schemas import NotificationPageSchema, NotificationSchema, ReadAllSchema, UnsubscribeSchema

bp = Blueprint("notification", __name__, url_prefix="/api/notification")
PREFS = "/api/notification/preferences"


@bp.get("/list")
@jwt_required()
@doc("A page of the signed-in user's notifications (with a portal-bound API token: that portal's), unread first "
     "then newest (sort=id: oldest first); meta.unread counts every unread one", response=NotificationPageSchema,
     query=paging_query(notifications.SORTS, unread="1: only unread ones",
                        kind="one or more of " + ",".join(notifications.KINDS)))
def list_():
    page, filters = paging(notifications.SORTS, unread=flag, kind=choice(*notifications.KINDS))
    rows, total, unread = notifications.list_for(current_user, page, filters["unread"], filters["kind"])
    return {"list": rows, "meta": {"page": page.page, "perPage": page.per_page, "total": total, "unread": unread}}


@bp.post("/read/<int:notification_id>")
@jwt_required()
@doc("Mark one of one's notifications read", response=item_of(NotificationSchema))
def read(notification_id):
    return {"item": notifications.mark_read(current_user, notification_id)}


@bp.post("/read-all")
@jwt_required()
@doc("Mark every notification of the signed-in user read (with a portal-bound API token: that portal's)",
     response=ReadAllSchema)
def read_all():
    n = notifications.mark_all_read(current_user)
    return {"message": _("All notifications read"), "marked": n, "unread": 0}


def _prefs_form(user):
    return describe(NotificationPreferencesForm, PREFS, "PUT", values=mailing.preferences(user.id), user=user)


@bp.get("/preferences")
@jwt_required()
@doc("The notification preferences form: per kind, in the app and by e-mail at once, in the daily digest, in the "
     "app only, or not at all", response=FormSchema)
def preferences_form():
    return _prefs_form(current_user)


@bp.route("/preferences", methods=["PUT", "POST", "PATCH"])
@jwt_required()
@doc("Save the notification preferences (a kind left out keeps its setting)", response=FormSchema,
     form=NotificationPreferencesForm)
def preferences():
    mailing.save_preferences(current_user, parse(NotificationPreferencesForm, PREFS, current_user))
    return _prefs_form(current_user)


@bp.get("/unsubscribe")
@doc("What an unsubscribe link (its token) would stop; nothing changes", response=item_of(UnsubscribeSchema),
     public=True, query={"token": "the token of the mail's unsubscribe link"})
def unsubscribe_view():
    return {"item": mailing.describe_token(request.args.get("token", ""))}


@bp.post("/unsubscribe")
@doc("One-click unsubscribe (RFC 8058): stop e-mails of the token's kind", response=item_of(UnsubscribeSchema),
     public=True, query={"token": "the token of the mail's unsubscribe link"})
def unsubscribe():
    token = request.args.get("token") or request.form.get("token") or ""
    return {"item": mailing.unsubscribe(token)}


def blueprints():
    return [bp]
