"""marshmallow's own messages that a form of ours may answer with, listed for the catalogs (issue 43): a field error
is translated by its English text when the answer leaves (errors.ApiError.body), so these need only be known there.
Messages marshmallow fills with values ('Longer than maximum length {max}.') cannot be looked up: our validators give
a fixed `error=` instead."""
from ..i18n import N_

MARSHMALLOW = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Invalid type."),
    N_("Invalid input type."),
    N_("Unknown field."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Special numeric values (nan or infinity) are not permitted."),
    N_("Not a valid boolean."),
    N_("Not a valid date."),
    N_("Not a valid datetime."),
    N_("Not a valid email address."),
    N_("Not a valid URL."),
    N_("Not a valid list."),
    N_("Not a valid mapping type."),
)
