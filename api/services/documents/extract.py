"""Text extraction from uploaded files, bounded in time, memory and size.

The parsing runs in a child Python process (this file run as a script), so a hostile file can hang
or bloat only the child: it is killed at the time limit and capped in memory, and the worker thread
that asked gets an ExtractError and goes on. The child is started with subprocess, never fork (the
worker and gunicorn are threaded), and imports only the standard library and the parsers, not the app.

Protocol: the parent writes one JSON request to the child's stdin,
    {"path": str, "kind": str, "ext": str, "limits": {...}}
and the child writes one JSON answer to its stdout,
    {"ok": true, "text": str, "pages": [int] | null, "truncated": bool}
    {"ok": false, "error": "<a sentence for editors>", "detail": "<the exception, for logs>"}
"""
from __future__ import annotations

import bisect
import codecs
import json
import logging
import math
import os
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from html.parser import HTMLParser

MB = 1024 * 1024

LIMITS = {
    "seconds": 20,  # wall time of the child, start-up included
    "chars": 1_000_000,  # text kept per file
    "bytes": 200 * MB,  # file size
    "unpacked": 500 * MB,  # declared uncompressed total of a ZIP-based file
    "ratio": 100,  # compression ratio of one ZIP member (past _RATIO_FLOOR)
    "pages": 2000,  # PDF pages read
    "memory": 1024 * MB,  # address space of the child
}

_RATIO_FLOOR = MB  # small members may compress well (repetitive XML); only big ones are judged

_EXTENSIONS = {
    "pdf": "pdf", "docx": "docx", "xlsx": "xlsx", "xlsm": "xlsx", "pptx": "pptx",
    "odt": "odt", "ods": "ods", "odp": "odp", "html": "html", "htm": "html", "xhtml": "html",
    **dict.fromkeys(
        ("txt", "text", "md", "markdown", "rst", "csv", "tsv", "json", "log", "ini", "cfg",
         "conf", "yaml", "yml", "toml", "xml"), "text"),
}
# Never read as text whatever the MIME type says (SVG is XML but may carry scripts; the rest is binary).
_NEVER = {
    "svg", "svgz", "png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "ico", "heic", "avif",
    "zip", "gz", "tgz", "bz2", "xz", "7z", "rar", "tar", "exe", "dll", "so", "bin", "dmg", "iso",
    "mp3", "mp4", "m4a", "mov", "avi", "mkv", "webm", "wav", "ogg", "flac", "doc", "xls", "ppt",
}
_MIMES = {
    "application/pdf": "pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
    "application/vnd.oasis.opendocument.presentation": "odp",
    "text/html": "html", "application/xhtml+xml": "html",
    "application/json": "text", "application/xml": "text", "application/x-yaml": "text",
}
_LABELS = {
    "pdf": "PDF", "docx": "Word document", "xlsx": "Excel workbook",
    "pptx": "PowerPoint presentation", "odt": "OpenDocument text",
    "ods": "OpenDocument spreadsheet", "odp": "OpenDocument presentation",
    "text": "text file", "html": "HTML page",
}

log = logging.getLogger(__name__)


class ExtractError(Exception):
    """A failure the editors read: `str(error)` is a plain sentence."""


@dataclass
class Result:
    text: str
    pages: list[int] | None  # offset in `text` where each page (PDF) or slide (PPTX, ODP) starts
    truncated: bool
    kind: str


def kind_of(filename: str, mime: str | None) -> str | None:
    """The extraction kind, or None when the file has no text to read. The extension wins: a MIME
    type comes from the uploading browser and is only a hint."""
    ext = _ext(filename)
    if ext in _EXTENSIONS:
        return _EXTENSIONS[ext]
    if ext in _NEVER:
        return None
    mime = (mime or "").split(";")[0].strip().lower()
    if mime in _MIMES:
        return _MIMES[mime]
    if mime.startswith("text/"):
        return "text"
    return None


def page_of(pages: list[int] | None, offset: int) -> int | None:
    """The 1-based page (or slide) holding character `offset` of the text; None without pages.
    Empty pages share an offset with the next, so the last page starting at or before wins."""
    if not pages:
        return None
    return max(bisect.bisect_right(pages, offset), 1)


