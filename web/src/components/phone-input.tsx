import { TextInput, type TextInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { digitsOnly } from '@/lib/form-utils';

type Props<T extends FieldValues> = { control: Control<T>; name: Path<T> } & Omit<TextInputProps, 'name' | 'value' | 'onChange'>;

/** The one phone field (telefono, whatsapp): digits only as they are typed, at most 20 (spec). */
export function PhoneInput<T extends FieldValues>({ control, name, ...input }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput type="tel" inputMode="numeric" maxLength={20} {...input} {...field} onChange={(e) => field.onChange(digitsOnly(e.currentTarget.value))} />
      )}
    />
  );
}
