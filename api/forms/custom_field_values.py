from marshmallow import fields, validate

from . import Date, Form


class TextValueForm(Form):
    stringval = fields.String(required=True, validate=validate.Length(max=5000), metadata={"label": "Value"})


class PicklistValueForm(Form):
    option = fields.String(required=True, metadata={"label": "Value", "type": "select"})


class NumericValueForm(Form):
    numval = fields.Float(required=True, allow_nan=False, validate=validate.Range(min=-1e15, max=1e15),
                          metadata={"label": "Value"})


class DateValueForm(Form):
    dateval = Date(required=True, metadata={"label": "Date"})


class DatedNumericValueForm(NumericValueForm):
    dateval = Date(required=True, metadata={"label": "Date"})


VALUE_FORMS = {"TEXT": TextValueForm, "PICKLIST": PicklistValueForm, "NUMERIC": NumericValueForm,
               "DATE": DateValueForm, "DATED_NUMERIC": DatedNumericValueForm}
