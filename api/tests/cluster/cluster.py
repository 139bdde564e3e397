"""Two API replicas, a Huey consumer, two nginx hosts, PostgreSQL, Redis and moto's S3 server, all on this machine
(free ports, a database and a Redis database of their own), for api/tests/cluster.

    c = Cluster(workdir).start()
    c.replica[0].url("/api/health")       # each replica directly
    c.nginx_url(0, "/api/health")          # nginx 0 balances both replicas; nginx 1 fronts replica 1 alone
    c.kill_replica(0)                      # SIGKILL the replica's master and workers
    c.flask("vault-gc")                    # a CLI command with the cluster's settings
    c.stop()
"""
import os
import secrets
import signal
import subprocess
import time
import uuid

import requests

from ..live.livestack import BIN, PYTHON, ROOT, LiveStack, create_pg_database, drop_pg_database, free_port, \
    pg_server_url

BUCKET = "portal-cluster"


def _wait(url, timeout=40, proc=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            if requests.get(url, timeout=2).status_code < 500:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout}s")


class Replica(LiveStack):
    """A LiveStack on the cluster's shared database and settings (it makes no database of its own)."""

    def __init__(self, cluster, n):
        self.cluster, self.n = cluster, n
        super().__init__("sqlite", os.path.join(cluster.workdir, f"replica{n}"), workers=2, threads=4)
        self.database_url = cluster.database_url
        self.db_name = None

    def env(self):
        env = super().env()
        env.update(self.cluster.shared_env())
        return env

    def close(self):
        self.stop("kill")


class Cluster:
    def __init__(self, workdir):
        self.workdir = str(workdir)
        self.pg_server = pg_server_url()
        self.db_name = f"portal_cluster_{uuid.uuid4().hex[:8]}"
        self.database_url = f"{self.pg_server}/{self.db_name}"
        self.redis_db = 9
        self.redis_url = f"redis://127.0.0.1:6379/{self.redis_db}"
        self.s3_port = free_port()
        self.prefix = f"c{uuid.uuid4().hex[:8]}"
        self.secret_key = secrets.token_urlsafe(48)
        self.procs = []
        self.nginx = []
        self.replica = []

    def shared_env(self):
        return {
            "DATABASE_URL": self.database_url, "REDIS_URL": self.redis_url,
            "RATELIMIT_STORAGE_URI": self.redis_url, "RATELIMIT_ENABLED": "1",
            "STORAGE_URL": f"s3://{BUCKET}/{self.prefix}", "S3_ENDPOINT_URL": f"http://127.0.0.1:{self.s3_port}",
            "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1",
            "LIVE_PUBLISH_URL": f"unix:{self._run_dir(0)}/nchan.sock",
            "HUEY_IMMEDIATE": "0",
            # One key for every host, as docs/scaling.md asks (each host's instance folder would make its own).
            "SECRET_KEY": self.secret_key,
        }

    def _run_dir(self, n):
        return os.path.join(self.workdir, f"nginx{n}")

    def _env(self):
        env = dict(os.environ)
        env.pop("TEST_DATABASE_URL", None)
        env.update(self.shared_env(), PYTHONPATH=ROOT, PYTHONDONTWRITEBYTECODE="1",
                   INSTANCE_DIR=os.path.join(self.workdir, "instance"),
                   MAIL_OUTBOX_DIR=os.path.join(self.workdir, "outbox"))
        return env

    def flask(self, *args, timeout=300):
        out = subprocess.run([os.path.join(BIN, "flask"), "--app", "api", *args], cwd=ROOT, env=self._env(),
                             capture_output=True, text=True, timeout=timeout)
        if out.returncode != 0:
            raise RuntimeError(f"flask {' '.join(args)} failed:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
        return out.stdout

    def _spawn(self, args, log):
        fh = open(os.path.join(self.workdir, log), "ab")
        proc = subprocess.Popen(args, cwd=ROOT, env=self._env(), stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)
        fh.close()
        self.procs.append(proc)
        return proc

    def start(self):
        try:
            return self._start()
        except BaseException:
            self.stop()  # a start that fails half-way leaves no server behind
            raise

    def _start(self):
        os.makedirs(self.workdir, exist_ok=True)
        import redis
        redis.Redis.from_url(self.redis_url).flushdb()
        moto = self._spawn([os.path.join(BIN, "moto_server"), "-H", "127.0.0.1", "-p", str(self.s3_port)], "moto.log")
        _wait(f"http://127.0.0.1:{self.s3_port}", proc=moto)
        import boto3
        s3 = boto3.client("s3", endpoint_url=f"http://127.0.0.1:{self.s3_port}", region_name="us-east-1",
                          aws_access_key_id="testing", aws_secret_access_key="testing")
        s3.create_bucket(Bucket=BUCKET)
        create_pg_database(self.pg_server, self.db_name)
        self.flask("db", "upgrade")
        self.flask("seed-demo")
        self.replica = [Replica(self, n) for n in range(2)]
        for r in self.replica:
            r.start()
        self._spawn([os.path.join(BIN, "huey_consumer"), "api.tasks.huey", "-k", "thread", "-w", "2", "-m", "0.2", "-q"],
                    "huey.log")
        ports = [r.port for r in self.replica]
        upstreams = [",".join(f"127.0.0.1:{p}" for p in ports), f"127.0.0.1:{ports[1]}"]
        for n, upstream in enumerate(upstreams):
            self._start_nginx(n, upstream)
        return self

    def _start_nginx(self, n, upstream):
        run = self._run_dir(n)
        os.makedirs(run, exist_ok=True)
        port = free_port()
        conf = os.path.join(run, "nginx.conf")
        env = dict(self._env(), NGINX_RUN_DIR=run, NGINX_LISTEN=f"127.0.0.1:{port}", NGINX_API_UPSTREAM=upstream,
                   NGINX_PUBLISH_LISTEN=f"unix:{run}/nchan.sock", NGINX_UPLOAD_DIR=os.path.join(self.workdir, "none"))
        subprocess.run([PYTHON, "scripts/render_nginx.py", conf], cwd=ROOT, env=env, check=True, capture_output=True)
        exe = "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else "nginx"
        proc = self._spawn([exe, "-e", os.path.join(run, "error.log"), "-c", conf, "-g", "daemon off;"], f"nginx{n}.log")
        _wait(f"http://127.0.0.1:{port}/api/health", proc=proc)
        self.nginx.append(port)

    def nginx_url(self, n, path):
        return f"http://127.0.0.1:{self.nginx[n]}{path}"

    def kill_replica(self, n):
        self.replica[n].stop("kill")

    def stop(self):
        for r in self.replica:
            r.stop("kill")
        for proc in self.procs:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(10)
        try:
            drop_pg_database(self.pg_server, self.db_name)
        except Exception:  # noqa: BLE001 - a database left behind is dropped by the next run's DROP IF EXISTS
            pass
