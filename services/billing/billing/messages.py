"""Every text billing sends to a person, in Spanish and English (spec part 2 §5, §8)."""
from kit.i18n import Text

# Filters of the balance, statistics and fee table (spec part 2 §4 'Payment', §7)
PAYMENT_TYPE_INVALID = Text(
    es="Medio de pago inválido: use all, Efectivo, Debito, Credito, MercadoPago o 1 a 4.",
    en="Invalid payment type: use all, Efectivo, Debito, Credito, MercadoPago or 1 to 4.",
)
DATE_INVALID = Text(es="Fecha inválida: use el formato AAAA-MM-DD.", en="Invalid date: use the YYYY-MM-DD format.")
DATE_RANGE_REVERSED = Text(
    es="La fecha final no puede ser anterior a la inicial.", en="The end date cannot be before the start date."
)

# Balance (spec part 2 §7 'Restaurant balance': detail when empty)
NO_SALES_IN_RANGE = Text(
    es="No hay ventas en el período seleccionado.", en="There are no sales in the selected period."
)

# Application fee (spec part 2 §5: required, 0 to 100)
FEE_REQUIRED = Text(es="La comisión es requerida.", en="The fee is required.")
FEE_RANGE = Text(es="La comisión debe estar entre 0 y 100.", en="The fee must be between 0 and 100.")
FEE_DECIMALS = Text(
    es="La comisión admite a lo sumo 2 decimales.", en="The fee allows at most 2 decimal places."
)

# Commission collection (spec part 2 §5: rulesCommision.required / .min / .max)
CREDIT_REQUIRED = Text(es="El monto a cobrar es requerido.", en="The amount to collect is required.")
CREDIT_MIN = Text(es="El monto a cobrar debe ser mayor a 0.", en="The amount to collect must be greater than 0.")
CREDIT_MAX = Text(
    es="El monto a cobrar no puede superar la deuda del restaurante ({owed}).",
    en="The amount to collect cannot exceed the restaurant's debt ({owed}).",
)
CREDIT_DECIMALS = Text(
    es="El monto a cobrar admite a lo sumo 2 decimales.", en="The amount to collect allows at most 2 decimal places."
)
IDEMPOTENCY_KEY_INVALID = Text(
    es="El encabezado Idempotency-Key no es válido (de 8 a 100 caracteres).",
    en="The Idempotency-Key header is invalid (8 to 100 characters).",
)
IDEMPOTENCY_KEY_REUSED = Text(
    es="Esta clave Idempotency-Key ya se usó para otro cobro. Envíe el cobro con una clave nueva.",
    en="This Idempotency-Key was already used for another collection. Send it with a new key.",
)

# The marketplace link (spec part 2 §2 'Payment-provider screens', §8 'Marketplace authorization
# failure'): each error carries a `code`; the screen shows errors.markedPlace.msgResto for
# `field_required` and errors.markedPlace.msg for the rest, under errors.markedPlace.title.
MP_FIELD_REQUIRED = Text(es="El campo {field} es requerido.", en="The {field} field is required.")
MP_STATE_INVALID = Text(
    es="Esta autorización no corresponde a este restaurante o ya venció. Vuelva a vincular la cuenta desde el principio.",
    en="This authorization does not belong to this restaurant or has expired. Start linking the account again.",
)
MP_CODE_REJECTED = Text(
    es="MercadoPago no aceptó la autorización (venció o ya se usó). Vuelva a vincular la cuenta.",
    en="MercadoPago did not accept the authorization (it expired or was already used). Link the account again.",
)
MP_UNREACHABLE = Text(
    es="No se pudo conectar con MercadoPago. Intente de nuevo en unos minutos.",
    en="MercadoPago could not be reached. Try again in a few minutes.",
)
MP_PROVIDER_ERROR = Text(
    es="MercadoPago respondió con un error. Intente de nuevo más tarde.",
    en="MercadoPago answered with an error. Try again later.",
)
MP_ACCOUNT_LINKED_ELSEWHERE = Text(
    es="Esta cuenta de MercadoPago ya fue vinculada por otro usuario.",
    en="This MercadoPago account was already linked by another user.",
)
MP_RESTAURANT_ALREADY_LINKED = Text(
    es="Este restaurante ya está vinculado a una cuenta de MercadoPago.",
    en="This restaurant is already linked to a MercadoPago account.",
)
MP_NOT_CONFIGURED = Text(
    es="Los pagos con MercadoPago no están disponibles en este momento.",
    en="MercadoPago payments are not available right now.",
)
MP_BALANCE_UNAVAILABLE = Text(
    es="MercadoPago no informa el saldo de esta cuenta.",
    en="MercadoPago does not report this account's balance.",
)
MP_SIGNATURE_INVALID = Text(es="La firma de la notificación no es válida.", en="The notification's signature is invalid.")
MP_NOTIFICATION_INVALID = Text(es="La notificación no es válida.", en="The notification is invalid.")
MP_NOTIFICATION_STALE = Text(es="La notificación es demasiado antigua o de otra hora.",
                             en="The notification is too old or from another time.")

