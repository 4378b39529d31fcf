"""The marketplace link's refusals, each a `{"detail", "code"}` the screens tell apart by its code
(spec part 2 §8 'Marketplace authorization failure'). A restaurant that is not linked is the kit's
plain 404 'No encontrado.' (the balance screen's 'not linked')."""
from billing import messages
from kit.errors import DetailError


class FieldRequired(DetailError, code="field_required", text=messages.MP_FIELD_REQUIRED):
    """errors.markedPlace.msgResto: the call lacks `fk_resto`, `code` or `state`."""

    def __init__(self, field: str):
        super().__init__(self.text.format(field=field))


class StateInvalid(DetailError, code="state_invalid", text=messages.MP_STATE_INVALID):
    """The `state` is unknown, used, expired, or another restaurant's or owner's."""


class CodeRejected(DetailError, code="code_rejected", text=messages.MP_CODE_REJECTED):
    """The provider refused the code (used, expired, another application's)."""


class ProviderUnreachable(DetailError, status_code=502, code="provider_unreachable", text=messages.MP_UNREACHABLE):
    """The provider did not answer in time (or answered 5xx): nothing was changed; try again."""


class ProviderError(DetailError, status_code=502, code="provider_error", text=messages.MP_PROVIDER_ERROR): ...


class AccountLinkedElsewhere(DetailError, status_code=409, code="account_linked_elsewhere",
                             text=messages.MP_ACCOUNT_LINKED_ELSEWHERE):
    """The provider account already serves a restaurant another user linked."""


class RestaurantAlreadyLinked(DetailError, status_code=409, code="restaurant_already_linked",
                              text=messages.MP_RESTAURANT_ALREADY_LINKED):
    """One provider account per restaurant."""


class MarketplaceNotConfigured(DetailError, status_code=503, code="marketplace_not_configured",
                               text=messages.MP_NOT_CONFIGURED):
    """This deployment has no marketplace credentials or token key, or its stored tokens do not
    decrypt with the key it has."""


class BalanceUnavailable(DetailError, status_code=502, code="balance_unavailable", text=messages.MP_BALANCE_UNAVAILABLE):
    """The provider refuses this account's balance (some accounts get 403 there)."""


class SignatureInvalid(DetailError, status_code=401, code="signature_invalid", text=messages.MP_SIGNATURE_INVALID): ...


class NotificationInvalid(DetailError, code="notification_invalid", text=messages.MP_NOTIFICATION_INVALID): ...


class NotificationStale(DetailError, status_code=401, code="notification_stale", text=messages.MP_NOTIFICATION_STALE):
    """Signed, but its `ts` is outside the window: a recorded notification sent again later."""
