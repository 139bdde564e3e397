"""The host/brand table (nginx/hosts.json, the file the SPA and nginx read too): which brand a host name wears, and
per brand its name, title and public URL, the base of every link a mail of that brand carries. Mails never build
links from a request's Host header; a brand without a public URL falls back to PUBLIC_URL."""
import json
import os
import re

from flask import current_app

from .config import ROOT

_CACHE = {}
DEFAULT_BRAND = "consortium"


def table():
    path = current_app.config.get("HOSTS_FILE") or os.path.join(ROOT, "nginx", "hosts.json")
    try:
        stamp = os.stat(path).st_mtime
    except OSError:
        return {"hosts": [], "default": {"brand": DEFAULT_BRAND}, "brands": {}}
    cached = _CACHE.get(path)
    if cached is None or cached[0] != stamp:
        with open(path) as fh:
            cached = _CACHE[path] = (stamp, json.load(fh))
    return cached[1]


def brand_of_host(host):
    """The brand of a host name (first match wins, as in the SPA); the default one for anything else."""
    name = (host or "").split(":")[0].strip("[]") if host and not host.startswith("[") else (host or "")
    t = table()
    for entry in t.get("hosts", []):
        try:
            if re.search(entry["match"], name, re.IGNORECASE):
                return entry["brand"]
        except (re.error, KeyError, TypeError):
            continue
    return (t.get("default") or {}).get("brand", DEFAULT_BRAND)


def brand(key):
    """{key, name, title, publicUrl, language} of a brand; an unknown one is the default brand."""
    brands = table().get("brands") or {}
    if key not in brands:
        key = (table().get("default") or {}).get("brand", DEFAULT_BRAND)
    b = brands.get(key) or {}
    url = (b.get("publicUrl") or current_app.config["PUBLIC_URL"]).rstrip("/")
    return {"key": key, "name": b.get("name") or key, "title": b.get("title") or b.get("name") or key, "publicUrl": url,
            "language": b.get("language") or "en"}
