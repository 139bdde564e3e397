"""One meaning of done (issue 40, a departure from spec §4): ticking a module's checklist box sets its status to
COMPLETED and unticking returns it to the status it had; choosing COMPLETED or VERIFIED_COMPLETE ticks the box and
any other status unticks it. One change is one feed entry and one event; the rights are those of each path."""
import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import CustomField, CustomValue, Deliverable, Event, FeedEntry, Notification, PicklistOption, Watch
from api.services.events import dispatch

from .conftest import submit


@pytest.fixture
def people(tree, make_user, grant, token_for):
    """An editor and a viewer of the tree's portal, and the owner the deliverables are given to."""
    editor, viewer, owner = (make_user(name=n) for n in ("Eddie Editor", "Vera Viewer", "Owen Owner"))
    grant(tree.portal, editor, edit=True)
    grant(tree.portal, viewer)
    grant(tree.portal, owner)
    return editor, token_for(editor), token_for(viewer), owner


def view(client, h, mid):
    r = client.get(f"/api/module/view/{mid}", headers=h)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def state(client, h, tree, mid=None):
    """(the status's name or None, the box as its list row shows it) of the task."""
    mid = mid or tree.task.id
    row = next(c for c in view(client, h, tree.phase.id)["children"] if c["id"] == mid)
    d = view(client, h, mid)["deliverable"]
    return (d["status"]["name"] if d else None), row["checklist"]["completed"]


def toggle(client, h, tree, mid=None, option=None):
    """Flip the box as the webapp does: the row's toggle link, its form, the other option (or `option`)."""
    mid = mid or tree.task.id
    row = next(c for c in view(client, h, tree.phase.id)["children"] if c["id"] == mid)
    link = row["checklist"]["links"]["toggle"]
    if option is None:
        option = "not_completed" if row["checklist"]["completed"] else "completed"
    method = "PUT" if link["route"] == "custom_field.value_edit" else "POST"
    return submit(client, h, link["url"], {"option": option, "_method": method})


def add_status(client, h, mid, status, **more):
    r = submit(client, h, f"/api/deliverable/add/{mid}", {"status": status, **more})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def set_status(client, h, mid, status):
    d = view(client, h, mid)["deliverable"]
    return submit(client, h, d["links"]["edit"]["url"], {"status": status, "_method": "PUT"})


def entries(mid):
    return _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.module_id == mid).order_by(FeedEntry.id)).all()


def test_ticking_completes_and_unticking_returns_the_status_it_had(client, tree, people):
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "BLOCKED")
    assert state(client, h, tree) == ("BLOCKED", False)
    r = toggle(client, h, tree)
    assert r.status_code == 200, r.get_json()
    # The answer is the checklist field, ticked; the status followed in the same write.
    assert r.get_json()["item"]["values"][0]["values"]["stringval"] == "completed"
    assert state(client, h, tree) == ("COMPLETED", True)
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("BLOCKED", False)
    # Again, through the value's edit form now that there is one: the same both ways.
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("COMPLETED", True)
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("BLOCKED", False)


def test_ticking_a_module_without_a_status_makes_one_and_unticking_leaves_no_status(client, tree, people):
    _, h, _, _ = people
    assert state(client, h, tree) == (None, False)
    assert toggle(client, h, tree).status_code == 200
    d = view(client, h, tree.task.id)["deliverable"]
    assert d["status"]["name"] == "COMPLETED" and "edit" in d["links"]
    assert toggle(client, h, tree).status_code == 200
    d = view(client, h, tree.task.id)["deliverable"]
    assert d["status"] == {"name": "", "label": "No status"}  # spec §4: shown as grey 'no status'
    row = next(c for c in view(client, h, tree.phase.id)["children"] if c["id"] == tree.task.id)
    assert row["checklist"]["completed"] is False
    # The status form of a deliverable with no status offers the five, none chosen; any of them may be set.
    form = client.get(d["links"]["edit"]["url"], headers=h).get_json()
    status = next(e for e in form["elements"] if e["name"] == "status")
    assert not status.get("value") and len(status["options"]) == 5
    assert set_status(client, h, tree.task.id, "IN_PROGRESS").status_code == 200
    assert state(client, h, tree) == ("IN_PROGRESS", False)


@pytest.mark.parametrize("status,ticked", [("COMPLETED", True), ("VERIFIED_COMPLETE", True), ("NOT_STARTED", False),
                                           ("IN_PROGRESS", False), ("BLOCKED", False)])
