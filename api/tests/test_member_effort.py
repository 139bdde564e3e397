"""Issue 45 on the member form: the organisation a member works for here (their time entries keep it) and the
supervisor flag (they decide the portal's timesheets), set by whoever may edit the member."""
import datetime as dt

from api.extensions import db as _db
from api.models import Timesheet

from .conftest import element, form_of, submit
from .test_time_entries import log


def test_a_members_organisation_and_supervisor_flag_are_set_on_the_member_form(client, tree, make_user, grant,
                                                                              token_for):
    admin, worker, boss = make_user(name="Ada"), make_user(name="Will"), make_user(name="Bo")
    grant(tree.portal, admin, admin=True)
    m_worker = grant(tree.portal, worker, create=True)
    m_boss = grant(tree.portal, boss)
    ha = token_for(admin)
    form = form_of(client, ha, f"/api/membership/edit/{tree.portal.id}/{m_worker.id}")
    assert element(form, "organisation")["value"] == "" and element(form, "supervisor")["type"] == "checkbox"
    url = f"/api/membership/edit/{tree.portal.id}/{m_worker.id}"
    r = submit(client, ha, url, {"role": "User", "allowView": "1", "allowCreate": "1", "organisation": "TU Delft",
                                 "_version": str(m_worker.version)})
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert (item["organisation"], item["memberOrganisation"], item["supervisor"]) == ("TU Delft", "TU Delft", False)
    entry = log(client, token_for(worker), tree.task.id)["item"]
    assert entry["organisation"] == "TU Delft"

    # Bo becomes a supervisor: he then sees and decides Will's submitted month, and Will's own list stays his.
    url = f"/api/membership/edit/{tree.portal.id}/{m_boss.id}"
    r = submit(client, ha, url, {"role": "User", "allowView": "1", "supervisor": "1", "_version": str(m_boss.version)})
    assert r.status_code == 200 and r.get_json()["item"]["supervisor"] is True
    _db.session.add(Timesheet(user_id=worker.id, portal_id=tree.portal.id, month=dt.date(2026, 3, 1),
                              state="SUBMITTED"))
    _db.session.commit()
    sheets = client.get(f"/api/time/months/{tree.portal.id}?state=SUBMITTED", headers=token_for(boss)).get_json()
    assert [(s["user"]["name"], set(s["links"]) >= {"approve", "return"}) for s in sheets["list"]] == [("Will", True)]
    mine = client.get(f"/api/time/months/{tree.portal.id}", headers=token_for(worker)).get_json()["list"]
    assert [set(s["links"]) & {"approve", "return"} for s in mine] == [set()]  # nobody decides their own month
