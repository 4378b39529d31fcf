from identity import messages
from kit.errors import NonFieldError


class SocialFailed(NonFieldError, code="social_failed", text=messages.SOCIAL_FAILED): ...


class TokenNotForThisApp(NonFieldError, code="social_token_audience", text=messages.SOCIAL_TOKEN_AUDIENCE):
    """The provider says the access token was issued to another application."""


class EmailTakenByStaff(NonFieldError, code="social_email_staff", text=messages.SOCIAL_EMAIL_TAKEN): ...


class LocalPasswordRequired(NonFieldError, code="social_link_needs_password", text=messages.SOCIAL_LINK_NEEDS_PASSWORD):
    """An account with this e-mail exists, and either side's address is unverified: linking by
    e-mail alone would hand the account to whoever controls the provider identity."""
