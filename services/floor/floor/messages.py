"""Every text floor sends to a person, in Spanish and English."""
from kit.i18n import Text

MENU_QR_TITLE = Text(es="Escaneá para ver el menú", en="Scan to see the menu")
MENU_QR_CAPTION = Text(es="Apuntá la cámara del celular al código.", en="Point your phone's camera at the code.")

# The sketch (spec part 1 §8 'Sketch', §9)
NAME_REQUIRED = Text(es="El nombre es obligatorio.", en="The name is required.")
NAME_TOO_LONG = Text(es="El nombre tiene como máximo 4 caracteres.", en="The name has at most 4 characters.")
NAME_INVALID = Text(
    es="Nombre inválido: una mesa se llama M y un número (M1), una silla S y un número (S1), un punto de delivery D y un número (D1).",
    en="Invalid name: a table is M plus a number (M1), a chair S plus a number (S1), a delivery point D plus a number (D1).",
)
NAME_TAKEN = Text(es="Ya hay un elemento llamado {name} en el croquis.", en="There is already an item called {name} on the sketch.")
MENU_REQUIRED = Text(es="Tenés que seleccionar un menú.", en="You must select a menu.")
MENU_NOT_OF_RESTAURANT = Text(es="El menú no es de este restaurante.", en="The menu does not belong to this restaurant.")
OUTSIDE_GRID = Text(es="El elemento queda fuera del croquis de 24 columnas.", en="The item falls outside the 24-column sketch.")
ONE_RESTAURANT = Text(es="Todos los elementos deben ser del mismo restaurante.", en="All items must belong to the same restaurant.")
NO_ITEMS = Text(es="No hay datos para guardar.", en="There is no data to save.")
PLACE_NOT_FOUND = Text(es="No encontramos ese lugar.", en="We could not find that place.")
PLACE_IN_USE = Text(
    es="{name} tiene pedidos activos y no se puede eliminar.",
    en="{name} has active orders and cannot be removed.",
)
TOKEN_REVOKED = Text(
    es="Este código QR ya no es válido. Pedile al personal el código nuevo de tu mesa.",
    en="This QR code is no longer valid. Ask the staff for your table's new code.",
)

# The waiter call
WAITER_CALL_TOO_SOON = Text(
    es="Ya avisamos al mozo. Podés volver a llamarlo en {seconds} segundos.",
    en="The waiter has been told. You can call again in {seconds} seconds.",
)

# QR sheets
SHEET_STEPS = (
    Text(es="1. Escaneá el código con la cámara de tu celular.", en="1. Scan the code with your phone's camera."),
    Text(es="2. Elegí tus platos y hacé el pedido.", en="2. Choose your dishes and place your order."),
    Text(es="3. ¿Necesitás algo más? Llamá al mozo desde el menú.", en="3. Need anything else? Call the waiter from the menu."),
)
SHEET_TITLE = Text(es="Pedí desde tu mesa", en="Order from your table")
QR_TOO_MANY_PLACES = Text(
    es="Se pueden imprimir hasta {max} códigos a la vez; elegiste {count}.",
    en="At most {max} codes can be printed at once; {count} were chosen.",
)
QR_TOO_MANY_PAGES = Text(
    es="Las hojas tendrían {pages} páginas y el máximo es {max}. Elegí menos lugares o un diseño con más códigos por página.",
    en="The sheets would have {pages} pages; the most is {max}. Choose fewer places or a layout with more codes per page.",
)
MENU_NOT_FOUND = Text(es="No encontramos ese menú.", en="We could not find that menu.")
