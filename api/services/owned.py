"""Items addressed through their module (`/api/<group>/<action>/{moduleId}/{itemId}`): the item must belong to that
module, or it does not exist for this call (404). Every service asks here, so no id from another module slips by."""
from ..errors import NotFound
from ..extensions import db
from ..models import (Article, CloneConfig, Comment, CustomField, CustomValue, Deliverable, FileVersion, Invitation,
                      Membership, Metric, Reference, Report, VaultFile)

NOT_FOUND = {Article: "Article not found", CloneConfig: "Template not found", Comment: "Comment not found",
             CustomField: "Custom field not found", CustomValue: "Value not found",
             Deliverable: "Deliverable not found", FileVersion: "Version not found", Invitation: "Invitation not found",
             Membership: "Membership not found", Metric: "Metric not found", Reference: "Reference not found",
             Report: "Report not found", VaultFile: "File not found"}


def get_owned(model, module, item_id, where=None):
    """The `model` row `item_id` if it belongs to `module` (and passes `where`, a predicate on it), else 404."""
    item = db.session.get(model, item_id)
    if item is None or item.module_id != module.id or (where is not None and not where(item)):
        raise NotFound(NOT_FOUND[model])
    return item
