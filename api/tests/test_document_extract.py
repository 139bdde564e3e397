"""Text extraction (issue 47): every format from small files made here, and the bounds (time,
memory, ZIP bombs, page and text limits) leave the caller answering. Pure: no app, no database."""
import time
import zipfile

import pytest
from fpdf import FPDF

from api.services.documents.extract import LIMITS, ExtractError, Result, extract, kind_of, page_of

MB = 1024 * 1024
LOREM = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt "
         "ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation. ")


def make_pdf(path, pages, **encryption):
    pdf = FPDF()
    pdf.set_font("helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    if encryption:
        pdf.set_encryption(**encryption)
    pdf.output(str(path))
    return path


def words_pdf(tmp_path, count, name="doc.pdf"):
    return make_pdf(tmp_path / name, [f"page{n}word" for n in range(1, count + 1)])


def make_docx(path):
    import docx

    document = docx.Document()
    document.add_heading("Quarterly report", level=1)
    document.add_paragraph("The harbour   crane was\trepaired.")
    table = document.add_table(rows=2, cols=2)
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row.cells):
            cell.text = f"Cell {'AB'[c]}{r + 1}"
    document.add_paragraph("Closing words.")
    document.save(path)
    return path


# ---- kinds ------------------------------------------------------------------------------------

@pytest.mark.parametrize("filename, mime, kind", [
    ("report.pdf", "application/pdf", "pdf"),
    ("Report.PDF", None, "pdf"),
    ("report", "application/pdf", "pdf"),
    ("letter.docx", "application/octet-stream", "docx"),
    ("budget.xlsx", None, "xlsx"),
    ("deck.pptx", None, "pptx"),
    ("minutes.odt", None, "odt"),
    ("sheet.ods", None, "ods"),
    ("slides.odp", None, "odp"),
    ("notes.MD", None, "text"),
    ("data.csv", "text/csv", "text"),
    ("config.yaml", None, "text"),
    ("feed.xml", "application/xml", "text"),
    ("README", "text/plain; charset=utf-8", "text"),
    ("page.HTM", None, "html"),
    ("page", "text/html", "html"),
    ("logo.svg", "image/svg+xml", None),
    ("logo.svg", "text/plain", None),  # the extension wins over a browser's MIME type
    ("photo.png", "image/png", None),
    ("archive.zip", "application/zip", None),
    ("program.bin", "application/octet-stream", None),
    ("old.doc", "application/msword", None),
    ("", None, None),
])
def test_kind_of(filename, mime, kind):
    assert kind_of(filename, mime) == kind


def test_limits_defaults():
    assert LIMITS["seconds"] == 20 and LIMITS["chars"] == 1_000_000 and LIMITS["pages"] == 2000
    assert LIMITS["bytes"] == 200 * MB and LIMITS["unpacked"] == 500 * MB and LIMITS["ratio"] == 100


# ---- formats ----------------------------------------------------------------------------------

def test_pdf_pages_and_offsets(tmp_path):
    result = extract(words_pdf(tmp_path, 3), "doc.pdf", "application/pdf")
    assert isinstance(result, Result) and result.kind == "pdf" and not result.truncated
    assert len(result.pages) == 3 and result.pages[0] == 0
    for number in (1, 2, 3):
        offset = result.text.index(f"page{number}word")
        assert offset >= result.pages[number - 1]
        assert page_of(result.pages, offset) == number
    assert page_of(None, 5) is None


def test_pdf_hundred_pages(tmp_path):
    path = make_pdf(tmp_path / "long.pdf", [f"Page marker p{n}x. " + LOREM * 12 for n in range(1, 101)])
    started = time.perf_counter()
    result = extract(path, "long.pdf", None)
    print(f"\n100-page PDF extracted in {time.perf_counter() - started:.2f} s "
          f"({len(result.text)} characters)")
    assert len(result.pages) == 100 and not result.truncated
    assert page_of(result.pages, result.text.index("p100x")) == 100


def test_docx_paragraphs_and_table(tmp_path):
    result = extract(make_docx(tmp_path / "letter.docx"), "letter.docx", None)
    assert result.kind == "docx" and result.pages is None
    lines = result.text.split("\n")
    assert lines[0] == "Quarterly report"
    assert "The harbour crane was\trepaired." in lines  # spaces collapsed, tabs kept
    assert "Cell A1\tCell B1" in lines and "Cell A2\tCell B2" in lines
    assert lines[-1] == "Closing words."


