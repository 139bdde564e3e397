"""Issue 47 wired: a file's text read and its thumbnail made after upload (the worker, immediate here), search inside
files with the same rights, page numbers, the preview (ticket, headers, SVG/HTML never inline), the retry, the
command that reads existing files, and what a new version or a deletion leaves in the store."""
import io
import json
import os
import zipfile

import pytest
from fpdf import FPDF
from PIL import Image

from api.extensions import db as _db
from api.models import VaultFile
from api.services.documents import work

MB = 1024 * 1024


@pytest.fixture(autouse=True)
def documents_on(app):
    app.config["DOCUMENTS_WORK"] = True
    yield
    app.config["DOCUMENTS_WORK"] = False


def pdf_bytes(pages):
    pdf = FPDF()
    pdf.set_font("helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    return bytes(pdf.output())


REPORT = pdf_bytes(["Deliverable 2.1 introduction", "Methods of the survey", "The facade uses hempcrete panels",
                    "Closing remarks"])


def png_bytes():
    out = io.BytesIO()
    Image.new("RGB", (800, 400), (40, 120, 200)).save(out, "PNG")
    return out.getvalue()


def upload(client, headers, module_id, data, name, title=None):
    form = {"file": (io.BytesIO(data), name), "title": title or name}
    r = client.post(f"/api/vault/upload/{module_id}", headers=headers, data=form, content_type="multipart/form-data")
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def view_file(client, headers, module_id, file_id):
    files = client.get(f"/api/vault/view/{module_id}", headers=headers).get_json()["item"]["files"]
    return next(f for f in files if f["id"] == file_id)


def new_version(client, headers, f, data, name):
    form = client.get(f["links"]["edit"]["url"], headers=headers).get_json()
    token = next(e["value"] for e in form["elements"] if e["name"] == "_token")
    r = client.post(f["links"]["edit"]["url"], headers=headers, content_type="multipart/form-data",
                    data={"_method": "PUT", "_token": token, "title": f["title"], "file": (io.BytesIO(data), name)})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def search(client, headers, q, **params):
    r = client.get("/api/search", headers=headers, query_string={"q": q, **params})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_a_pdf_is_read_searched_with_its_page_and_previewed(client, tree, people, token_for):
    editor, viewer, _, stranger = people
    f = upload(client, token_for(editor), tree.project.id, REPORT, "D2.1 report.pdf", "Deliverable report")
    assert f["textState"] == "done" and f["textError"] is None and f["preview"] == "pdf"
    seen = view_file(client, token_for(viewer), tree.project.id, f["id"])
    assert {"download", "preview", "text", "thumbnail"} <= set(seen["links"]) and "extract" not in seen["links"]

    found = search(client, token_for(viewer), "hempcrete")
    hit = next(h for h in found["list"] if h["kind"] == "file")
    assert hit["id"] == f["id"] and hit["page"] == 3 and hit["fileType"] == "pdf"
    assert "\ue000hempcrete\ue001" in hit["snippet"]
    # An outsider: no hit, no count, no facet.
    other = search(client, token_for(stranger), "hempcrete")
    assert other["list"] == [] and other["meta"]["total"] == 0 and other["facets"]["kind"] == {}

    thumb = client.get(seen["links"]["thumbnail"]["url"], headers=token_for(viewer))
    assert thumb.status_code == 200 and thumb.mimetype in ("image/webp", "image/png")
    assert thumb.headers["X-Content-Type-Options"] == "nosniff"

    text = client.get(seen["links"]["text"]["url"], headers=token_for(viewer)).get_json()["item"]
    assert "hempcrete" in text["text"] and len(text["pages"]) == 4 and text["truncated"] is False

    ticket = client.get(seen["links"]["preview"]["url"], headers=token_for(viewer)).get_json()["item"]
    assert ticket["mode"] == "pdf" and ticket["url"].startswith(f"/api/vault/preview/{tree.project.id}/{f['id']}?t=")
    shown = client.get(ticket["url"])  # no header: the ticket is the key
    assert shown.status_code == 200 and shown.data == REPORT and shown.mimetype == "application/pdf"
    csp = shown.headers["Content-Security-Policy"]
    assert "script-src 'none'" in csp and "default-src 'none'" in csp and "frame-ancestors 'self'" in csp
    assert shown.headers["X-Content-Type-Options"] == "nosniff"
    assert shown.headers["Content-Disposition"].startswith("inline")


def test_the_file_type_filter(client, tree, people, token_for):
    editor = people[0]
    h = token_for(editor)
    upload(client, h, tree.project.id, REPORT, "report.pdf")
    upload(client, h, tree.project.id, b"notes on hempcrete curing", "notes.txt")
    kinds = lambda **p: sorted(x.get("fileType") for x in search(client, h, "hempcrete", **p)["list"])  # noqa: E731
    assert kinds() == ["pdf", "text"]
    assert kinds(fileType="pdf") == ["pdf"]
    assert kinds(fileType="text,document") == ["text"]
    assert search(client, h, "hempcrete", fileType="image")["meta"]["total"] == 0
    bad = client.get("/api/search", headers=h, query_string={"q": "hempcrete", "fileType": "exe"})
    assert bad.status_code == 400 and "fileType" in bad.get_json()["errors"]


def test_preview_tickets_are_bound_and_checked(client, tree, people, token_for, grant, make_user):
    editor, viewer, *_ = people
    f = upload(client, token_for(editor), tree.project.id, png_bytes(), "site photo.png")
    assert f["preview"] == "image"
    url = client.get(f["links"]["preview"]["url"], headers=token_for(viewer)).get_json()["item"]["url"]
    shown = client.get(url)
    assert shown.status_code == 200 and shown.mimetype == "image/png"
    assert "sandbox" in shown.headers["Content-Security-Policy"]
    assert client.get(url.replace("?t=", "?t=x")).status_code == 404
    assert client.get(url.split("?")[0]).status_code == 404
    other = upload(client, token_for(editor), tree.project.id, png_bytes(), "other.png")
    # A ticket opens its own file only.
    assert client.get(url.replace(f"/{f['id']}?", f"/{other['id']}?")).status_code == 404
    # A new version: the old ticket is spent.
    new_version(client, token_for(editor), f, png_bytes(), "b.png")
    assert client.get(url).status_code == 404


def test_a_ticket_stops_working_when_the_right_goes(client, tree, make_user, grant, token_for, people):
    editor = people[0]
    guest = make_user(name="Guest")
    membership = grant(tree.portal, guest)
    f = upload(client, token_for(editor), tree.project.id, b"plain words", "a.txt")
    url = client.get(f["links"]["preview"]["url"], headers=token_for(guest)).get_json()["item"]["url"]
    text = client.get(url)
    assert text.status_code == 200 and text.mimetype == "text/plain" and "sandbox" in text.headers["Content-Security-Policy"]
    _db.session.delete(membership)
    _db.session.commit()
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("name, data", [("drawing.svg", b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)"
                                                        b"</script></svg>"),
                                        ("page.html", b"<html><script>alert(1)</script>hempcrete</html>")])
