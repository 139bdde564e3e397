"""Search across the tree: one call for both databases (docs/architecture.md, 'Search').

The query is read once here, as PostgreSQL's websearch_to_tsquery reads it ('"a phrase"', '-word', 'or'), plus
a prefix on the last plain word (the user is still typing it), into groups of terms; each engine gets the same
groups: PostgreSQL as websearch_to_tsquery of each term (quoted, so its own syntax never applies) combined with
the tsquery operators, SQLite as an FTS5 MATCH expression of quoted strings. User text is never spliced into
either syntax, so no query is a syntax error.

Rights are decided in the SQL: a document is visible when its module's materialized path (kept on the document)
holds the id of one of the user's memberships that give view (all for a superuser). Counts and facets come from one
GROUP BY over the visible matches (exact up to CAP; beyond, a sample of CAP + 1), the page from one ranked query
(TIERS, then the engine's rank, then the newest), then highlights and names: a fixed number of queries (on
PostgreSQL the counts, the page and its highlights are one statement over one scan of the matches), and one more
when nothing matches (typos.py), then the search again.
"""
import re
import unicodedata
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from functools import lru_cache

import orjson
from sqlalchemy import (DateTime, Integer, String, Text, bindparam, case, cast, column, false, func, literal,
                        literal_column, null, or_, select, table, text, true, union, union_all)

from .. import links
from .. import permissions as perm
from ..extensions import db
from ..links import Ctx
from ..models.module import path_ids, path_under_param
from ..models import Module, SearchDoc, SearchWord, User, VaultFile
from ..models.search import CONFIG, FTS, KINDS, RUM_TITLE
from . import platforms, typos
from .documents.extract import page_of
from .modules import real

MAX_QUERY = 200
SORTS = ("rank", "created")
# Highlights in `title` and `snippet` sit between these two private-use characters; the webapp splits the text
# on them and shows every part as text (so markup someone wrote stays text).
MARK, UNMARK = "\ue000", "\ue001"
_TAG = "\ue002"  # '<' while PostgreSQL's ts_headline reads a text (it would drop what looks like an HTML tag)
_WORD = re.compile(r"[^\W_]+")
_BREAKS = re.compile(r"\s*\n\s*")
_FTS = table(FTS, column("rowid"))
AUTHORS_SHOWN = 20
# PostgreSQL ranks RANKED matches with ts_rank, those with the words in their title first, then the newest (the
# others follow in that order): ranking reads every ranked document's tsvector, which a common word would make
# thousands of.
RANKED = 200
# The top bar's box ranks so many of each kind (its best per kind among them).
PER_KIND_RANKED = 12
# Counts are exact up to CAP matches; beyond, the total says CAP and that it is approximate, and the facets
# count a sample of CAP + 1 matches (issue 41: the screens offer no page beyond CAP; the user refines the query).
CAP = 1000
MAX_PER_KIND = 10


# --- the query ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Term:
    words: tuple       # one word, or a phrase
    negated: bool = False
    prefix: bool = False  # the last word is a beginning


def parse(q):
    """[[Term]]: groups joined by OR, terms of a group by AND. What websearch_to_tsquery reads: "..." a phrase
    (unbalanced: to the end), -x or -"..." without it, a lone 'or' between two terms; words are runs of letters
    and digits (what FTS5's unicode61 tokenizer keeps), everything else separates them. A group without a term
    that must be present is left out (it would match nearly everything); the last plain word is a prefix."""
    groups, i, n = [[]], 0, len(q)
    while i < n:
        if q[i].isspace():
            i += 1
            continue
        negated = q[i] == "-" and i + 1 < n and not q[i + 1].isspace()
        if negated:
            i += 1
        if q[i] == '"':
            end = q.find('"', i + 1)
            end = n if end < 0 else end
            chunk, quoted, i = q[i + 1:end], True, end + 1
        else:
            end = i
            while end < n and not q[end].isspace() and q[end] != '"':
                end += 1
            chunk, quoted, i = q[i:end], False, end
        if not quoted and not negated and chunk.lower() == "or":
            if groups[-1]:
                groups.append([])
            continue
        words = tuple(w.lower() for w in _WORD.findall(chunk))
        if words:
            groups[-1].append((Term(words, negated), quoted))
    groups = [g for g in groups if any(not t.negated for t, _ in g)]
    if groups:
        last, quoted = groups[-1][-1]
        if not last.negated and not quoted:
            groups[-1][-1] = (Term(last.words, False, True), quoted)
    return [[t for t, _ in g] for g in groups]


def exact(groups):
    """The groups with no prefix: what matches the words as typed ('prefabricate', not 'prefabricated')."""
    return [[Term(t.words, t.negated) for t in g] for g in groups]


def phrased(groups):
    """The groups with each one's required words as one phrase, in the order typed: what matches them side by
    side rather than scattered."""
    out = []
    for g in groups:
        required = [t for t in g if not t.negated]
        words = tuple(w for t in required for w in t.words)
        out.append([Term(words, False, required[-1].prefix)] + [t for t in g if t.negated])
    return out


def has_prefix(groups):
    return any(t.prefix for g in groups for t in g)


