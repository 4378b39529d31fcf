"""Every text identity sends to a person, in Spanish and English."""
from kit.i18n import Text

INVALID_CREDENTIALS = Text(
    es="No puede iniciar sesión con las credenciales proporcionadas.",
    en="Unable to log in with provided credentials.",
)
INVALID_PASSWORD = Text(es="Contraseña inválida.", en="Invalid password.")
USERNAME_IN_USE = Text(
    es="Ya existe un usuario registrado con este e-mail.",
    en="A user with that username already exists.",
)
EMAIL_IN_USE = Text(es="Ya existe un usuario con este e-mail.", en="A user with this e-mail already exists.")
EMAIL_INVALID = Text(es="Introduzca una dirección de e-mail válida.", en="Enter a valid e-mail address.")
PASSWORDS_DIFFER = Text(es="Las contraseñas no coinciden.", en="The two password fields didn't match.")
ONLY_DIGITS = Text(es="Solo se permiten números.", en="Only digits are allowed.")
TERMS_NOT_ACCEPTED = Text(es="Debés aceptar los términos y condiciones.", en="You must accept the terms and conditions.")
WHATSAPP_TOO_LONG = Text(es="El WhatsApp admite hasta 20 números.", en="WhatsApp takes up to 20 digits.")


PASSWORD_TOO_SHORT = Text(
    es="La contraseña es demasiado corta. Debe contener al menos {min_length} caracteres.",
    en="This password is too short. It must contain at least {min_length} characters.",
)
PASSWORD_TOO_LONG = Text(
    es="La contraseña no puede tener más de {max_length} caracteres.",
    en="The password cannot be longer than {max_length} characters.",
)
PASSWORD_TOO_COMMON = Text(es="La contraseña es demasiado común.", en="This password is too common.")
PASSWORD_ENTIRELY_NUMERIC = Text(
    es="La contraseña es completamente numérica.", en="This password is entirely numeric."
)
PASSWORD_SIMILAR = {
    "username": Text(
        es="La contraseña es demasiado similar al nombre de usuario.",
        en="The password is too similar to the username.",
    ),
    "first_name": Text(
        es="La contraseña es demasiado similar al nombre.",
        en="The password is too similar to the first name.",
    ),
    "last_name": Text(
        es="La contraseña es demasiado similar al apellido.",
        en="The password is too similar to the last name.",
    ),
    "email": Text(
        es="La contraseña es demasiado similar al e-mail.",
        en="The password is too similar to the email address.",
    ),
}

RESET_UID_INVALID = Text(es="Usuario inválido.", en="Invalid user id or user doesn't exist.")
RESET_TOKEN_INVALID = Text(
    es="El enlace para restablecer la contraseña es inválido o ha vencido.",
    en="Invalid token for given user.",
)
RESET_MAIL_SUBJECT = Text(es="Restablecer su contraseña", en="Reset your password")
RESET_MAIL_BODY = Text(
    es=(
        "Hola {name}:\n\nRecibimos un pedido para restablecer la contraseña de su cuenta {username}.\n"
        "Para elegir una nueva, abra este enlace (vence en una hora):\n\n{link}\n\n"
        "Si usted no lo pidió, ignore este mensaje.\n"
    ),
    en=(
        "Hello {name},\n\nWe received a request to reset the password of your account {username}.\n"
        "To choose a new one, open this link (it expires in an hour):\n\n{link}\n\n"
        "If you did not ask for it, ignore this message.\n"
    ),
)

SOCIAL_PROVIDER_UNKNOWN = Text(es="Proveedor desconocido.", en="Unknown provider.")
SOCIAL_FAILED = Text(
    es="No se pudo iniciar sesión con el proveedor. Intente nuevamente.",
    en="Signing in with the provider failed. Please try again.",
)
SOCIAL_EMAIL_TAKEN = Text(
    es="Este e-mail ya está registrado con una cuenta de restaurante. Inicie sesión con su contraseña.",
    en="This e-mail belongs to a restaurant account. Log in with your password.",
)
SOCIAL_TOKEN_AUDIENCE = Text(
    es="El token del proveedor no fue emitido para esta aplicación.",
    en="The provider's token was not issued to this application.",
)
SOCIAL_LINK_NEEDS_PASSWORD = Text(
    es=(
        "Ya existe una cuenta con este e-mail. Inicie sesión con su contraseña; para entrar también "
        "con el proveedor, confirme antes su e-mail con «¿Olvidó su contraseña?»."
    ),
    en=(
        "An account with this e-mail already exists. Log in with its password; to also sign in with "
        "the provider, first confirm your e-mail through 'Forgot your password?'."
    ),
)
SOCIAL_CODE_REQUIRED = Text(
    es="Se requiere un código de autorización o un token de acceso.",
    en="An authorization code or an access token is required.",
)
DEMO_UNAVAILABLE = Text(es="La cuenta de demostración no está disponible.", en="The demo account is not available.")
DEMO_ACCOUNT_LOCKED = Text(
    es="La cuenta de demostración no puede crear operadores, cambiar su contraseña ni eliminar su local.",
    en="The demo account cannot create operators, change its password or delete its restaurant.",
)

RESTAURANT_NAME_TAKEN = Text(
    es="Ya tiene un local con este nombre: el nombre debe ser único para el propietario.",
    en="You already have a restaurant with this name: the name must be unique for the owner.",
)
FACEBOOK_INVALID = Text(es="URL de Facebook inválida: debe comenzar con https://facebook.com/", en="Invalid Facebook URL: it must start with https://facebook.com/")
INSTAGRAM_INVALID = Text(es="Usuario de Instagram inválido.", en="Invalid Instagram username.")
WEBSITE_INVALID = Text(es="Introduzca una URL válida.", en="Enter a valid URL.")
EMAIL_READ_ONLY = Text(es="El e-mail no se puede cambiar.", en="The e-mail cannot be changed.")
SCHEDULE_INCOMPLETE = Text(
    es="Indique la hora de apertura y la de cierre, o borre ambas.",
    en="Give both the opening and the closing time, or clear both.",
)
FIELD_WHOLE_AND_IN_PARTS = Text(
    es="Este campo se envió entero y también por partes: envíe solo una de las dos formas.",
    en="This field was sent both whole and in parts: send only one of the two.",
)
OPERATOR_NAME_FIRST_LETTER = Text(es="El nombre debe comenzar con una letra.", en="The name must start with a letter.")
NO_SPACES = Text(es="La contraseña no puede contener espacios.", en="The password cannot contain spaces.")
