"""Texts a person reads, always in Spanish (default) and English."""
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

Lang = Literal["es", "en"]
DEFAULT_LANG: Lang = "es"
current_lang: ContextVar[Lang] = ContextVar("current_lang", default=DEFAULT_LANG)


@dataclass(frozen=True)
class Text:
    """One message in both languages; `{name}` placeholders are filled by `format`."""

    es: str
    en: str

    def render(self, lang: Lang | None = None, **params) -> str:
        template = getattr(self, lang or current_lang.get())
        return template.format(**params) if params else template

    def format(self, **params: "Text | str | int | Decimal") -> "Text":
        """Each language filled in; a `Text` parameter gives its own language (`money(...)`, a status)."""
        return Text(
            es=self.es.format(**{k: v.es if isinstance(v, Text) else v for k, v in params.items()}),
            en=self.en.format(**{k: v.en if isinstance(v, Text) else v for k, v in params.items()}),
        )


def money(amount: Decimal) -> Text:
    """An amount as each language writes it (ARS in Spanish, USD in English, as the screens do):
    '$ 7.200,00' and '$7,200.00'."""
    english = f"{amount:,.2f}"
    return Text(es="$ " + english.translate(str.maketrans(",.", ".,")), en="$" + english)


def negotiate(accept_language: str | None) -> Lang:
    """The first of es/en named in Accept-Language, Spanish when neither is."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("en"):
            return "en"
        if tag.startswith("es"):
            return "es"
    return DEFAULT_LANG
