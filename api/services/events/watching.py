"""Watching: a user's explicit rows decide, the nearest one up a module's path winning. 'watching' on a module
covers its subtree; 'unwatched' on a child stops an ancestor's watch from reaching that child and its subtree.
Creating a module, owning its deliverable, commenting on it or being mentioned in it makes one a watcher."""
from sqlalchemy import bindparam, select

from ...extensions import db, read_rows
from ...models import Watch
from ...models.base import utcnow
from ...models.module import path_ids, scope_id

WATCHING, UNWATCHED = "watching", "unwatched"


def _fold(rows, module):
    """{user_id: (state, module_id)} of the nearest row of each user along the module's path."""
    depth = {mid: i for i, mid in enumerate(path_ids(module.path))}
    best = {}
    for user_id, module_id, state in rows:
        d = depth.get(module_id, -1)
        if user_id not in best or d > best[user_id][0]:
            best[user_id] = (d, state, module_id)
    return {uid: (state, mid) for uid, (_, state, mid) in best.items()}


_WATCHES = select(Watch.user_id, Watch.module_id, Watch.state) \
    .where(Watch.module_id.in_(bindparam("ids", expanding=True)))
_WATCHES_OF = _WATCHES.where(Watch.user_id == bindparam("user"))  # built once: every module page reads one


def _rows(module, user_id=None):
    return read_rows(_WATCHES if user_id is None else _WATCHES_OF,
                     {"ids": path_ids(module.path), "user": user_id}).all()


def watchers_of(module):
    """Ids of the users watching the module (its own rows and its ancestors'), one query."""
    return {uid for uid, (state, _) in _fold(_rows(module), module).items() if state == WATCHING}


def summary(user, module):
    """{watching, count, inherited} for the module header: one query."""
    folded = _fold(_rows(module), module)
    mine = folded.get(user.id)
    watching = bool(mine and mine[0] == WATCHING)
    return {"watching": watching, "count": sum(1 for s, _ in folded.values() if s == WATCHING),
            "inherited": bool(watching and mine[1] != module.id)}


def _set(user_id, module, state, reason):
    row = db.session.scalar(select(Watch).where(Watch.user_id == user_id, Watch.module_id == module.id))
    if row is None:
        db.session.add(Watch(user_id=user_id, module_id=module.id, portal_id=scope_id(module.path), state=state,
                             reason=reason, updated=utcnow()))
    else:
        row.state, row.reason, row.updated = state, reason, utcnow()


def watch(user, module):
    _set(user.id, module, WATCHING, "manual")
    db.session.commit()
    return summary(user, module)


def unwatch(user, module):
    """An explicit 'unwatched' row: it also stops a watch inherited from an ancestor."""
    _set(user.id, module, UNWATCHED, "manual")
    db.session.commit()
    return summary(user, module)


def auto(user_ids, module, reason):
    """Make these users watchers of the module (in the caller's transaction) unless they already are by a row of
    the module itself."""
    ids = {u for u in user_ids if u}
    if not ids:
        return
    own = dict(db.session.execute(select(Watch.user_id, Watch.state).where(
        Watch.module_id == module.id, Watch.user_id.in_(ids))).all())
    for uid in ids:
        if own.get(uid) != WATCHING:
            _set(uid, module, WATCHING, reason)
