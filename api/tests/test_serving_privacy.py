"""Single-use secrets out of gunicorn's access log, forwarded headers only from the proxy, outbox mails 0600, and
where `make run` counts failed sign-ins (scripts/ratelimit_storage.py). The same against a real nginx and gunicorn:
nginx/tests/test_nginx.py (test_secrets_in_urls_stay_out_of_both_access_logs and the two after it)."""
import glob
import importlib.util
import os
import socket
import threading
from datetime import timedelta
from types import SimpleNamespace

import pytest
from gunicorn.config import Config as GunicornConfig

from api import gunicorn_conf
from api.services import mail

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _script(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "scripts", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- gunicorn's access log ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line, logged", [
    ("GET /api/reset-password?token=abc123 HTTP/1.1", "GET /api/reset-password?[redacted] HTTP/1.1"),
    ("GET /api/invitation/view?token=abc HTTP/1.1", "GET /api/invitation/view?[redacted] HTTP/1.1"),
    ("GET /api/notification/unsubscribe?page=1&token=abc HTTP/1.1",
     "GET /api/notification/unsubscribe?[redacted] HTTP/1.1"),
    ("/live/m/5?t=abc.def", "/live/m/5?[redacted]"),
    ("https://portal.example/sso/callback?code=c0de&state=st4te", "https://portal.example/sso/callback?[redacted]"),
    ("GET /x?TOKEN=abc HTTP/1.1", "GET /x?[redacted] HTTP/1.1"),
    # A calendar feed's secret is in the path (issue 44).
    ("GET /api/calendar-feed/ical/Zk3_-9aB.ics HTTP/1.1", "GET /api/calendar-feed/ical/[redacted].ics HTTP/1.1"),
    ("/api/calendar-feed/ical/Zk3_-9aB.ics", "/api/calendar-feed/ical/[redacted].ics"),
    ("GET /api/calendar-feed/ical/Zk3 HTTP/1.1", "GET /api/calendar-feed/ical/[redacted] HTTP/1.1"),
    ("GET /API/Calendar-Feed/ical/Zk3.ICS?page=1 HTTP/1.1",
     "GET /API/Calendar-Feed/ical/[redacted].ics?page=1 HTTP/1.1"),
    ("https://portal.example/api/calendar-feed/ical/Zk3.ics?token=x",
     "https://portal.example/api/calendar-feed/ical/[redacted].ics?[redacted]"),
    ("GET /api/calendar-feed/list HTTP/1.1", "GET /api/calendar-feed/list HTTP/1.1"),
    # Nothing secret: as it is.
    ("GET /api/module/view/5?page=2&perPage=10 HTTP/1.1", "GET /api/module/view/5?page=2&perPage=10 HTTP/1.1"),
    ("GET /api/avatar/view/3?v=ab12cd34 HTTP/1.1", "GET /api/avatar/view/3?v=ab12cd34 HTTP/1.1"),
    ("GET /api/search?q=tokens&at=1 HTTP/1.1", "GET /api/search?q=tokens&at=1 HTTP/1.1"),
])
def test_redact_replaces_a_query_holding_a_secret(line, logged):
    assert gunicorn_conf.redact(line) == logged


def _access_line(environ, headers, fmt=None):
    cfg = GunicornConfig()
    cfg.set("logger_class", gunicorn_conf.RedactingLogger)
    if fmt:
        cfg.set("access_log_format", fmt)
    logger = gunicorn_conf.RedactingLogger(cfg)
    resp = SimpleNamespace(status="200 OK", headers=[("Content-Type", "application/json")], sent=12)
    req = SimpleNamespace(headers=headers)
    base = {"REQUEST_METHOD": "GET", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
            "HTTP_USER_AGENT": "pytest"}
    atoms = logger.atoms_wrapper_class(logger.atoms(resp, req, dict(base, **environ), timedelta(milliseconds=3)))
    return (fmt or cfg.access_log_format) % atoms


