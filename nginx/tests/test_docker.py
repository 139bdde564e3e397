"""No Docker engine runs here: check what can be checked of docker/ — the compose file parses and wires
the five services, and the images run the same commands and files as `make run`."""
import os
import re

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read(*parts):
    with open(os.path.join(ROOT, *parts)) as fh:
        return fh.read()


def test_compose_parses_and_wires_services():
    compose = yaml.safe_load(read("docker", "compose.yml"))
    services = compose["services"]
    assert set(services) == {"db", "redis", "minio", "bucket", "api", "worker", "nginx"}
    api_env = services["api"]["environment"]
    assert api_env["DATABASE_URL"].startswith("postgresql+psycopg://")
    assert api_env["REDIS_URL"].startswith("redis://redis")  # sign-in limits, queue and channels shared
    assert api_env["TRUSTED_PROXIES"] == "1"  # nginx in front
    assert "SECRET_KEY" in api_env
    # Stateless replicas: the files are in the bucket, no process keeps an upload folder.
    assert api_env["STORAGE_URL"].startswith("s3://") and api_env["S3_ENDPOINT_URL"] == "${S3_ENDPOINT_URL:-http://minio:9000}"
    assert services["api"]["deploy"]["replicas"] >= 2
    assert {"pgdata", "objects"} == set(compose["volumes"])
    assert not any("volumes" in services[name] for name in ("api", "worker", "nginx"))
    assert "mc version enable" in services["bucket"]["entrypoint"][-1]  # the bucket keeps old versions
    for name in ("db", "redis", "minio", "nginx"):
        assert "healthcheck" in services[name], name
    for name in ("api", "worker", "nginx"):
        dockerfile = services[name]["build"]["dockerfile"]
        assert os.path.exists(os.path.join(ROOT, dockerfile))


def test_worker_runs_the_consumer_make_run_runs_with_the_apis_settings():
    compose = yaml.safe_load(read("docker", "compose.yml"))
    services = compose["services"]
    worker, api = services["worker"], services["api"]
    assert worker["build"] == api["build"]
    assert worker["command"][:2] == ["huey_consumer", "api.tasks.huey"]
    assert "huey_consumer api.tasks.huey" in read("scripts", "serve.sh")
    for key in ("DATABASE_URL", "SECRET_KEY", "REDIS_URL", "PUBLIC_URL", "MAIL_SERVER", "LIVE_PUBLISH_URL"):
        assert worker["environment"][key] == api["environment"][key], key
    assert api["environment"]["LIVE_PUBLISH_URL"] == "http://nginx:8081"
    # nchan's publisher port stays inside the compose network; nchan shares its channels through Redis.
    assert all("8081" not in p for p in services["nginx"]["ports"])
    assert services["nginx"]["environment"]["REDIS_URL"].startswith("redis://redis")
    dockerfile = read("docker", "nginx.Dockerfile")
    assert "libnginx-mod-nchan" in dockerfile and "NGINX_PUBLISH_LISTEN=8081" in dockerfile
    assert "COPY nginx/hosts.json" in read("docker", "api.Dockerfile")


def test_api_image_runs_what_make_run_runs():
    dockerfile = read("docker", "api.Dockerfile")
    serve = read("scripts", "serve.sh")
    makefile = read("Makefile")
    assert "gunicorn -c api/gunicorn_conf.py api.wsgi:app" in dockerfile
    assert "gunicorn -c api/gunicorn_conf.py api.wsgi:app" in serve
    assert "flask --app api db upgrade" in dockerfile
    assert re.search(r"\$\(FLASK\) db upgrade", makefile)
    assert "ACCEL_REDIRECT_PREFIX=/protected-files/" in dockerfile


def test_nginx_image_renders_the_one_template():
    dockerfile = read("docker", "nginx.Dockerfile")
    assert "COPY nginx /etc/portal/nginx" in dockerfile
    assert "render_nginx.py" in dockerfile and "render_nginx.py" in read("scripts", "serve.sh")
    assert "npm ci" in dockerfile and "npm run build" in dockerfile
    template = read("nginx", "nginx.conf.template")
    rendered = {"NGINX_API_UPSTREAM": "NGINX_API_SERVERS"}  # render_nginx.py turns the list into server lines
    for var in re.findall(r"ENV ([^\n]+(?:\\\n[^\n]+)*)", dockerfile):
        for key in re.findall(r"(NGINX_\w+)=", var):
            assert "${" + rendered.get(key, key) + "}" in template, key