def is_phrasable(groups):
    """Whether a group has several required terms (phrased() then differs from the groups)."""
    return any(sum(not t.negated for t in g) > 1 for g in groups)


def fts5_match(groups, column=None):
    """The FTS5 MATCH expression: every term a double-quoted string (its words hold no quote), '*' after a
    prefix, NOT after a group's required terms, OR between groups; `column`: the required terms in that column
    only."""
    def string(t):
        where = f"{column} : " if column and not t.negated else ""
        return where + '"' + " ".join(t.words) + '"' + ("*" if t.prefix else "")

    parts = []
    for g in groups:
        expr = "(" + " AND ".join(string(t) for t in g if not t.negated) + ")"
        expr += "".join(" NOT " + string(t) for t in g if t.negated)
        parts.append("(" + expr + ")")
    return " OR ".join(parts)


def _regconfig():
    return literal_column(f"'{CONFIG}'::regconfig")


def tsquery_params(groups, name="tsq"):
    """What the tsquery's SQL depends on (per group, per term: negated, prefix, words before the prefix) and its
    values, named as pg_tsquery names its parameters: each term's words as one quoted phrase (so
    websearch_to_tsquery's own syntax never applies), a prefix as 'word':* (a word is letters and digits only)."""
    shape, values = [], {}
    for g in groups:
        terms = []
        for t in g:
            words = t.words[:-1] if t.prefix else t.words
            if words:
                values[f"{name}{len(values) + 1}"] = '"' + " ".join(words) + '"'
            if t.prefix:
                values[f"{name}{len(values) + 1}"] = f"'{t.words[-1]}':*"
            terms.append((t.negated, t.prefix, bool(words)))
        shape.append(tuple(terms))
    return tuple(shape), values


def pg_tsquery(shape, name="tsq"):
    """The tsquery of a tsquery_params() shape: websearch_to_tsquery of each term's words, to_tsquery of a prefix,
    joined with tsquery_and/or/not."""
    n = [0]

    def param():
        n[0] += 1
        return bindparam(f"{name}{n[0]}", type_=String)

    def term(negated, prefix, has_words):
        q = func.websearch_to_tsquery(_regconfig(), param()) if has_words else None
        if prefix:
            tail = func.to_tsquery(_regconfig(), param())
            q = tail if q is None else func.tsquery_phrase(q, tail)
        return func.tsquery_not(q) if negated else q

    out = None
    for g in shape:
        expr = None
        for t in g:
            x = term(*t)
            expr = x if expr is None else func.tsquery_and(expr, x)
        out = expr if out is None else func.tsquery_or(out, expr)
    return out


def per_kind(raw):
    """The perKind parameter: 1 to MAX_PER_KIND."""
    if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) <= MAX_PER_KIND:
        from ..i18n import _
        raise ValueError(_("Must be a whole number from 1 to %(max)s", max=MAX_PER_KIND))
    return int(raw)


# --- filters ----------------------------------------------------------------------------------------------------

@dataclass
class Filters:
    kinds: list = None
    scope: object = None    # a Module: its subtree only
    portal: int = None
    author: int = None
    since: object = None    # a date
    until: object = None
    file_types: list = None  # only files of these types (models.search.FILE_TYPES)


def _conditions(user, f):
    """What the rights and filters make the SQL depend on, and their values (the parameters of _where and
    _narrowed). Rights: a document is visible when its module's path holds the id of one of the user's memberships
    that give view (rights are the union of memberships down the tree); 'all' for a superuser, whose portal-bound
    API token sees that portal only."""
    values = {}
    if user.is_superuser:
        bound = perm.token_portal(user)
        ids = None if bound is None else [bound]
    else:
        ids = sorted(mid for mid, m in perm.user_memberships(user).items() if m.allow_view or m.admin)
    for i, mid in enumerate(ids or ()):
        values[f"visible{i}"] = f"%/{mid}/%"
    if f.scope is not None:
        values["scope"] = f.scope.path + "%"
    if f.since is not None:
        values["since"] = datetime.combine(f.since, time.min)
    if f.until is not None:
        values["until"] = datetime.combine(f.until, time.min) + timedelta(days=1)
    if f.kinds:
        values["kinds"] = list(f.kinds)
    if f.portal is not None:
        values["portal"] = str(f.portal)
    if f.author is not None:
        values["author"] = f.author
    if f.file_types:
        values["ftypes"] = list(f.file_types)
    shape = ("all" if ids is None else len(ids),) + tuple(k in values for k in ("scope", "since", "until", "kinds",
                                                                                "portal", "author", "ftypes"))
    return shape, values


def _portal_of(path):
    """SQL: the id (text) of the portal (level 1) in a materialized path, '' at a platform root."""
    return func.split_part(path, literal_column("'/'"), literal_column("3"))  # constants: GROUP BY repeats it


def _where(shape, c=SearchDoc):
    """What the counts and the page share: rights, scope, date range and file types (`c`: the documents'
    columns; a file's type is its document's label)."""
    visible, scope, since, until = shape[:4]
    ftypes = shape[7]
    out = [true() if visible == "all" else false() if not visible else
           or_(*[c.path.like(bindparam(f"visible{i}", type_=String)) for i in range(visible)])]
    if scope:
        out.append(path_under_param(c.path, "scope"))
    if since:
        out.append(c.created >= bindparam("since", type_=DateTime))
    if until:
        out.append(c.created < bindparam("until", type_=DateTime))
    if ftypes:
        out += [c.kind == "file", c.label.in_(bindparam("ftypes", expanding=True))]
    return out


