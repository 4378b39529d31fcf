"""Every text ordering sends to a person, in Spanish and English (spec part 2 §4, §5, §8)."""
from kit.i18n import Text

# Status names (spec part 2 §4 'Order status codes'), for messages and tickets.
STATUS_NAMES = {
    "1": Text(es="nueva", en="new"),
    "2": Text(es="aceptada", en="accepted"),
    "3": Text(es="rechazada", en="rejected"),
    "4": Text(es="entregada", en="delivered"),
    "5": Text(es="cerrando", en="closing"),
    "6": Text(es="pagada", en="paid"),
    "7": Text(es="en camino", en="on the way"),
}

LINE_NOT_FOUND = Text(es="Orden no encontrada.", en="Order not found.")
ILLEGAL_TRANSITION = Text(
    es="Una orden {from_name} no puede pasar a {to_name}.", en="A {from_name} order cannot become {to_name}."
)
CHANGED_MEANWHILE = Text(
    es="La orden cambió mientras tanto (otra persona la modificó). Actualice y vuelva a intentar.",
    en="The order changed meanwhile (someone else modified it). Refresh and try again.",
)
LINE_NOT_EDITABLE = Text(
    es="Solo se puede modificar el plato, la cantidad o el comentario de una orden nueva.",
    en="Only a new order's dish, quantity or comment can be changed.",
)
PAID_LINE_UNDELETABLE = Text(es="Una orden pagada no se puede eliminar.", en="A paid order cannot be deleted.")
ORDER_EMPTY = Text(es="Debe agregar al menos un plato.", en="Add at least one dish.")
TOO_MANY_LINES = Text(
    es="Un pedido puede tener a lo sumo {max_lines} platos.", en="An order can have at most {max_lines} dishes."
)
DISH_UNKNOWN = Text(es="Plato no encontrado.", en="Dish not found.")
DISH_UNAVAILABLE = Text(
    es="El plato «{name}» no está disponible en este momento.", en="The dish “{name}” is not available right now."
)
DISH_NOT_IN_MENU = Text(
    es="El plato no pertenece al menú de este lugar.", en="The dish is not on this place's menu."
)
PLACE_NOT_FOUND = Text(es="Lugar no encontrado.", en="Place not found.")
ADD_ORDER_DISABLED = Text(
    es="En este lugar no se pueden agregar órdenes ni comentarios.",
    en="Orders and comments cannot be added at this place.",
)
NO_REJECT = Text(
    es="No se puede rechazar: solo se rechazan mesas con órdenes nuevas o aceptadas.",
    en="Cannot reject: only tables with new or accepted orders can be rejected.",
)
NOTHING_TO_CHANGE = Text(
    es="La mesa no tiene órdenes {from_name}s.", en="The table has no {from_name} orders."
)
LATE_TABLE = Text(es="La mesa {n} lleva más tiempo del indicado", en="Table {n} has been waiting longer than set")
TABLE_FREED = Text(es="Mesa liberada.", en="Table freed.")

# Diners (spec part 2 §3 'Diner order', §5)
PLACE_TOKEN_INVALID = Text(
    es="Este código QR no es válido o fue reemplazado. Pida uno nuevo al personal.",
    en="This QR code is not valid or was replaced. Ask the staff for a new one.",
)
ORDERS_STOPPED = Text(
    es="El restaurante no está tomando pedidos en este momento.", en="The restaurant is not taking orders right now."
)
RESTAURANT_CLOSED = Text(
    es="El restaurante está cerrado: atiende de {opens} a {closes}.",
    en="The restaurant is closed: it is open from {opens} to {closes}.",
)
DINER_NAME_REQUIRED = Text(es="Debe ingresar el nombre de la persona", en="Enter the person's name")
TOO_MANY_ORDERS = Text(
    es="Demasiados pedidos desde esta mesa. Intente de nuevo en {seconds} segundos.",
    en="Too many orders from this table. Try again in {seconds} seconds.",
)
IDEMPOTENCY_KEY_REUSED = Text(
    es="Esta clave Idempotency-Key ya se usó para otro pedido. Envíe el pedido con una clave nueva.",
    en="This Idempotency-Key was already used for another order. Send the order with a new key.",
)
IDEMPOTENCY_KEY_INVALID = Text(
    es="El encabezado Idempotency-Key no es válido: debe tener de 8 a 100 caracteres.",
    en="The Idempotency-Key header is invalid: it must have 8 to 100 characters.",
)

