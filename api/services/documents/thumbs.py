"""Thumbnails of images (Pillow) and of PDFs' first pages (pypdfium2), made in a child process.

The caller is a threaded worker, so nothing is forked: `make` starts a fresh interpreter on this very file
(`python -I thumbs.py ...`, which imports neither the app nor the `api` package), limits its memory
(RLIMIT_AS) and CPU time there, and kills it when `seconds` have passed. A decoder that hangs or balloons
costs one child, never the worker. This file imports only the standard library at module level.
"""
import io
import os
import subprocess
import sys
import time

THUMB = 320  # longest side, px
MEMORY = 1 << 30  # address space allowed to the child, bytes
FORMATS = ("JPEG", "PNG", "GIF", "WEBP", "BMP", "TIFF")  # what Pillow may open here (JPEG covers MPO): never SVG
IMAGE_EXT = {"jpg", "jpeg", "jpe", "png", "gif", "webp", "bmp", "dib", "tif", "tiff"}
IMAGE_MIME = {"image/jpeg", "image/pjpeg", "image/png", "image/gif", "image/webp", "image/bmp", "image/x-ms-bmp",
              "image/tiff"}
_DELAY = 0.0  # test hook: seconds the child sleeps before working (to prove the time limit)


class ThumbError(Exception):
    """A thumbnail could not be made; the message is plain English."""


def kind(filename, mime):
    """'image', 'pdf' or None: what `make` would render for this name and type (the extension decides first)."""
    ext = os.path.splitext(filename or "")[1].lower().lstrip(".")
    mime = (mime or "").split(";")[0].strip().lower()
    if ext in ("svg", "svgz") or "svg" in mime:
        return None
    if ext in IMAGE_EXT or (not ext and mime in IMAGE_MIME):
        return "image"
    if ext == "pdf" or (not ext and mime == "application/pdf"):
        return "pdf"
    return None


def make(path, filename, mime, *, max_pixels=50_000_000, seconds=20):
    """The thumbnail (WebP, else PNG) of an image or of a PDF's first page, None for other files.
    Raises ThumbError when the file cannot be rendered within the limits."""
    what = kind(filename, mime)
    if what is None:
        return None
    args = [sys.executable, "-I", os.path.abspath(__file__), what, os.fspath(path), str(int(max_pixels)),
            str(float(seconds)), str(_DELAY)]
    try:
        done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, timeout=seconds)
    except subprocess.TimeoutExpired:  # run() has killed and reaped the child
        raise ThumbError("Making the preview took too long") from None
    if done.returncode == 0 and done.stdout:
        return done.stdout
    message = done.stderr.decode("utf-8", "replace").strip().splitlines()
    if done.returncode == 2 and message:
        raise ThumbError(message[-1])
    raise ThumbError("The file is too large or too complex to preview")


# ---- in the child ---------------------------------------------------------------------------------------------

def _limit(seconds):
    """Caps the child's address space and CPU time (a backstop to the parent's timeout)."""
    import resource
    for what, value in ((resource.RLIMIT_AS, MEMORY), (resource.RLIMIT_CPU, int(seconds) + 1)):
        hard = resource.getrlimit(what)[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(what, (value, hard))


def _encode(im):
    """WebP bytes if this Pillow has WebP, else PNG; RGB or RGBA."""
    from PIL import features
    if im.mode not in ("RGB", "RGBA"):
        alpha = "A" in im.getbands() or "transparency" in im.info
        im = im.convert("RGBA" if alpha else "RGB")
    out = io.BytesIO()
    if features.check("webp"):
        im.save(out, "WEBP", quality=80, method=4)
    else:
        im.save(out, "PNG", optimize=True)
    return out.getvalue()


def _image(path, max_pixels):
    """Thumbnail of a raster image's first frame, EXIF orientation applied."""
    import warnings

    from PIL import Image, ImageOps
    from PIL import (BmpImagePlugin, GifImagePlugin, JpegImagePlugin, PngImagePlugin,  # noqa: F401 - register
                     TiffImagePlugin, WebPImagePlugin)
    Image.MAX_IMAGE_PIXELS = max_pixels
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path, formats=FORMATS) as im:
                if im.width * im.height > max_pixels:
                    raise ThumbError("The image is too large to preview")
                im.draft("RGB", (THUMB, THUMB))  # JPEG: decode at a reduced size
                im = ImageOps.exif_transpose(im)
                im.thumbnail((THUMB, THUMB))
                return _encode(im)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ThumbError("The image is too large to preview") from None
    except (Image.UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise ThumbError("The file could not be read as an image") from None


def _pdf(path, max_pixels):
    """Thumbnail of a PDF's first page, rendered at about THUMB px on its longest side."""
    import pypdfium2 as pdfium
    try:
        pdf = pdfium.PdfDocument(path)
    except pdfium.PdfiumError:
        raise ThumbError("The PDF is damaged or protected by a password") from None
    if len(pdf) < 1:
        raise ThumbError("The PDF has no pages")
    try:
        page = pdf[0]
        width, height = page.get_size()
        scale = THUMB / max(width, height, 1.0)
        im = page.render(scale=scale).to_pil()
    except pdfium.PdfiumError:
        raise ThumbError("The first page of the PDF could not be drawn") from None
    im.thumbnail((THUMB, THUMB))
    return _encode(im)


def _main(argv):
    """Child entry: `thumbs.py image|pdf PATH MAX_PIXELS SECONDS DELAY`; the thumbnail on stdout, or exit 2
    with a plain-English message on stderr."""
    what, path, max_pixels, seconds, delay = argv[1], argv[2], int(argv[3]), float(argv[4]), float(argv[5])
    _limit(seconds)
    if delay:
        time.sleep(delay)
    try:
        data = (_image if what == "image" else _pdf)(path, max_pixels)
    except ThumbError as e:
        print(e, file=sys.stderr)
        return 2
    except MemoryError:
        print("The file is too large or too complex to preview", file=sys.stderr)
        return 2
    except Exception:  # noqa: BLE001 - a decoder's own failure: the file is not readable
        print("The file could not be read", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv))