def _narrowed(shape, c=SearchDoc):
    """The facet filters as SQL (kind, portal, author)."""
    kinds, portal, author = shape[4:7]
    out = []
    if kinds:
        out.append(c.kind.in_(bindparam("kinds", expanding=True)))
    if portal:
        out.append(_portal_of(c.path) == bindparam("portal", type_=String))
    if author:
        out.append(c.author_id == bindparam("author", type_=Integer))
    return out


def _pg_text(column):
    """A text as ts_headline should read it: no stray markers, '<' set aside (given back after)."""
    return func.translate(column, "<" + MARK + UNMARK + _TAG, _TAG)


def _back(text_):
    return (text_ or "").replace(_TAG, "<")


def _one_line(text_):
    """A snippet on one line, its lines (an article's blocks, a comment's paragraphs) apart by ' · ' (shown as
    text, a line break is a space: 'Survey checklist Geometry and construction…' read as one sentence)."""
    return _BREAKS.sub(" · ", text_.strip()) if "\n" in text_ else text_


# --- the search --------------------------------------------------------------------------------------------------

@dataclass
class Found:
    hits: list
    total: int
    facets: dict
    approximate: bool = False  # more than CAP matches under the filters: `total` is CAP
    corrected: str = None      # the query as read after a typo's correction (nothing matched it as typed)
    matched: int = 0           # visible matches, filters aside (up to CAP + 1)


def search(user, q, f, page, per_kind=None):
    """One page of hits (`per_kind`: instead, the best `per_kind` hits of each kind, as the top bar's box shows
    them), their total and the facets. When nothing matches, the words are read again as the nearest words the
    index holds ('renovaton': 'renovation') and searched once more."""
    user = real(user)
    groups = parse(q)
    if not groups:
        return Found([], 0, empty_facets())
    shape, values = _conditions(user, f)
    if per_kind:  # the best of each kind: by rank, whatever the sort asked
        page = replace(page, sort="rank")
    found = _search(user, groups, shape, values, f, page, per_kind)
    if not found.matched:  # nothing the user may see, filters aside: a typo?
        fix = typos.corrections(groups)
        if fix:
            fixed = [[Term(tuple(fix.get(w, w) for w in t.words), t.negated, t.prefix) for t in g] for g in groups]
            found = _search(user, fixed, shape, values, f, page, per_kind)
            if found.matched:
                found.corrected = " ".join(w for g in fixed for t in g if not t.negated for w in t.words)
    return found


def _search(user, groups, shape, values, f, page, per_kind):
    if db.session.get_bind().dialect.name == "postgresql":
        counts, narrowed, rows, marked = _postgresql(groups, shape, values, page, per_kind)
    else:
        counts, narrowed, rows, marked = _sqlite(groups, shape, values, page, per_kind)
    facets, total = _facets(counts, f)
    approximate = False
    if sum(n for *_, n in counts) > CAP:  # a sample of CAP + 1 matches: the facets are its counts
        total, approximate = min(narrowed, CAP), narrowed > CAP
    names, people = _names(user, rows, facets, f)
    _name_facets(facets, names, people)
    pages = _file_pages(rows, marked)
    return Found([_present(user, r, marked.get(r.id), names, people, pages) for r in rows], total, facets,
                 approximate, matched=sum(n for *_, n in counts))


_MARKED = re.compile(MARK + "([^" + UNMARK + "]+)" + UNMARK)


def _file_pages(rows, marked):
    """{file id: the page (PDF) or slide of the first words its snippet highlights}: one query, only when the page
    of hits holds files with pages. The highlighted words are the file's own text (as the snippet cut it), found
    again in it by the database, which sends back a number, not the text."""
    wanted = {}
    for r in rows:
        found = r.kind == "file" and _MARKED.search((marked.get(r.id) or ("", ""))[1])
        if found:
            wanted[r.item_id] = _back(found.group(1))
    if not wanted:
        return {}
    where = func.strpos if db.session.get_bind().dialect.name == "postgresql" else func.instr
    at = case(*[(VaultFile.id == i, where(VaultFile.text, literal(w))) for i, w in wanted.items()], else_=0)
    out = {}
    for id_, pages, pos in db.session.execute(select(VaultFile.id, VaultFile.text_pages, at).where(
            VaultFile.id.in_(list(wanted)), VaultFile.text_pages.is_not(None))):
        if pos:
            out[id_] = page_of(orjson.loads(pages), pos - 1)
    return out


_COUNTED = (SearchDoc.kind, SearchDoc.path, SearchDoc.author_id)
_SHOWN = (SearchDoc.id, SearchDoc.kind, SearchDoc.item_id, SearchDoc.module_id, SearchDoc.path, SearchDoc.label,
          SearchDoc.author_id, SearchDoc.created)