def test_svg_and_html_are_never_shown_inline(client, tree, people, token_for, name, data):
    editor = people[0]
    f = upload(client, token_for(editor), tree.project.id, data, name)
    assert f["preview"] == "none" and "preview" not in f["links"]
    r = client.get(f"/api/vault/preview-ticket/{tree.project.id}/{f['id']}", headers=token_for(editor))
    assert r.status_code == 404
    d = client.get(f["links"]["download"]["url"], headers=token_for(editor))
    assert d.headers["Content-Disposition"].startswith("attachment") and "sandbox" in d.headers["Content-Security-Policy"]


def test_a_failed_reading_says_so_to_editors_and_can_be_retried(client, tree, people, token_for, app):
    editor, viewer, *_ = people
    f = upload(client, token_for(editor), tree.project.id, b"PK\x03\x04 not a real document", "minutes.docx")
    assert f["textState"] == "failed" and f["textError"] and "extract" in f["links"]
    assert "extract" not in view_file(client, token_for(viewer), tree.project.id, f["id"])["links"]
    assert client.post(f["links"]["extract"]["url"], headers=token_for(viewer)).status_code == 403
    r = client.post(f["links"]["extract"]["url"], headers=token_for(editor))
    assert r.status_code == 200 and r.get_json()["item"]["textState"] == "failed"  # read again (immediate), same file


def test_a_zip_bomb_fails_and_the_next_file_is_read(client, tree, people, token_for):
    editor = people[0]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w") as member:
            for _ in range(60):
                member.write(b"\0" * MB)
    bomb = upload(client, token_for(editor), tree.project.id, out.getvalue(), "bomb.docx")
    assert bomb["textState"] == "failed" and "too large" in bomb["textError"]
    ok = upload(client, token_for(editor), tree.project.id, REPORT, "fine.pdf")
    assert ok["textState"] == "done"