def test_gunicorns_access_log_line_has_no_token_in_the_request_referer_or_query():
    environ = {"RAW_URI": "/api/reset-password?token=SECRET1", "PATH_INFO": "/api/reset-password",
               "QUERY_STRING": "token=SECRET1", "HTTP_REFERER": "http://127.0.0.1:8080/reset-password?token=SECRET2"}
    headers = [("REFERER", environ["HTTP_REFERER"]), ("X-ORIGINAL-URI", "/live/u/3?t=SECRET3")]
    line = _access_line(environ, headers)  # gunicorn's default format, as api/gunicorn_conf.py keeps it
    assert '"GET /api/reset-password?[redacted] HTTP/1.1" 200' in line
    assert '"http://127.0.0.1:8080/reset-password?[redacted]"' in line
    every_atom = "%(r)s %(q)s %(U)s %(f)s %({referer}i)s %({x-original-uri}i)s %({raw_uri}e)s %({query_string}e)s"
    line = _access_line(environ, headers, every_atom)
    assert "SECRET" not in line
    assert line.split()[3:5] == ["[redacted]", "/api/reset-password"]  # after the request line: the query, the path


def test_a_calendar_feeds_secret_is_in_no_atom():
    environ = {"RAW_URI": "/api/calendar-feed/ical/FEEDSECRET1.ics",
               "PATH_INFO": "/api/calendar-feed/ical/FEEDSECRET1.ics", "QUERY_STRING": "", "HTTP_REFERER": "https://portal.example/api/calendar-feed/ical/FEEDSECRET2.ics"}
    headers = [("REFERER", environ["HTTP_REFERER"]), ("X-ORIGINAL-URI", "/api/calendar-feed/ical/FEEDSECRET3.ics")]
    line = _access_line(environ, headers)
    assert '"GET /api/calendar-feed/ical/[redacted].ics HTTP/1.1" 200' in line
    every_atom = "%(r)s %(q)s %(U)s %(f)s %({referer}i)s %({x-original-uri}i)s %({raw_uri}e)s %({path_info}e)s"
    assert "SECRET" not in _access_line(environ, headers, every_atom)


def test_gunicorns_debug_line_of_a_request_has_no_feed_secret():
    said = []
    worker = SimpleNamespace(cfg=SimpleNamespace(forwarded_allow_ips=[]), log=SimpleNamespace(
        debug=lambda fmt, *args: said.append(fmt % args)))
    req = SimpleNamespace(peer_addr="", method="GET", path="/api/calendar-feed/ical/FEEDSECRET.ics", headers=[])
    gunicorn_conf.pre_request(worker, req)
    assert said == ["GET /api/calendar-feed/ical/[redacted].ics"]


def test_a_query_without_secrets_is_logged_whole():
    environ = {"RAW_URI": "/api/module/view/5?page=2", "PATH_INFO": "/api/module/view/5", "QUERY_STRING": "page=2"}
    assert _access_line(environ, [], "%(r)s %(q)s") == "GET /api/module/view/5?page=2 HTTP/1.1 page=2"


# --- forwarded headers ------------------------------------------------------------------------------------------

def _request(peer):
    return SimpleNamespace(peer_addr=peer, method="GET", path="/api/health", headers=[
        ("HOST", "portal.example"), ("X-FORWARDED-FOR", "203.0.113.9"), ("X-FORWARDED-PROTO", "https"),
        ("X-FORWARDED-HOST", "evil.example"), ("FORWARDED", "for=203.0.113.9"), ("X-REAL-IP", "203.0.113.9"),
        ("USER-AGENT", "pytest")])


def _worker(allowed):
    return SimpleNamespace(cfg=SimpleNamespace(forwarded_allow_ips=allowed), log=SimpleNamespace(debug=print))


