"""Redmine -> plan: a project tree read through Redmine's REST API with an API key (see plan.py for the plan).

Projects and subprojects become container modules, versions milestone items under their project, issues items
under their parent issue (or project); relations, journals (comments), wiki pages (articles, Textile converted),
attachments and project files (fetched later, through `fetcher`), custom fields and values, time entries and
members follow. Whatever cannot be mapped goes to plan["skipped"] with the reason.

The requests are the ones `/work/shared/redmine/record.py` records (same paths, queries and paging), so that
`FixtureTransport` replays a recorded Redmine in tests. Real HTTP goes through the webhooks' pinned connections:
the host is resolved once, the address checked (unless private addresses are allowed) and every request made to
that address; the API key goes to the base URL's own origin only, redirects are not followed, every answer is
read with a size bound and every connection has one deadline."""
import http.client
import io
import json
import math
import os
import re
import socket
import time
from datetime import date
from urllib.parse import quote, urlsplit

from ..events import webhooks
from . import plan as ir
from .richtext import raw_to_text, to_raw

MB = 1024 * 1024
PAGE = 25
MAX_ITEMS = 200_000  # per listing: a server that pages for ever stops here
DOWNLOAD_FACTOR = 20  # a download's deadline: this many times the request timeout
CHUNK = 64 * 1024
STATUSES = ("NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE")
BY_NAME = {"in progress": "IN_PROGRESS", "feedback": "BLOCKED", "blocked": "BLOCKED", "resolved": "COMPLETED"}
IDENTIFIER = re.compile(r"[A-Za-z0-9_-]{1,100}\Z")
DOWNLOAD_PATH = re.compile(r"/attachments/download/\d{1,12}(?:/[^/?#\\]{1,255})?\Z")
ISSUE_INCLUDE = "include=children,attachments,relations,journals,watchers"
PROJECT_INCLUDE = "include=trackers,issue_categories,enabled_modules,time_entry_activities"
USER_AGENT = "portal-import/1"


def _unreachable(message, status=None):
    e = ir.Unreachable(message)
    e.status = status
    return e


