"""The activity feed: every write records an entry in the same transaction."""
from sqlalchemy import select

from ..extensions import db
from ..models import FeedEntry, Module


def record(user, module, operation, category, description):
    db.session.add(FeedEntry(module_id=module.id, created_by_id=user.id if user else None,
                             operation=operation, category=category, description=description[:500]))


def list_for(module, limit=100, before=None):
    """Entries of the module and its descendants, newest first (two queries)."""
    q = (select(FeedEntry, Module.name).join(Module, Module.id == FeedEntry.module_id)
         .where(Module.path.like(module.path + "%")).order_by(FeedEntry.id.desc()).limit(limit))
    if before:
        q = q.where(FeedEntry.id < before)
    out = []
    for entry, name in db.session.execute(q).all():
        entry._module_name = name
        out.append(entry)
    return out