# Online checkout (issue 22; spec part 2 §4 'Payment', §7 'Cancel marketplace payment', §8): each
# refusal a screen tells apart carries a `code`.
PLACE_TOKEN_INVALID = Text(  # ordering's text for the same token
    es="Este código QR no es válido o fue reemplazado. Pida uno nuevo al personal.",
    en="This QR code is not valid or was replaced. Ask the staff for a new one.",
)
CHECKOUT_NOT_LINKED = Text(
    es="Este restaurante todavía no recibe pagos con MercadoPago. Pague en el mostrador.",
    en="This restaurant does not take MercadoPago payments yet. Please pay at the counter.",
)
CHECKOUT_NOTHING_TO_PAY = Text(
    es="No hay nada para pagar: los pedidos deben estar aceptados o entregados y sin pagar.",
    en="There is nothing to pay: orders must be accepted or delivered and not yet paid.",
)
CHECKOUT_LINES_HELD = Text(
    es="Ya hay un pago con MercadoPago en curso para estos pedidos.",
    en="A MercadoPago payment for these orders is already under way.",
)
CHECKOUT_TIPS_OFF = Text(
    es="Este restaurante no recibe propinas en línea.", en="This restaurant does not take online tips.",
)
CHECKOUT_TIP_INVALID = Text(
    es="La propina debe ser 10, 15 o 20 % o un monto mayor a 0 y no mayor que lo que paga.",
    en="The tip must be 10, 15 or 20 % or an amount above 0 and no more than what you pay.",
)
CHECKOUT_SHARE_TOO_SMALL = Text(
    es="El total es demasiado chico para dividirlo en tantas partes.",
    en="The total is too small to split into that many shares.",
)
CHECKOUT_NO_SHARE_LEFT = Text(
    es="Ya se entregaron todas las partes de este pago.", en="Every share of this payment was already taken.",
)
CHECKOUT_NOT_OPEN = Text(
    es="Este pago con MercadoPago ya terminó.", en="This MercadoPago payment has already ended.",
)
CHECKOUT_ALREADY_APPROVED = Text(
    es="MercadoPago ya aprobó este pago: los pedidos se están marcando como pagados.",
    en="MercadoPago already approved this payment: the orders are being marked as paid.",
)
CHECKOUT_ORDERING_UNAVAILABLE = Text(
    es="No se pudieron leer los pedidos en este momento. Intente de nuevo en unos segundos.",
    en="The orders could not be read right now. Try again in a few seconds.",
)
CHECKOUT_SALE_NOT_RECORDED = Text(
    es="El pago todavía se está registrando. Envíe la notificación de nuevo más tarde.",
    en="The payment is still being recorded. Send the notification again later.",
)
CHECKOUT_TOO_MANY = Text(
    es="Demasiados pedidos de pago seguidos. Intente de nuevo en {seconds} segundos.",
    en="Too many payment requests in a row. Try again in {seconds} seconds.",
)
CHECKOUT_KEY_INVALID = Text(
    es="El encabezado Idempotency-Key es requerido (de 8 a 100 caracteres).",
    en="The Idempotency-Key header is required (8 to 100 characters).",
)
CHECKOUT_KEY_REUSED = Text(
    es="Esta clave Idempotency-Key ya se usó para otro pago. Envíelo con una clave nueva.",
    en="This Idempotency-Key was already used for another payment. Send it with a new key.",
)
# What the provider's checkout page shows beside the dishes.
CHECKOUT_TIP_ITEM = Text(es="Propina", en="Tip")
CHECKOUT_SHARE_ITEM = Text(es="{place}: parte {n} de {of}", en="{place}: share {n} of {of}")
CHECKOUT_DELIVERY_PLACE = Text(es="Pedido {number}", en="Order {number}")
