"""The nginx configuration, checked with real requests against `scripts/serve.sh` (as `make run` serves
the app): SPA fallback and caching, 404 for a missing asset, gzip, security headers, dotfiles,
the JSON 413 above the upload limit, downloads handed over by X-Accel-Redirect, secrets kept out of both access
logs, private instance files and sockets, and forwarded headers believed only from nginx."""
import glob
import io
import json
import os
import signal
import socket
import stat
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLASK = [os.path.join(ROOT, ".venv/bin/flask"), "--app", "api"]


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="module")
def site():
    if not os.path.exists(os.path.join(ROOT, "webapp/dist/index.html")):
        pytest.fail("webapp/dist is not built (scripts/build-webapp.sh)")
    tmp = tempfile.mkdtemp(prefix="portal-nginx-")
    port, api_port = free_port(), free_port()
    env = dict(os.environ, INSTANCE_DIR=tmp, DATABASE_URL=f"sqlite:///{tmp}/portal.db", MAX_UPLOAD_MB="1",
               PORT=str(port), API_PORT=str(api_port), GUNICORN_WORKERS="2", QUIET="1", PYTHONPATH=ROOT,
               GUNICORN_ACCESS_LOG=os.path.join(tmp, "gunicorn-access.log"),
               # Counts of this stack alone: in the local Redis (serve.sh's choice) they would outlive the run.
               RATELIMIT_STORAGE_URI="memory://")
    for name in ("TEST_DATABASE_URL", "REDIS_URL", "MAIL_SERVER", "MAIL_OUTBOX_DIR"):
        env.pop(name, None)
    subprocess.run(FLASK + ["db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    subprocess.run(FLASK + ["seed-demo"], cwd=ROOT, env=env, check=True, capture_output=True)
    proc = subprocess.Popen(["bash", "scripts/serve.sh"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/api/health", timeout=1)
            break
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    else:
        os.killpg(proc.pid, signal.SIGTERM)
        pytest.fail("serve.sh did not come up")
    yield {"base": base, "dir": tmp, "api": f"http://127.0.0.1:{api_port}"}
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def get(url, headers=None, method="GET", data=None):
    req = urllib.request.Request(url, headers=headers or {}, method=method, data=data)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def login(site, email="admin@demo.eu"):
    status, _, body = get(site["base"] + "/json/login", {"Content-Type": "application/json"}, "POST",
                          json.dumps({"username": email, "password": "demo1234"}).encode())
    assert status == 200
    return {"Authorization": "Bearer " + json.loads(body)["token"]}


SECURITY = ["X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy", "X-Frame-Options"]


def assert_security(headers):
    for h in SECURITY:
        assert headers.get(h), h
    assert "frame-ancestors" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_spa_fallback_is_index_and_revalidated(site):
    for path in ("/", "/portal/4/projects", "/login"):
        status, headers, body = get(site["base"] + path)
        assert status == 200
        assert b'<div id="root">' in body
        assert headers["Cache-Control"] == "no-cache"
        assert_security(headers)


def test_hashed_assets_are_immutable_and_gzipped(site):
    asset = os.path.basename(max(glob.glob(os.path.join(ROOT, "webapp/dist/assets/*.js")), key=os.path.getsize))
    status, headers, body = get(f"{site['base']}/assets/{asset}", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert "immutable" in headers["Cache-Control"] and "max-age=31536000" in headers["Cache-Control"]
    assert headers["Content-Encoding"] == "gzip"
    assert_security(headers)


def test_missing_asset_is_404_not_the_page(site):
    status, _, body = get(site["base"] + "/assets/does-not-exist-123.js")
    assert status == 404
    assert b'<div id="root">' not in body


def test_dotfiles_are_denied(site):
    for path in ("/.env", "/.git/config", "/assets/.secret"):
        assert get(site["base"] + path)[0] == 404


def test_api_is_proxied_gzipped_with_headers(site):
    status, headers, body = get(site["base"] + "/api/openapi.json", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert_security(headers)
    status, headers, body = get(site["base"] + "/api/module/view/1")
    assert status == 401 and json.loads(body)["error"]


def test_upload_above_limit_is_a_json_413(site):
    headers = dict(login(site), **{"Content-Type": "application/octet-stream"})
    status, h, body = get(site["base"] + "/api/brand/save-logo/4", headers, "POST", b"x" * (2 * 1024 * 1024))
    assert status == 413
    assert "too large" in json.loads(body)["error"]


def test_logo_download_goes_through_x_accel_redirect(site):
    auth = login(site)
    img = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(img, "PNG")
    boundary = "----portaltest"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"logo\"; filename=\"l.png\"\r\n"
            "Content-Type: image/png\r\n\r\n").encode() + img.getvalue() + f"\r\n--{boundary}--\r\n".encode()
    status, _, resp = get(site["base"] + "/api/brand/save-logo/4",
                          dict(auth, **{"Content-Type": f"multipart/form-data; boundary={boundary}"}), "POST", body)
    assert status == 200, resp
    brand = json.loads(resp)["item"]
    status, headers, data = get(site["base"] + brand["links"]["view_logo"]["url"], auth)
    assert status == 200
    assert headers["Content-Type"] == "image/png"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "X-Accel-Redirect" not in headers  # nginx consumed it
    assert Image.open(io.BytesIO(data)).size == (40, 30)
    stored = os.listdir(os.path.join(site["dir"], "uploads", "logos"))[0]
    # The internal location cannot be reached directly, and a stranger gets no logo.
    assert get(f"{site['base']}/protected-files/logos/{stored}")[0] == 404
    assert get(site["base"] + brand["links"]["view_logo"]["url"], login(site, "nobody@demo.eu"))[0] == 404


def test_host_table_is_served_fresh(site):
    status, headers, body = get(site["base"] + "/hosts.json")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    with open(os.path.join(ROOT, "nginx", "hosts.json")) as fh:
        assert json.loads(body) == json.load(fh)
    assert_security(headers)


def test_vault_download_through_nginx_is_an_attachment(site):
    auth = login(site)
    boundary = "----portalfile"
    payload = b"<html><script>alert(1)</script></html>"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nPage\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"page.html\"\r\n"
            "Content-Type: text/html\r\n\r\n").encode() + payload + f"\r\n--{boundary}--\r\n".encode()
    status, _, resp = get(site["base"] + "/api/vault/upload/4",
                          dict(auth, **{"Content-Type": f"multipart/form-data; boundary={boundary}"}), "POST", body)
    assert status == 200, resp
    item = json.loads(resp)["item"]
    status, headers, data = get(site["base"] + item["links"]["download"]["url"], auth)
    assert status == 200 and data == payload
    assert headers["Content-Disposition"] == "attachment; filename=page.html"
    assert headers["Content-Type"].startswith("text/html")
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "sandbox; default-src 'none'" in headers.get_all("Content-Security-Policy")
    assert "X-Accel-Redirect" not in headers
    assert get(site["base"] + item["links"]["download"]["url"], login(site, "nobody@demo.eu"))[0] == 404


def _stream(base, path, lines, ready):
    """Read an EventSource stream into `lines` (a list) until the server or the test closes it."""
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=8)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    resp = conn.getresponse()
    lines.append(("status", resp.status))
    ready.set()
    try:
        while True:
            line = resp.fp.readline()
            if not line:
                break
            lines.append(("line", line.decode().rstrip("\n")))
    except OSError:
        pass
    finally:
        conn.close()


def test_live_updates_flow_through_nchan_after_the_api_says_yes(site):
    """A comment reaches a subscriber of its module's channel within 2 s: the API commits, the Huey consumer that
    serve.sh starts dispatches, publishes to nchan's internal publisher, nchan streams it to the EventSource
    it let in after asking the API (auth_request)."""
    import threading
    auth = login(site, "sofia@demo.eu")
    status, _, body = get(site["base"] + "/api/live/ticket/5", auth)
    assert status == 200
    url = json.loads(body)["item"]["url"]
    lines, ready = [], threading.Event()
    threading.Thread(target=_stream, args=(site["base"], url, lines, ready), daemon=True).start()
    assert ready.wait(5) and lines[0] == ("status", 200)
    time.sleep(0.3)
    started = time.monotonic()
    boundary = "----live"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\nLive through nchan\r\n"
            f"--{boundary}--\r\n").encode()
    status, _, body = get(site["base"] + "/api/comment/add/5",
                          dict(auth, **{"Content-Type": f"multipart/form-data; boundary={boundary}"}), "POST", form)
    assert status == 200
    comment_id = json.loads(body)["item"]["id"]
    while time.monotonic() - started < 2.0:
        data = [text for kind, text in lines if kind == "line" and text.startswith("data:")]
        if any(f'"item": {comment_id}' in d for d in data):
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"no live event within 2 s: {lines}")
    hint = json.loads(next(d for d in data if f'"item": {comment_id}' in d)[len("data:"):])
    assert hint["kind"] == "comment.add" and hint["module"] == 5 and "Live through" not in json.dumps(hint)


def test_live_subscribers_need_a_ticket_and_the_publisher_is_internal(site):
    assert get(site["base"] + "/live/m/5")[0] == 403
    assert get(site["base"] + "/live/m/5?t=forged")[0] == 403
    # A ticket of one channel opens no other.
    status, _, body = get(site["base"] + "/api/live/ticket/5", login(site, "sofia@demo.eu"))
    url = json.loads(body)["item"]["url"]
    assert get(site["base"] + url.replace("/m/5?", "/m/4?"))[0] == 403
    # nginx asks the API; nobody else can.
    assert get(site["base"] + "/api/live/authorize", {"X-Original-URI": url})[0] == 404
    # Publishing is not offered on the public port.
    assert not 200 <= get(site["base"] + "/pub/m5", {"Content-Type": "application/json"}, "POST", b"{}")[0] < 300


def test_the_template_loads_nchan_and_shares_channels_through_redis_when_set(tmp_path):
    import sys
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import render_nginx
    env = dict(os.environ, REDIS_URL="redis://127.0.0.1:6379/3", NGINX_RUN_DIR=str(tmp_path))
    out = subprocess.run([os.path.join(ROOT, ".venv/bin/python"), os.path.join(ROOT, "scripts", "render_nginx.py"),
                          str(tmp_path / "nginx.conf")], env=env, capture_output=True, text=True, check=True)
    text = (tmp_path / "nginx.conf").read_text()
    assert out.returncode == 0
    assert text.startswith("#") and "load_module /usr/lib/nginx/modules/ngx_nchan_module.so;" in text
    # nchan_redis_pass is not inherited from http{}: each nchan location passes to Redis itself.
    assert 'nchan_redis_server "redis://127.0.0.1:6379/3";' in text and text.count("nchan_redis_pass live_redis;") == 2
    assert f"listen unix:{tmp_path}/nchan.sock;" in text and "auth_request /_live_authorize;" in text
    assert "nchan_authorize_request /" not in text  # crashes Debian's nchan 1.3.6 (test_nchan_churn.py)
    nginx = "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else "nginx"
    check = subprocess.run([nginx, "-t", "-q", "-e", str(tmp_path / "error.log"), "-c", str(tmp_path / "nginx.conf")],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert "[warn]" not in (tmp_path / "error.log").read_text()
    assert "no REDIS_URL" in render_nginx.nchan_redis("")
    with pytest.raises(ValueError):
        render_nginx.nchan_redis('redis://x"; evil')


# --- single-use secrets, private files, forwarded headers (the hardening issue's point 8) ------------------------

def _wait_for(check, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return check()


def _read(path):
    with open(path, errors="replace") as fh:
        return fh.read()


def test_secrets_in_urls_stay_out_of_both_access_logs(site):
    """Reset, invitation and unsubscribe links, live tickets and single sign-on answers: the pages nginx serves,
    the API calls it proxies (and their Referer) are logged with '?[redacted]' in place of the query."""
    base = site["base"]
    status, _, body = get(base + "/api/live/ticket/5", login(site, "sofia@demo.eu"))
    ticket_url = json.loads(body)["item"]["url"]
    ticket = ticket_url.split("?t=", 1)[1]
    secrets_ = {name: f"S3cr3t{name}{os.getpid()}" for name in ("reset", "invite", "unsub", "code", "state", "ref")}
    page = f"{base}/reset-password?token={secrets_['ref']}"
    asked = [
        (f"/reset-password?token={secrets_['reset']}", None),
        (f"/api/reset-password?token={secrets_['reset']}", page),
        (f"/invitation?token={secrets_['invite']}", None),
        (f"/api/invitation/view?token={secrets_['invite']}", None),
        (f"/unsubscribe?token={secrets_['unsub']}", None),
        (f"/api/notification/unsubscribe?token={secrets_['unsub']}&page=1", page),
        (f"/sso/callback?code={secrets_['code']}&state={secrets_['state']}", None),
    ]
    for path, referer in asked:
        get(base + path, {"Referer": referer} if referer else {})
    get(f"{base}/api/module/view/5?page=2&t={ticket}")  # a ticket anywhere in a query
    # A stream is logged when it ends: the ticket on another channel is refused, and logged, at once.
    assert get(base + ticket_url.replace("/m/5?", "/m/4?"))[0] == 403
    nginx_log = os.path.join(site["dir"], "run", "nginx-access.log")
    gunicorn_log = os.path.join(site["dir"], "gunicorn-access.log")
    assert _wait_for(lambda: "/api/module/view/5?[redacted]" in _read(gunicorn_log)
                     and "/live/m/4?[redacted]" in _read(nginx_log))
    for log in (nginx_log, gunicorn_log):
        text = _read(log)
        for secret in [ticket, *secrets_.values()]:
            assert secret not in text, (log, secret)
    nginx_text, gunicorn_text = _read(nginx_log), _read(gunicorn_log)
    for path, _ in asked:
        assert f"GET {path.split('?')[0]}?[redacted] HTTP/1.1" in nginx_text, path
    for path, referer in asked:
        if path.startswith("/api/"):
            assert f"GET {path.split('?')[0]}?[redacted] HTTP/1.1" in gunicorn_text, path
    assert f'"{base}/reset-password?[redacted]"' in nginx_text and f'"{base}/reset-password?[redacted]"' in gunicorn_text
    # Queries without a secret are logged as they are.
    get(base + "/api/module/view/5?page=3&perPage=10")
    assert _wait_for(lambda: "/api/module/view/5?page=3&perPage=10 HTTP/1.1" in _read(nginx_log)
                     and "/api/module/view/5?page=3&perPage=10 HTTP/1.1" in _read(gunicorn_log))


def test_a_calendar_feeds_secret_stays_out_of_both_access_logs(site):
    """Issue 44: a calendar feed's secret is in its path. nginx and gunicorn log it as
    /api/calendar-feed/ical/[redacted].ics, whether the feed answers (200) or not (404), and in a Referer."""
    from urllib.parse import urlsplit
    base = site["base"]
    headers = login(site, "sofia@demo.eu")
    _, _, body = get(base + "/api/calendar-feed/add", headers)
    token = next(e["value"] for e in json.loads(body)["elements"] if e["name"] == "_token")
    status, _, body = get(base + "/api/calendar-feed/add", {**headers, "Content-Type": "application/json"}, "POST",
                          json.dumps({"name": "Mine", "scope": "mine", "_token": token}).encode())
    assert status == 200, body
    path = urlsplit(json.loads(body)["url"]).path
    secret = path.rsplit("/", 1)[1][:-len(".ics")]
    assert path == f"/api/calendar-feed/ical/{secret}.ics" and len(secret) > 40
    status, answer_headers, ics = get(base + path)
    assert status == 200 and answer_headers["Content-Type"] == "text/calendar; charset=utf-8", (status, ics[:200])
    assert ics.startswith(b"BEGIN:VCALENDAR")
    assert answer_headers["Cache-Control"] == "private, no-store"
    forged = f"F0rged{os.getpid()}" + "x" * 30
    assert get(f"{base}/api/calendar-feed/ical/{forged}.ics", {"Referer": base + path})[0] == 404
    nginx_log = os.path.join(site["dir"], "run", "nginx-access.log")
    gunicorn_log = os.path.join(site["dir"], "gunicorn-access.log")
    logged = "GET /api/calendar-feed/ical/[redacted].ics HTTP/1.1"
    assert _wait_for(lambda: all(f'{logged}" {code}' in _read(log) for code in (200, 404)
                                 for log in (nginx_log, gunicorn_log))), (_read(nginx_log)[-2000:],
                                                                          _read(gunicorn_log)[-2000:])
    for log in (nginx_log, gunicorn_log):
        text = _read(log)
        assert secret not in text and forged not in text, log
        assert f'"{base}/api/calendar-feed/ical/[redacted].ics"' in text, log  # the Referer


def _mode(path):
    return oct(os.stat(path).st_mode & 0o777)


def test_instance_files_and_sockets_are_the_service_users(site):
    """As `make run` leaves them: the database (made before serve.sh by `flask db upgrade`, as the Makefile's
    migrate step), the queue, the secret key, the outbox mails and the logs 0600; gunicorn's socket and nchan's
    publisher socket 0660, in a run folder the world cannot enter."""
    tmp = site["dir"]
    run = os.path.join(tmp, "run")
    # A mail in the outbox: the Huey consumer serve.sh started writes it.
    get(site["base"] + "/json/forgot-password", {"Content-Type": "application/json"}, "POST",
        json.dumps({"email": "admin@demo.eu"}).encode())
    outbox = os.path.join(tmp, "outbox")
    assert _wait_for(lambda: glob.glob(os.path.join(outbox, "*.eml")))
    publisher = os.path.join(run, "nchan.sock")
    assert _wait_for(lambda: _mode(publisher) == "0o660", 5), _mode(publisher)
    private = [os.path.join(tmp, "secret_key"), os.path.join(tmp, "gunicorn-access.log"),
               *glob.glob(os.path.join(tmp, "portal.db*")), *glob.glob(os.path.join(tmp, "huey.db*")),
               *glob.glob(os.path.join(outbox, "*.eml")), *glob.glob(os.path.join(run, "*.log")),
               os.path.join(run, "nginx.conf")]
    assert any(p.endswith("portal.db") for p in private) and any(p.endswith("huey.db") for p in private)
    assert {p: _mode(p) for p in private} == {p: "0o600" for p in private}
    assert _mode(tmp) == "0o700" and _mode(outbox) == "0o700" and _mode(run) == "0o750"
    for sock in ("api.sock", "nchan.sock"):
        assert stat.S_ISSOCK(os.stat(os.path.join(run, sock)).st_mode)
        assert _mode(os.path.join(run, sock)) == "0o660", sock
        assert os.stat(os.path.join(run, sock)).st_uid == os.getuid()


def test_a_client_calling_gunicorn_directly_cannot_choose_its_address(site):
    """gunicorn binds a unix socket for nginx; API_PORT opens a TCP port for tools, whose X-Forwarded-* are dropped
    before ProxyFix could believe them. Through nginx, the address is the one nginx saw."""
    log = os.path.join(site["dir"], "gunicorn-access.log")
    spoofed = {"X-Forwarded-For": "203.0.113.77", "X-Forwarded-Host": "evil.example", "User-Agent": "direct-probe"}
    assert get(site["api"] + "/api/health", spoofed)[0] == 200
    assert get(site["base"] + "/api/health", dict(spoofed, **{"User-Agent": "proxied-probe"}))[0] == 200
    assert _wait_for(lambda: "direct-probe" in _read(log) and "proxied-probe" in _read(log))
    lines = [line for line in _read(log).splitlines() if "-probe" in line]
    assert lines and all(line.startswith("127.0.0.1 ") for line in lines), lines
    assert "203.0.113.77" not in _read(log)


def test_the_template_redacts_the_parameters_gunicorn_redacts_and_sets_the_workers_user(tmp_path):
    import re
    import sys
    sys.path.insert(0, ROOT)
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import render_nginx
    from api import gunicorn_conf
    with open(os.path.join(ROOT, "nginx", "nginx.conf.template")) as fh:
        template = fh.read()
    alternations = re.findall(r"\\\?\(\?:\.\*&\)\?\(\?:([a-z_|]+)\)=", template)
    assert len(alternations) == 2
    for names in alternations:
        assert tuple(names.split("|")) == gunicorn_conf.SECRET_PARAMS
    assert "access_log ${NGINX_ACCESS_LOG} redacted;" in template
    env = dict(os.environ, NGINX_RUN_DIR=str(tmp_path), NGINX_USER="portal portal")
    env.pop("REDIS_URL", None)
    subprocess.run([os.path.join(ROOT, ".venv/bin/python"), os.path.join(ROOT, "scripts", "render_nginx.py"),
                    str(tmp_path / "nginx.conf")], env=env, check=True, capture_output=True)
    assert "\nuser portal portal;\n" in (tmp_path / "nginx.conf").read_text()
    assert render_nginx.user_directive("").startswith("#")
    with pytest.raises(ValueError):
        render_nginx.user_directive("root; daemon off")
    assert render_nginx.api_servers("unix:/run/portal/api.sock") == \
        "server unix:/run/portal/api.sock max_fails=1 fail_timeout=5s;"
