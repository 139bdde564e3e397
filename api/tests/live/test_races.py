"""Races (issue 10, 2c): requests released together by a threading.Barrier against a real gunicorn
(2 workers x 4 threads), on SQLite and on PostgreSQL.

F5   two admins (the only two) of a portal demote each other at the same moment: at most one succeeds.
F10  N simultaneous creates of the same unique thing: exactly one 2xx, the others a clean 409, one row.
F11  concurrent reorders among siblings: their idx stay unique and contiguous, no sibling lost.
F9   N edits of one item sent together from the same version: exactly one is written, the others a clean 409.
"""
import random

import pytest
import requests
import sqlalchemy as sa

from .livestack import together

pytestmark = pytest.mark.live

N = 20  # requests released together


@pytest.fixture(scope="module")
def stack(database_kind, make_stack):
    s = make_stack(database_kind)
    s.ids = s.call("races_setup", conflict_targets=6, siblings=8)
    s.start()
    yield s
    s.stop("kill")


def _describe(results):
    out = []
    for r in results:
        if isinstance(r, BaseException):
            out.append(f"{type(r).__name__}: {r}")
        else:
            out.append(f"{r.status_code} {r.text[:200]}")
    return out


def _assert_answered(stack, results):
    """Every request got an answer (no hung or broken connection) and none is a 500."""
    problems = [d for r, d in zip(results, _describe(results))
                if isinstance(r, BaseException) or r.status_code >= 500]
    assert not problems, f"{problems}\n--- gunicorn log:\n{stack.log_tail(40)}"


def _error_message(r):
    try:
        body = r.json()
    except ValueError:
        return None
    return body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), str) else None


# --- F5: the last admins of a portal demote each other ---------------------------------------------------

def test_two_admins_demoting_each_other_leave_the_portal_an_admin(stack):
    ids = stack.ids
    portal, m_anna, m_ben = ids["duel"], ids["mAnna"], ids["mBen"]
    anna, ben = stack.login(ids["anna"]), stack.login(ids["ben"])
    # Anna demotes Ben and Ben demotes Anna; each with the token of the form they opened.
    url_ben, url_anna = (f"/api/membership/edit/{portal}/{m_ben}", f"/api/membership/edit/{portal}/{m_anna}")
    token_a, token_b = stack.form_token(anna, url_ben), stack.form_token(ben, url_anna)
    demote = {"role": "User", "admin": "0", "allowCreate": "1", "allowView": "1", "allowEdit": "1",
              "allowDelete": "1"}
    outcomes = []
    for round_ in range(10):
        results = together([
            lambda: stack.post(url_ben, headers=anna, data={**demote, "_token": token_a}),
            lambda: stack.post(url_anna, headers=ben, data={**demote, "_token": token_b}),
        ])
        _assert_answered(stack, results)
        statuses = [r.status_code for r in results]
        outcomes.append(tuple(statuses))
        admins = stack.scalar("SELECT count(*) FROM membership WHERE module_id = :p AND admin = :t",
                              p=portal, t=True)
        assert statuses.count(200) <= 1, f"round {round_}: both demotions succeeded {_describe(results)}"
        assert admins >= 1, f"round {round_}: the portal has no admin left ({_describe(results)})"
        for r in results:
            if r.status_code != 200:
                # The loser either lost the right meanwhile (403) or met the last-admin rule (409).
                assert r.status_code in (403, 409) and _error_message(r), _describe(results)
        # Both admins again for the next round.
        with stack.engine.begin() as conn:
            conn.execute(sa.text("UPDATE membership SET admin = :t, allow_create = :t, allow_view = :t, "
                                 "allow_edit = :t, allow_delete = :t WHERE id IN (:a, :b)"),
                         {"t": True, "a": m_anna, "b": m_ben})
    print(f"F5 outcomes ({stack.kind}): {outcomes}")


# --- F10: the same unique thing created N times at once ----------------------------------------------------

def _create_together(stack, url, data, headers):
    token = stack.form_token(headers, url)
    session_calls = [lambda: stack.post(url, headers=headers, data={**data, "_token": token}) for _ in range(N)]
    results = together(session_calls)
    _assert_answered(stack, results)
    return results


def _exactly_one_created(stack, results, refused=(409,)):
    statuses = sorted(r.status_code for r in results)
    ok = [r for r in results if 200 <= r.status_code < 300]
    assert len(ok) == 1, f"{len(ok)} creates succeeded: {statuses}\n{_describe(results)[:3]}"
    others = [r for r in results if r is not ok[0]]
    bad = [d for r, d in zip(others, _describe(others)) if r.status_code not in refused or not _error_message(r)]
    assert not bad, f"refusals must be {refused} with a JSON error message: {bad[:5]}"


