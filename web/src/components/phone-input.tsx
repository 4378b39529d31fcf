import { TextInput, type TextInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { digitsOnly } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';

type Props<T extends FieldValues> = { control: Control<T>; name: Path<T> } & Omit<TextInputProps, 'name' | 'value' | 'onChange'>;

/**
 * The one phone field (telefono, whatsapp): digits only as they are typed, at most 20 (spec). Its
 * rule (8 to 20 digits, spec part 2 §5) is said under it while it can be typed in, so nobody learns
 * it from a refusal; a field with another rule (WhatsApp) gives its own `description`.
 */
export function PhoneInput<T extends FieldValues>({ control, name, description, ...input }: Props<T>) {
  const t = useT();
  const hint = input.readOnly ? undefined : (description ?? t('phone.hint'));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          type="tel"
          inputMode="numeric"
          maxLength={20}
          description={hint}
          {...input}
          {...field}
          onChange={(e) => field.onChange(digitsOnly(e.currentTarget.value))}
        />
      )}
    />
  );
}
