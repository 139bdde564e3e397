"""The preview pane: how a file is shown, the headers of an inline preview, and privacy-enhanced video embeds."""
import os
import re
from urllib.parse import parse_qs, urlsplit

from ..storage import content_disposition

# Never rendered inline, whatever else the name or type says: they can carry script (download only).
NEVER_EXT = {"svg", "svgz", "html", "htm", "xhtml", "xht", "shtml", "mht", "mhtml", "xml", "xsl", "xslt"}
NEVER_MIME = {"image/svg+xml", "text/html", "application/xhtml+xml", "text/xml", "application/xml", "text/xsl",
              "application/xslt+xml", "message/rfc822", "multipart/related"}
IMAGE = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "gif": "image/gif",
         "webp": "image/webp", "bmp": "image/bmp"}
TEXT = {"txt", "text", "md", "markdown", "csv", "tsv", "json", "jsonl", "ndjson", "log", "ini", "cfg", "conf",
        "toml", "yaml", "yml", "rst", "diff", "patch", "sql", "py", "js", "ts", "css", "sh"}
TEXT_MIME = {"application/json", "application/x-ndjson", "application/yaml", "application/toml", "application/sql"}
OFFICE = {"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
          "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          "odt": "application/vnd.oasis.opendocument.text",
          "ods": "application/vnd.oasis.opendocument.spreadsheet",
          "odp": "application/vnd.oasis.opendocument.presentation"}

# Images and text: nothing loads but the file itself (and data: images), no script, and `sandbox` (without
# allow-scripts or allow-same-origin) makes the document an opaque origin that can run nothing.
CSP_SANDBOXED = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"
# PDFs: no `sandbox` here. Browsers' PDF viewers have refused to start in sandboxed documents (crbug.com/413851,
# crbug.com/41131921; PrivateBin's CSP notes say the same of Firefox's pdf.js). Checked here with Chromium 156
# (headless, Playwright): this policy renders the PDF, framed and top-level; an <iframe sandbox> attribute, with any
# tokens, still blocks it (the webapp must frame PDFs without one); 156 itself also tolerated a `sandbox` CSP,
# older Chromium and Firefox are the reason it stays out. Script is kept out anyway:
# - script-src 'none' (and default-src 'none'): the page hosting the viewer runs no script; a PDF's own
#   JavaScript runs only inside the browser's isolated viewer, with no access to this origin's DOM or cookies;
# - object-src 'self', frame-src 'self': older Chromium shows the PDF through an <embed>/inner frame of this same
#   URL (crbug.com/271452); they admit only this origin's plugin content, which runs no script here;
# - style-src 'unsafe-inline': the viewer page's inline styles (crbug.com/343754409); styles run no code;
# - Content-Type application/pdf + nosniff: the bytes can only be shown as a PDF, never as a page.
CSP_PDF = ("default-src 'none'; script-src 'none'; object-src 'self'; frame-src 'self'; img-src 'self' data:; "
           "style-src 'unsafe-inline'")
CSP_ATTACHMENT = "sandbox; default-src 'none'"

_YOUTUBE_HOSTS = {"youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"}
_VIMEO_HOSTS = {"vimeo.com", "www.vimeo.com"}
_YOUTUBE_ID = re.compile(r"[A-Za-z0-9_-]{11}")
_YOUTUBE_PATH = re.compile(r"/(?:shorts|embed|live|v)/([A-Za-z0-9_-]{11})/?")
_VIMEO_PATH = re.compile(r"/(?:video/)?([0-9]{1,12})(?:/([0-9a-f]{6,20}))?/?")


def _ext(filename):
    return os.path.splitext(filename or "")[1].lower().lstrip(".")


def _mime(mime):
    return (mime or "").split(";")[0].strip().lower()


def never_inline(filename, mime):
    """True for SVG, HTML and their kin, by name or by type: download only."""
    mime = _mime(mime)
    return _ext(filename) in NEVER_EXT or mime in NEVER_MIME or mime.endswith("+xml")