def test_a_new_version_is_read_and_the_old_text_and_thumbnail_go(client, tree, people, token_for, app):
    editor = people[0]
    f = upload(client, token_for(editor), tree.project.id, REPORT, "report.pdf")
    row = _db.session.get(VaultFile, f["id"])
    old_name, old_thumb = row.stored_name, row.thumb
    folder = app.config["UPLOAD_DIR"]
    assert os.path.exists(os.path.join(folder, "thumbs", old_thumb))
    assert os.path.exists(os.path.join(folder, "texts", old_name + ".txt"))
    assert new_version(client, token_for(editor), f, pdf_bytes(["strawbale walls"]), "report.pdf")["textState"] == "done"
    assert not os.path.exists(os.path.join(folder, "thumbs", old_thumb))
    assert not os.path.exists(os.path.join(folder, "texts", old_name + ".txt"))
    h = token_for(editor)
    assert search(client, h, "hempcrete")["meta"]["total"] == 0
    assert search(client, h, "strawbale")["list"][0]["id"] == f["id"]
    _db.session.expire_all()
    row = _db.session.get(VaultFile, f["id"])
    new = (row.stored_name, row.thumb)
    gone = client.delete(f"/api/vault/delete/{tree.project.id}/{f['id']}", headers=token_for(people[2]))
    assert gone.status_code == 200
    assert not os.path.exists(os.path.join(folder, "thumbs", new[1]))
    assert not os.path.exists(os.path.join(folder, "texts", new[0] + ".txt"))


def test_the_command_reads_files_never_read_and_resumes(app, client, tree, people, token_for):
    editor = people[0]
    app.config["DOCUMENTS_WORK"] = False
    ids = [upload(client, token_for(editor), tree.project.id, pdf_bytes([f"cobblestone {n}"]), f"f{n}.pdf")["id"]
           for n in range(3)]
    _db.session.execute(VaultFile.__table__.update().values(text_state=None))  # as from before issue 47
    _db.session.commit()
    runner = app.test_cli_runner()
    first = runner.invoke(args=["extract-files", "--limit", "2"])
    assert first.exit_code == 0, first.output
    assert "2 files" in first.output and "2 done" in first.output
    second = runner.invoke(args=["extract-files"])
    assert "1 files" in second.output and f"file {ids[2]}: done" in second.output
    assert "nothing to read" in runner.invoke(args=["extract-files"]).output
    _db.session.expire_all()
    assert {_db.session.get(VaultFile, i).text_state for i in ids} == {"done"}


def test_the_sweep_queues_files_nobody_queued(app, client, tree, people, token_for):
    editor = people[0]
    f = upload(client, token_for(editor), tree.project.id, REPORT, "report.pdf")
    _db.session.execute(VaultFile.__table__.update().values(text_state=None, thumb=None))
    _db.session.commit()
    assert view_file(client, token_for(editor), tree.project.id, f["id"])["textState"] == "pending"
    assert work.sweep() == 1 and work.sweep() == 0
    _db.session.expire_all()
    assert _db.session.get(VaultFile, f["id"]).text_state == "done"


def test_a_video_reference_embeds_on_the_privacy_host(client, tree, people, token_for):
    editor = people[0]
    url = f"/api/reference/add/{tree.project.id}"
    form = json.loads(client.get(url, headers=token_for(editor)).get_json()["forms"][0])
    token = next(e["value"] for e in form["elements"] if e["name"] == "_token")
    r = client.post(url, headers=token_for(editor), json={"title": "Site tour", "resourceType": "VIDEO", "_token": token,
                                                          "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["item"]["embed"]["url"] == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
    refs = client.get(f"/api/vault/view/{tree.project.id}", headers=token_for(editor)).get_json()["item"]["references"]
    assert refs[0]["embed"]["provider"] == "youtube"


def test_a_word_deep_in_a_long_text_is_highlighted_with_its_page(client, tree, people, token_for):
    """The highlight reads a window of the text around the word (PostgreSQL: not the whole text), so a word on page
    30 of 40 still shows marked, with its page."""
    editor = people[0]
    filler = " ".join(f"filler{n}" for n in range(220))
    pages = [filler] * 40
    pages[29] = filler + " the Rénovation of the north wing"
    upload(client, token_for(editor), tree.project.id, pdf_bytes(pages), "long.pdf")
    hit = search(client, token_for(editor), "renovation")["list"][0]
    assert hit["page"] == 30 and "\ue000Rénovation\ue001" in hit["snippet"]
