"""Output schemas of the accounts endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class TokenSchema(Camel):
    token = fields.String()
    expiresIn = fields.Integer()


class SignInSchema(TokenSchema):
    mfaRequired = fields.Boolean(metadata={"description": "a second factor is asked: POST /json/login/mfa"})
    mfaEnrolRequired = fields.Boolean(metadata={"description": "REQUIRE_MFA: enrol first (/json/login/mfa/enrol)"})
    mfaToken = fields.String(metadata={"description": "the sign-in challenge, for MFA_TOKEN_SECONDS"})
    recoveryCodes = fields.List(fields.String(), metadata={"description": "after an enrolment during sign-in"})
    linkRequired = fields.Boolean(metadata={"description": "single sign-on named an existing password account: "
                                                           "POST /json/sso/link with its password, once"})
    linkToken = fields.String(metadata={"description": "the link challenge, for MFA_TOKEN_SECONDS"})
    email = fields.String(metadata={"description": "the account a link challenge is for"})


class SsoNameSchema(Camel):
    name = fields.String()


class SsoConfigSchema(Camel):
    sso = fields.Nested(SsoNameSchema, allow_none=True)
    passwordLogin = fields.Boolean()


class SsoStartSchema(Camel):
    url = fields.String(metadata={"description": "the identity provider's authorization URL"})
