"""Bulk writes of many rows in a fixed number of queries (a clone, an import, a portal archive): ids are reserved in
one query per table (a sequence on PostgreSQL, max(id) under the write lock on SQLite), so the writer knows every new
row's id before it inserts, and each table gets one multi-row insert per thousand rows. Search documents follow by
their triggers (models/search.py)."""
from sqlalchemy import func, insert, select, text

from ..extensions import db


def reserve_ids(model, n):
    """n fresh ids of the model's table, in one query (SQLite: the caller already holds the write lock)."""
    if n <= 0:
        return []
    table = model.__table__
    if db.session.get_bind().dialect.name == "postgresql":
        rows = db.session.scalars(text("SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"),
                                  {"t": f'"{table.name}"', "n": n}).all()
        return sorted(int(r) for r in rows)
    start = (db.session.scalar(select(func.max(table.c.id))) or 0) + 1
    return list(range(start, start + n))


def insert_rows(model, rows):
    """Insert the rows (dicts of column values), a thousand at a time."""
    for i in range(0, len(rows), 1000):
        db.session.execute(insert(model), rows[i:i + 1000])
