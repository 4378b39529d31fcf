import { useEffect, useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';
import { useMenus, type Menu } from '@/lib/menus';

/** A screen's choice of one of the restaurant's menus: the menus, the chosen one and how to choose. */
export type MenuChoice = {
  menus: Menu[];
  value: number | null;
  onChange: (menuId: number | null) => void;
};

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & MenuChoice;

/**
 * The restaurant's menus for a screen that works on one of them; with exactly one menu it is
 * preselected. `value` and `onChange` are the screen's own (the URL's `?menu=`, or state); the
 * answer is the screen's `MenuSelect` props.
 */
export function useMenuChoice(restaurant: number, value: number | null, onChange: (menuId: number | null) => void): MenuChoice {
  const query = useMenus(restaurant);
  const menus = useMemo(() => query.data ?? [], [query.data]);
  useEffect(() => {
    if (value == null && menus.length === 1) onChange(menus[0].id);
    // onChange is the screen's, a new function on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menus, value]);
  return { menus, value, onChange };
}

/** One of the restaurant's menus, by id (the catalog's screens, the floor sketch), labelled 'Menu'. */
export function MenuSelect({ menus, value, onChange, ...select }: Props) {
  const t = useT();
  return (
    <Select
      label={t('common.menu')}
      placeholder={t('common.chooseMenu')}
      data={menus.map((m) => ({ value: String(m.id), label: m.name }))}
      value={value != null ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      {...select}
    />
  );
}
