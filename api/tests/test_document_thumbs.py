"""Thumbnails (made in a bounded child process) and the preview pane's modes, headers and video embeds."""
import io
import struct
import zlib

import pytest
from PIL import Image

from api.services.documents import preview, thumbs


def _opened(data):
    im = Image.open(io.BytesIO(data))
    im.load()
    assert max(im.size) <= thumbs.THUMB
    return im


def _pdf(path):
    from fpdf import FPDF
    doc = FPDF()
    doc.add_page()
    doc.set_font("helvetica", size=24)
    doc.cell(text="First page")
    doc.output(str(path))
    return path


def _png_header(width, height):
    """A PNG that declares width x height and holds no pixels."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


# ---- thumbnails ------------------------------------------------------------------------------------------------

def test_png_thumbnail(tmp_path):
    path = tmp_path / "wide.png"
    Image.new("RGB", (800, 400), "navy").save(path)
    im = _opened(thumbs.make(path, "wide.png", "image/png"))
    assert im.size == (320, 160)


def test_jpeg_exif_orientation_applied(tmp_path):
    path = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # stored landscape, shown rotated a quarter turn: portrait
    Image.new("RGB", (640, 320), "red").save(path, exif=exif)
    im = _opened(thumbs.make(path, "photo.jpg", "image/jpeg"))
    assert im.height == 320 and im.width < im.height


def test_gif_first_frame(tmp_path):
    path = tmp_path / "anim.gif"
    frames = [Image.new("P", (500, 500), i) for i in (1, 2)]
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=100)
    assert _opened(thumbs.make(path, "anim.gif", "image/gif")).size == (320, 320)


def test_pdf_first_page(tmp_path):
    path = _pdf(tmp_path / "doc.pdf")
    im = _opened(thumbs.make(path, "doc.pdf", "application/pdf"))
    assert im.height == 320 and im.width < 320  # A4 portrait


@pytest.mark.parametrize("name,mime,body", [
    ("logo.svg", "image/svg+xml", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ("logo.png", "image/svg+xml", b"<svg/>"),
    ("page.html", "text/html", b"<script>alert(1)</script>"),
    ("bundle.zip", "application/zip", b"PK\x05\x06" + b"\0" * 18),
])
def test_no_thumbnail_for_other_files(tmp_path, name, mime, body):
    path = tmp_path / name
    path.write_bytes(body)
    assert thumbs.make(path, name, mime) is None


def test_decompression_bomb_refused(tmp_path):
    path = tmp_path / "bomb.png"
    path.write_bytes(_png_header(100_000, 100_000))
    with pytest.raises(thumbs.ThumbError, match="too large"):
        thumbs.make(path, "bomb.png", "image/png")


def test_pixel_limit_is_the_callers(tmp_path):
    path = tmp_path / "big.png"
    Image.new("RGB", (200, 200)).save(path)
    with pytest.raises(thumbs.ThumbError, match="too large"):
        thumbs.make(path, "big.png", "image/png", max_pixels=10_000)


def test_corrupt_files_raise(tmp_path):
    pdf = tmp_path / "broken.pdf"
    pdf.write_bytes(b"%PDF-1.7\n1 0 obj <<< garbage\n%%EOF")
    with pytest.raises(thumbs.ThumbError, match="PDF"):
        thumbs.make(pdf, "broken.pdf", "application/pdf")
    fake = tmp_path / "fake.png"
    fake.write_text("not an image at all")
    with pytest.raises(thumbs.ThumbError, match="could not be read"):
        thumbs.make(fake, "fake.png", "image/png")


def test_time_limit_kills_the_child_and_the_next_call_works(tmp_path, monkeypatch):
    path = tmp_path / "slow.png"
    Image.new("RGB", (64, 64)).save(path)
    monkeypatch.setattr(thumbs, "_DELAY", 60.0)  # the child sleeps far past its limit
    with pytest.raises(thumbs.ThumbError, match="too long"):
        thumbs.make(path, "slow.png", "image/png", seconds=1)
    monkeypatch.setattr(thumbs, "_DELAY", 0.0)
    assert _opened(thumbs.make(path, "slow.png", "image/png")).size == (64, 64)


def test_child_limits_its_memory(monkeypatch):
    calls = {}
    import resource
    monkeypatch.setattr(resource, "setrlimit", lambda what, value: calls.__setitem__(what, value))
    thumbs._limit(5)
    assert calls[resource.RLIMIT_AS][0] <= thumbs.MEMORY
    assert calls[resource.RLIMIT_CPU][0] <= 6


# ---- preview pane ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,mime,expected", [
    ("a.png", "image/png", "image"), ("a.JPG", "image/jpeg", "image"), ("a.gif", "", "image"),
    ("a.webp", None, "image"), ("a.bmp", "image/bmp", "image"), ("scan", "image/png", "image"),
    ("a.pdf", "application/pdf", "pdf"), ("noext", "application/pdf", "pdf"),
    ("notes.txt", "text/plain", "text"), ("README.md", "", "text"), ("data.csv", "text/csv", "text"),
    ("data.json", "application/json", "text"), ("app.log", None, "text"),
    ("a.docx", "", "office"), ("a.xlsx", "", "office"), ("a.pptx", "", "office"),
    ("a.odt", "", "office"), ("a.ods", "", "office"), ("a.odp", "", "office"),
    ("a.svg", "image/svg+xml", "none"), ("a.png", "image/svg+xml", "none"), ("a.svgz", "", "none"),
    ("a.html", "text/html", "none"), ("a.htm", "", "none"), ("a.txt", "text/html", "none"),
    ("a.xhtml", "application/xhtml+xml", "none"), ("noext", "text/html; charset=utf-8", "none"),
    ("a.tiff", "image/tiff", "none"), ("a.zip", "application/zip", "none"), ("a.exe", "", "none"),
])
def test_mode(name, mime, expected):
    assert preview.mode(name, mime) == expected


def _directives(csp):
    return {part.split()[0]: part.split()[1:] for part in (p.strip() for p in csp.split(";")) if part}


@pytest.mark.parametrize("mode_", ["image", "pdf", "text", "office", "none"])
def test_headers_never_allow_script(mode_):
    h = preview.headers(mode_, "file.bin")
    assert h["X-Content-Type-Options"] == "nosniff"
    assert h["Cache-Control"] == "private, no-store"
    csp = _directives(h["Content-Security-Policy"])
    assert csp["default-src"] == ["'none'"]
    assert csp.get("script-src", ["'none'"]) == ["'none'"]
    assert "'unsafe-eval'" not in h["Content-Security-Policy"]


def test_inline_modes():
    image = preview.headers("image", "photo.jpg", "image/jpeg")
    assert image["Content-Type"] == "image/jpeg" and image["Content-Disposition"].startswith("inline")
    assert "sandbox" in _directives(image["Content-Security-Policy"])
    text = preview.headers("text", "page.md", "text/html")
    assert text["Content-Type"] == "text/plain; charset=utf-8"
    assert "sandbox" in _directives(text["Content-Security-Policy"])
    pdf = preview.headers("pdf", "résumé.pdf")
    assert pdf["Content-Type"] == "application/pdf" and pdf["Content-Disposition"].startswith("inline")
    assert "filename*=UTF-8''r%C3%A9sum%C3%A9.pdf" in pdf["Content-Disposition"]
    assert _directives(pdf["Content-Security-Policy"])["object-src"] == ["'self'"]
    assert _directives(pdf["Content-Security-Policy"])["frame-ancestors"] == ["'self'"]


@pytest.mark.parametrize("name,mime", [("a.svg", "image/svg+xml"), ("a.html", "text/html"),
                                       ("a.png", "image/svg+xml"), ("a.zip", "application/zip")])
def test_svg_html_and_unknown_are_attachments_only(name, mime):
    h = preview.headers(preview.mode(name, mime), name, mime)
    assert h["Content-Disposition"].startswith("attachment")
    assert h["Content-Type"] == "application/octet-stream"
    assert "sandbox" in _directives(h["Content-Security-Policy"])


# ---- video embeds ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("url,provider,embed_url", [
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"),
    ("https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=4", "youtube",
     "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"),
    ("https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"),
    ("https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"),
    ("https://vimeo.com/76979871", "vimeo", "https://player.vimeo.com/video/76979871?dnt=1"),
    ("https://vimeo.com/76979871/1a2b3c4d5e", "vimeo", "https://player.vimeo.com/video/76979871?h=1a2b3c4d5e&dnt=1"),
])
def test_embed_uses_privacy_hosts(url, provider, embed_url):
    assert preview.embed(url) == {"provider": provider, "id": embed_url.split("/")[-1].split("?")[0],
                                  "url": embed_url}


@pytest.mark.parametrize("url", [
    "https://youtube.com.evil.org/watch?v=dQw4w9WgXcQ", "https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com@evil.org/watch?v=dQw4w9WgXcQ", "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\"><script>", "https://www.youtube.com/watch?v=x",
    "https://youtu.be/dQw4w9WgXcQ/../../x", "https://vimeo.com/123abc", "https://vimeo.evil.org/123",
    "ftp://vimeo.com/123", "https://www.youtube.com:8080/watch?v=dQw4w9WgXcQ", "", None, "not a url",
])
def test_embed_rejects_look_alikes(url):
    assert preview.embed(url) is None