@pytest.mark.parametrize("round_", [0, 1])
def test_simultaneous_deliverables_of_one_module(stack, round_):
    module = stack.ids["targets"][round_]
    su = stack.login(stack.ids["su"])
    results = _create_together(stack, f"/api/deliverable/add/{module}", {"status": "NOT_STARTED"}, su)
    _exactly_one_created(stack, results)
    assert stack.scalar("SELECT count(*) FROM deliverable WHERE module_id = :m", m=module) == 1


@pytest.mark.parametrize("round_", [0, 1])
def test_simultaneous_custom_fields_with_one_attribute(stack, round_):
    module = stack.ids["targets"][2 + round_]
    su = stack.login(stack.ids["su"])
    data = {"label": "Race field", "attribute": "race_field", "type": "TEXT", "targetType": "all"}
    results = _create_together(stack, f"/api/custom-field/add/{module}", data, su)
    # A request that sees the first one's row is refused by the form's check (422, "already used here"); one
    # that passed the check at the same moment meets the unique rule (409). Either way: a message, one row.
    _exactly_one_created(stack, results, refused=(409, 422))
    assert stack.scalar("SELECT count(*) FROM custom_field WHERE module_id = :m AND attribute = 'race_field'",
                        m=module) == 1


@pytest.mark.parametrize("round_", [0, 1])
def test_simultaneous_memberships_of_one_user(stack, round_):
    module = stack.ids["targets"][4 + round_]
    su = stack.login(stack.ids["su"])
    data = {"email": stack.ids["carl"], "role": "User", "allowView": "1"}
    results = _create_together(stack, f"/api/membership/add/{module}", data, su)
    _exactly_one_created(stack, results)
    assert stack.scalar("SELECT count(*) FROM membership WHERE module_id = :m AND user_id = :u",
                        m=module, u=stack.ids["carlId"]) == 1


# --- F11: concurrent reorders among siblings ---------------------------------------------------------------

def test_concurrent_reorders_keep_sibling_order_whole(stack):
    parent, siblings = stack.ids["reorder"], stack.ids["siblings"]
    su = stack.login(stack.ids["su"])
    rng = random.Random()
    for round_ in range(5):
        moves = []
        for _ in range(N):
            module = rng.choice(siblings)
            previous = rng.choice([0] + [s for s in siblings if s != module])
            moves.append((module, previous))
        results = together([lambda m=m, p=p: stack.get(f"/api/module/reindex/{m}/{p}", headers=su)
                            for m, p in moves])
        _assert_answered(stack, results)
        assert all(r.status_code == 200 for r in results), [d for d in _describe(results) if not d.startswith("200")]
        rows = stack.rows("SELECT id, idx FROM module WHERE parent_id = :p ORDER BY idx, id", p=parent)
        assert sorted(i for i, _ in rows) == sorted(siblings), f"round {round_}: siblings lost or added: {rows}"
        assert [idx for _, idx in rows] == list(range(len(siblings))), \
            f"round {round_}: idx not unique and contiguous: {rows}"
        # The children list shows the same order.
        listed = stack.get(f"/api/module/list/{parent}", headers=su).json()["list"]
        assert [m["id"] for m in listed] == [i for i, _ in rows]


# --- F9: concurrent edits of one item from the same version ---------------------------------------------------

@pytest.mark.parametrize("round_", [0, 1])
def test_concurrent_edits_from_one_version_let_exactly_one_through(stack, round_):
    """N edits of one module, each sent with the `_version` they all read: one is written, every other one is
    refused (409 with the item as it is now) instead of silently overwriting it; the name is the winner's."""
    from .livestack import concurrent_edits
    module = stack.ids["targets"][round_]
    su = stack.login(stack.ids["su"])
    version = stack.get(f"/api/module/view/{module}", headers=su).json()["item"]["version"]
    results = concurrent_edits(stack, su, f"/api/module/edit/{module}",
                               [{"_method": "PUT", "_version": str(version), "name": f"Edit {round_}.{i}",
                                 "description": ""} for i in range(N)])
    _assert_answered(stack, results)
    ok = [r for r in results if r.status_code == 200]
    refused = [r for r in results if r.status_code == 409]
    assert len(ok) == 1 and len(refused) == N - 1, sorted(r.status_code for r in results)
    assert all(r.json()["error"].startswith("This item was changed by someone else") for r in refused)
    winner = ok[0].json()["item"]["name"]
    assert stack.scalar("SELECT name FROM module WHERE id = :m", m=module) == winner
    assert stack.scalar("SELECT version FROM module WHERE id = :m", m=module) == version + 1