def test_setting_a_status_ticks_the_box_exactly_when_it_is_done(client, tree, people, status, ticked):
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "IN_PROGRESS")
    assert set_status(client, h, tree.task.id, status).status_code == 200
    assert state(client, h, tree) == (status, ticked)
    # From done, each status again: the box follows whichever way.
    assert set_status(client, h, tree.task.id, "COMPLETED").status_code == 200
    assert state(client, h, tree) == ("COMPLETED", True)
    assert set_status(client, h, tree.task.id, status).status_code == 200
    assert state(client, h, tree) == (status, ticked)


def test_adding_a_done_status_ticks_and_unticking_then_leaves_no_status(client, tree, people):
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "VERIFIED_COMPLETE")
    assert state(client, h, tree) == ("VERIFIED_COMPLETE", True)
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("", False)


def test_the_status_before_done_is_kept_through_completed_and_verified(client, tree, people):
    """Done by the form, unticked by the box: back to the status before it was done, however it got there."""
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "IN_PROGRESS")
    assert set_status(client, h, tree.task.id, "COMPLETED").status_code == 200
    assert set_status(client, h, tree.task.id, "VERIFIED_COMPLETE").status_code == 200
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("IN_PROGRESS", False)
    # Ticked from NOT_STARTED, verified by the form, unticked: NOT_STARTED again.
    assert set_status(client, h, tree.task.id, "NOT_STARTED").status_code == 200
    assert toggle(client, h, tree).status_code == 200
    assert set_status(client, h, tree.task.id, "VERIFIED_COMPLETE").status_code == 200
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("NOT_STARTED", False)
    # A status chosen while not done is not remembered past it: done again from BLOCKED returns to BLOCKED.
    assert set_status(client, h, tree.task.id, "BLOCKED").status_code == 200
    assert toggle(client, h, tree).status_code == 200
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("BLOCKED", False)


def test_the_single_date_and_owner_forms_leave_status_and_box_alone(client, tree, people):
    _, h, _, owner = people
    d = add_status(client, h, tree.task.id, "COMPLETED")
    for link, data in (("edit_deadline", {"deadline": "2031-01-01"}), ("edit_owner", {"ownerId": str(owner.id)})):
        assert submit(client, h, d["links"][link]["url"], data, method="PUT").status_code == 200
    assert state(client, h, tree) == ("COMPLETED", True)


def test_add_date_on_a_ticked_module_without_a_deliverable_takes_the_box(client, tree, people):
    """A module ticked without a deliverable (a clone without deliverables, data from before): 'Add Date' makes the
    deliverable done, not NOT_STARTED, and the box stays ticked."""
    _, h, _, _ = people
    field = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == tree.portal.id))
    option = next(o for o in field.options if o.value == "completed")
    _db.session.add(CustomValue(field_id=field.id, module_id=tree.task.id, option_id=option.id, stringval="completed"))
    _db.session.commit()
    link = view(client, h, tree.task.id)["links"]["add_deadline"]
    assert submit(client, h, link["url"], {"deadline": "2031-05-04"}).status_code == 200
    assert state(client, h, tree) == ("COMPLETED", True)
    # On a module not ticked, 'Add Date' starts it as before.
    link = view(client, h, tree.subtask.id)["links"]["add_deadline"]
    r = submit(client, h, link["url"], {"deadline": "2031-05-04"})
    assert r.get_json()["item"]["status"]["name"] == "NOT_STARTED"


def test_deleting_a_ticked_box_unticks(client, tree, people):
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "IN_PROGRESS")
    item = toggle(client, h, tree).get_json()["item"]
    r = client.delete(item["values"][0]["links"]["delete"]["url"], headers=h)
    assert r.status_code == 200, r.get_json()
    assert state(client, h, tree) == ("IN_PROGRESS", False)


