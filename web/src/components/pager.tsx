import { Pagination, type PaginationProps } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/**
 * The app's one pagination control: Mantine's, with a name on every button (the previous / next
 * arrows are icons; axe 'button-name', issue 10) and on every page number.
 */
export function Pager(props: PaginationProps) {
  const t = useT();
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
      getItemProps={(p) => ({ 'aria-label': t('table.page', { page: p }) })}
      {...props}
    />
  );
}
