import { Avatar, FileInput, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { IMAGE_ACCEPT } from '@/lib/form-data';
import { useT } from '@/lib/i18n/messages';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  current?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
};

/** Logo picker (png, jpeg, bmp) with a preview of the chosen file or the current logo. */
export function LogoInput<T extends FieldValues>({ control, name, ...picker }: Props<T>) {
  return <Controller control={control} name={name} render={({ field }) => <LogoPicker {...picker} value={field.value} onChange={field.onChange} />} />;
}

function LogoPicker({ label, value, onChange, current, error, required, disabled, placeholder }: Omit<Props<FieldValues>, 'control' | 'name'> & { value: File | null; onChange: (file: File | null) => void }) {
  const t = useT();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value || typeof URL.createObjectURL !== 'function') return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  const src = preview ?? (current || null);
  return (
    <Group align="flex-end" wrap="nowrap" gap="sm">
      <Avatar src={src} size={56} radius="md" alt="" color="orange">
        <IconPhoto size={28} />
      </Avatar>
      <FileInput
        label={label}
        style={{ flex: 1 }}
        accept={IMAGE_ACCEPT}
        value={value}
        onChange={onChange}
        clearable
        clearButtonProps={{ 'aria-label': t('common.clear') }}
        error={error}
        withAsterisk={required}
        disabled={disabled}
        placeholder={placeholder}
      />
    </Group>
  );
}