def normalise(base_url):
    """scheme://host[:port][/path] of a Redmine address (lower case, no default port, no trailing slash)."""
    parts = urlsplit((base_url or "").strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ir.Invalid("The Redmine address must start with http:// or https:// and name a host.")
    if parts.username or parts.password:
        raise ir.Invalid("The Redmine address may not carry a user name or password.")
    try:
        port = parts.port
    except ValueError:
        raise ir.Invalid("The Redmine address has an invalid port.") from None
    scheme, host = parts.scheme.lower(), parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{host}{f':{port}' if port and port != default else ''}{parts.path.rstrip('/')}"


def source_of(base_url):
    return "redmine:" + normalise(base_url)


def default_status(status):
    """A Redmine status {name, is_closed} -> one of ours."""
    if status.get("is_closed"):
        return "COMPLETED"
    return BY_NAME.get(str(status.get("name", "")).strip().lower(), "NOT_STARTED")


def _size(n):
    return f"{n / MB:g} MB" if n >= MB else f"{n} bytes"


# --- reading answers -------------------------------------------------------------------------------------------

class _Bounded(io.RawIOBase):
    """A body read at most `limit` bytes far (Unreachable past it); network errors become Unreachable too."""

    def __init__(self, raw, limit, what):
        super().__init__()
        self.raw, self.limit, self.what, self.count = raw, limit, what, 0

    def readable(self):
        return True

    def readinto(self, buffer):
        try:
            data = self.raw.read(min(len(buffer), self.limit + 1 - self.count, CHUNK) or 1)
        except (OSError, http.client.HTTPException) as e:
            self.close()
            raise _unreachable(f"Reading {self.what} failed ({type(e).__name__}: {e})") from None
        self.count += len(data)
        if self.count > self.limit:
            self.close()
            raise _unreachable(f"{self.what} is larger than the limit of {_size(self.limit)}")
        buffer[:len(data)] = data
        return len(data)

    def close(self):
        if not self.closed and hasattr(self.raw, "close"):
            self.raw.close()
        super().close()


class _Response:
    """An http.client answer with the connection it came on, closed together."""

    def __init__(self, resp, conn):
        self.resp, self.conn = resp, conn

    def read(self, n=-1):
        return self.resp.read(n)

    def close(self):
        self.resp.close()
        self.conn.close()


def _status_message(status, path):
    if status in (401, 403):
        return f"The API key was refused (Redmine answered {status} to {path})."
    if 300 <= status < 400:
        return (f"Redmine answered {status} (a redirect) to {path}; redirects are not followed: check the "
                f"address (http or https, and the path Redmine is served at).")
    if status == 404:
        return f"Redmine answered 404 (not found) to {path}."
    return f"Redmine answered {status} to {path}."


class Client:
    """GETs to one Redmine: JSON answers and file downloads, each bounded in size and time."""

    def __init__(self, base_url, key, *, transport=None, allow_private=True, timeout=30,
                 max_json_bytes=20 * MB, max_file_bytes=100 * MB):
        self.base = normalise(base_url)
        parts = urlsplit(self.base)
        self.scheme, self.host, self.prefix = parts.scheme, parts.hostname, parts.path
        self.port = parts.port or (443 if self.scheme == "https" else 80)
        self.key, self.allow_private, self.timeout = str(key or ""), allow_private, timeout
        self.max_json_bytes, self.max_file_bytes = max_json_bytes, max_file_bytes
        self.transport, self._ip = transport, None

    def __repr__(self):  # never the key
        return f"<redmine.Client {self.base}>"

    def _address(self):
        """The address every request goes to: resolved once, checked unless private addresses are allowed."""
        if self._ip:
            return self._ip
        if not self.allow_private:
            try:
                self._ip = webhooks.resolve(self.host, self.port)[0]
            except webhooks.Refused as e:
                if "does not resolve" in str(e):
                    raise _unreachable(f"The Redmine server's name {self.host} does not resolve.") from None
                raise _unreachable(f"The Redmine server {self.host} is at a private, loopback or otherwise "
                                   f"reserved address, which imports may not reach.") from None
            return self._ip
        try:
            self._ip = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)[0][4][0]
        except (socket.gaierror, UnicodeError, IndexError):
            raise _unreachable(f"The Redmine server's name {self.host} does not resolve.") from None
        return self._ip

    def _http(self, path, seconds):
        """One GET over a pinned connection; the key goes with it (this is the base URL's origin only)."""
        ip = self._address()
        cls = webhooks._PinnedTLS if self.scheme == "https" else webhooks._Pinned
        conn = cls(self.host, ip, self.port, time.monotonic() + seconds)
        try:
            conn.request("GET", self.prefix + path, headers={
                "X-Redmine-API-Key": self.key, "Accept": "application/json", "User-Agent": USER_AGENT})
            resp = conn.getresponse()
        except (OSError, http.client.HTTPException) as e:
            conn.close()
            raise _unreachable(f"The Redmine server did not answer ({type(e).__name__}: {e}).") from None
        return resp.status, resp.getheader("Content-Type", ""), _Response(resp, conn)

    def _get(self, path, download=False):
        if self.transport is not None:
            status, ctype, body = self.transport("GET", path)
        else:
            status, ctype, body = self._http(path, self.timeout * (DOWNLOAD_FACTOR if download else 1))
        body = io.BytesIO(body) if isinstance(body, (bytes, bytearray)) else body
        if status != 200:
            body.close()
            raise _unreachable(_status_message(status, path), status)
        return ctype, body

    def get_json(self, path):
        __, body = self._get(path)
        with _Bounded(body, self.max_json_bytes, f"Redmine's answer to {path}") as stream:
            data = stream.read()
        try:
            return json.loads(data)
        except ValueError:
            raise _unreachable(f"Redmine's answer to {path} is not JSON.") from None

    def open(self, path):
        """A download as a binary stream, cut off (Unreachable) past max_file_bytes."""
        __, body = self._get(path, download=True)
        return io.BufferedReader(_Bounded(body, self.max_file_bytes, f"The file {path}"), CHUNK)

    def download_path(self, url):
        """The path of an attachment's content_url when it is a download on this server (its origin and base
        path), else None."""
        parts = urlsplit(url or "")
        try:
            port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
        except ValueError:
            return None
        if (parts.scheme.lower(), (parts.hostname or "").lower(), port) != (self.scheme, self.host, self.port) \
                or parts.username or parts.password or not parts.path.startswith(self.prefix + "/"):
            return None
        path = parts.path[len(self.prefix):]
        return path if DOWNLOAD_PATH.match(path) and "/../" not in path + "/" else None


