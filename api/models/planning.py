"""Planning (issue 42): relations between two modules of one portal."""
from ..extensions import db
from .base import Versioned, user_fk, utcnow

# Scheduling kinds (finish-to-start, start-to-start, finish-to-finish, start-to-finish: `from` is the predecessor)
# and the two that schedule nothing ('blocks': `from` blocks `to`; 'relates': no direction).
SCHEDULING = ("FS", "SS", "FF", "SF")
KINDS = SCHEDULING + ("BLOCKS", "RELATES")
MAX_LAG = 3650  # working days, either way


class Relation(Versioned, db.Model):
    """One row per pair of modules (`low_id`, `high_id`: the pair's ids in order, unique), whichever way it
    points. Both ends go with their module (ON DELETE CASCADE)."""
    id = db.Column(db.Integer, primary_key=True)
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    from_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    to_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    low_id = db.Column(db.Integer, nullable=False)
    high_id = db.Column(db.Integer, nullable=False)
    kind = db.Column(db.String(8), nullable=False)
    lag = db.Column(db.Integer, nullable=False, default=0)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()

    __table_args__ = (db.UniqueConstraint("low_id", "high_id", name="uq_relation_pair"),)
