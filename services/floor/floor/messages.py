"""Every text floor sends to a person, in Spanish and English."""
from kit.i18n import Text

MENU_QR_TITLE = Text(es="Escaneá para ver el menú", en="Scan to see the menu")
MENU_QR_CAPTION = Text(es="Apuntá la cámara del celular al código.", en="Point your phone's camera at the code.")
