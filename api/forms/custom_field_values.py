from marshmallow import fields, validate

from . import Date, Form, MaxLength
from ..i18n import N_


class TextValueForm(Form):
    stringval = fields.String(required=True, validate=MaxLength(5000), metadata={"label": N_("Value")})


class PicklistValueForm(Form):
    option = fields.String(required=True, metadata={"label": N_("Value"), "type": "select"})


class NumericValueForm(Form):
    numval = fields.Float(required=True, allow_nan=False, validate=validate.Range(
        min=-1e15, max=1e15, error=N_("Must be greater than or equal to -1000000000000000.0 and less than or equal to "
                                      "1000000000000000.0.")), metadata={"label": N_("Value")})


class DateValueForm(Form):
    dateval = Date(required=True, metadata={"label": N_("Date")})


class DatedNumericValueForm(NumericValueForm):
    dateval = Date(required=True, metadata={"label": N_("Date")})


VALUE_FORMS = {"TEXT": TextValueForm, "PICKLIST": PicklistValueForm, "NUMERIC": NumericValueForm,
               "DATE": DateValueForm, "DATED_NUMERIC": DatedNumericValueForm}