# Tickets and the report (spec part 2 §5, §9)
NO_ACTIVE_ORDERS = Text(es="No hay órdenes activas para descargar.", en="There are no active orders to download.")
TICKET_TITLE = Text(es="Comanda", en="Order ticket")
REPORT_TITLE = Text(es="Órdenes activas", en="Active orders")
TOTAL = Text(es="Total", en="Total")
PLACE = Text(es="Lugar", en="Place")
DELIVERY_AND_TAKEAWAY = Text(es="Delivery y take away", en="Delivery and take-away")
DISH = Text(es="Plato", en="Dish")
QUANTITY = Text(es="Cant.", en="Qty")
STATUS = Text(es="Estado", en="Status")
AMOUNT = Text(es="Importe", en="Amount")
ORDERED_BY = Text(es="Pidió", en="Ordered by")
REPORT_TOO_LONG = Text(
    es="El reporte tendría {count} órdenes activas y admite hasta {max}. Liberá o cobrá mesas e intentá de nuevo.",
    en="The report would list {count} active orders; it holds at most {max}. Free or settle some tables and try again.",
)
TICKET_TOO_LONG = Text(
    es="La comanda tiene {count} órdenes y admite hasta {max}.",
    en="The ticket has {count} orders; it holds at most {max}.",
)
TOO_MANY_QUANTITY = Text(
    es="Asegúrese de que la cantidad no sea mayor a {max_quantity}.",
    en="Ensure the quantity is not greater than {max_quantity}.",
)

# Delivery and takeaway (spec part 2 §3 'Delivery order', §5; issue 13)
ADDRESS_REQUIRED = Text(es="Debe ingresar la direccion", en="Enter the address")
ADDRESS_LENGTH = Text(
    es="La dirección debe tener entre 10 y 100 caracteres.", en="The address must have 10 to 100 characters."
)
CONTACT_NAME_LENGTH = Text(es="El nombre debe tener entre 2 y 30 caracteres.", en="The name must have 2 to 30 characters.")
PHONE_REQUIRED = Text(es="Debe ingresar el teléfono.", en="Enter the phone number.")
PHONE_INVALID = Text(
    es="El teléfono debe tener solo dígitos, entre 8 y 20.", en="The phone must have only digits, 8 to 20 of them."
)
CASH_BELOW_TOTAL = Text(
    es="El monto en efectivo debe ser al menos el total del pedido ({total}).",
    en="The cash amount must be at least the order's total ({total}).",
)

# Diners' delivery and take-away orders from the menu link (the spec's order-enabled rule; issue 18)
WHATSAPP_LINK_MISSING = Text(
    es="Este restaurante no recibe pedidos por WhatsApp desde el menú.",
    en="This restaurant does not take WhatsApp orders from the menu.",
)
TAKEAWAY_OFF = Text(
    es="Este restaurante no recibe pedidos para llevar ni delivery desde el menú.",
    en="This restaurant does not take take-away or delivery orders from the menu.",
)
MENU_NOT_FOUND = Text(es="Menú no encontrado.", en="Menu not found.")
MENU_NOT_DELIVERY = Text(
    es="Este menú no está habilitado para delivery ni para llevar.",
    en="This menu is not enabled for delivery or take-away.",
)
TOO_MANY_DELIVERIES_FROM_ADDRESS = Text(
    es="Demasiados pedidos desde esta conexión. Intente de nuevo en {seconds} segundos.",
    en="Too many orders from this connection. Try again in {seconds} seconds.",
)
TOO_MANY_DELIVERIES_FOR_RESTAURANT = Text(
    es="El restaurante está recibiendo demasiados pedidos. Intente de nuevo en {seconds} segundos.",
    en="The restaurant is receiving too many orders. Try again in {seconds} seconds.",
)