def test_one_change_is_one_feed_entry_and_one_event(client, tree, people, token_for):
    editor, h, _, owner = people
    add_status(client, h, tree.task.id, "IN_PROGRESS", ownerId=str(owner.id))
    _db.session.execute(sa.delete(Watch).where(Watch.user_id == owner.id))  # told as the owner, not as a watcher
    dispatch.run()
    _db.session.query(Notification).delete()
    _db.session.commit()
    feed_before, events_before = len(entries(tree.task.id)), _db.session.scalar(sa.select(sa.func.count(Event.id)))

    assert toggle(client, h, tree).status_code == 200
    new = entries(tree.task.id)[feed_before:]
    assert [(e.operation, e.category) for e in new] == [("edit", "deliverable")]
    assert new[0].description == "Ticked 'Task 1' as done (status IN_PROGRESS → COMPLETED)"
    assert _db.session.scalar(sa.select(sa.func.count(Event.id))) == events_before + 1
    listed = client.get(f"/api/feed/list/{tree.task.id}", headers=h).get_json()["list"][0]
    assert listed["changes"] == [{"field": "status", "label": "status", "kind": "status", "before": "IN_PROGRESS",
                                  "after": "COMPLETED"}]
    assert listed["extra"] == {"ticked": True}
    # The owner hears of it as of any change of their task's status.
    dispatch.run()
    (n,) = _db.session.scalars(sa.select(Notification).where(Notification.user_id == owner.id)).all()
    assert n.kind == "task"

    assert toggle(client, h, tree).status_code == 200
    (untick,) = entries(tree.task.id)[feed_before + 1:]
    assert untick.description == "Unticked 'Task 1' (status COMPLETED → IN_PROGRESS)"
    assert client.get(f"/api/feed/list/{tree.task.id}", headers=h).get_json()["list"][0]["extra"] == {"ticked": False}

    # A status chosen in the form: the deliverable's one entry, the box following unsaid.
    assert set_status(client, h, tree.task.id, "COMPLETED").status_code == 200
    (edit,) = entries(tree.task.id)[feed_before + 2:]
    assert (edit.operation, edit.category) == ("edit", "deliverable") and "IN_PROGRESS → COMPLETED" in edit.description
    assert _db.session.scalar(sa.select(sa.func.count(Event.id))) == events_before + 3
    assert state(client, h, tree) == ("COMPLETED", True)


def test_a_tick_that_makes_the_deliverable_is_recorded_as_its_addition(client, tree, people):
    _, h, _, _ = people
    assert toggle(client, h, tree).status_code == 200
    (entry,) = entries(tree.task.id)
    assert (entry.operation, entry.category) == ("add", "deliverable")
    assert entry.description == "Ticked 'Task 1' as done (status COMPLETED)"
    listed = client.get(f"/api/feed/list/{tree.task.id}", headers=h).get_json()["list"][0]
    assert (listed["changes"][0]["before"], listed["changes"][0]["after"], listed["extra"]) == (None, "COMPLETED",
                                                                                               {"ticked": True})


def test_rights_are_those_of_each_path(client, tree, people):
    """Ticking and editing the status ask the same right (edit, not locked): a viewer can do neither and changes
    nothing; a lock refuses both (423)."""
    _, h, viewer, _ = people
    add_status(client, h, tree.task.id, "IN_PROGRESS")
    row = next(c for c in view(client, viewer, tree.phase.id)["children"] if c["id"] == tree.task.id)
    assert row["checklist"]["links"] == {}  # no toggle offered
    assert "edit" not in view(client, viewer, tree.task.id)["deliverable"]["links"]
    field = _db.session.scalar(sa.select(CustomField.id).where(CustomField.module_id == tree.portal.id))
    r = client.post(f"/api/custom-field/value/add/{tree.task.id}/{field}", headers=viewer, data={"option": "completed"})
    assert r.status_code == 403
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == tree.task.id))
    r = client.post(f"/api/deliverable/edit/{tree.task.id}/{d.id}", headers=viewer,
                    data={"status": "COMPLETED", "_method": "PUT"})
    assert r.status_code == 403
    assert state(client, h, tree) == ("IN_PROGRESS", False)

    toggle_link = next(c for c in view(client, h, tree.phase.id)["children"]
                       if c["id"] == tree.task.id)["checklist"]["links"]["toggle"]
    edit_link = view(client, h, tree.task.id)["deliverable"]["links"]["edit"]
    token = {url: next(e["value"] for e in client.get(url, headers=h).get_json()["elements"] if e["name"] == "_token")
             for url in (toggle_link["url"], edit_link["url"])}
    tree.task.locked = True
    _db.session.commit()
    r = client.post(toggle_link["url"], headers=h, data={"option": "completed", "_token": token[toggle_link["url"]]})
    assert r.status_code == 423
    r = client.post(edit_link["url"], headers=h, data={"status": "COMPLETED", "_method": "PUT",
                                                         "_token": token[edit_link["url"]]})
    assert r.status_code == 423
    tree.task.locked = False
    _db.session.commit()
    assert state(client, h, tree) == ("IN_PROGRESS", False)


