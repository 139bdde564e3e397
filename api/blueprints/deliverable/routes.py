"""Deliverables: status, owner and dates, through server-described forms."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...errors import NotFound
from ...forms import describe, parse
from ...forms.modules import DATE_FORMS, DatesForm, DeliverableForm, OwnerForm
from ...services import deliverables, modules
from .. import doc
from ...schemas import FormSchema, item_of
from .schemas import DeliverableChangeSchema, DeliverableSchema

bp = Blueprint("deliverable", __name__, url_prefix="/api/deliverable")


def _dump(module, d=None):
    """The deliverable; after a change of its dates, what that moved and flagged along its relations (issue 42)."""
    out = {"item": modules.deliverable_item(current_user, module)}
    if getattr(d, "schedule", None) is not None:
        out["schedule"] = d.schedule
    return out


def _owner_options(module, d=None):
    return {"ownerId": deliverables.owner_options(module, d.owner_id if d else None, current_user)}


@bp.get("/find/<int:module_id>")
@jwt_required()
@doc("The module's deliverable (or null)", response=item_of(DeliverableSchema))
def find(module_id):
    module = modules.visible_module(current_user, module_id)
    return _dump(module)


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to add a deliverable (status, owner, dates)", response=FormSchema)
def add_form(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    return describe(DeliverableForm, f"/api/deliverable/add/{module_id}", "POST", user=current_user,
                    values=deliverables.values_of(None), options=_owner_options(module))


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add the module's deliverable", response=DeliverableChangeSchema, form=DeliverableForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(DeliverableForm, f"/api/deliverable/add/{module_id}", current_user, options=_owner_options(module))
    return _dump(module, deliverables.create(current_user, module, data))


def _form_for(variant):
    if variant == "edit":
        return DeliverableForm
    if variant == "edit-owner":
        return OwnerForm
    if variant == "edit-dates":
        return DatesForm
    if variant not in DATE_FORMS:
        raise NotFound()
    return DATE_FORMS[variant][1]


def _edit_form(variant, module_id, deliverable_id):
    module = modules.visible_module(current_user, module_id, "content")
    d = deliverables.get(module, deliverable_id)
    form = _form_for(variant)
    opts = _owner_options(module, d) if form in (DeliverableForm, OwnerForm) else {}
    return module, d, form, opts


def _register(variant):
    def show(module_id, deliverable_id):
        module, d, form, opts = _edit_form(variant, module_id, deliverable_id)
        return describe(form, f"/api/deliverable/{variant}/{module_id}/{deliverable_id}", "PUT",
                        user=current_user, values=deliverables.values_of(d), options=opts, version=d.version)

    def submit(module_id, deliverable_id):
        module, d, form, opts = _edit_form(variant, module_id, deliverable_id)
        data = parse(form, f"/api/deliverable/{variant}/{module_id}/{deliverable_id}", current_user, options=opts)
        return _dump(module, deliverables.update(current_user, module, d, data))

    name = variant.replace("-", "_")
    label = {"edit": "the deliverable", "edit-owner": "the owner", "edit-dates": "the start date and deadline"}.get(
        variant) or DATE_FORMS[variant][0]
    show = doc(f"The form to edit {label}", response=FormSchema)(show)
    submit = doc(f"Edit {label} (POST with _method=PUT)", response=DeliverableChangeSchema,
                 form=_form_for(variant))(submit)
    bp.add_url_rule(f"/{variant}/<int:module_id>/<int:deliverable_id>", f"{name}_form",
                    jwt_required()(show), methods=["GET"])
    bp.add_url_rule(f"/{variant}/<int:module_id>/<int:deliverable_id>", name,
                    jwt_required()(submit), methods=["POST", "PUT", "PATCH"])


for _variant in ["edit", "edit-owner", "edit-dates", *DATE_FORMS]:
    _register(_variant)


def _register_add_date(variant):
    """'Add Date' on a module without a deliverable: a form of that one date, whose submit creates the
    deliverable (status NOT_STARTED) with it (spec §2 Deliverable strip)."""
    key, form = DATE_FORMS[variant][0], DATE_FORMS[variant][1]
    add = variant.replace("edit-", "add-")
    action = f"/api/deliverable/{add}/{{module_id}}"

    def show(module_id):
        modules.visible_module(current_user, module_id, "content")
        return describe(form, action.format(module_id=module_id), "POST", user=current_user)

    def submit(module_id):
        module = modules.visible_module(current_user, module_id, "content")
        data = parse(form, action.format(module_id=module_id), current_user)
        return _dump(module, deliverables.create(current_user, module, {key: data.get(key)}))

    label = DATE_FORMS[variant][0]
    show = doc(f"The form to add the deliverable with its {label} alone", response=FormSchema)(show)
    submit = doc(f"Add the deliverable with its {label}", response=DeliverableChangeSchema, form=form)(submit)
    name = add.replace("-", "_")
    bp.add_url_rule(f"/{add}/<int:module_id>", f"{name}_form", jwt_required()(show), methods=["GET"])
    bp.add_url_rule(f"/{add}/<int:module_id>", name, jwt_required()(submit), methods=["POST"])


for _variant in DATE_FORMS:
    _register_add_date(_variant)


def blueprints():
    return [bp]