# Relevance, best first (after the filters): the words as typed in the title; the words as typed anywhere (not
# only as the beginning of a longer word); the words, the last one perhaps a beginning, in the title; the words
# side by side; then the engine's rank (bm25, ts_rank); then the newest.
TIERS = ("in_title", "exact", "titled", "phrase")


def _sqlite(groups, shape, values, page, per_kind):
    """FTS5: the counts (of CAP + 1 matches at most), the page (ranked over every match) and its highlights,
    three statements."""
    match = text(f"{FTS} MATCH :match").bindparams(match=fts5_match(groups))

    def matches(*cols):
        return select(*cols).select_from(_FTS).join(SearchDoc, SearchDoc.id == _FTS.c.rowid).where(
            match, *_where(shape))

    def among(name, expr):
        """Whether the match also matches `expr` (an FTS5 expression): one lookup of the index per search."""
        return _FTS.c.rowid.in_(select(_FTS.c.rowid).where(
            text(f"{FTS} MATCH :{name}").bindparams(**{name: expr})).correlate(None))

    portal = _portal_of(SearchDoc.path)
    sample = matches(SearchDoc.kind, portal.label("portal"), SearchDoc.author_id).limit(CAP + 1).subquery()
    narrowed = select(literal(""), null(), null(), func.count()).select_from(
        matches(SearchDoc.id).where(*_narrowed(shape)).limit(CAP + 1).subquery())
    counts = db.session.execute(union_all(
        select(sample.c.kind, sample.c.portal, sample.c.author_id, func.count())
        .group_by(sample.c.kind, sample.c.portal, sample.c.author_id), narrowed), values).all()
    tiers = [among("in_title", fts5_match(exact(groups), "title")),
             among("exact", fts5_match(exact(groups))) if has_prefix(groups) else true(),
             among("titled", fts5_match(groups, "title")) if has_prefix(groups) else true(),
             among("phrase", fts5_match(phrased(groups))) if is_phrasable(groups) else true()]
    inner = matches(*_SHOWN, *[t.label(n) for t, n in zip(tiers, TIERS)],
                    (-literal_column(f"bm25({FTS}, 5.0, 2.0, 1.0)")).label("rank")).where(*_narrowed(shape))
    if page.key == "created":  # oldest first; '-created': newest first
        order = (("created", page.descending), ("id", page.descending))
    else:  # best first ('-rank': worst first)
        order = tuple((name, not page.descending) for name in (*TIERS, "rank", "created", "id"))
    ranked = inner.subquery()
    if per_kind:
        each = select(ranked, func.row_number().over(partition_by=ranked.c.kind, order_by=_ordered(ranked.c, order))
                      .label("nth")).subquery()
        stmt = select(*[each.c[c.name] for c in _SHOWN]).where(each.c.nth <= per_kind) \
            .order_by(*_ordered(each.c, order))
    else:
        stmt = select(*[ranked.c[c.name] for c in _SHOWN]).order_by(*_ordered(ranked.c, order)) \
            .limit(page.per_page).offset(page.offset)
    rows = db.session.execute(stmt, values).all()
    marked = {}
    if rows:
        cols = ", ".join([f"highlight({FTS}, 0, :m, :u)"] + [f"snippet({FTS}, {c}, :m, :u, '…', 24)" for c in (1, 2)])
        found = db.session.execute(text(f"SELECT {FTS}.rowid, {cols} FROM {FTS} WHERE {FTS} MATCH :match AND "
                                        f"{FTS}.rowid IN ({', '.join(str(int(r.id)) for r in rows)})"),
                                   {"match": fts5_match(groups), "m": MARK, "u": UNMARK})
        marked = {i: (t or "", " · ".join(s for s in (b, e) if s)) for i, t, b, e in found}
    grouped = [(k, p, a, n) for k, p, a, n in counts if k != ""]
    return grouped, next(n for k, _, _, n in counts if k == ""), rows, marked


def _postgresql(groups, shape, values, page, per_kind):
    """The statement of this shape of search (built once per shape: building it cost more than running it on a
    rare word), run with this search's values."""
    typed, groups = groups, settled(groups)
    terms, tsq_values = tsquery_params(groups)
    exact_terms = phrase_terms = marked_terms = None
    if groups is not typed:
        marked_terms, more = tsquery_params(typed, "hl")
        tsq_values.update(more)
    if has_prefix(groups):
        exact_terms, more = tsquery_params(exact(groups), "ex")
        tsq_values.update(more)
    if is_phrasable(groups):
        phrase_terms, more = tsquery_params(phrased(groups), "ph")
        tsq_values.update(more)
    lo, hi = page.offset, page.offset + page.per_page  # rows lo .. hi-1, from 0
    params = {**values, **tsq_values, "head": RANKED, "cap": CAP + 1, "branch": max(RANKED, hi),
              "needle": needle(groups)}
    if per_kind:
        lo, hi = 0, 1
        params.update(per_kind=per_kind, head=PER_KIND_RANKED, branch=PER_KIND_RANKED)
    elif page.key == "created":
        params.update(off=lo, lim=page.per_page)
    else:
        if lo < RANKED:
            params.update(off=lo, lim=min(hi, RANKED) - lo)
        if hi > RANKED:
            start = max(lo, RANKED)
            params.update(after_off=start, after_lim=hi - start)
    rum = _has_rum(str(db.engine.url))
    stmt = _pg_statement((terms, exact_terms, phrase_terms, marked_terms), shape, page.key, page.descending, lo < RANKED,
                         hi > RANKED, bool(per_kind), rum)
    if rum:  # (this transaction only: a search request reads nothing else but names by their ids)
        db.session.execute(_NO_BITMAPS)
    out = db.session.execute(stmt, params).all()
    counts_ = orjson.loads(out[0].counts) if out else []
    rows = [x for x in out if x.id is not None]
    return ([tuple(c) for c in counts_], out[0].narrowed if out else 0, rows,
            {x.id: (_back(x.hl_title), _back(x.hl_snippet)) for x in rows})