@pytest.mark.parametrize("peer, allowed", [
    (("127.0.0.1", 50000), []),  # serve.sh: nginx comes through the socket, a TCP peer is a client
    (("198.51.100.7", 50000), ["127.0.0.1"]),  # gunicorn's default: only the loopback is a proxy
    (("10.9.0.5", 50000), ["10.0.0.0/24"]),
    (("::ffff:127.0.0.1", 50000, 0, 0), ["127.0.0.1"]),
])
def test_forwarded_headers_of_a_direct_client_are_dropped(peer, allowed):
    req = _request(peer)
    gunicorn_conf.pre_request(_worker(allowed), req)
    assert [name for name, _ in req.headers] == ["HOST", "USER-AGENT"]


@pytest.mark.parametrize("peer, allowed", [
    ("", []),  # a unix socket: its mode (0660) decides who connects
    (b"", []),
    (("127.0.0.1", 50000), ["127.0.0.1"]),
    (("10.0.0.5", 50000), ["10.0.0.0/24"]),
    (("198.51.100.7", 50000), ["*"]),  # the Docker image: only the compose network reaches the API
])
def test_forwarded_headers_of_the_proxy_are_kept(peer, allowed):
    req = _request(peer)
    gunicorn_conf.pre_request(_worker(allowed), req)
    assert len(req.headers) == 7


# --- the outbox ------------------------------------------------------------------------------------------------

def test_outbox_mails_are_the_service_users_alone_whatever_the_umask(app):
    folder = os.path.join(app.config["MAIL_OUTBOX_DIR"], "private-test")
    old = os.umask(0)  # the most open a process could run with
    try:
        with app.test_request_context():
            app.config["MAIL_OUTBOX_DIR"], saved = folder, app.config["MAIL_OUTBOX_DIR"]
            try:
                mail.send("someone@example.org", "Reset", "https://portal.example/reset-password?token=x")
            finally:
                app.config["MAIL_OUTBOX_DIR"] = saved
    finally:
        os.umask(old)
    [path] = glob.glob(os.path.join(folder, "*.eml"))
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert os.stat(folder).st_mode & 0o777 == 0o700
    assert b"reset-password?token=x" in open(path, "rb").read()


# --- where make run counts failed sign-ins ----------------------------------------------------------------------

def test_make_run_counts_sign_ins_in_the_local_redis_when_it_answers():
    storage = _script("ratelimit_storage")
    uri, message = storage.choose({}, probe=lambda: True)
    assert uri == "redis://127.0.0.1:6379/2" and "Redis" in message
    uri, message = storage.choose({"GUNICORN_WORKERS": "3"}, probe=lambda: False)
    assert uri == "memory://" and "each of the 3 gunicorn workers counts failures alone" in message
    # What is set is kept (the app reads RATELIMIT_STORAGE_URI, then REDIS_URL): Redis is not even asked.
    asked = []
    for environ in ({"RATELIMIT_STORAGE_URI": "memory://"}, {"REDIS_URL": "redis://cache:6379/0"}):
        assert storage.choose(environ, probe=lambda: asked.append(1))[0] is None
    assert asked == []


def _fake_server(answer):
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)

    def serve():
        conn, _ = srv.accept()
        with conn:
            conn.recv(64)
            conn.sendall(answer)
        srv.close()

    threading.Thread(target=serve, daemon=True).start()
    return srv.getsockname()


def test_redis_answers_means_a_pong_without_a_password():
    storage = _script("ratelimit_storage")
    assert storage.redis_answers(_fake_server(b"+PONG\r\n"))
    assert not storage.redis_answers(_fake_server(b"-NOAUTH Authentication required.\r\n"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()  # nobody listens there
    assert not storage.redis_answers(closed, timeout=0.2)


def test_serve_sh_exports_the_choice_and_binds_gunicorn_to_its_socket():
    with open(os.path.join(ROOT, "scripts", "serve.sh")) as fh:
        serve = fh.read()
    assert "scripts/ratelimit_storage.py" in serve and 'export RATELIMIT_STORAGE_URI="$limits"' in serve
    assert 'GUNICORN_BIND="unix:$API_SOCKET' in serve and 'NGINX_API_UPSTREAM="unix:$API_SOCKET"' in serve
    assert 'export FORWARDED_ALLOW_IPS=""' in serve and "umask 077" in serve
