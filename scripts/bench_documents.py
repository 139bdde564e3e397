"""`make bench`, issue 47: reading a file on the worker. A 100-page text PDF (made here with fpdf2) has its text read
and its first page thumbnailed, each in its bounded child process as the worker runs them; and a 50-page DOCX and a
10-sheet XLSX for comparison. Median and worst of 5 runs each, start-up of the child included."""
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from api.services.documents import extract, thumbs  # noqa: E402

WORDS = ("insulation façade heat pump ventilation survey retrofit timber module moisture airtightness "
         "thermal bridge balcony window energy audit").split()


def pdf(path, pages):
    from fpdf import FPDF
    doc = FPDF()
    doc.set_font("helvetica", size=10)
    for n in range(pages):
        doc.add_page()
        doc.multi_cell(0, 5, " ".join(WORDS[(n + i) % len(WORDS)] for i in range(450)).replace("ç", "c"))
    doc.output(path)


def docx(path, pages):
    import docx as d
    doc = d.Document()
    for n in range(pages * 8):
        doc.add_paragraph(" ".join(WORDS[(n + i) % len(WORDS)] for i in range(60)))
    doc.save(path)


def xlsx(path, sheets):
    import openpyxl
    book = openpyxl.Workbook()
    for s in range(sheets):
        sheet = book.create_sheet(f"Sheet {s + 1}")
        for r in range(500):
            sheet.append([r, WORDS[r % len(WORDS)], r * 1.5, WORDS[(r + s) % len(WORDS)]])
    book.save(path)


def timed(fn, runs=5):
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        out.append((time.perf_counter() - t0) * 1000)
    return statistics.median(out), max(out), result


def main():
    with tempfile.TemporaryDirectory() as tmp:
        files = {"100-page PDF": ("r.pdf", pdf, 100), "50-page DOCX": ("r.docx", docx, 50),
                 "10-sheet XLSX": ("r.xlsx", xlsx, 10)}
        print("\nDocuments (issue 47): reading a file's text and making its thumbnail, each in its child process")
        print(f"  {'file':16s} {'size KB':>8s} {'text ms':>8s} {'worst':>7s} {'chars':>9s} {'pages':>6s} "
              f"{'thumb ms':>9s} {'worst':>7s}")
        for label, (name, make, n) in files.items():
            path = os.path.join(tmp, name)
            make(path, n)
            med, worst, got = timed(lambda: extract.extract(path, name, None))
            tmed, tworst, thumb = timed(lambda: thumbs.make(path, name, None))
            thumb_cols = f"{tmed:9.0f} {tworst:7.0f}" if thumb else f"{'-':>9s} {'-':>7s}"
            print(f"  {label:16s} {os.path.getsize(path) / 1024:8.0f} {med:8.0f} {worst:7.0f} {len(got.text):9d} "
                  f"{len(got.pages or []):6d} {thumb_cols}")


if __name__ == "__main__":
    main()
