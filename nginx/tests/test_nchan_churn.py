"""nchan under churn, with channels in nginx's memory and in Redis: subscribers that come and go (some before the
API has answered whether they may in, some refused), while the API publishes to each listener's own channel.
Debian's nchan 1.3.6 crashed nginx workers (signal 11, and 'tried adding WAITING chanhead ... to chanhead_gc.
why?') dozens of times in 20 s of this when nchan asked the API itself (`nchan_authorize_request`); with channels
in Redis it also failed an assertion (spool_fetch_msg, nchan issue #676) on about one channel delete in a hundred,
when the API deleted a shared channel to close out a listener who lost the right. The template asks with nginx's
`auth_request` and the API never deletes a channel: no worker may die.

The real template is rendered; a small threaded server stands in for the API's `live/authorize`."""
import asyncio
import contextlib
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import render_nginx  # noqa: E402

CHANNELS = 10
SECONDS = 10
REDIS = "redis://127.0.0.1:6379/11"  # the cluster suite has 9


class Authorizer(BaseHTTPRequestHandler):
    """The API's answer, after a little thought: yes with the listener's own channel (one of 3 users), or (one time
    in ten) no."""

    def do_GET(self):
        time.sleep(random.random() * 0.05)
        refused = random.random() < 0.1
        self.send_response(403 if refused else 200)
        if not refused:
            kind, number = self.headers["X-Original-URI"].split("?")[0].split("/")[2:4]
            self.send_header("X-Live-Channel", f"u{number}" if kind == "u" else f"m{number}u{random.randint(1, 3)}")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_reachable():
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextlib.contextmanager
def serving(tmp_path, api_port):
    """nginx of the real template, its API at 127.0.0.1:`api_port`: {port, publish, error_log, access_log}."""
    os.chmod(tmp_path, 0o755)
    port = free_port()
    conf = render_nginx.render(str(tmp_path / "nginx.conf"), NGINX_RUN_DIR=str(tmp_path),
                               NGINX_LISTEN=f"127.0.0.1:{port}", NGINX_API_UPSTREAM=f"127.0.0.1:{api_port}",
                               NGINX_ACCESS_LOG=str(tmp_path / "access.log"))
    binary = "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else "nginx"
    error_log = tmp_path / "nginx-error.log"
    proc = subprocess.Popen([binary, "-e", str(error_log), "-c", conf, "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(100):
        if os.path.exists(tmp_path / "nchan.sock"):
            break
        time.sleep(0.05)
    try:
        yield {"port": port, "publish": str(tmp_path / "nchan.sock"), "error_log": error_log,
               "access_log": tmp_path / "access.log"}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


@pytest.fixture(params=["memory", "redis"])
def nginx(request, tmp_path, monkeypatch):
    if request.param == "redis":
        if not redis_reachable():
            pytest.skip("no Redis on 127.0.0.1:6379")
        monkeypatch.setenv("REDIS_URL", REDIS)
        import redis
        redis.Redis.from_url(REDIS).flushdb()
    else:
        monkeypatch.delenv("REDIS_URL", raising=False)
    api = ThreadingHTTPServer(("127.0.0.1", 0), Authorizer)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    with serving(tmp_path, api.server_port) as site:
        yield {**site, "redis": request.param == "redis"}
    api.shutdown()


async def _subscriber(port, until, counts):
    while time.monotonic() < until:
        channel = f"{random.choice('mu')}/{random.randint(1, CHANNELS)}"
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /live/{channel}?t=x HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            if random.random() < 0.3:
                await asyncio.sleep(random.random() * 0.03)  # gone while the API is still answering
            else:
                try:
                    head = await asyncio.wait_for(reader.read(4096), timeout=random.random() * 2)
                    status = head[9:12].decode() or "closed"
                    counts[status] = counts.get(status, 0) + 1
                    await asyncio.sleep(random.random())
                except asyncio.TimeoutError:
                    pass
            writer.transport.abort() if random.random() < 0.5 else writer.close()
        except OSError:
            await asyncio.sleep(0.05)


async def _publisher(path, until, counts):
    body = b'{"kind": "comment.add"}'
    while time.monotonic() < until:
        number = random.randint(1, CHANNELS)
        channel = f"u{number}" if random.random() < 0.5 else f"m{number}u{random.randint(1, 3)}"
        try:
            reader, writer = await asyncio.open_unix_connection(path)
            writer.write(f"POST /pub/{channel} HTTP/1.1\r\nHost: x\r\n"
                         f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
            await writer.drain()
            await reader.read()
            writer.close()
            counts["published"] = counts.get("published", 0) + 1
        except OSError:
            pass
        await asyncio.sleep(random.random() * 0.02)


async def _churn(site, seconds):
    until = time.monotonic() + seconds
    counts = {}
    await asyncio.gather(*[_subscriber(site["port"], until, counts) for _ in range(60)],
                         *[_publisher(site["publish"], until, counts) for _ in range(4)])
    return counts


def test_no_worker_dies_while_subscribers_come_and_go(nginx):
    random.seed(20261127)
    counts = asyncio.run(_churn(nginx, SECONDS))
    errors = nginx["error_log"].read_text()
    crashes = re.findall(r".*exited on signal.*", errors)
    assert not crashes, f"{len(crashes)} nginx workers died: {crashes[:3]}"
    assert "why?" not in errors, [line for line in errors.splitlines() if "why?" in line][:3]
    # The churn was real: streams were let in and refused, messages went out.
    assert counts.get("200", 0) > 200 and counts.get("403", 0) > 10 and counts.get("published", 0) > 500, counts
    # Each stream ended as let in, refused or gone (499): never a 5xx.
    statuses = re.findall(r'"GET /live/[mu]/\d+\?t=x HTTP/1.1" (\d{3})', nginx["access_log"].read_text())
    assert set(statuses) <= {"200", "403", "499"}, sorted(set(statuses))
    if nginx["redis"]:  # the channels were in Redis indeed, not in this nginx's memory
        import redis
        assert any(b"channel:" in k for k in redis.Redis.from_url(REDIS).keys("*"))


def _publish(path, channel):
    """POST a hint to nchan's publisher socket as the API does (Accept: text/json): the answer's body."""
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(path)
        body = b'{"kind": "comment.add"}'
        s.sendall(f"POST /pub/{channel} HTTP/1.1\r\nHost: x\r\nAccept: text/json\r\nContent-Length: {len(body)}\r\n"
                  f"Connection: close\r\n\r\n".encode() + body)
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    return answer.split(b"\r\n\r\n", 1)[1]


def test_a_publish_says_how_many_streams_listen(nginx):
    """The API forgets a listener whose page closed by what nchan answers a publish (`subscribers`,
    services/events/live.py): 1 while the stream is open, 0 once it closed, with channels in memory or in Redis
    (where it counts every nginx's streams)."""
    sys.path.insert(0, ROOT)
    from api.services.events.live import _subscribers

    def listening():  # the fake API puts the stream on one of three listeners' channels of module 7
        return sum(_subscribers(_publish(nginx["publish"], f"m7u{u}")) for u in (1, 2, 3))
    assert listening() == 0
    stream = socket.create_connection(("127.0.0.1", nginx["port"]))
    for _ in range(20):  # the fake API refuses one time in ten
        stream.sendall(b"GET /live/m/7?t=x HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        if stream.recv(4096).startswith(b"HTTP/1.1 200"):
            break
        stream.close()
        stream = socket.create_connection(("127.0.0.1", nginx["port"]))
    time.sleep(0.2)
    assert listening() == 1
    stream.close()
    time.sleep(0.5)
    assert listening() == 0


def test_a_stream_asked_for_while_the_api_is_down_is_told_to_come_back(tmp_path, monkeypatch):
    """auth_request answers 500 when its question gets no answer: the template says 503 with Retry-After instead
    (the page's stream tries again with a new ticket, lib/live.js)."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    with serving(tmp_path, free_port()) as site:  # nothing listens on the API's port
        with socket.create_connection(("127.0.0.1", site["port"])) as stream:
            stream.sendall(b"GET /live/m/7?t=x HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                           b"Connection: close\r\n\r\n")
            answer = b""
            while chunk := stream.recv(4096):
                answer += chunk
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 503"), head
    assert b"\r\nRetry-After: 5" in head and b"\r\nX-Content-Type-Options: nosniff" in head
    assert b"application/json" in head and b"Live updates are unavailable for a moment" in body
