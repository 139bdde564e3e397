"""Output schemas of the search endpoint: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, PageMetaSchema, UtcDateTime

MARKS = ("Highlights sit between U+E000 and U+E001 (private-use characters): split the text on them and show "
         "every part as text")


class SearchTrailSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    type = fields.String()
    typeLabel = fields.String()
    level = fields.Integer()
    tab = fields.String(metadata={"description": "the tab it lives under in the page of the module above it"})


class SearchAuthorSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)


class SearchHitSchema(Camel):
    key = fields.String(metadata={"description": "unique in the answer: '<kind>-<id>'"})
    kind = fields.String(metadata={"enum": ["module", "article", "file", "reference", "comment", "value"]})
    id = fields.Integer(metadata={"description": "the item's id (a module's for a module)"})
    title = fields.String(metadata={"description": f"the item's title (a value: empty). {MARKS}"})
    label = fields.String(allow_none=True, metadata={"description": "a value's field label"})
    snippet = fields.String(metadata={"description": f"where the words were found (a file: in its text). {MARKS}"})
    fileType = fields.String(metadata={"description": "a file's type (pdf, document, spreadsheet, presentation, "
                                                      "text, image, other); files only"})
    page = fields.Integer(allow_none=True, metadata={"description": "a file's page (PDF) or slide where the "
                                                                   "highlighted words are; files only"})
    created = UtcDateTime()
    author = fields.Nested(SearchAuthorSchema, allow_none=True)
    module = fields.Nested(SearchTrailSchema, metadata={"description": "the module the item is on"})
    platform = fields.String()
    portalId = fields.Integer()
    entryId = fields.Integer(metadata={"description": "the module the user enters by (their highest viewable "
                                                      "ancestor from level 1): the base of the webapp's route"})
    breadcrumb = fields.List(fields.String(), metadata={"description": "names from the portal down to the module"})
    ancestors = fields.List(fields.Nested(SearchTrailSchema),
                            metadata={"description": "from the entry module down to the module's parent"})
    links = fields.Dict()


class SearchFacetSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)
    count = fields.Integer()


class SearchFacetsSchema(Camel):
    kind = fields.Dict(keys=fields.String(), values=fields.Integer(),
                       metadata={"description": "hits by kind (under the portal and author filters)"})
    portal = fields.List(fields.Nested(SearchFacetSchema), metadata={"description": "hits by portal"})
    author = fields.List(fields.Nested(SearchFacetSchema), metadata={"description": "hits by author, the 20 most"})


class SearchMetaSchema(PageMetaSchema):
    totalIsApproximate = fields.Boolean(metadata={"description": "more than 1,000 matches: total says 1,000, the "
                                                                 "facets count a sample, no page lies beyond"})
    correctedQuery = fields.String(metadata={"description": "present when nothing matched the words as typed: the "
                                                            "words searched instead (a typo corrected)"})


class SearchPageSchema(Camel):
    list = fields.List(fields.Nested(SearchHitSchema))
    meta = fields.Nested(SearchMetaSchema)
    facets = fields.Nested(SearchFacetsSchema)
