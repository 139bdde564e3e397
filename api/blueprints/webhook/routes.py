"""A portal's webhooks (its admins, on the portal's settings page): register, change, delete, read the deliveries
and redeliver one by hand (services/events/webhooks.py)."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ... import links
from ... import permissions as perm
from ...forms import describe, paging, parse
from ...forms.events import WebhookForm
from ...i18n import _, translate
from ...links import Ctx
from ...presenting import page_meta
from ...schemas import FormSchema, MessageSchema, item_of
from ...services import modules
from ...services.events import webhooks
from .. import doc, paging_query
from .schemas import DeliveryPageSchema, DeliverySchema, WebhookPageSchema, WebhookSchema

bp = Blueprint("webhook", __name__, url_prefix="/api/webhook")


def _portal(module_id):
    return modules.visible_module(current_user, module_id, "webhooks")


def _ctx(module, item=None):
    return Ctx(current_user, module, perm.rights(current_user, module), item)


def _present(module, w):
    return {**webhooks.present(w), "links": links.of("webhook", _ctx(module, w))}


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("A page of the portal's webhooks (its admins)", response=WebhookPageSchema,
     query=paging_query(webhooks.SORTS))
def list_(module_id):
    module = _portal(module_id)
    page, _ = paging(webhooks.SORTS)
    rows, total = webhooks.list_for(module, page)
    return {"list": [_present(module, w) for w in rows], "meta": page_meta(page.page, page.per_page, total),
            "links": links.of("webhooks", _ctx(module)), "kinds": [[k, translate(label)] for k, label in webhooks.KINDS]}


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to register a webhook", response=FormSchema)
def add_form(module_id):
    _portal(module_id)
    return describe(WebhookForm, f"/api/webhook/add/{module_id}", "POST", user=current_user,
                    values={"kinds": "*", "active": True})


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Register a webhook (url, secret: made when empty, kinds, active)", response=item_of(WebhookSchema),
     form=WebhookForm)
def add(module_id):
    module = _portal(module_id)
    data = parse(WebhookForm, f"/api/webhook/add/{module_id}", current_user)
    return {"item": _present(module, webhooks.create(current_user, module, data))}


@bp.get("/edit/<int:module_id>/<int:webhook_id>")
@jwt_required()
@doc("The form to change a webhook", response=FormSchema)
def edit_form(module_id, webhook_id):
    module = _portal(module_id)
    w = webhooks.get(module, webhook_id)
    return describe(WebhookForm, f"/api/webhook/edit/{module_id}/{webhook_id}", "PUT", user=current_user,
                    values={"url": w.url, "secret": w.secret, "kinds": w.kinds, "active": w.active}, version=w.version)


@bp.route("/edit/<int:module_id>/<int:webhook_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Change a webhook (switching it on again counts its failures afresh)", response=item_of(WebhookSchema),
     form=WebhookForm)
def edit(module_id, webhook_id):
    module = _portal(module_id)
    w = webhooks.get(module, webhook_id)
    data = parse(WebhookForm, f"/api/webhook/edit/{module_id}/{webhook_id}", current_user)
    return {"item": _present(module, webhooks.update(current_user, module, w, data))}


@bp.route("/delete/<int:module_id>/<int:webhook_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a webhook and its deliveries", response=MessageSchema)
def delete(module_id, webhook_id):
    module = _portal(module_id)
    webhooks.remove(current_user, module, webhooks.get(module, webhook_id))
    return {"message": _("Webhook deleted")}


@bp.get("/deliveries/<int:module_id>/<int:webhook_id>")
@jwt_required()
@doc("A page of a webhook's deliveries, newest first, each with its last attempts (status, time taken)",
     response=DeliveryPageSchema, query=paging_query(webhooks.SORTS))
def deliveries(module_id, webhook_id):
    module = _portal(module_id)
    w = webhooks.get(module, webhook_id)
    page, _ = paging(webhooks.SORTS)
    rows, total = webhooks.deliveries_of(w, page)
    return {"list": [{**webhooks.present_delivery(d, log), "links": links.of("webhook_delivery", _ctx(module, d))}
                     for d, log in rows], "meta": page_meta(page.page, page.per_page, total)}


@bp.post("/redeliver/<int:module_id>/<int:webhook_id>/<int:delivery_id>")
@jwt_required()
@doc("Queue a delivery to be sent again (the same webhook-id) by the worker; the answer is the delivery as it "
     "stands (its deliveries list shows the new attempt once made)", response=item_of(DeliverySchema), status=202)
def redeliver(module_id, webhook_id, delivery_id):
    module = _portal(module_id)
    w = webhooks.get(module, webhook_id)
    d = webhooks.redeliver(current_user, module, w, webhooks.delivery_of(w, delivery_id))
    return {"item": {**webhooks.present_delivery(d, webhooks.attempts_of(d)),
                     "links": links.of("webhook_delivery", _ctx(module, d))}}, 202


def blueprints():
    return [bp]
