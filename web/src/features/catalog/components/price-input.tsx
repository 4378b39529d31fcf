import { useEffect, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLocale, type Locale } from '@/lib/i18n/locale';

/**
 * Prices are typed the locale's way (spec part 1 §5 'Dish'): decimal comma and thousands dot in
 * Spanish, the reverse in English, with a dollar sign in front. The form keeps the wire form
 * ("1234.5"), never a binary float.
 */
export function parseLocalePrice(display: string, locale: Locale): string {
  const text = display.replace(/[\s$]/g, '');
  const [thousands, decimal] = locale === 'es' ? ['.', ','] : [',', '.'];
  const plain = text.split(thousands).join('').replace(decimal, '.');
  return /^\d*(\.\d*)?$/.test(plain) ? plain.replace(/\.$/, '') : display;
}

export function formatLocalePrice(value: string, locale: Locale): string {
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  return new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
}

type Props = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

export function PriceInput({ value, onChange, onBlur, ...rest }: Props) {
  const [locale] = useLocale();
  const [display, setDisplay] = useState(() => formatLocalePrice(value, locale));
  // a value set from outside (reset, another dish) replaces what is shown
  useEffect(() => {
    if (parseLocalePrice(display, locale) !== value) setDisplay(formatLocalePrice(value, locale));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, locale]);
  return (
    <TextInput
      inputMode="decimal"
      leftSection="$"
      maxLength={24}
      {...rest}
      value={display}
      onChange={(e) => {
        const next = e.currentTarget.value.replace(/[^\d.,]/g, '');
        setDisplay(next);
        onChange(parseLocalePrice(next, locale));
      }}
      onBlur={(e) => {
        setDisplay(formatLocalePrice(value, locale));
        onBlur?.(e);
      }}
    />
  );
}