@pytest.mark.parametrize("option", ["maybe", "", "COMPLETED"])
def test_a_bad_tick_is_refused_per_field_and_changes_nothing(client, tree, people, option):
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "BLOCKED")
    r = toggle(client, h, tree, option=option)
    assert r.status_code == 422 and "option" in r.get_json()["errors"], r.get_json()
    assert state(client, h, tree) == ("BLOCKED", False)
    assert len(entries(tree.task.id)) == 1  # the deliverable's addition alone


@pytest.mark.parametrize("status", ["DONE", "", "completed"])
def test_a_bad_status_is_refused_per_field_and_leaves_the_box(client, tree, people, status):
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "COMPLETED")
    r = set_status(client, h, tree.task.id, status)
    assert r.status_code == 422 and "status" in r.get_json()["errors"], r.get_json()
    assert state(client, h, tree) == ("COMPLETED", True)


def test_a_status_form_read_before_a_tick_is_stale_after_it(client, tree, people):
    """The tick changed the status: an edit of the form read before it is refused (409), not applied over it."""
    _, h, _, _ = people
    d = add_status(client, h, tree.task.id, "IN_PROGRESS")
    form = client.get(d["links"]["edit"]["url"], headers=h).get_json()
    data = {e["name"]: e["value"] for e in form["elements"] if e["name"] in ("_token", "_version")}
    assert toggle(client, h, tree).status_code == 200
    r = client.post(d["links"]["edit"]["url"], headers=h, data={**data, "status": "BLOCKED", "_method": "PUT"})
    assert r.status_code == 409, r.get_json()
    assert state(client, h, tree) == ("COMPLETED", True)


def test_a_checklist_field_the_box_does_not_show_ties_nothing(client, tree, people):
    """A module may see two checklist fields (one of its own, later in order): its box is the first, and only a
    value of that one moves the status."""
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "IN_PROGRESS")
    later = CustomField(module_id=tree.task.id, attribute="checklist_status", label="Other", type="PICKLIST", idx=9)
    _db.session.add(later)
    _db.session.commit()
    _db.session.add_all([PicklistOption(field_id=later.id, value="not_completed", label="No", idx=0),
                         PicklistOption(field_id=later.id, value="completed", label="Yes", idx=1)])
    _db.session.commit()
    r = submit(client, h, f"/api/custom-field/value/add/{tree.task.id}/{later.id}", {"option": "completed"})
    assert r.status_code == 200, r.get_json()
    assert state(client, h, tree) == ("IN_PROGRESS", False)
    assert entries(tree.task.id)[-1].category == "custom_value"


def test_a_tick_and_a_status_edit_racing_leave_one_meaning(app, client, tree, people):
    """Sent together, a tick and a status edit take turns (the module's row lock, then the versions): each answers
    200 or 409, never 500, and the box is ticked exactly when the status is done."""
    import threading
    _, h, _, _ = people
    add_status(client, h, tree.task.id, "IN_PROGRESS")
    for status in ("BLOCKED", "VERIFIED_COMPLETE", "NOT_STARTED"):
        row = next(c for c in view(client, h, tree.phase.id)["children"] if c["id"] == tree.task.id)
        link = row["checklist"]["links"]["toggle"]
        option = "not_completed" if row["checklist"]["completed"] else "completed"
        edit = view(client, h, tree.task.id)["deliverable"]["links"]["edit"]["url"]
        tokens = {url: next(e["value"] for e in client.get(url, headers=h).get_json()["elements"]
                            if e["name"] == "_token") for url in (link["url"], edit)}
        sends = [(link["url"], {"option": option, "_method": "PUT" if "edit" in link["route"] else "POST"}),
                 (edit, {"status": status, "_method": "PUT"})]
        start, answers = threading.Barrier(2), []

        def send(url, data):
            with app.app_context():
                start.wait()
                answers.append(client.post(url, headers=h, data={**data, "_token": tokens[url]}).status_code)
        threads = [threading.Thread(target=send, args=s) for s in sends]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert set(answers) <= {200, 409} and 200 in answers, answers
        _db.session.expire_all()
        now, ticked = state(client, h, tree)
        assert ticked == (now in ("COMPLETED", "VERIFIED_COMPLETE")), (now, ticked, answers)
