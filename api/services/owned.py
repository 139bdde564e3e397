"""Items addressed through their module (`/api/<group>/<action>/{moduleId}/{itemId}`): the item must belong to that
module, or it does not exist for this call (404). Every service asks here, so no id from another module slips by."""
from ..errors import NotFound
from ..extensions import db
from ..i18n import N_
from ..models import (Article, CloneConfig, Comment, CustomField, CustomValue, Deliverable, FileVersion, Invitation,
                      Membership, Metric, Reference, Report, VaultFile)

# Translated as the answer leaves (errors.ApiError.body).
NOT_FOUND = {Article: N_("Article not found"), CloneConfig: N_("Template not found"),
             Comment: N_("Comment not found"), CustomField: N_("Custom field not found"),
             CustomValue: N_("Value not found"), Deliverable: N_("Deliverable not found"),
             FileVersion: N_("Version not found"), Invitation: N_("Invitation not found"),
             Membership: N_("Membership not found"), Metric: N_("Metric not found"),
             Reference: N_("Reference not found"), Report: N_("Report not found"), VaultFile: N_("File not found")}


def get_owned(model, module, item_id, where=None):
    """The `model` row `item_id` if it belongs to `module` (and passes `where`, a predicate on it), else 404."""
    item = db.session.get(model, item_id)
    if item is None or item.module_id != module.id or (where is not None and not where(item)):
        raise NotFound(NOT_FOUND[model])
    return item