def extract(path, filename: str, mime: str | None, limits: dict | None = None) -> Result:
    """The text of the file at `path`, read in a child process within `limits` (LIMITS by default)."""
    lim = {**LIMITS, **(limits or {})}
    kind = kind_of(filename, mime)
    if kind is None:
        raise ExtractError("This kind of file has no text to read.")
    try:
        size = os.path.getsize(path)
    except OSError:
        raise ExtractError("The file could not be found in storage.") from None
    if size > lim["bytes"]:
        raise ExtractError(f"The file is larger than {_mb(lim['bytes'])}, too large to read its text.")
    job = {"path": os.fspath(path), "kind": kind, "ext": _ext(filename), "limits": lim}
    answer = _run_child(job, lim["seconds"])
    return Result(answer["text"], answer["pages"], answer["truncated"], kind)


def _run_child(job: dict, seconds: float) -> dict:
    """Run this file as a script on `job`; subprocess.run kills the child (SIGKILL) at the timeout."""
    command = [sys.executable, os.path.abspath(__file__)]
    try:
        done = subprocess.run(command, input=json.dumps(job).encode(), capture_output=True,
                              timeout=seconds)
    except subprocess.TimeoutExpired:
        raise ExtractError(f"Extraction took longer than {seconds:g} s.") from None
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        log.warning("extraction child died (exit %s): %s", done.returncode,
                    done.stderr[-2000:].decode(errors="replace"))
        raise ExtractError("Extraction stopped: the file needed more memory or time than allowed.") from None
    if not answer["ok"]:
        log.info("extraction failed: %s (%s)", answer["error"], answer.get("detail"))
        raise ExtractError(answer["error"])
    return answer


def _ext(filename: str) -> str:
    return os.path.splitext(filename or "")[1].lstrip(".").lower()


def _mb(n: int) -> str:
    return f"{n / MB:g} MB"


# ---- the child ---------------------------------------------------------------------------------

class _Full(Exception):
    """The text limit is reached: stop reading."""


class _Sink:
    """Collects normalised lines up to `limit` characters, and where pages start."""

    def __init__(self, limit: int):
        self.limit, self.size, self.parts = limit, 0, []
        self.pages: list[int] | None = None
        self.truncated = False

    def page(self):
        self.pages = self.pages or []
        self.pages.append(self.size)

    def add(self, text: str):
        for line in text.splitlines():
            self._line(_clean(line))

    def _line(self, line: str):
        if not line:
            return
        room = self.limit - self.size
        if len(line) + 1 > room:
            self.parts.append(line[:room])
            self.size += min(len(line), room)
            self.truncated = True
            raise _Full
        self.parts.append(line + "\n")
        self.size += len(line) + 1

    def text(self) -> str:
        return "".join(self.parts).rstrip("\n")


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_INVISIBLE = re.compile(r"[\u00ad\u200b\ufeff]")  # soft hyphens and zero widths split words
_SURROGATE = re.compile(r"[\ud800-\udfff]")  # lone ones cannot be stored as UTF-8
_SPACES = re.compile(r"[^\S\t]+")
_TABS = re.compile(r" ?\t[\t ]*")  # tabs separate cells: keep one


def _clean(line: str) -> str:
    line = _SURROGATE.sub("\ufffd", _INVISIBLE.sub("", _CONTROL.sub(" ", line)))
    return _TABS.sub("\t", _SPACES.sub(" ", line)).strip()


def _check_zip(job: dict):
    """Refuse a ZIP bomb from its directory, before any parser inflates a byte. The declared sizes
    bind: zipfile stops reading a member at its declared size."""
    lim, total = job["limits"], 0
    with zipfile.ZipFile(job["path"]) as archive:
        for info in archive.infolist():
            total += info.file_size
            if info.file_size > _RATIO_FLOOR and info.file_size > lim["ratio"] * max(info.compress_size, 1):
                raise ExtractError(f"The file is packed too densely to open safely "
                                   f"(a part of it expands more than {lim['ratio']} times).")
    if total > lim["unpacked"]:
        raise ExtractError(f"The file unpacks to more than {_mb(lim['unpacked'])}, too large to read.")


