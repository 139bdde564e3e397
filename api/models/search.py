"""The search document: one row per searchable item (a module's name and description, an article, a file, a
reference, a comment, a text or picklist custom value), kept by database triggers in the transaction of every
write, whichever code path writes (ORM, bulk inserts of a clone, the cascades of a subtree's deletion, the demo,
the bench data, a restore).

PostgreSQL: `tsv` (a tsvector, weights A title, B body, C extra; served by a GIN index) and `title_tsv` (the
title's words alone) are computed by a BEFORE trigger with the text search configuration `portal_search` (the
`simple` dictionary after `unaccent`: no stemming, accents and case folded). SQLite: both stay NULL; the FTS5
table `search_fts` (tokenizer `unicode61 remove_diacritics 2`) indexes the same three columns with `search_doc`
as its external content.

Both index the text with punctuation turned into spaces ('energy-report.pdf' is 'energy report pdf'), as FTS5's
tokenizer does, so a file name or a URL is found by its words on both databases.

`install(conn)` (re)creates the triggers and what they need; it runs after `create_all` (tests), in migration
0006 and after every `flask db upgrade` (migrations/env.py), since SQLite drops a table's triggers when a batch
migration rebuilds the table. `backfill(conn)` writes every document again from the items.
"""
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from ..extensions import db
from .base import module_fk, user_fk

# A platform root (level 0) is no place anyone works in: its own name is not indexed.
KINDS = ("module", "article", "file", "reference", "comment", "value")
CHECKLIST = "checklist_status"  # the tasks' tick box: a state, not text someone wrote (not indexed)
FTS = "search_fts"
FTS_VOCAB = FTS + "_vocab"   # SQLite: the FTS5 index's words (an fts5vocab table), read for typo tolerance
VOCAB = "search_word"        # PostgreSQL: every word the documents held, read for typo tolerance
CONFIG = "portal_search"
# PostgreSQL with the RUM extension (Debian's postgresql-15-rum): indexes of tsv and title_tsv that keep each
# document's `created` beside its words, so the newest matches of a word come from the index in order (a common
# word's page reads a few hundred documents, not all of its matches). Without it GIN serves, sorting the matches.
RUM_WORDS, RUM_TITLE = "ix_search_doc_rum", "ix_search_doc_title_rum"


def words_of(column):
    """PostgreSQL: the tsvector of a text column as search indexes it (punctuation becomes space first:
    'energy-report.pdf' is three words)."""
    return f"to_tsvector('{CONFIG}', regexp_replace({column}, '[[:punct:]]+', ' ', 'g'))"


class SearchDoc(db.Model):
    __tablename__ = "search_doc"
    id = db.Column(db.Integer, primary_key=True)
    kind = db.Column(db.String(16), nullable=False)
    item_id = db.Column(db.Integer, nullable=False)
    module_id = module_fk()
    # The module's materialized path, kept with it by the triggers: rights, scope and the portal facet are read
    # from the document without a join.
    path = db.Column(db.String(500), nullable=False)
    title = db.Column(db.Text, nullable=False, default="")
    body = db.Column(db.Text, nullable=False, default="")
    extra = db.Column(db.Text, nullable=False, default="")   # a file name, a URL: words glued by punctuation
    label = db.Column(db.String(120), nullable=True)         # shown, not indexed: a value's field label, a file's type
    author_id = user_fk()
    created = db.Column(db.DateTime, nullable=False)
    tsv = db.Column(sa.Text().with_variant(postgresql.TSVECTOR(), "postgresql"), nullable=True)
    # PostgreSQL: the title's words alone (tsv's part A), small and inline: which matches hold the words in their
    # title is read from it, not from tsv (TOASTed for a long text). NULL on SQLite.
    title_tsv = db.Column(sa.Text().with_variant(postgresql.TSVECTOR(), "postgresql"), nullable=True)

    __table_args__ = (
        db.UniqueConstraint("kind", "item_id", name="uq_search_doc_kind_item"),
        db.Index("ix_search_doc_tsv", "tsv", postgresql_using="gin"),
    )


class SearchWord(db.Model):
    """PostgreSQL: every word indexed so far (the search trigger adds a document's new words; a word no document
    holds any more stays, harmless: a query corrected to it finds nothing), with a trigram index where pg_trgm is
    installed (install()). Typo tolerance reads it (services/typos.py). Empty on SQLite, whose FTS5 index gives
    its own vocabulary (FTS_VOCAB)."""
    __tablename__ = VOCAB
    word = db.Column(db.Text, primary_key=True)


