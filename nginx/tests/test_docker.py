"""No Docker engine runs here: check what can be checked of docker/ — the compose file parses and wires
the four services, and the images run the same commands and files as `make run`."""
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
    assert set(services) == {"db", "redis", "api", "nginx"}
    api_env = services["api"]["environment"]
    assert api_env["DATABASE_URL"].startswith("postgresql+psycopg://")
    assert api_env["RATELIMIT_STORAGE_URI"].startswith("redis://redis")
    assert "SECRET_KEY" in api_env
    assert {"pgdata", "uploads"} <= set(compose["volumes"])
    assert any(v.startswith("uploads:") for v in services["api"]["volumes"])
    assert any(v.startswith("uploads:") for v in services["nginx"]["volumes"])
    for name in ("api", "nginx"):
        dockerfile = services[name]["build"]["dockerfile"]
        assert os.path.exists(os.path.join(ROOT, dockerfile))


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
    for var in re.findall(r"ENV ([^\n]+(?:\\\n[^\n]+)*)", dockerfile):
        for key in re.findall(r"(NGINX_\w+)=", var):
            assert "${" + key + "}" in template, key
