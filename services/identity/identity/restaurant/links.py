"""Social links as the restaurant profile stores them: always full links."""
import re

from identity import messages
from identity.restaurant.schemas import all_digits
from kit.i18n import Text

FACEBOOK = re.compile(r"^https://(www\.|m\.|web\.)?(facebook|fb)\.com/\S+$", re.IGNORECASE)
INSTAGRAM_USER = re.compile(r"^[A-Za-z0-9._]{1,30}$")
INSTAGRAM_LINK = re.compile(r"^https?://(www\.)?instagram\.com/([A-Za-z0-9._]{1,30})/?$", re.IGNORECASE)
WHATSAPP_LINK = re.compile(r"^https://wa\.me/(\d{1,20})$")
WEBSITE = re.compile(r"^https?://[^\s/$.?#][^\s]*\.[^\s]{2,}$", re.IGNORECASE)


def facebook(value: str) -> tuple[str, Text | None]:
    if not value:
        return "", None
    return (value, None) if FACEBOOK.match(value) else (value, messages.FACEBOOK_INVALID)


def instagram(value: str) -> tuple[str, Text | None]:
    """A username (with or without @) or a profile link becomes https://www.instagram.com/<user>/."""
    if not value:
        return "", None
    user = value.lstrip("@")
    if match := INSTAGRAM_LINK.match(value):
        user = match.group(2)
    if not INSTAGRAM_USER.match(user):
        return value, messages.INSTAGRAM_INVALID
    return f"https://www.instagram.com/{user}/", None


def whatsapp(value: str) -> tuple[str, Text | None]:
    """Digits (up to 20) or a wa.me link become https://wa.me/<digits>."""
    if not value:
        return "", None
    if WHATSAPP_LINK.match(value):
        return value, None
    digits = value.replace(" ", "").lstrip("+")
    if not all_digits(digits):
        return value, messages.ONLY_DIGITS
    if len(digits) > 20:
        return value, messages.WHATSAPP_TOO_LONG
    return f"https://wa.me/{digits}", None


def website(value: str) -> tuple[str, Text | None]:
    if not value:
        return "", None
    return (value, None) if WEBSITE.match(value) else (value, messages.WEBSITE_INVALID)


NORMALIZERS = {"facebook": facebook, "instagram": instagram, "whatsapp": whatsapp, "website": website}