def _pdf(job: dict, sink: _Sink):
    from pypdf import PdfReader
    from pypdf.errors import DependencyError

    reader = PdfReader(job["path"])
    if reader.is_encrypted:
        try:
            unlocked = reader.decrypt("")  # opens files that only restrict printing or copying
        except (DependencyError, NotImplementedError):
            raise ExtractError("The PDF is encrypted in a way this server cannot read.") from None
        if not unlocked:
            raise ExtractError("The PDF is protected by a password.")
    count, limit = len(reader.pages), job["limits"]["pages"]
    sink.truncated = count > limit
    failed, error = 0, None
    for number in range(min(count, limit)):
        sink.page()
        try:
            sink.add(reader.pages[number].extract_text() or "")
        except (_Full, MemoryError):
            raise
        except Exception as exc:  # one odd page (a broken font, a bad stream) spoils only itself
            failed, error = failed + 1, exc
    if count and failed == min(count, limit):
        raise error


def _docx(job: dict, sink: _Sink):
    import docx
    from docx.table import Table

    _check_zip(job)
    for block in docx.Document(job["path"]).iter_inner_content():
        if isinstance(block, Table):
            _table(block.rows, sink)
        else:
            sink.add(block.text)


def _table(rows, sink: _Sink):
    """One line per row, cells joined with tabs; a merged cell is repeated by python-docx/pptx."""
    for row in rows:
        cells, seen = [], set()
        for cell in row.cells:
            if id(cell._tc) not in seen:
                seen.add(id(cell._tc))
                cells.append(" ".join(cell.text.split()))
        sink.add("\t".join(c for c in cells if c))


def _xlsx(job: dict, sink: _Sink):
    import openpyxl

    _check_zip(job)
    book = openpyxl.load_workbook(job["path"], read_only=True, data_only=True)
    try:
        for sheet in book.worksheets:
            sink.add(sheet.title)
            sheet.reset_dimensions()  # a declared A1:XFD1048576 would pad every row
            for row in sheet.iter_rows(values_only=True):
                sink.add("\t".join(str(v) for v in row if v is not None))
    finally:
        book.close()


def _pptx(job: dict, sink: _Sink):
    from pptx import Presentation

    _check_zip(job)
    for slide in Presentation(job["path"]).slides:
        sink.page()
        _shapes(slide.shapes, sink)
        notes = slide.notes_slide.notes_text_frame if slide.has_notes_slide else None
        if notes is not None:
            sink.add(notes.text)


def _shapes(shapes, sink: _Sink):
    for shape in shapes:
        if hasattr(shape, "shapes"):  # a group
            _shapes(shape.shapes, sink)
        if shape.has_text_frame:
            sink.add(shape.text_frame.text)
        if getattr(shape, "has_table", False):
            _table(shape.table.rows, sink)


def _odf(job: dict, sink: _Sink):
    from odf import opendocument, teletype
    from odf.namespaces import DRAWNS, TABLENS, TEXTNS
    from odf.office import Body

    _check_zip(job)
    paragraphs, row, page = {(TEXTNS, "p"), (TEXTNS, "h")}, (TABLENS, "table-row"), (DRAWNS, "page")
    sheets = job["kind"] == "ods"
    stack = list(reversed(opendocument.load(job["path"]).getElementsByType(Body)))
    while stack:  # document order without recursion (nesting depth is the file's choice)
        node = stack.pop()
        if node.nodeType != node.ELEMENT_NODE:
            continue
        if node.qname in paragraphs:
            sink.add(teletype.extractText(node))
            continue
        if node.qname == row:
            cells = (" ".join(teletype.extractText(p) for p in cell.childNodes if getattr(p, "qname", None) in paragraphs)
                     for cell in node.childNodes if cell.nodeType == node.ELEMENT_NODE)
            sink.add("\t".join(c for c in cells if c.strip()))
            continue
        if node.qname == page:
            sink.page()
        elif sheets and node.qname == (TABLENS, "table"):
            sink.add(node.getAttribute("name") or "")
        stack.extend(reversed(node.childNodes))


def _text(job: dict, sink: _Sink):
    text, sink.truncated = _read_text(job["path"], job["limits"]["chars"] * 4)
    if job["ext"] in ("csv", "tsv"):
        _csv(text, "\t" if job["ext"] == "tsv" else None, sink)
    else:
        sink.add(text)


def _csv(text: str, delimiter: str | None, sink: _Sink):
    import csv
    import io

    csv.field_size_limit(max(len(text), 131072))
    if delimiter is None:  # the separator used most on the first line
        delimiter = max(",;\t|", key=text[:4096].partition("\n")[0].count)
    for row in csv.reader(io.StringIO(text), delimiter=delimiter):
        sink.add("\t".join(cell for cell in row if cell.strip()))