class FixtureTransport:
    """Answers recorded by record.py (index.json beside them): `(method, path) -> (status, type, body)`. A request
    that was not recorded raises LookupError, so a reader that drifts from the recorder fails its tests.
    `overrides` ({"GET /path": (status, type, bytes)}) replace or add answers; `made` lists the requests."""

    def __init__(self, directory, overrides=None):
        with open(os.path.join(directory, "index.json"), encoding="utf-8") as f:
            index = json.load(f)
        self.directory, self.answers = directory, index["requests"]
        self.base, self.project = index.get("base"), index.get("project")
        self.overrides, self.made = dict(overrides or {}), []

    def __call__(self, method, path):
        key = f"{method} {path}"
        self.made.append(key)
        if key in self.overrides:
            return self.overrides[key]
        entry = self.answers.get(key)
        if entry is None:
            raise LookupError(f"No recorded answer for {key}")
        name = os.path.join(self.directory, entry["file"])
        if entry["file"].startswith("files/"):
            return entry["status"], entry["contentType"], open(name, "rb")
        with open(name, "rb") as f:
            return entry["status"], entry["contentType"], f.read()

    def body(self, key):
        """The recorded JSON answer of a request (for tests that alter it)."""
        with open(os.path.join(self.directory, self.answers[key]["file"]), encoding="utf-8") as f:
            return json.load(f)


# --- the API ---------------------------------------------------------------------------------------------------

def _paged(client, path, key):
    """Every item of a paged listing, asked for as record.py does (limit=25&offset=N)."""
    out, offset, sep = [], 0, "&" if "?" in path else "?"
    while True:
        page = client.get_json(f"{path}{sep}limit={PAGE}&offset={offset}") or {}
        items = page.get(key) or []
        out += items
        offset += PAGE
        if offset >= int(page.get("total_count") or 0) or not items:
            return out
        if len(out) >= MAX_ITEMS:
            raise _unreachable(f"Redmine lists more than {MAX_ITEMS} {key}; import a smaller project.")


def _optional(client, path):
    """A JSON answer, or None when Redmine refuses or lacks it (403, 404: a module switched off, no right)."""
    try:
        return client.get_json(path)
    except ir.Unreachable as e:
        if getattr(e, "status", None) in (403, 404):
            return None
        raise


def _issues_path(identifier):
    return f"/issues.json?project_id={identifier}&subproject_id=*&status_id=*&sort=id"


def _check_identifier(identifier):
    if not isinstance(identifier, str) or not IDENTIFIER.match(identifier):
        raise ir.Invalid("A Redmine project identifier has letters, digits, '-' and '_' only.")


def _tree(projects, identifier):
    """The project and its descendants, parents first."""
    top = next((p for p in projects if p.get("identifier") == identifier), None)
    if top is None:
        raise ir.Invalid(f"Redmine has no project '{identifier}' that this API key may see.")
    children = {}
    for p in projects:
        children.setdefault((p.get("parent") or {}).get("id"), []).append(p)
    out, seen = [top], {top["id"]}
    for p in out:  # grows as it goes: breadth first
        for child in children.get(p["id"], []):
            if child["id"] not in seen:
                seen.add(child["id"])
                out.append(child)
    return out