# --- what each kind of item puts in its document (one SELECT per kind, `x` the item) ----------------------------

_COLUMNS = "kind, item_id, module_id, path, title, body, extra, label, author_id, created"
_PATH = "(SELECT mm.path FROM module mm WHERE mm.id = x.module_id)"
# An item whose module is missing (a damaged database a migration is about to refuse) has no document.
_HAS_PATH = f"{_PATH} IS NOT NULL"


# A file's type (the search filter `fileType`, issue 47), by its name's extension; anything else is 'other'.
FILE_TYPES = {
    "pdf": ("pdf",),
    "document": ("doc", "docx", "odt", "rtf", "pages"),
    "spreadsheet": ("xls", "xlsx", "xlsm", "ods", "csv", "tsv", "numbers"),
    "presentation": ("ppt", "pptx", "odp", "key"),
    "image": ("png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "heic", "avif"),
    "text": ("txt", "md", "markdown", "rst", "html", "htm", "json", "xml", "yaml", "yml", "log"),
    "other": (),
}


def file_type(column, dialect):
    """SQL naming the FILE_TYPES type of the file name in `column` (run as the driver reads it: psycopg takes
    '%%' for '%')."""
    pct = "%%" if dialect == "postgresql" else "%"
    whens = " ".join(f"WHEN lower({column}) LIKE '{pct}.{ext}' THEN '{kind}'"
                     for kind, exts in FILE_TYPES.items() for ext in exts)
    return f"CASE {whens} ELSE 'other' END"


def _draft_text(dialect):
    """The plain text of a draft-js raw state (its blocks' text, one per line); text that is no such JSON is
    indexed as it is."""
    if dialect == "postgresql":
        return "search_draft_text(x.content)"
    return ("CASE WHEN json_valid(x.content) THEN coalesce((SELECT group_concat(json_extract(b.value, '$.text'), "
            "char(10)) FROM json_each(x.content, '$.blocks') b WHERE b.type = 'object'), '') ELSE x.content END")


def sources(dialect, texted=True):
    """{kind: (table, SELECT of its documents ending in a WHERE clause)}. `texted`: vault files have their text
    (migration 0023; 0006 installs on the table before it)."""
    file_text = "coalesce(x.text, '')" if texted else "''"
    return {
        "module": ("module", "SELECT 'module', x.id, x.id, x.path, x.name, x.description, '', NULL, x.created_by_id, "
                             "x.created FROM module x WHERE x.level > 0"),
        "article": ("article", f"SELECT 'article', x.id, x.module_id, {_PATH}, x.title, {_draft_text(dialect)}, '', "
                               f"NULL, x.created_by_id, x.created FROM article x WHERE {_HAS_PATH}"),
        "file": ("vault_file", f"SELECT 'file', x.id, x.module_id, {_PATH}, x.title, {file_text}, "
                               f"x.filename, {file_type('x.filename', dialect)}, x.created_by_id, x.created "
                               f"FROM vault_file x "
                               f"WHERE {_HAS_PATH}"),
        "reference": ("reference", f"SELECT 'reference', x.id, x.module_id, {_PATH}, x.title, x.description, x.url, "
                                   f"NULL, x.created_by_id, x.created FROM reference x WHERE {_HAS_PATH}"),
        "comment": ("comment", f"SELECT 'comment', x.id, x.module_id, {_PATH}, x.title, x.content, '', NULL, "
                               f"x.created_by_id, x.created FROM comment x WHERE NOT x.deleted AND {_HAS_PATH}"),
        "value": ("custom_value",
                  f"SELECT 'value', x.id, x.module_id, {_PATH}, '', CASE WHEN f.type = 'PICKLIST' THEN "
                  "coalesce(o.label, x.stringval, '') ELSE coalesce(x.stringval, '') END, '', f.label, x.user_id, "
                  "x.created FROM custom_value x JOIN custom_field f ON f.id = x.field_id "
                  "LEFT JOIN picklist_option o ON o.id = x.option_id "
                  f"WHERE f.type IN ('TEXT', 'PICKLIST') AND f.attribute <> '{CHECKLIST}' AND {_HAS_PATH}"),
    }


# The columns whose change rewrites an item's document.
WATCHED = {"module": "name, description, path", "article": "title, content, module_id, created_by_id",
           "file": "title, filename, text, module_id, created_by_id",
           "reference": "title, description, url, module_id, created_by_id",
           "comment": "title, content, deleted, module_id, created_by_id",
           "value": "field_id, option_id, stringval, module_id, user_id"}


def _insert(dialect, kind, where, texted=True):
    return f"INSERT INTO search_doc ({_COLUMNS}) {sources(dialect, texted)[kind][1]} AND {where}"


def _watched(kind, texted):
    return WATCHED[kind] if texted or kind != "file" else WATCHED[kind].replace(" text,", "")


# A module's new path (a new module gets its path after its insert) goes to every document on it.
_MOVED = "UPDATE search_doc SET path = NEW.path WHERE module_id = NEW.id AND path <> NEW.path"


def _forget(kind, item):
    if kind == "module":  # the module's own document; on delete, everything on it
        return f"DELETE FROM search_doc WHERE kind = 'module' AND item_id = {item}"
    return f"DELETE FROM search_doc WHERE kind = '{kind}' AND item_id = {item}"


# Field and option changes rewrite the documents of their values.
_VALUES_OF_FIELD = "DELETE FROM search_doc WHERE kind = 'value' AND item_id IN " \
                   "(SELECT id FROM custom_value WHERE field_id = NEW.id)"
_VALUES_OF_OPTION = "DELETE FROM search_doc WHERE kind = 'value' AND item_id IN " \
                    "(SELECT id FROM custom_value WHERE option_id = NEW.id)"


# --- SQLite ------------------------------------------------------------------------------------------------------

def _sqlite_statements(texted=True):
    out = [f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS} USING fts5(title, body, extra, content='search_doc', "
           "content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
           f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_VOCAB} USING fts5vocab({FTS}, 'row')"]
    triggers = {
        # The FTS index follows its content table (the external-content recipe of the FTS5 documentation).
        "search_doc_ins": f"AFTER INSERT ON search_doc BEGIN INSERT INTO {FTS} (rowid, title, body, extra) "
                          "VALUES (NEW.id, NEW.title, NEW.body, NEW.extra); END",
        "search_doc_del": f"AFTER DELETE ON search_doc BEGIN INSERT INTO {FTS} ({FTS}, rowid, title, body, extra) "
                          "VALUES ('delete', OLD.id, OLD.title, OLD.body, OLD.extra); END",
        "search_doc_upd": f"AFTER UPDATE OF title, body, extra ON search_doc BEGIN "
                          f"INSERT INTO {FTS} ({FTS}, rowid, title, body, extra) "
                          "VALUES ('delete', OLD.id, OLD.title, OLD.body, OLD.extra); "
                          f"INSERT INTO {FTS} (rowid, title, body, extra) VALUES (NEW.id, NEW.title, NEW.body, "
                          "NEW.extra); END",
        "search_field_upd": "AFTER UPDATE OF label, type, attribute ON custom_field BEGIN "
                            f"{_VALUES_OF_FIELD}; {_insert('sqlite', 'value', 'x.field_id = NEW.id')}; END",
        "search_option_upd": "AFTER UPDATE OF label ON picklist_option BEGIN "
                             f"{_VALUES_OF_OPTION}; {_insert('sqlite', 'value', 'x.option_id = NEW.id')}; END",
    }
    for kind, (table, _) in sources("sqlite").items():
        gone = "DELETE FROM search_doc WHERE module_id = OLD.id" if kind == "module" else _forget(kind, "OLD.id")
        triggers[f"search_{table}_ins"] = f"AFTER INSERT ON {table} BEGIN " \
                                          f"{_insert('sqlite', kind, 'x.id = NEW.id', texted)}; END"
        moved = f"{_MOVED}; " if kind == "module" else ""
        triggers[f"search_{table}_upd"] = f"AFTER UPDATE OF {_watched(kind, texted)} ON {table} BEGIN {moved}" \
                                          f"{_forget(kind, 'OLD.id')}; " \
                                          f"{_insert('sqlite', kind, 'x.id = NEW.id', texted)}; END"
        triggers[f"search_{table}_del"] = f"AFTER DELETE ON {table} BEGIN {gone}; END"
    for name, body in triggers.items():
        out += [f"DROP TRIGGER IF EXISTS {name}", f"CREATE TRIGGER {name} {body}"]
    return out


# --- PostgreSQL --------------------------------------------------------------------------------------------------

def _pg_statements(titled=True, worded=True, texted=True):
    """`titled`: search_doc has its title_tsv column (migration 0011; 0006 installs on the table before it);
    `worded`: the search_word table exists (migration 0016)."""
    out = [
        "CREATE EXTENSION IF NOT EXISTS unaccent",
        # `simple` after `unaccent` for every kind of word: case and accents folded, no stemming (a portal writes
        # in several languages), as SQLite's unicode61 tokenizer with remove_diacritics does.
        f"""DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = '{CONFIG}') THEN
            CREATE TEXT SEARCH CONFIGURATION {CONFIG} (COPY = pg_catalog.simple);
            ALTER TEXT SEARCH CONFIGURATION {CONFIG} ALTER MAPPING FOR asciiword, asciihword, hword_asciipart,
              word, hword, hword_part, numword, numhword, hword_numpart WITH unaccent, simple;
          END IF; END $$""",
        """CREATE OR REPLACE FUNCTION search_draft_text(content text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
        BEGIN
          RETURN coalesce((SELECT string_agg(b->>'text', E'\\n') FROM jsonb_array_elements(content::jsonb->'blocks') b
                           WHERE jsonb_typeof(b) = 'object'), '');
        EXCEPTION WHEN others THEN
          RETURN content;  -- not a draft-js raw state: indexed as written
        END $$""",
        f"""CREATE OR REPLACE FUNCTION search_doc_tsv() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          {"NEW.title_tsv := " + words_of("NEW.title") + ";" if titled else ""}
          NEW.tsv := setweight({"NEW.title_tsv" if titled else words_of("NEW.title")}, 'A')
                  || setweight({words_of('NEW.body')}, 'B') || setweight({words_of('NEW.extra')}, 'C');
          {f"INSERT INTO {VOCAB} (word) SELECT unnest(tsvector_to_array(NEW.tsv)) ON CONFLICT DO NOTHING;"
           if worded else ""}
          RETURN NEW;
        END $$""",
        "CREATE OR REPLACE TRIGGER search_doc_tsv BEFORE INSERT OR UPDATE OF title, body, extra ON search_doc "
        "FOR EACH ROW EXECUTE FUNCTION search_doc_tsv()",
        # Trigram similarity finds a typo's neighbours among the words; without the extension (not installable
        # here) typos.py reads the words sharing the first two letters instead.
        *([f"""DO $$ BEGIN
          CREATE EXTENSION IF NOT EXISTS pg_trgm;
          CREATE INDEX IF NOT EXISTS ix_{VOCAB}_trgm ON {VOCAB} USING gin (word gin_trgm_ops);
        EXCEPTION WHEN others THEN RAISE NOTICE 'pg_trgm unavailable';
        END $$"""] if worded else []),
        *([f"""DO $$ BEGIN
          CREATE EXTENSION IF NOT EXISTS rum;
          CREATE INDEX IF NOT EXISTS {RUM_WORDS} ON search_doc
            USING rum (tsv rum_tsvector_addon_ops, created) WITH (attach = 'created', to = 'tsv');
          CREATE INDEX IF NOT EXISTS {RUM_TITLE} ON search_doc
            USING rum (title_tsv rum_tsvector_addon_ops, created) WITH (attach = 'created', to = 'title_tsv');
        EXCEPTION WHEN others THEN RAISE NOTICE 'rum unavailable';
        END $$"""] if titled else []),
        # No statistics on tsv: the planner then takes the default selectivity of @@ and always reads the GIN
        # index (with statistics it scans the whole table for a common word, and reads every tsvector on the way).
        "ALTER TABLE search_doc ALTER COLUMN tsv SET STATISTICS 0",
        # Long values (text, tsvector) go to TOAST early: the rows a search reads for its counts stay narrow.
        "ALTER TABLE search_doc SET (toast_tuple_target = 128)",
        # ... but not the title's words, read for every match (migration 0011 says so before it fills them).
        *(["ALTER TABLE search_doc ALTER COLUMN title_tsv SET STORAGE MAIN"] if titled else []),
        f"""CREATE OR REPLACE FUNCTION search_field_sync() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN {_VALUES_OF_FIELD}; {_insert('postgresql', 'value', 'x.field_id = NEW.id')}; RETURN NULL; END $$""",
        "CREATE OR REPLACE TRIGGER search_field_sync AFTER UPDATE OF label, type, attribute ON custom_field "
        "FOR EACH ROW EXECUTE FUNCTION search_field_sync()",
        f"""CREATE OR REPLACE FUNCTION search_option_sync() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN {_VALUES_OF_OPTION}; {_insert('postgresql', 'value', 'x.option_id = NEW.id')}; RETURN NULL; END $$""",
        "CREATE OR REPLACE TRIGGER search_option_sync AFTER UPDATE OF label ON picklist_option "
        "FOR EACH ROW EXECUTE FUNCTION search_option_sync()",
    ]
    for kind, (table, _) in sources("postgresql").items():
        gone = "DELETE FROM search_doc WHERE module_id = OLD.id" if kind == "module" else _forget(kind, "OLD.id")
        out += [
            f"""CREATE OR REPLACE FUNCTION search_{table}_sync() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'DELETE' THEN {gone}; RETURN NULL; END IF;
              IF TG_OP = 'UPDATE' THEN {f"{_MOVED}; " if kind == "module" else ""}{_forget(kind, 'OLD.id')}; END IF;
              {_insert('postgresql', kind, 'x.id = NEW.id', texted)};
              RETURN NULL;
            END $$""",
            f"CREATE OR REPLACE TRIGGER search_sync AFTER INSERT OR UPDATE OF {_watched(kind, texted)} "
            f'OR DELETE ON "{table}" '
            f"FOR EACH ROW EXECUTE FUNCTION search_{table}_sync()",
        ]
    return out


def install(conn):
    """(Re)create the search triggers and what they need on this connection's database (idempotent)."""
    texted = _texted(conn)
    if conn.dialect.name == "postgresql":
        inspector = sa.inspect(conn)
        titled = any(c["name"] == "title_tsv" for c in inspector.get_columns("search_doc"))
        statements = _pg_statements(titled, inspector.has_table(VOCAB), texted)
    else:
        statements = _sqlite_statements(texted)
    for statement in statements:
        conn.exec_driver_sql(statement)


def _texted(conn):
    return any(c["name"] == "text" for c in sa.inspect(conn).get_columns("vault_file"))


def uninstall(conn):
    """Remove what install() made that dropping the tables does not remove."""
    if conn.dialect.name == "postgresql":
        for kind, (table, _) in sources("postgresql").items():
            conn.exec_driver_sql(f"DROP FUNCTION IF EXISTS search_{table}_sync() CASCADE")
        for fn in ("search_doc_tsv()", "search_field_sync()", "search_option_sync()", "search_draft_text(text)"):
            conn.exec_driver_sql(f"DROP FUNCTION IF EXISTS {fn} CASCADE")
        conn.exec_driver_sql(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {CONFIG}")
    else:  # the triggers first: SQLite refuses to drop an item table whose trigger names a missing table
        names = [r[0] for r in conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search\\_%' ESCAPE '\\'")]
        for name in names:
            conn.exec_driver_sql(f'DROP TRIGGER IF EXISTS "{name}"')
        conn.exec_driver_sql(f"DROP TABLE IF EXISTS {FTS_VOCAB}")
        conn.exec_driver_sql(f"DROP TABLE IF EXISTS {FTS}")


def backfill(conn):
    """Write every document again from the items (after install())."""
    dialect = conn.dialect.name
    conn.exec_driver_sql("DELETE FROM search_doc")
    texted = _texted(conn)
    for kind in KINDS:
        conn.exec_driver_sql(_insert(dialect, kind, "1 = 1", texted))
    if dialect == "sqlite":
        conn.exec_driver_sql(f"INSERT INTO {FTS} ({FTS}) VALUES ('rebuild')")


def unmodelled(name, type_):
    """What install() makes beside the models (the FTS5 tables; the trigram and RUM indexes, made only where
    pg_trgm and rum can be installed): not compared with them."""
    return (type_ == "table" and is_fts_table(name)) or (
        type_ == "index" and name in (f"ix_{VOCAB}_trgm", RUM_WORDS, RUM_TITLE))


def is_fts_table(name):
    """The FTS5 table, its shadow tables and its vocabulary: no models (migrations/env.py and the schema comparison
    skip them)."""
    return name == FTS or name.startswith(FTS + "_")


@sa.event.listens_for(db.metadata, "after_create")
def _after_create(metadata, connection, **kw):
    install(connection)


@sa.event.listens_for(db.metadata, "before_drop")
def _before_drop(metadata, connection, **kw):
    uninstall(connection)