def _html(job: dict, sink: _Sink):
    text, sink.truncated = _read_text(job["path"], job["limits"]["chars"] * 16)  # markup is bulky
    parser = _HTMLText(sink)
    parser.feed(text)
    parser.close()
    parser.flush()


def _read_text(path: str, cap: int) -> tuple[str, bool]:
    """The first `cap` bytes decoded: a BOM's encoding, else UTF-8, else cp1252 (latin-1 in its
    holes, so it never fails); NUL bytes without a UTF-16 BOM mean binary."""
    with open(path, "rb") as f:
        data = f.read(cap + 1)
    cut, data = len(data) > cap, data[:cap]
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                          (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return codecs.getincrementaldecoder(encoding)("replace").decode(data, not cut), cut
    if b"\0" in data:
        raise ExtractError("The file holds binary data, not text.")
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(data, not cut), cut
    except UnicodeDecodeError:
        return data.decode("cp1252", "documents-latin1"), cut


codecs.register_error("documents-latin1", lambda e: (e.object[e.start:e.end].decode("latin-1"), e.end))


class _HTMLText(HTMLParser):
    """Visible text: script and style dropped, one line per block, cells tab-separated."""

    SKIP = {"script", "style", "template"}
    BLOCKS = {"address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
              "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
              "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
              "title", "tr", "ul"}

    def __init__(self, sink: _Sink):
        super().__init__(convert_charrefs=True)
        self.sink, self.parts, self.skip, self.pre = sink, [], 0, 0

    def handle_starttag(self, tag, attrs):
        self._tag(tag, +1)
        if tag in ("td", "th"):
            self.parts.append("\t")

    def handle_endtag(self, tag):
        self._tag(tag, -1)

    def _tag(self, tag, step):
        if tag in self.SKIP:
            self.skip = max(self.skip + step, 0)
        elif tag in self.BLOCKS:
            if tag == "pre":
                self.pre = max(self.pre + step, 0)
            self.flush()

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data if self.pre else data.replace("\n", " "))

    def flush(self):
        self.sink.add("".join(self.parts))
        self.parts = []


_READERS = {"pdf": _pdf, "docx": _docx, "xlsx": _xlsx, "pptx": _pptx, "odt": _odf, "ods": _odf,
            "odp": _odf, "text": _text, "html": _html}


def _cap_resources(lim: dict):
    """Memory and CPU ceilings for this child: a bomb hits MemoryError here, not the machine; the
    CPU limit is a backstop should the parent die before its timeout kills us."""
    try:
        import resource
    except ImportError:  # not POSIX: the parent's timeout still holds
        return
    for name, value in (("RLIMIT_AS", lim["memory"]), ("RLIMIT_CPU", math.ceil(lim["seconds"]) + 2),
                        ("RLIMIT_CORE", 0)):
        which = getattr(resource, name)
        hard = resource.getrlimit(which)[1]
        value = int(value) if hard == resource.RLIM_INFINITY else min(int(value), hard)
        resource.setrlimit(which, (value, hard if name == "RLIMIT_CPU" else value))


def _child_main():
    """Read one job from stdin, write one JSON answer to stdout (see the module docstring)."""
    job = json.loads(sys.stdin.buffer.read())
    _cap_resources(job["limits"])
    import warnings

    warnings.simplefilter("ignore")
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    answer = _answer(job)
    sys.stdout.buffer.write(json.dumps(answer).encode())
    sys.stdout.buffer.flush()


def _answer(job: dict) -> dict:
    sink = _Sink(job["limits"]["chars"])
    try:
        _READERS[job["kind"]](job, sink)
    except _Full:
        pass
    except ExtractError as exc:
        return {"ok": False, "error": str(exc)}
    except MemoryError:
        return {"ok": False, "error": "Reading the file needed more memory than allowed."}
    except Exception as exc:
        return {"ok": False, "error": f"The file is not a valid {_LABELS[job['kind']]}.",
                "detail": f"{type(exc).__name__}: {exc}"[:500]}
    return {"ok": True, "text": sink.text(), "pages": sink.pages, "truncated": sink.truncated}


if __name__ == "__main__":
    _child_main()