def probe(client, identifier):
    """What the import form shows before the import: the project, statuses (with their default mapping), trackers
    and how much there is."""
    _check_identifier(identifier)
    try:
        client.get_json("/users/current.json")  # the key itself
        tree = _tree(_paged(client, "/projects.json", "projects"), identifier)
        statuses = client.get_json("/issue_statuses.json").get("issue_statuses") or []
        trackers = client.get_json("/trackers.json").get("trackers") or []
        first = client.get_json(f"{_issues_path(identifier)}&limit={PAGE}&offset=0")
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        raise _unreachable(f"Redmine's answers are not in the expected form ({type(e).__name__}).") from None
    return {"project": {"name": tree[0].get("name") or identifier, "identifier": identifier},
            "statuses": [{"id": s["id"], "name": s.get("name", ""), "isClosed": bool(s.get("is_closed")),
                          "status": default_status(s)} for s in statuses],
            "trackers": [{"id": t["id"], "name": t.get("name", "")} for t in trackers],
            "counts": {"projects": len(tree), "issues": int(first.get("total_count") or 0)}}


def read(client, identifier, *, statuses=None, tracker="field", progress=None, cancelled=None,
         formatting="textile"):
    """The plan of project `identifier` and its subprojects. `statuses`: {"<status id>": "STATUS"} over the
    default mapping; `tracker`: "field" (a picklist field "Tracker") or "none"; `formatting`: Redmine's text
    formatting ("textile" or "markdown")."""
    _check_identifier(identifier)
    reader = _Reader(client, statuses, tracker, progress, cancelled, formatting)
    try:
        return reader.run(identifier)
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        raise _unreachable(f"Redmine's answers are not in the expected form ({type(e).__name__}: {e}).") from None


def fetcher(client):
    """fetch(file item) -> its content as a binary stream (the writer's `fetch`)."""
    def fetch(item):
        path = (item.get("fetch") or {}).get("path")
        if not isinstance(path, str) or not DOWNLOAD_PATH.match(path):
            raise ir.Invalid(f"The file '{item.get('filename')}' has no download address on the Redmine server.")
        return client.open(path)
    return fetch


# --- the reader ------------------------------------------------------------------------------------------------

def _parents_first(items, key, parent):
    """`items` with each one's parent (when among them) before it; a cycle is cut where it closes."""
    by, done, out = {key(x): x for x in items}, set(), []
    for x in items:
        chain, on = [], set()
        while x is not None and key(x) not in done and key(x) not in on:
            chain.append(x)
            on.add(key(x))
            x = by.get(parent(x))
        for y in reversed(chain):
            done.add(key(y))
            out.append(y)
    return out


def _day(stamp):
    """The YYYY-MM-DD of a Redmine date or timestamp, None when it is not one."""
    try:
        return date.fromisoformat(stamp[:10]).isoformat() if isinstance(stamp, str) else None
    except ValueError:
        return None


def _rights(roles):
    """Module rights from Redmine role names: managers administer, developers edit, reporters add."""
    names = {str(r.get("name", "")).lower() for r in roles}
    admin = "manager" in names
    edit = admin or "developer" in names
    return {"admin": admin, "create": edit or "reporter" in names, "edit": edit, "delete": admin}


