"""The nginx configuration, checked with real requests against `scripts/serve.sh` (as `make run` serves
the app): SPA fallback and caching, 404 for a missing asset, gzip, security headers, dotfiles,
the JSON 413 above the upload limit, and downloads handed over by X-Accel-Redirect."""
import glob
import io
import json
import os
import signal
import socket
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
    os.chmod(tmp, 0o755)  # nginx workers (nobody, when started as root) read the uploads
    port, api_port = free_port(), free_port()
    env = dict(os.environ, INSTANCE_DIR=tmp, DATABASE_URL=f"sqlite:///{tmp}/portal.db", MAX_UPLOAD_MB="1",
               PORT=str(port), API_PORT=str(api_port), GUNICORN_WORKERS="2", QUIET="1", PYTHONPATH=ROOT)
    env.pop("TEST_DATABASE_URL", None)
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
    yield {"base": base, "dir": tmp}
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