def mode(filename, mime):
    """How the preview pane shows the file: 'image', 'pdf', 'text', 'office' (its extracted text) or 'none'.
    The extension decides when it is known; SVG and HTML are always 'none'."""
    if never_inline(filename, mime):
        return "none"
    ext, mime = _ext(filename), _mime(mime)
    if ext in IMAGE or (not ext and mime in IMAGE.values()):
        return "image"
    if ext == "pdf" or (not ext and mime == "application/pdf"):
        return "pdf"
    if ext in TEXT or (not ext and (mime.startswith("text/") or mime in TEXT_MIME)):
        return "text"
    if ext in OFFICE or (not ext and mime in OFFICE.values()):
        return "office"
    return "none"


def content_type(mode_, filename="", mime=None):
    """The Content-Type an inline preview is served with: fixed by the mode, never the uploader's claim."""
    if mode_ == "text":
        return "text/plain; charset=utf-8"
    if mode_ == "pdf":
        return "application/pdf"
    if mode_ == "image":
        return IMAGE.get(_ext(filename)) or (_mime(mime) if _mime(mime) in IMAGE.values() else None)
    return None


def headers(mode_, filename="download", mime=None, *, frame_ancestors="'self'"):
    """Response headers for serving the file itself in the preview pane. Inline (with its fixed Content-Type)
    only for 'image', 'pdf' and 'text'; anything else ('office' files themselves, 'none': SVG, HTML, unknown)
    is an attachment of type application/octet-stream. `frame_ancestors`: who may frame the preview."""
    kind = content_type(mode_, filename, mime)
    common = {"X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store",
              "Referrer-Policy": "no-referrer", "Cross-Origin-Resource-Policy": "same-site"}
    if kind is None:
        return {**common, "Content-Type": "application/octet-stream", "Content-Security-Policy": CSP_ATTACHMENT,
                "Content-Disposition": content_disposition(filename, attachment=True)}
    csp = CSP_PDF if mode_ == "pdf" else CSP_SANDBOXED
    return {**common, "Content-Type": kind, "Content-Security-Policy": f"{csp}; frame-ancestors {frame_ancestors}",
            "Content-Disposition": content_disposition(filename, attachment=False)}


def embed(url):
    """{'provider', 'id', 'url'} for a YouTube or Vimeo link, the URL on the provider's privacy-enhanced host;
    None for anything else. Only a strictly validated id goes into the embed URL."""
    url = (url or "").strip()
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if (parts.scheme not in ("http", "https") or port not in (None, 80, 443) or parts.username is not None
            or re.search(r"[\s\\]", url)):
        return None
    host = (parts.hostname or "").lower()
    if host in _YOUTUBE_HOSTS or host == "youtu.be":
        return _youtube(host, parts)
    if host in _VIMEO_HOSTS or host == "player.vimeo.com":
        return _vimeo(parts)
    return None


def _youtube(host, parts):
    if host == "youtu.be":
        found = re.fullmatch(r"/([A-Za-z0-9_-]{11})/?", parts.path)
        video = found and found.group(1)
    elif parts.path in ("/watch", "/watch/"):
        values = parse_qs(parts.query).get("v") or [""]
        video = values[0] if _YOUTUBE_ID.fullmatch(values[0]) else None
    else:
        found = _YOUTUBE_PATH.fullmatch(parts.path)
        video = found and found.group(1)
    if not video:
        return None
    return {"provider": "youtube", "id": video, "url": f"https://www.youtube-nocookie.com/embed/{video}"}


def _vimeo(parts):
    found = _VIMEO_PATH.fullmatch(parts.path)
    if not found:
        return None
    video, secret = found.groups()
    query = f"h={secret}&dnt=1" if secret else "dnt=1"
    return {"provider": "vimeo", "id": video, "url": f"https://player.vimeo.com/video/{video}?{query}"}