def test_xlsx_all_sheets(tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Budget"
    sheet.append(["Item", "Cost"])
    sheet.append(["Paper", 12.5])
    sheet["D10"] = "far away"
    other = book.create_sheet("People")
    other.append(["Ada", None, "Lovelace"])
    book.save(tmp_path / "book.xlsx")
    result = extract(tmp_path / "book.xlsx", "book.xlsx", None)
    assert result.text.split("\n") == ["Budget", "Item\tCost", "Paper\t12.5", "far away", "People",
                                       "Ada\tLovelace"]


def test_pptx_slides_as_pages(tmp_path):
    from pptx import Presentation

    deck = Presentation()
    for title, body, notes in (("Launch plan", "Rockets first", "Say hello"),
                               ("Budget", "Fuel costs", "Mention zebras")):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
        slide.notes_slide.notes_text_frame.text = notes
    deck.save(tmp_path / "deck.pptx")
    result = extract(tmp_path / "deck.pptx", "deck.pptx", None)
    assert len(result.pages) == 2
    for word, slide in (("Rockets", 1), ("Say hello", 1), ("Fuel", 2), ("zebras", 2)):
        assert page_of(result.pages, result.text.index(word)) == slide


def test_odt(tmp_path):
    from odf.opendocument import OpenDocumentText
    from odf.text import H, P, S

    document = OpenDocumentText()
    document.text.addElement(H(outlinelevel=1, text="Minutes"))
    paragraph = P(text="Present:")
    paragraph.addElement(S(c=3))
    paragraph.addText("everyone")
    document.text.addElement(paragraph)
    document.text.addElement(P(text="Decided to paint the shed."))
    document.save(str(tmp_path / "minutes.odt"))
    result = extract(tmp_path / "minutes.odt", "minutes.odt", None)
    assert result.text.split("\n") == ["Minutes", "Present: everyone", "Decided to paint the shed."]


def test_ods(tmp_path):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document = OpenDocumentSpreadsheet()
    table = Table(name="Stock")
    for values in (("Apples", "12"), ("Pears", "", "7")):
        row = TableRow()
        for value in values:
            cell = TableCell()
            if value:
                cell.addElement(P(text=value))
            row.addElement(cell)
        table.addElement(row)
    document.spreadsheet.addElement(table)
    document.save(str(tmp_path / "stock.ods"))
    result = extract(tmp_path / "stock.ods", "stock.ods", None)
    assert result.text.split("\n") == ["Stock", "Apples\t12", "Pears\t7"]


def test_odp_slides_as_pages(tmp_path):
    from odf.draw import Frame, Page, TextBox
    from odf.opendocument import OpenDocumentPresentation
    from odf.style import MasterPage, PageLayout
    from odf.text import P

    document = OpenDocumentPresentation()
    layout = PageLayout(name="Layout")
    document.automaticstyles.addElement(layout)
    master = MasterPage(name="Default", pagelayoutname=layout)
    document.masterstyles.addElement(master)
    for word in ("Welcome", "Roadmap", "Questions"):
        page = Page(masterpagename=master)
        frame = Frame(width="20cm", height="3cm", x="1cm", y="1cm")
        box = TextBox()
        box.addElement(P(text=word))
        frame.addElement(box)
        page.addElement(frame)
        document.presentation.addElement(page)
    document.save(str(tmp_path / "talk.odp"))
    result = extract(tmp_path / "talk.odp", "talk.odp", None)
    assert len(result.pages) == 3
    assert page_of(result.pages, result.text.index("Questions")) == 3


@pytest.mark.parametrize("data, expected", [
    ("\ufeffcafé au lait\n\n\nsecond line".encode("utf-8"), "café au lait\nsecond line"),
    ("caf\xe9 \u2013 na\xefve".encode("cp1252"), "café – naïve"),
    (b"hole \x81 byte \xe9", "hole byte é"),  # 0x81 is a hole in cp1252: latin-1, a control
    ("wide text".encode("utf-16"), "wide text"),
])
def test_text_encodings(tmp_path, data, expected):
    (tmp_path / "notes.txt").write_bytes(data)
    result = extract(tmp_path / "notes.txt", "notes.txt", "text/plain")
    assert result.kind == "text" and result.text == expected


def test_binary_is_not_text(tmp_path):
    (tmp_path / "data.txt").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
    with pytest.raises(ExtractError, match="binary data"):
        extract(tmp_path / "data.txt", "data.txt", None)


def test_markdown_kept_as_text(tmp_path):
    (tmp_path / "readme.md").write_text("# Title\n\nSome *emphasis* here.\n")
    assert extract(tmp_path / "readme.md", "readme.md", None).text == "# Title\nSome *emphasis* here."


def test_html_tags_scripts_and_entities(tmp_path):
    (tmp_path / "page.html").write_text(
        "<html><head><title>Shop</title><style>p { color: red }</style>"
        "<script>var secret = '<p>hidden</p>';</script></head><body>"
        "<p>Fish &amp; chips,\n  &eacute;t&eacute; &#8217;24</p><div>Open <b>daily</b></div>"
        "<table><tr><th>Day</th><th>Hours</th></tr><tr><td>Mon</td><td>9&ndash;5</td></tr></table>"
        "<pre>line one\nline two</pre></body></html>")
    result = extract(tmp_path / "page.html", "page.html", "text/html")
    assert result.kind == "html"
    assert result.text.split("\n") == ["Shop", "Fish & chips, été ’24", "Open daily", "Day\tHours",
                                       "Mon\t9–5", "line one", "line two"]
    assert "secret" not in result.text and "color" not in result.text


def test_csv_rows(tmp_path):
    (tmp_path / "people.csv").write_text('name,note\nAda,"hello, world"\nBob,\n')
    (tmp_path / "semi.csv").write_text("a;b;c\n1;2;3\n")
    assert extract(tmp_path / "people.csv", "people.csv", None).text == "name\tnote\nAda\thello, world\nBob"
    assert extract(tmp_path / "semi.csv", "semi.csv", None).text == "a\tb\tc\n1\t2\t3"


# ---- failures ---------------------------------------------------------------------------------

def test_corrupt_pdf(tmp_path):
    (tmp_path / "broken.pdf").write_bytes(b"this is not a PDF at all\n" * 50)
    with pytest.raises(ExtractError, match="^The file is not a valid PDF.$"):
        extract(tmp_path / "broken.pdf", "broken.pdf", None)


def test_corrupt_docx(tmp_path):
    (tmp_path / "broken.docx").write_bytes(b"PK but not really a zip")
    with pytest.raises(ExtractError, match="^The file is not a valid Word document.$"):
        extract(tmp_path / "broken.docx", "broken.docx", None)


def test_encrypted_pdf(tmp_path):
    locked = make_pdf(tmp_path / "locked.pdf", ["secret plans"], owner_password="o", user_password="u")
    with pytest.raises(ExtractError, match="^The PDF is protected by a password.$"):
        extract(locked, "locked.pdf", None)
    # Encrypted only against editing (no password to open): readable.
    restricted = make_pdf(tmp_path / "restricted.pdf", ["open plans"], owner_password="o")
    assert "open plans" in extract(restricted, "restricted.pdf", None).text


def test_not_extractable_and_missing(tmp_path):
    (tmp_path / "a.png").write_bytes(b"\x89PNG")
    with pytest.raises(ExtractError, match="no text"):
        extract(tmp_path / "a.png", "a.png", "image/png")
    with pytest.raises(ExtractError, match="could not be found"):
        extract(tmp_path / "gone.pdf", "gone.pdf", None)


# ---- bounds -----------------------------------------------------------------------------------

def test_zip_bomb_refused_before_parsing(tmp_path):
    path = tmp_path / "bomb.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w") as member:
            zeros = b"\0" * MB
            for _ in range(100):
                member.write(zeros)
    assert path.stat().st_size < MB
    # The message is the directory check's, not a parser's: nothing was inflated.
    with pytest.raises(ExtractError, match="packed too densely"):
        extract(path, "bomb.docx", None)
    assert "Closing words." in extract(make_docx(tmp_path / "ok.docx"), "ok.docx", None).text