# The delivery screen (issue 20)
NAME_TOO_LONG = Text(es="El nombre puede tener hasta 30 caracteres.", en="The name can have at most 30 characters.")
ADDRESS_TOO_LONG = Text(es="La dirección puede tener hasta 100 caracteres.", en="The address can have at most 100 characters.")
NOT_A_DELIVERY_POINT = Text(
    es="El lugar elegido no es un punto de delivery.", en="The chosen place is not a delivery point."
)
DELIVERY_NOT_FOUND = Text(es="Pedido de delivery no encontrado.", en="Delivery order not found.")
# The spec's text (part 2 §8), and why
DETAILS_TOO_LONG = Text(
    es="No se pudo actualizar el detalle de la orden: puede tener hasta {max} caracteres.",
    en="The order's detail could not be updated: it can have at most {max} characters.",
)

# The diner's tracking link (issue 20)
TRACKING_NOT_FOUND = Text(
    es="Este enlace de seguimiento no es válido o ya venció.", en="This tracking link is not valid or has expired."
)
TOO_MANY_TRACKING_READS = Text(
    es="Demasiadas consultas desde esta conexión. Intente de nuevo en {seconds} segundos.",
    en="Too many requests from this connection. Try again in {seconds} seconds.",
)
STAGES = {
    "received": Text(es="Recibido", en="Received"),
    "preparing": Text(es="En preparación", en="Being prepared"),
    "on_the_way": Text(es="En camino", en="On the way"),
    "delivered": Text(es="Entregado", en="Delivered"),
    "rejected": Text(es="Rechazado", en="Rejected"),
    "cancelled": Text(es="Cancelado", en="Cancelled"),
}

# Payments at the counter (spec part 2 §4 'Transitions', 'Payment', §5, §8; issue 21)
PAYMENT_RECORDED = Text(es="Pago registrado.", en="Payment recorded.")
LINE_FINAL = Text(
    es="La orden ya está {status}: no se puede cobrar.", en="The order is already {status}: it cannot be charged."
)
LINES_FINAL = Text(
    es="Hay órdenes que ya están pagadas o rechazadas: no se cobró ninguna.",
    en="Some orders are already paid or rejected: none was charged.",
)
NEW_NOT_PAYABLE = Text(es="Las órdenes nuevas deben aceptarse primero.", en="New orders should be accepted first.")
PAY_METHOD_INVALID = Text(
    es="Elija un medio de pago: Efectivo, Debito o Credito.",
    en="Choose a payment method: Efectivo (cash), Debito (debit) or Credito (credit).",
)
ONLINE_PAYMENT_PENDING = Text(
    es="Hay un pago de MercadoPago en curso para este pedido. Cancélelo para cobrarlo de otra forma.",
    en="A MercadoPago payment of this order is under way. Cancel it to take the payment another way.",
)
ONLINE_NOT_AT_COUNTER = Text(
    es="Los pagos en línea se cobran con el checkout de MercadoPago, no en el mostrador.",
    en="Online payments are taken through the MercadoPago checkout, not at the counter.",
)
PAID_ONLY_BY_PAYMENT = Text(
    es="Una orden pasa a pagada solo al registrar su pago.", en="An order becomes paid only by recording its payment."
)
CASH_NOT_REJECTABLE = Text(
    es="Una orden pagada en efectivo no se puede rechazar.", en="An order paid in cash cannot be rejected."
)
PAYMENT_SPANS_PLACES = Text(
    es="Un pago cobra las órdenes de una sola mesa, o de pedidos de delivery.",
    en="A payment charges the orders of one table, or of delivery orders.",
)
PK_ORDER_MISMATCH = Text(
    es="No coincide con la orden de la dirección.", en="It does not match the order in the address."
)
PAYMENT_KEY_REUSED = Text(
    es="Esta clave Idempotency-Key ya se usó para otro pago. Envíe el pago con una clave nueva.",
    en="This Idempotency-Key was already used for another payment. Send the payment with a new key.",
)

# The local stack's demo clock (deploy/local/config.py STACK_ONLY_ENV; never set elsewhere)
DEMO_TIME_INVALID = Text(
    es="X-Demo-Time debe ser una fecha y hora ISO con zona horaria, no futura.",
    en="X-Demo-Time must be an ISO date and time with a time zone, not in the future.",
)
