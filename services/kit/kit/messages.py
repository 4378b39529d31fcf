"""Messages the kit itself sends (auth, validation, generic errors)."""
from kit.i18n import Text

NOT_AUTHENTICATED = Text(
    es="Las credenciales de autenticación no se proveyeron.",
    en="Authentication credentials were not provided.",
)
INVALID_TOKEN = Text(es="Token inválido.", en="Invalid token.")
PERMISSION_DENIED = Text(
    es="Usted no tiene permiso para realizar esta acción.",
    en="You do not have permission to perform this action.",
)
NOT_FOUND = Text(es="No encontrado.", en="Not found.")
SERVER_ERROR = Text(
    es="Error interno del servidor. Contacte a soporte.",
    en="Internal server error. Please contact support.",
)
NUL_CHARACTER = Text(
    es="El texto contiene un carácter nulo, que no es válido.",
    en="The text contains a null character, which is not allowed.",
)
BUSY = Text(
    es="El servicio está ocupado. Intente de nuevo en {seconds} segundos.",
    en="The service is busy. Try again in {seconds} seconds.",
)
THROTTLED = Text(
    es="Demasiados intentos. Intente de nuevo en {seconds} segundos.",
    en="Too many attempts. Try again in {seconds} seconds.",
)

# Request validation, keyed by pydantic's error type.
FIELD_REQUIRED = Text(es="Este campo es requerido.", en="This field is required.")
FIELD_INVALID = Text(es="Valor inválido.", en="Invalid value.")
FIELD_BLANK = Text(es="Este campo no puede estar en blanco.", en="This field may not be blank.")
VALIDATION = {
    "missing": FIELD_REQUIRED,
    "string_too_short": Text(
        es="Asegúrese de que este campo tenga al menos {min_length} caracteres.",
        en="Ensure this field has at least {min_length} characters.",
    ),
    "string_too_long": Text(
        es="Asegúrese de que este campo no tenga más de {max_length} caracteres.",
        en="Ensure this field has no more than {max_length} characters.",
    ),
    "value_error": FIELD_INVALID,
    "string_type": Text(es="No es una cadena válida.", en="Not a valid string."),
    "int_parsing": Text(es="Se requiere un número entero válido.", en="A valid integer is required."),
    "int_type": Text(es="Se requiere un número entero válido.", en="A valid integer is required."),
    "decimal_parsing": Text(es="Se requiere un número válido.", en="A valid number is required."),
    "bool_parsing": Text(es="Se requiere un booleano válido.", en="Must be a valid boolean."),
    "greater_than_equal": Text(
        es="Asegúrese de que este valor sea mayor o igual a {ge}.",
        en="Ensure this value is greater than or equal to {ge}.",
    ),
    "less_than_equal": Text(
        es="Asegúrese de que este valor sea menor o igual a {le}.",
        en="Ensure this value is less than or equal to {le}.",
    ),
    "greater_than": Text(
        es="Asegúrese de que este valor sea mayor que {gt}.",
        en="Ensure this value is greater than {gt}.",
    ),
    "less_than": Text(
        es="Asegúrese de que este valor sea menor que {lt}.",
        en="Ensure this value is less than {lt}.",
    ),
    "time_parsing": Text(es="Hora inválida: use el formato HH:MM.", en="Invalid time: use the HH:MM format."),
    "time_type": Text(es="Hora inválida: use el formato HH:MM.", en="Invalid time: use the HH:MM format."),
    "decimal_max_places": Text(
        es="Asegúrese de que no haya más de {decimal_places} decimales.",
        en="Ensure that there are no more than {decimal_places} decimal places.",
    ),
    "decimal_type": Text(es="Se requiere un número válido.", en="A valid number is required."),
    "literal_error": Text(es="Elija una opción válida.", en="Select a valid choice."),
    "enum": Text(es="Elija una opción válida.", en="Select a valid choice."),
    "json_invalid": Text(es="JSON inválido.", en="Invalid JSON."),
    "nul_character": NUL_CHARACTER,  # kit.text.NoNul
    "model_attributes_type": Text(es="Se esperaba un objeto.", en="An object was expected."),
    "dict_type": Text(es="Se esperaba un objeto.", en="An object was expected."),
}
