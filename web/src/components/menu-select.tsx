import { Select, type SelectProps } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  menus: { id: number; name: string }[];
  value: number | null;
  onChange: (menuId: number | null) => void;
};

/** One of the restaurant's menus, by id (the catalog's screens, the floor sketch), labelled 'Menu'. */
export function MenuSelect({ menus, value, onChange, ...select }: Props) {
  const t = useT();
  return (
    <Select
      label={t('common.menu')}
      placeholder={t('common.chooseMenu')}
      size="md"
      data={menus.map((m) => ({ value: String(m.id), label: m.name }))}
      value={value != null ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      {...select}
    />
  );
}