# The planner cannot know how many documents a word matches (the tsquery is a parameter: 500, it guesses), so with
# the rights' filter it would rather read every match and sort them than walk the RUM index newest first until it
# has enough: told not to read matches by bitmap, it walks the index (the newest, filtered, a few hundred rows).
_NO_BITMAPS = text("SET LOCAL enable_bitmapscan = off")


@lru_cache(maxsize=8)
def _has_rum(url):
    """Whether the RUM indexes are there (models/search.py's install() makes them where the extension can be
    installed; asked once per database): they give the newest matches of a word in order, from the index."""
    return bool(db.session.execute(text(f"SELECT 1 FROM pg_class WHERE relname = '{RUM_TITLE}'")).first())


# RUM orders by the distance of `created` to a date: to one after every document, the newest first; to one before
# them, the oldest (finite: from 'infinity' every distance is the same).
_LATEST = literal_column("'2200-01-01'::timestamp")
_EARLIEST = literal_column("'1900-01-01'::timestamp")


def _in_time(c, rum, newest=True):
    """The order newest (or oldest) first: from the RUM index when there is one, else by sorting the matches."""
    if rum:
        return [c.created.op("<=|")(_LATEST) if newest else c.created.op("|=>")(_EARLIEST)]
    return [c.created.desc(), c.id.desc()] if newest else [c.created.asc(), c.id.asc()]


@lru_cache(maxsize=256)
def _pg_statement(terms, shape, key, descending, ranked, after, per_kind, rum):
    """One statement: the counts by kind, portal and author of CAP + 1 visible matches at most (read in the
    index's order, not sorted), as JSON, and how many (up to CAP + 1) pass the facet filters; the page (_pg_page)
    with its highlights by ts_headline. A row with only the counts when the page is empty. `terms`:
    tsquery_params' shapes of the query, of its words as typed (None: no prefix) and of its words as phrases
    (None: no group of several words) and of the words as typed when `settled` read them otherwise (None: as
    read), for the highlights; `shape`: _conditions'; `ranked`/`after`: the page has rows among the
    RANKED ranked ones / after them; `per_kind`: the best of each kind instead of a page; `rum`: the RUM indexes
    are there (_in_time)."""
    match_terms, exact_terms, phrase_terms, marked_terms = terms
    tsq = pg_tsquery(match_terms)
    # (the highlights mark the words as typed: a beginning read as its one word still marks a file name it begins)
    marks = tsq if marked_terms is None else pg_tsquery(marked_terms, "hl")
    once = select(tsq).scalar_subquery()  # the tsquery read once (an InitPlan), where it is read for many rows
    exact_once = None if exact_terms is None else select(pg_tsquery(exact_terms, "ex")).scalar_subquery()
    cfg = _regconfig()
    matching = (SearchDoc.tsv.op("@@")(once), *_where(shape))
    cap = bindparam("cap", type_=Integer)
    sample = select(SearchDoc.id, SearchDoc.kind, SearchDoc.path, SearchDoc.author_id).where(*matching).limit(cap) \
        .cte("s")
    g = select(sample.c.kind, _portal_of(sample.c.path).label("portal"), sample.c.author_id, func.count().label("n")) \
        .group_by(sample.c.kind, _portal_of(sample.c.path), sample.c.author_id).subquery("g")
    counts = select(func.coalesce(func.json_agg(func.json_build_array(g.c.kind, g.c.portal, g.c.author_id, g.c.n)),
                                  literal_column("'[]'::json"))).scalar_subquery()
    if any(shape[4:7]):
        narrowed = select(func.count()).select_from(
            select(SearchDoc.id).where(*matching, *_narrowed(shape)).limit(cap).subquery("n")).scalar_subquery()
    else:  # no facet filter: the sample's size (the matches read once)
        narrowed = select(func.count()).select_from(sample).scalar_subquery()
    phrase = None if phrase_terms is None else select(pg_tsquery(phrase_terms, "ph")).scalar_subquery()
    p = _pg_page(once, exact_once, phrase, shape, key, descending, ranked, after, per_kind, rum, sample)
    opts = f"StartSel={MARK}, StopSel={UNMARK}"
    body = func.concat_ws(" · ", func.nullif(_window(p.c.body), ""), func.nullif(p.c.extra, ""))
    # The counts (hundreds of groups on a common word) ride on the first row only, as text read once by orjson:
    # on every row, PostgreSQL wrote them and psycopg parsed them 20 times a page.
    first = func.row_number().over(order_by=(p.c.part, p.c.pos)) == 1
    return select(case((first, cast(counts, Text))).label("counts"), case((first, narrowed)).label("narrowed"),
                  *[p.c[c.name] for c in _SHOWN],
                  func.ts_headline(cfg, _pg_text(p.c.title), marks, f"HighlightAll=true, {opts}").label("hl_title"),
                  func.ts_headline(cfg, _pg_text(body), marks, f"{HEADLINE}, {opts}").label("hl_snippet")) \
        .select_from(select(literal(1).label("one")).subquery("one").outerjoin(p, true())) \
        .order_by(p.c.part, p.c.pos)


