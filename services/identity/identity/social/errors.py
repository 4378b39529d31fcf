from identity import messages
from kit.errors import NonFieldError


class _CodedNonFieldError(NonFieldError):
    code: str

    def __init__(self, text):
        super().__init__(text)
        self.body["code"] = self.code


class SocialFailed(_CodedNonFieldError):
    code = "social_failed"

    def __init__(self):
        super().__init__(messages.SOCIAL_FAILED)


class TokenNotForThisApp(_CodedNonFieldError):
    """The provider says the access token was issued to another application."""

    code = "social_token_audience"

    def __init__(self):
        super().__init__(messages.SOCIAL_TOKEN_AUDIENCE)


class EmailTakenByStaff(_CodedNonFieldError):
    code = "social_email_staff"

    def __init__(self):
        super().__init__(messages.SOCIAL_EMAIL_TAKEN)


class LocalPasswordRequired(_CodedNonFieldError):
    """An account with this e-mail exists, and either side's address is unverified: linking by
    e-mail alone would hand the account to whoever controls the provider identity."""

    code = "social_link_needs_password"

    def __init__(self):
        super().__init__(messages.SOCIAL_LINK_NEEDS_PASSWORD)
