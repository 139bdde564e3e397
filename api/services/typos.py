"""Typo tolerance for search (docs/architecture.md, 'Search'): when nothing matches a query as typed, each word the
index does not hold is read as the nearest word it does hold ('renovaton': 'renovation'), within an edit distance
of 1 for a short word and 2 for a longer one, the word found in more documents winning a tie.

The words come from the index's vocabulary in one query: on SQLite the FTS5 table's own (an fts5vocab table), on
PostgreSQL `search_word` (kept by the search trigger), its candidates found by trigram similarity (pg_trgm's
GIN index) where the extension is installed, else among the words sharing the first two letters (as on SQLite);
the distance is then measured here, on those few candidates only.
"""
from functools import lru_cache

from sqlalchemy import text

from ..extensions import db
from ..models.search import FTS_VOCAB, VOCAB

MIN_LENGTH = 4     # shorter words are left as typed (too many neighbours)
CANDIDATES = 50    # per word


def allowed(word):
    return 1 if len(word) <= 5 else 2


def distance(a, b, limit):
    """The optimal string alignment distance of a and b (an adjacent swap counts one), or limit + 1 beyond it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before, row = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return row[-1]


def corrections(groups):
    """{word typed: word meant} for the query's words (search.parse's groups) that the index does not hold."""
    words = sorted({w for g in groups for t in g if not t.negated for w in t.words
                    if len(w) >= MIN_LENGTH and not w.isdigit()})
    if not words:
        return {}
    found = {}
    for asked, word, docs in db.session.execute(*_candidates(words)):
        found.setdefault(asked, []).append((word, docs or 0))
    fix = {}
    for w in words:
        near = found.get(w, [])
        if any(word == w for word, _ in near):
            continue  # a word the index holds: no typo
        scored = [(distance(w, word, allowed(w)), -docs, word) for word, docs in near]
        best = min(scored, default=None)
        if best is not None and best[0] <= allowed(w):
            fix[w] = best[2]
    return fix


def _candidates(words):
    """(statement, values): rows (word asked, candidate, documents holding it or NULL) for every word."""
    parts, values = [], {}
    postgresql = db.session.get_bind().dialect.name == "postgresql"
    trigram = postgresql and _has_trigrams(str(db.engine.url))
    for i, w in enumerate(words):
        values[f"w{i}"] = w
        if trigram:
            parts.append(f"(SELECT :w{i} AS asked, word, NULL AS docs FROM {VOCAB} WHERE word % :w{i} "
                         f"ORDER BY similarity(word, :w{i}) DESC LIMIT {CANDIDATES})")
            continue
        lo = w[:2]
        hi = lo[:-1] + chr(min(ord(lo[-1]) + 1, 0x10FFFF))  # the words that begin with `lo` sort before it
        values.update({f"lo{i}": lo, f"hi{i}": hi, f"short{i}": len(w) - allowed(w), f"long{i}": len(w) + allowed(w)})
        table, word, docs = (VOCAB, "word", "NULL") if postgresql else (FTS_VOCAB, "term", "doc")
        parts.append(f"SELECT * FROM (SELECT :w{i} AS asked, {word}, {docs} AS docs FROM {table} "
                     f"WHERE {word} >= :lo{i} AND {word} < :hi{i} AND length({word}) BETWEEN :short{i} AND :long{i} "
                     f"LIMIT {CANDIDATES * 20}) AS c{i}")
    return text(" UNION ALL ".join(parts)), values


@lru_cache(maxsize=8)
def _has_trigrams(url):
    """Whether pg_trgm is installed (the search trigger's install tries to; asked once per database)."""
    return bool(db.session.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).first())