HEADLINE = 'MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "'
# ts_headline parses all of the text it is given: a long one (a file's text holds up to a million characters) is
# cut to WINDOW characters from a little before the first place where the query's first word stands (case and
# accents aside: `:needle`), or from its beginning. The highlight then costs the same for any length of text.
WINDOW = 1500


def _window(text_):
    at = func.strpos(func.lower(func.unaccent(text_)), bindparam("needle", type_=String))
    return case((func.length(text_) <= WINDOW, text_),
                else_=func.substr(text_, func.greatest(1, at - WINDOW // 5), WINDOW))


def _plain(word):
    """A word lower case and without accents, as unaccent() and the index leave it."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def needle(groups):
    """The first word the query looks for, lower case and without accents (as unaccent() leaves a text)."""
    return _plain(next((w for g in groups for t in g if not t.negated for w in t.words), ""))


def settled(groups):
    """PostgreSQL: the query with its last word, a beginning, read as the one word the index holds that begins so,
    when exactly one does (the vocabulary holds every word of every document): the same matches, found without
    the branches a beginning needs (each of them reads every match of a common word, which a long text read from
    a file holds more often). One query, on the vocabulary's index."""
    term = groups[-1][-1] if groups and groups[-1] else None
    start = _plain(term.words[-1]) if term is not None and term.prefix else ""
    if not start:
        return groups
    end = start[:-1] + chr(min(ord(start[-1]) + 1, 0x10FFFF))  # the words that begin with `start` sort before it
    words = db.session.scalars(select(SearchWord.word).where(SearchWord.word >= start, SearchWord.word < end)
                               .order_by(SearchWord.word).limit(2)).all()
    if len(words) != 1 or not words[0].startswith(start):
        return groups
    return groups[:-1] + [groups[-1][:-1] + [Term(term.words[:-1] + (words[0],), term.negated)]]


# Orders of the matches, as (column, descending): the newest first; the oldest; those with the words as typed in
# their title, then anywhere, first (what ts_rank then ranks).
NEWEST = (("created", True), ("id", True))
OLDEST = (("created", False), ("id", False))
TITLED_FIRST = (("in_title", True), ("exact", True), ("titled", True)) + NEWEST


def _ordered(cols, order):
    return [cols[name].desc() if descending else cols[name].asc() for name, descending in order]


def _pg_page(tsq, exact_tsq, phrase, shape, key, descending, ranked, after, per_kind, rum, sample):
    """The page's rows (with their text for the highlights), numbered `part`, `pos`. By date: the matches in that
    order, `:off`, `:lim` (from the RUM index: no sort of every match). By rank: the candidates are the `:branch`
    newest of each tier's matches (the words as typed in the title; anywhere; the words, the last perhaps a
    beginning, in the title; in the title and as typed anywhere; all): together they hold the first `:branch` of
    every match in TITLED_FIRST order, read newest first from the index rather than by reading every match. The
    first RANKED of them in TITLED_FIRST order are ranked by the TIERS then ts_rank; the others follow them in
    TITLED_FIRST order. A page that straddles the two takes the end of one and the start of the other
    (`:off`/`:lim` among the `:head` ranked; `:after_off`/`:after_lim` after them). `per_kind`: the `:head` first of
    each kind so ranked, the `:per_kind` best of each; a kind of the counts' sample with none among the
    candidates (all its matches older than theirs) takes its matches in the sample."""
    narrowed = _narrowed(shape)
    cols = (*_SHOWN, SearchDoc.title, SearchDoc.body, SearchDoc.extra)
    visible = (*_where(shape), *narrowed)
    if key == "created":
        ids = select(SearchDoc.id, func.row_number().over(order_by=_in_time(SearchDoc, False, descending)).label("pos"))\
            .where(SearchDoc.tsv.op("@@")(tsq), *visible).order_by(*_in_time(SearchDoc, rum, descending)) \
            .offset(bindparam("off", type_=Integer)).limit(bindparam("lim", type_=Integer)).subquery()
        return select(*cols, literal(0).label("part"), ids.c.pos) \
            .select_from(ids.join(SearchDoc, SearchDoc.id == ids.c.id)).subquery("p")

    def newest(*conditions, limit="branch", rum_=rum):
        return select(SearchDoc.id).where(*conditions, *visible).order_by(*_in_time(SearchDoc, rum_)) \
            .limit(bindparam(limit, type_=Integer))

    title, words = SearchDoc.title_tsv.op("@@"), SearchDoc.tsv.op("@@")
    if exact_tsq is None:
        branches = [newest(title(tsq)), newest(words(tsq))]
        flags = (func.coalesce(title(tsq), false()).label("in_title"), true().label("exact"), true().label("titled"))
    else:
        branches = [newest(title(exact_tsq)), newest(words(exact_tsq)), newest(title(tsq)),
                    # (read from the title's index: far fewer match in their title than anywhere, and a long text
                    # holds the word in most of its matches, so its own index would read thousands to keep 200)
                    newest(title(tsq), words(exact_tsq).is_(true())), newest(words(tsq))]
        flags = (func.coalesce(title(exact_tsq), false()).label("in_title"), words(exact_tsq).label("exact"),
                 func.coalesce(title(tsq), false()).label("titled"))
    cand = union(*[select(b.subquery().c.id) for b in branches]).cte("cand")
    if per_kind:  # a kind with matches (in the counts' sample) but none among the candidates: its sampled ones
        among = select(SearchDoc.kind).join(cand, cand.c.id == SearchDoc.id)
        rest = select(sample.c.id, func.row_number().over(partition_by=sample.c.kind).label("nth")) \
            .where(sample.c.kind.not_in(among), *_narrowed(shape, sample.c)).subquery("rest")
        cand = union(select(cand.c.id), select(rest.c.id).where(rest.c.nth <= bindparam("head", type_=Integer))) \
            .cte("cand_all")
    c = select(SearchDoc.id, SearchDoc.kind, SearchDoc.created, *flags) \
        .select_from(cand.join(SearchDoc, SearchDoc.id == cand.c.id)).subquery("c")

    def in_order(order, offset, limit, part):
        ids = select(c.c.id, c.c.created, c.c.in_title, c.c.exact, c.c.titled).order_by(*_ordered(c.c, order)) \
            .offset(bindparam(offset, type_=Integer)).limit(bindparam(limit, type_=Integer)).subquery()
        return select(*cols, literal(part).label("part"),
                      func.row_number().over(order_by=_ordered(ids.c, order)).label("pos")) \
            .select_from(ids.join(SearchDoc, SearchDoc.id == ids.c.id))

    def best(head):
        """The head's rows with their rank (ts_rank reads their tsvectors: a bounded number of them)."""
        return select(*cols, head.c.in_title, head.c.exact, head.c.titled,
                      (true() if phrase is None else words(phrase)).label("phrase"),
                      func.ts_rank(SearchDoc.tsv, tsq).label("rank")) \
            .select_from(head.join(SearchDoc, SearchDoc.id == head.c.id))

    order = tuple((name, not descending) for name in (*TIERS, "rank", "created", "id"))
    if per_kind:
        head = select(c.c.id, c.c.in_title, c.c.exact, c.c.titled, func.row_number().over(
            partition_by=c.c.kind, order_by=_ordered(c.c, TITLED_FIRST)).label("nth")).subquery()
        head = select(head).where(head.c.nth <= bindparam("head", type_=Integer)).subquery("head")
        b = best(head).subquery("b")
        each = select(b, func.row_number().over(partition_by=b.c.kind, order_by=_ordered(b.c, order))
                      .label("nth")).subquery("each")
        return select(*[each.c[c_.name] for c_ in cols], literal(0).label("part"),
                      func.row_number().over(order_by=_ordered(each.c, order)).label("pos")) \
            .where(each.c.nth <= bindparam("per_kind", type_=Integer)).subquery("p")
    parts = []
    if ranked:
        head = select(c.c.id, c.c.in_title, c.c.exact, c.c.titled).order_by(*_ordered(c.c, TITLED_FIRST)) \
            .limit(bindparam("head", type_=Integer)).subquery("head")
        b = best(head).subquery("b")
        parts.append(select(*[b.c[c_.name] for c_ in cols], literal(0).label("part"),
                            func.row_number().over(order_by=_ordered(b.c, order)).label("pos"))
                     .order_by(*_ordered(b.c, order))
                     .offset(bindparam("off", type_=Integer)).limit(bindparam("lim", type_=Integer)))
    if after:
        parts.append(in_order(TITLED_FIRST, "after_off", "after_lim", 1))
    return (parts[0] if len(parts) == 1 else union_all(*parts)).subquery("p")



def _facets(counts, f):
    """Counts by kind, portal and author, each under the other two filters (a facet never filters itself), and
    the total under all three."""
    kinds, portals, authors, total = {}, {}, {}, 0
    for kind, portal, author, n in counts:
        portal = int(portal) if portal else None
        k_ok = not f.kinds or kind in f.kinds
        p_ok = f.portal is None or portal == f.portal
        a_ok = f.author is None or author == f.author
        if p_ok and a_ok:
            kinds[kind] = kinds.get(kind, 0) + n
        if k_ok and a_ok and portal is not None:
            portals[portal] = portals.get(portal, 0) + n
        if k_ok and p_ok and author is not None:
            authors[author] = authors.get(author, 0) + n
        if k_ok and p_ok and a_ok:
            total += n
    top = sorted(authors.items(), key=lambda a: (-a[1], a[0]))[:AUTHORS_SHOWN]
    if f.author is not None and f.author not in dict(top):
        top.append((f.author, authors.get(f.author, 0)))
    return {"kind": {k: kinds[k] for k in KINDS if k in kinds},
            "portal": [{"id": p, "count": n} for p, n in sorted(portals.items())],
            "author": [{"id": a, "count": n} for a, n in top]}, total


def _names(user, rows, facets, f):
    """The modules of the hits and above them, and the portals and people the facets name: one query. People are
    named who wrote something the user sees (a hit, a facet's count); the author filter's person, when nothing of
    theirs is seen, only if they share a portal with the user (permissions.portal_peers): no user id names anyone
    else."""
    module_ids = {i for r in rows for i in path_ids(r.path)} | {p["id"] for p in facets["portal"]}
    user_ids = {r.author_id for r in rows if r.author_id} | {a["id"] for a in facets["author"] if a["count"]}
    unseen = f.author if f.author is not None and f.author not in user_ids else None
    if not module_ids and not user_ids and unseen is None:
        return {}, {}
    values = {"modules": list(module_ids), "users": list(user_ids)}
    statement = _NAMES
    if unseen is not None:
        peers = perm.portal_peers(user)
        part = _PERSON.where(User.id == bindparam("unseen", type_=Integer))
        if peers is not None:
            part = part.where(or_(User.id == user.id, User.id.in_(peers)))
        statement, values["unseen"] = union_all(*_NAME_PARTS, part), unseen
    names, people = {}, {}
    for k, id_, name, type_, platform, level in db.session.execute(statement, values):
        if k == "m":
            names[id_] = _Mod(id_, name, type_, platform, level)
        else:
            people[id_] = name
    return names, people


# Built once: the modules (`:modules`) and people (`:users`) a page of hits names.
_PERSON = select(literal("u"), User.id, User.name, null(), null(), cast(null(), Integer))
_NAME_PARTS = (
    select(literal("m").label("k"), Module.id, Module.name, Module.type, Module.platform, Module.level)
    .where(Module.id.in_(bindparam("modules", expanding=True))),
    _PERSON.where(User.id.in_(bindparam("users", expanding=True))))
_NAMES = union_all(*_NAME_PARTS)


@dataclass(frozen=True)
class _Mod:
    id: int
    name: str
    type: str
    platform: str
    level: int


def _name_facets(facets, names, people):
    for p in facets["portal"]:
        p["name"] = names[p["id"]].name if p["id"] in names else None
    for a in facets["author"]:
        a["name"] = people.get(a["id"])


def _entry(user, path_ids):
    """The module the user enters by to reach this one: the highest at level 1 or below that they may view (a
    superuser: the portal)."""
    if len(path_ids) < 2:
        return path_ids[-1]
    if user.is_superuser:
        return path_ids[1]
    mine, seen = perm.user_memberships(user), False
    for level, mid in enumerate(path_ids):
        m = mine.get(mid)
        seen = seen or bool(m and (m.allow_view or m.admin))
        if seen and level >= 1:
            return mid
    return path_ids[-1]


def _trail(chain):
    """Each module of `chain` (top down) with the tab it lives under in the page of the one above it."""
    out = []
    for above, a in zip([None] + chain, chain):
        label, _, tab = platforms.type_names(a)
        if above is not None:
            tab = platforms.tab_under(a.platform, above.type, a.type) or tab
        out.append({"id": a.id, "name": a.name, "type": a.type, "typeLabel": label, "level": a.level, "tab": tab})
    return out


class _Hit:
    """What a hit's links read: its item id."""
    __slots__ = ("id", "kind")

    def __init__(self, id_, kind):
        self.id, self.kind = id_, kind


def _present(user, r, marked, names, people, pages):
    ids = path_ids(r.path)
    chain = [names[i] for i in ids if i in names]
    me = chain[-1]
    trail = _trail(chain)
    entry = _entry(user, ids)
    below = [t for t in trail if t["level"] >= 1]
    at = next((i for i, t in enumerate(below) if t["id"] == entry), 0)
    title, snippet = marked or ("", "")
    module = SimpleModule(me.id, r.path, me.level, me.type, me.platform)
    return {
        "key": f"{r.kind}-{r.item_id}", "kind": r.kind, "id": r.item_id,
        "title": title or "", "label": None if r.kind == "file" else r.label, "snippet": _one_line(snippet or ""),
        **({"fileType": r.label, "page": pages.get(r.item_id)} if r.kind == "file" else {}),
        "created": r.created, "author": {"id": r.author_id, "name": people.get(r.author_id)} if r.author_id else None,
        "module": trail[-1], "platform": me.platform, "portalId": ids[1] if len(ids) > 1 else ids[0],
        "entryId": entry, "breadcrumb": [t["name"] for t in below],
        "ancestors": below[at:-1] if below and below[-1]["id"] != entry else [],
        "links": links.of("hit", Ctx(user, module, perm.rights(user, module), _Hit(r.item_id, r.kind))),
    }


class SimpleModule:
    """A module as rights and links read it (no ORM object)."""
    __slots__ = ("id", "path", "level", "type", "platform", "locked")

    def __init__(self, id_, path, level, type_, platform):
        self.id, self.path, self.level, self.type, self.platform, self.locked = id_, path, level, type_, platform, False


def empty_facets():
    return {"kind": {}, "portal": [], "author": []}
