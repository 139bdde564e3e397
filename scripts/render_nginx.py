"""Render nginx/nginx.conf.template with ${NGINX_*} values from the environment (defaults for `make run`)."""
import os
import string
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def nchan_redis(url):
    """With Redis, nchan keeps its channels there (every nginx host sees every message); else in nginx's memory."""
    if not url:
        return "# (no REDIS_URL: channels live in this nginx's shared memory)"
    if '"' in url or "\n" in url:
        raise ValueError("REDIS_URL cannot be put in the nginx configuration")
    # An upstream, passed to in each nchan location (nchan_redis_pass is not inherited from http): nchan 1.3 warns
    # at every start that nchan_redis_url and nchan_use_redis are discouraged.
    return f'upstream live_redis {{\n        nchan_redis_server "{url}";\n    }}'


def api_servers(upstream):
    """'server a max_fails=1 fail_timeout=5s;' lines for 'a,b': the API replicas nginx balances."""
    hosts = [h.strip() for h in upstream.split(",") if h.strip()]
    if not hosts or any(c in h for h in hosts for c in ' ;"{}\n'):
        raise ValueError(f"NGINX_API_UPSTREAM must be host:port or unix:PATH[,...], not {upstream!r}")
    return "\n        ".join(f"server {h} max_fails=1 fail_timeout=5s;" for h in hosts)


def user_directive(user):
    """'user NAME [GROUP];' for NGINX_USER: the workers' account when nginx starts as root. serve.sh passes the
    service user (the one that owns the run folder, the uploads and gunicorn's socket); empty: nginx's default."""
    if not user:
        return "# (NGINX_USER unset: when started as root, the workers run as nginx's default user)"
    if not all(part.replace("-", "").replace("_", "").replace(".", "").isalnum() for part in user.split()) \
            or not 1 <= len(user.split()) <= 2:
        raise ValueError(f"NGINX_USER must be 'user' or 'user group', not {user!r}")
    return f"user {user};"


def render(out_path, **values):
    redis_url = os.environ.get("REDIS_URL", "")
    run_dir = values.get("NGINX_RUN_DIR") or os.environ.get("NGINX_RUN_DIR") or os.path.join(ROOT, "instance", "run")
    defaults = {
        "NGINX_RUN_DIR": run_dir,
        "NGINX_ACCESS_LOG": os.path.join(run_dir, "nginx-access.log"),
        "NGINX_LISTEN": "127.0.0.1:8080",
        "NGINX_SERVER_NAMES": "_",
        "NGINX_API_UPSTREAM": "127.0.0.1:8001",
        "NGINX_WEB_ROOT": os.path.join(ROOT, "webapp", "dist"),
        "NGINX_CONF_DIR": os.path.join(ROOT, "nginx"),
        "NGINX_UPLOAD_DIR": os.environ.get("UPLOAD_DIR") or os.path.join(ROOT, "instance", "uploads"),
        "NGINX_MAX_BODY_MB": os.environ.get("MAX_UPLOAD_MB", "25"),
        "NGINX_NCHAN_MODULE": "/usr/lib/nginx/modules/ngx_nchan_module.so",
        "NGINX_PUBLISH_LISTEN": "unix:" + os.path.join(run_dir, "nchan.sock"),
        "NGINX_LIVE_SESSION_SECONDS": os.environ.get("LIVE_SESSION_SECONDS", "600"),
        "NGINX_NCHAN_REDIS": nchan_redis(redis_url),
        "NGINX_NCHAN_REDIS_PASS": "nchan_redis_pass live_redis;" if redis_url else "",
        "NGINX_USER": "",
    }
    for key in defaults:
        if os.environ.get(key):
            defaults[key] = os.environ[key]
    defaults.update({k: v for k, v in values.items() if v})
    defaults["NGINX_API_SERVERS"] = api_servers(defaults["NGINX_API_UPSTREAM"])
    defaults["NGINX_USER"] = user_directive(defaults["NGINX_USER"])
    for sub in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(defaults["NGINX_RUN_DIR"], sub), exist_ok=True)
    with open(os.path.join(ROOT, "nginx", "nginx.conf.template")) as fh:
        text = string.Template(fh.read()).safe_substitute(defaults)
    with open(out_path, "w") as fh:
        fh.write(text)
    return out_path


if __name__ == "__main__":
    print(render(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "instance", "run", "nginx.conf")))