class _Reader:
    """One read: the plan being built and what is known so far (projects, issues, versions, people)."""

    def __init__(self, client, statuses, tracker, progress, cancelled, formatting):
        self.c, self.plan = client, ir.empty("redmine")
        self.mapping = {str(k): v for k, v in (statuses or {}).items()}
        bad = [v for v in self.mapping.values() if v not in STATUSES]
        if bad:
            raise ir.Invalid(f"Unknown status '{bad[0]}' (known: {', '.join(STATUSES)}).")
        if tracker not in ("field", "none"):
            raise ir.Invalid("The tracker option is 'field' or 'none'.")
        self.tracker, self.progress, self.cancelled = tracker, progress, cancelled
        self.to_raw = lambda text: to_raw(text or "", formatting)
        self.fields, self.convert, self.catalogue = {}, {}, True  # field key -> field, -> value converter
        self.users, self.projects, self.issues, self.versions = {}, {}, set(), set()
        self.skipped_versions, self.attachments, self.relations = set(), set(), set()

    def skip(self, what, reason):
        self.plan["skipped"].append({"what": what, "reason": reason})

    def check(self):
        if self.cancelled and self.cancelled():
            raise ir.Cancelled()

    def person(self, ref):
        """The plan's key of a Redmine user reference {id, name} (noted to be read at the end)."""
        if not isinstance(ref, dict) or not isinstance(ref.get("id"), int):
            return None
        self.users.setdefault(ref["id"], str(ref.get("name") or ""))
        return f"u:{ref['id']}"

    def text(self, text):
        return raw_to_text(self.to_raw(text)) if text else ""

    def run(self, identifier):
        self.check()
        self.read_fields()
        tree = _tree(_paged(self.c, "/projects.json", "projects"), identifier)
        for p in tree:
            self.add_project(p)
        for p in tree:
            self.check()
            self.read_project(p)
        self.read_issues(identifier)
        self.read_time(identifier)
        self.read_people()
        self.plan["fields"] = list(self.fields.values())
        return self.plan

    # --- fields ---

    def read_fields(self):
        statuses = self.c.get_json("/issue_statuses.json").get("issue_statuses") or []
        self.status_of = {str(s["id"]): self.mapping.get(str(s["id"])) or default_status(s) for s in statuses}
        if self.tracker == "field":
            trackers = self.c.get_json("/trackers.json").get("trackers") or []
            self.fields["tracker"] = {"key": "tracker", "label": "Tracker", "type": "PICKLIST", "multiple": False,
                                      "options": [str(t.get("name")) for t in trackers]}
        found = _optional(self.c, "/custom_fields.json")
        if found is None:  # not an admin's key: fields are made from the values issues carry
            self.catalogue = False
            return
        for cf in found.get("custom_fields") or []:
            self.add_field(cf)

    def add_field(self, cf):
        what = f"Custom field '{cf.get('name')}'"
        if cf.get("customized_type") not in ("issue", "project"):
            return self.skip(what, f"custom fields of {cf.get('customized_type')}s are not imported")
        fmt, multiple = cf.get("field_format"), bool(cf.get("multiple"))
        field = {"key": f"cf:{cf['id']}", "label": str(cf.get("name") or "")[:100], "multiple": multiple}
        if fmt == "list":
            labels = {str(v.get("value")): str(v.get("label") or v.get("value"))
                      for v in cf.get("possible_values") or []}
            field.update(type="PICKLIST", options=list(labels.values()))
            convert = labels.get
        elif fmt == "bool":
            field.update(type="PICKLIST", options=["Yes", "No"], multiple=False)
            convert = {"1": "Yes", "0": "No"}.get
        elif fmt in ("int", "float"):
            field["type"], convert = "NUMERIC", _number
        elif fmt == "date":
            field["type"], convert = "DATE", lambda v: _day(v) if len(v) == 10 else None
        elif fmt in ("string", "text", "link"):
            field["type"], convert = "TEXT", lambda v: v[:10000]
        else:
            return self.skip(what, f"fields of the format '{fmt}' are not imported")
        self.fields[field["key"]], self.convert[field["key"]] = field, convert

    def values(self, item, tracker=None):
        """{field key: value} of an issue's or project's custom field values (and its tracker)."""
        out = {}
        if tracker and "tracker" in self.fields:
            if tracker not in self.fields["tracker"]["options"]:
                self.fields["tracker"]["options"].append(tracker)
            out["tracker"] = tracker
        for cf in item.get("custom_fields") or []:
            key = f"cf:{cf.get('id')}"
            if key not in self.fields and not self.catalogue:
                self.fields[key] = {"key": key, "label": str(cf.get("name") or key)[:100], "type": "TEXT",
                                    "multiple": bool(cf.get("multiple"))}
                self.convert[key] = lambda v: v[:10000]
            if key not in self.fields:
                continue
            raw = cf.get("value")
            got = [self.convert[key](str(v)) for v in (raw if isinstance(raw, list) else [raw]) if v not in (None, "")]
            got = [v for v in got if v is not None]
            if got:
                out[key] = got if self.fields[key]["multiple"] else got[0]
        return out

    # --- projects ---

    def module(self, key, parent, name, description, kind, *, deliverable=None, values=None, created=None,
               author=None):
        m = {"key": key, "parent": parent, "name": str(name or "").strip()[:200] or key,
             "description": description or "", "kind": kind, "type": None, "deliverable": deliverable,
             "values": values or {}, "members": [], "created": created, "author": author}
        self.plan["modules"].append(m)
        return m

    def optional(self, what, fn):
        """fn()'s answer, or None (and `what` skipped) when Redmine refuses it or lacks it."""
        try:
            return fn()
        except ir.Unreachable as e:
            if getattr(e, "status", None) not in (403, 404):
                raise
            self.skip(what, f"Redmine refused to list them (it answered {e.status})")
            return None

    def add_project(self, p):
        parent = (p.get("parent") or {}).get("id")
        key = f"project:{int(p['id'])}"
        m = self.module(key, self.projects[parent]["key"] if parent in self.projects else None, p.get("name"),
                        self.text(p.get("description")), "container", values=self.values(p),
                        created=p.get("created_on"))
        self.projects[p["id"]] = {"key": key, "name": p.get("name"), "module": m}
        if parent in self.projects and p.get("inherit_members") is False:
            self.skip(f"Member restriction of project '{p.get('name')}'",
                      "Redmine does not give it its parent's members; here a parent module's members keep their "
                      "rights in the modules below it")

    def read_project(self, p):
        ident, name, key = p.get("identifier"), p.get("name"), self.projects[p["id"]]["key"]
        if not isinstance(ident, str) or not IDENTIFIER.match(ident):
            return self.skip(f"Contents of project '{name}'", "its identifier is not one Redmine gives")
        detail = self.c.get_json(f"/projects/{ident}.json?{PROJECT_INCLUDE}").get("project") or {}
        enabled = {m.get("name") for m in detail.get("enabled_modules") or []} if "enabled_modules" in detail else None
        members = self.optional(f"Members of project '{name}'",
                                lambda: _paged(self.c, f"/projects/{ident}/memberships.json", "memberships"))
        for m in members or []:
            self.add_member(m, p)
        versions = self.optional(f"Versions of project '{name}'",
                                 lambda: self.c.get_json(f"/projects/{ident}/versions.json"))
        for v in (versions or {}).get("versions") or []:
            self.add_version(v)
        if enabled is None or "files" in enabled:
            files = self.optional(f"Files of project '{name}'",
                                  lambda: self.c.get_json(f"/projects/{ident}/files.json"))
            for f in (files or {}).get("files") or []:
                vid = (f.get("version") or {}).get("id")
                self.add_file(f, f"version:{vid}" if vid in self.versions else key)
        if enabled is None or "wiki" in enabled:
            self.read_wiki(p, ident, key)

    def add_member(self, m, p):
        if m.get("group"):
            return self.skip(f"Group '{m['group'].get('name')}' in project '{p.get('name')}'",
                             "groups are not imported; add their people by hand")
        roles = [r for r in m.get("roles") or [] if not r.get("inherited")]  # inherited: the parent's membership
        if not roles or not isinstance((m.get("user") or {}).get("id"), int):
            return None
        member = {"person": self.person(m["user"]), "role": ", ".join(str(r.get("name")) for r in roles)[:100]}
        self.projects[p["id"]]["module"]["members"].append({**member, **_rights(roles)})

    def add_version(self, v):
        if v["id"] in self.versions or v["id"] in self.skipped_versions:
            return None
        owner = (v.get("project") or {}).get("id")
        if owner not in self.projects:
            self.skipped_versions.add(v["id"])
            return self.skip(f"Version '{v.get('name')}'", "it belongs to a project that is not imported")
        self.versions.add(v["id"])
        status = "COMPLETED" if v.get("status") == "closed" else "NOT_STARTED"
        self.module(f"version:{int(v['id'])}", self.projects[owner]["key"], v.get("name"),
                    self.text(v.get("description")), "item", created=v.get("created_on"),
                    deliverable={"status": status, "owner": None, "startDate": None,
                                 "deadline": _day(v.get("due_date")), "completionDate": None, "milestone": True})

    def add_file(self, a, module):
        name = str(a.get("filename") or f"file-{a.get('id')}")[:255]
        what, size = f"File '{name}'", _number(a.get("filesize")) or 0
        if a.get("id") in self.attachments:
            return None
        self.attachments.add(a.get("id"))
        path = self.c.download_path(a.get("content_url"))
        if path is None:
            return self.skip(what, "its download address is not on the Redmine server")
        if size > self.c.max_file_bytes:
            return self.skip(what, f"it is larger than the limit of {_size(self.c.max_file_bytes)}")
        digest = str(a.get("digest") or "")
        self.plan["files"].append({
            "key": f"attachment:{int(a['id'])}", "module": module, "title": name[:200], "filename": name,
            "mime": str(a.get("content_type") or "application/octet-stream")[:200], "size": int(size),
            "sha256": digest.lower() if re.fullmatch(r"[0-9a-fA-F]{64}", digest) else None, "fetch": {"path": path}})

    def read_wiki(self, p, ident, key):
        index = self.optional(f"Wiki of project '{p.get('name')}'",
                              lambda: self.c.get_json(f"/projects/{ident}/wiki/index.json"))
        pages = [w for w in (index or {}).get("wiki_pages") or [] if isinstance(w.get("title"), str)]
        done = {}
        for w in _parents_first(pages, lambda w: w["title"], lambda w: (w.get("parent") or {}).get("title")):
            self.check()
            title = w["title"]
            page = self.optional(f"Wiki page '{title}'", lambda: self.c.get_json(
                f"/projects/{ident}/wiki/{quote(title, safe='')}.json?include=attachments"))
            page = (page or {}).get("wiki_page")
            if not page:
                continue
            done[title] = f"wiki:{int(p['id'])}:{title}"
            parent = (w.get("parent") or {}).get("title")
            self.plan["articles"].append({
                "key": done[title], "module": key, "parent": done.get(parent), "title": title.replace("_", " ")[:100],
                "content": self.to_raw(page.get("text")), "created": page.get("created_on"),
                "author": self.person(page.get("author"))})
            for a in page.get("attachments") or []:
                self.add_file(a, key)

    # --- issues ---

    def read_issues(self, identifier):
        mine, seen = [], set()
        for i in _paged(self.c, _issues_path(identifier), "issues"):
            if i["id"] in seen:
                continue
            seen.add(i["id"])
            if (i.get("project") or {}).get("id") not in self.projects:
                self.skip(f"Issue #{i['id']} '{i.get('subject')}'", "its project is not imported")
            else:
                mine.append(i)
        self.issues = {i["id"] for i in mine}
        for i in _parents_first(mine, lambda i: i["id"], lambda i: (i.get("parent") or {}).get("id")):
            self.add_issue(i)
        for n, i in enumerate(mine, 1):
            self.check()
            detail = self.optional(f"Details of issue #{i['id']}",
                                   lambda: self.c.get_json(f"/issues/{int(i['id'])}.json?{ISSUE_INCLUDE}"))
            self.read_details((detail or {}).get("issue") or {}, f"issue:{int(i['id'])}")
            if self.progress:
                self.progress(n, len(mine))

    def add_issue(self, i):
        iid, parent = int(i["id"]), (i.get("parent") or {}).get("id")
        project = self.projects[i["project"]["id"]]["key"]
        if parent is not None and parent not in self.issues:
            self.skip(f"Parent of issue #{iid}", f"issue #{parent} is not imported; #{iid} is placed under its project")
        status = i.get("status") or {}
        mapped = self.status_of.get(str(status.get("id"))) or self.mapping.get(str(status.get("id"))) \
            or default_status(status)
        done = mapped in ("COMPLETED", "VERIFIED_COMPLETE")
        deliverable = {"status": mapped, "owner": self.person(i.get("assigned_to")),
                       "startDate": _day(i.get("start_date")), "deadline": _day(i.get("due_date")),
                       "completionDate": _day(i.get("closed_on")) if done else None, "milestone": False}
        self.module(f"issue:{iid}", f"issue:{parent}" if parent in self.issues else project, i.get("subject"),
                    self.text(i.get("description")), "item", deliverable=deliverable,
                    values=self.values(i, (i.get("tracker") or {}).get("name")), created=i.get("created_on"),
                    author=self.person(i.get("author")))

    def read_details(self, d, key):
        for r in d.get("relations") or []:
            self.add_relation(r)
        for j in d.get("journals") or []:
            self.add_journal(j, key)
        for a in d.get("attachments") or []:
            self.add_file(a, key)

    def add_relation(self, r):
        a, b, kind = r.get("issue_id"), r.get("issue_to_id"), r.get("relation_type")
        ident = r.get("id") if r.get("id") is not None else (a, b, kind)
        if ident in self.relations:
            return None
        self.relations.add(ident)
        what = f"Relation '{kind}' of issues #{a} and #{b}"
        mapped = {"precedes": (a, b, "FS"), "follows": (b, a, "FS"), "blocks": (a, b, "BLOCKS"),
                  "blocked": (b, a, "BLOCKS"), "relates": (a, b, "RELATES")}.get(kind)
        if mapped is None:
            copies = kind in ("duplicates", "duplicated", "copied_to", "copied_from")
            return self.skip(what, "duplicates and copies have no counterpart here" if copies
                             else f"relations of the kind '{kind}' are not imported")
        missing = [x for x in mapped[:2] if x not in self.issues]
        if missing:
            return self.skip(what, f"issue #{missing[0]} is not imported")
        lag = int(_number(r.get("delay")) or 0) if mapped[2] == "FS" else 0
        self.plan["relations"].append({"from": f"issue:{mapped[0]}", "to": f"issue:{mapped[1]}", "kind": mapped[2],
                                       "lag": lag})

    def add_journal(self, j, key):
        notes = str(j.get("notes") or "").strip()
        if not notes:  # a change of fields only: nothing to say
            return None
        if j.get("private_notes"):
            return self.skip(f"Private note #{j.get('id')} on {key.replace('issue:', 'issue #')}",
                             "private notes are not imported")
        self.plan["comments"].append({"key": f"journal:{int(j['id'])}", "module": key, "content": self.to_raw(notes),
                                      "created": j.get("created_on"), "author": self.person(j.get("user"))})

    # --- time and people ---

    def read_time(self, identifier):
        entries = self.optional("Time entries", lambda: _paged(
            self.c, f"/time_entries.json?project_id={identifier}", "time_entries"))
        for t in entries or []:
            issue, project = (t.get("issue") or {}).get("id"), (t.get("project") or {}).get("id")
            module = f"issue:{issue}" if issue in self.issues else \
                self.projects[project]["key"] if project in self.projects else None
            minutes = round((_number(t.get("hours")) or 0) * 60)
            what = f"Time entry #{t.get('id')} ({t.get('hours')} h on {t.get('spent_on')})"
            if module is None:
                self.skip(what, "its project is not imported")
            elif minutes <= 0 or not _day(t.get("spent_on")) or not (t.get("user") or {}).get("id"):
                self.skip(what, "it has no time, day or person")
            else:
                self.plan["time"].append({
                    "key": f"time:{int(t['id'])}", "module": module, "person": self.person(t["user"]),
                    "date": _day(t["spent_on"]), "minutes": minutes, "activity": (t.get("activity") or {}).get("name"),
                    "note": str(t.get("comments") or "")[:1000]})

    def read_people(self):
        """Everyone the plan names, with name, login and e-mail (hidden unless the key is an admin's: None)."""
        for uid, name in sorted(self.users.items()):
            self.check()
            u = (_optional(self.c, f"/users/{uid}.json?include=memberships,groups") or {}).get("user") or {}
            full = f"{u.get('firstname') or ''} {u.get('lastname') or ''}".strip()
            mail = u.get("mail")
            self.plan["people"][f"u:{uid}"] = {
                "email": mail.strip() if isinstance(mail, str) and "@" in mail and len(mail) <= 254 else None,
                "name": str(full or name or u.get("login") or f"User {uid}")[:200],
                "login": str(u["login"])[:100] if u.get("login") else None}


def _number(value):
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None