def test_unpacked_total_limit(tmp_path):
    path = make_docx(tmp_path / "letter.docx")
    with pytest.raises(ExtractError, match="unpacks to more than"):
        extract(path, "letter.docx", None, {"unpacked": 10_000})


def test_file_size_limit(tmp_path):
    (tmp_path / "big.txt").write_text("x" * 2000)
    with pytest.raises(ExtractError, match="larger than"):
        extract(tmp_path / "big.txt", "big.txt", None, {"bytes": 1000})


def test_pdf_page_limit_cuts(tmp_path):
    result = extract(words_pdf(tmp_path, 10), "doc.pdf", None, {"pages": 5})
    assert result.truncated and len(result.pages) == 5
    assert "page5word" in result.text and "page6word" not in result.text


def test_chars_limit_cuts(tmp_path):
    (tmp_path / "long.txt").write_text("word " * 10_000)
    result = extract(tmp_path / "long.txt", "long.txt", None, {"chars": 100})
    assert result.truncated and 0 < len(result.text) <= 100
    cut_pdf = extract(words_pdf(tmp_path, 10), "doc.pdf", None, {"chars": 25})
    assert cut_pdf.truncated and len(cut_pdf.text) <= 25 and len(cut_pdf.pages) <= 3


def test_time_limit_kills_the_child(tmp_path):
    path = make_pdf(tmp_path / "long.pdf", [LOREM * 12] * 30)
    # 20 ms: the child cannot even import pypdf, let alone parse; it is killed, not waited for.
    with pytest.raises(ExtractError, match="^Extraction took longer than 0.02 s.$"):
        extract(path, "long.pdf", None, {"seconds": 0.02})
    # The caller (a worker thread) goes straight on to the next file.
    assert len(extract(path, "long.pdf", None).pages) == 30


def test_memory_limit_stops_a_space_bomb(tmp_path):
    from odf.opendocument import OpenDocumentText
    from odf.text import P, S

    document = OpenDocumentText()
    paragraph = P(text="before")
    paragraph.addElement(S(c=2_000_000_000))  # <text:s text:c="2e9"/>: two billion spaces
    document.text.addElement(paragraph)
    document.save(str(tmp_path / "spaces.odt"))
    with pytest.raises(ExtractError, match="more memory than allowed"):
        extract(tmp_path / "spaces.odt", "spaces.odt", None, {"memory": 400 * MB})
    (tmp_path / "next.txt").write_text("still answering")
    assert extract(tmp_path / "next.txt", "next.txt", None).text == "still answering"
