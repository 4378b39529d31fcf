"""Every text notifications sends to a person, in Spanish and English.

A notification's `msg` is stored in both languages; a socket gets it in its language and the
bell's list in the request's (`Accept-Language`).
"""
from kit.i18n import Text

# What happened (spec part 1 §7 'Other': the socket's messages). `{place}` is the place's name
# (M1, S3, D2) or a delivery order's number (#123456); `{items}` the order's lines ("2 × Empanada, 1 × Flan").
NEW_ORDER = Text(es="Nuevo pedido en {place}: {items}", en="New order at {place}: {items}")
NEW_DELIVERY = Text(es="Nuevo pedido de delivery {place}: {items}", en="New delivery order {place}: {items}")
NEW_TAKEAWAY = Text(es="Nuevo pedido para llevar {place}: {items}", en="New takeaway order {place}: {items}")
MORE_ITEMS = Text(es="{items} y {count} más", en="{items} and {count} more")
LINE_STATUS = Text(es="{place}: {quantity} × {dish} pasó a {status}", en="{place}: {quantity} × {dish} is now {status}")
LINES_STATUS = Text(es="{place}: {count} pedidos pasaron a {status}", en="{place}: {count} orders are now {status}")
LINES_CHANGED = Text(es="{place}: {count} pedidos cambiaron de estado", en="{place}: {count} orders changed status")
LINE_REMOVED = Text(es="{place}: se eliminó un pedido", en="{place}: an order was removed")
LINES_REMOVED = Text(es="{place}: se eliminaron {count} pedidos", en="{place}: {count} orders were removed")
TABLE_FREED = Text(es="Se liberó {place}", en="{place} was freed")
WAITER_CALL = Text(es="{place} llama al mozo", en="{place} is calling the waiter")
BILL_REQUEST = Text(es="{place} pide la cuenta", en="{place} asks for the bill")
WAITER_SENT = Text(es="Mozo enviado a {place}", en="Waiter sent to {place}")
MENU_CHANGED = Text(es="El menú cambió.", en="The menu changed.")
PLACE_CLOSED = Text(
    es="Este código QR ya no es válido: escanee otra vez el código de la mesa.",
    en="This QR code is no longer valid: scan the table's code again.",
)
TAB_CLOSED = Text(es="Se cerró la cuenta de {place}", en="{place}'s tab was closed")
LINE_EDITED = Text(es="{place}: se modificó {quantity} × {dish}", en="{place}: {quantity} × {dish} was changed")
LINES_EDITED = Text(es="{place}: se modificaron {count} pedidos", en="{place}: {count} orders were changed")
# A line's online payment (issue 22): its checkout started, was rejected, or ended without paying.
ONLINE_PAYMENT = {
    "pending": Text(es="{place}: pago con MercadoPago en curso", en="{place}: MercadoPago payment under way"),
    "rejected": Text(es="{place}: MercadoPago rechazó el pago", en="{place}: MercadoPago rejected the payment"),
    None: Text(es="{place}: el pago con MercadoPago terminó sin cobrarse", en="{place}: the MercadoPago payment ended unpaid"),
}
DELIVERY_CHANGED = Text(es="Se actualizó el pedido {place}", en="Order {place} was updated")
PAYMENT_RECORDED = Text(es="{place}: se cobraron {amount} ({method})", en="{place}: {amount} was paid ({method})")
PAYMENT_METHOD = {
    "cash": Text(es="efectivo", en="cash"),
    "debit": Text(es="débito", en="debit"),
    "credit": Text(es="crédito", en="credit"),
    "online": Text(es="MercadoPago", en="MercadoPago"),
}

# Order line statuses (spec part 2 §4 'Order status codes').
STATUS = {
    "1": Text(es="Nuevo", en="New"),
    "2": Text(es="Aceptado", en="Accepted"),
    "3": Text(es="Rechazado", en="Rejected"),
    "4": Text(es="Entregado", en="Delivered"),
    "5": Text(es="En cierre", en="Closing"),
    "6": Text(es="Pagado", en="Paid"),
    "7": Text(es="En camino", en="On the way"),
}

# Why a socket was refused or closed (sent in an `error` frame before the close).
BAD_AUTH_MESSAGE = Text(
    es='El primer mensaje debe ser {"type": "auth", ...} con sus campos válidos.',
    en='The first message must be {"type": "auth", ...} with valid fields.',
)
AUTH_TIMEOUT = Text(es="No se recibió la autenticación a tiempo.", en="Authentication was not received in time.")
TOKEN_REVOKED = Text(es="La sesión terminó: inicie sesión otra vez.", en="The session ended: log in again.")
RESTAURANT_REQUIRED = Text(es="Elija un restaurante (fk_resto).", en="Choose a restaurant (fk_resto).")
PLACE_UNKNOWN = Text(es="Código QR inválido o vencido.", en="Invalid or expired QR code.")
TRACKING_UNKNOWN = Text(
    es="Este enlace de seguimiento no es válido o ya venció.", en="This tracking link is not valid or has expired."
)
TRACKING_CLOSED = Text(
    es="El seguimiento de este pedido terminó.", en="Tracking of this order has ended."
)
TOO_SLOW = Text(
    es="La conexión no recibe los mensajes a tiempo: vuelva a conectarse.",
    en="The connection is not keeping up with its messages: reconnect.",
)
MESSAGE_TOO_BIG = Text(
    es="El mensaje es demasiado grande: el primero debe ser la autenticación, de pocos bytes.",
    en="The message is too big: the first one must be the authentication, a few bytes long.",
)
TOO_MANY_FROM_ADDRESS = Text(
    es="Hay demasiadas conexiones abiertas desde esta dirección: cierre alguna pestaña y vuelva a intentar.",
    en="Too many connections are open from this address: close a tab and try again.",
)
TOO_MANY_FOR_RESTAURANT = Text(
    es="Este restaurante tiene demasiadas pantallas conectadas: cierre alguna y vuelva a intentar.",
    en="This restaurant has too many screens connected: close one and try again.",
)
TOO_MANY_AT_PLACE = Text(
    es="Hay demasiados teléfonos conectados a esta mesa: cierre alguno y vuelva a escanear el código.",
    en="Too many phones are connected to this table: close one and scan the code again.",
)
BUSY = Text(
    es="El servicio está ocupado: la conexión se reintentará en unos segundos.",
    en="The service is busy: the connection will be tried again in a few seconds.",
)
NOTIFICATION_NOT_FOUND = Text(es="Notificación no encontrada.", en="Notification not found.")

