import type { ReactNode } from 'react';
import { Group, NativeSelect, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import { Pager } from './pager';

/** Table page sizes (spec part 2 §9): 10, 20, 40 or all (-1). */
export const TABLE_SIZES = [10, 20, 40, -1] as const;

/** A header cell that sorts by `field` (ordering 'field' ascending, '-field' descending). */
export function SortableTh({
  field,
  ordering,
  onOrder,
  children,
}: {
  field: string;
  ordering: string;
  onOrder: (ordering: string) => void;
  children: ReactNode;
}) {
  const t = useT();
  const active = ordering.replace(/^-/, '') === field;
  const desc = active && ordering.startsWith('-');
  const Icon = !active ? IconSelector : desc ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onOrder(active && !desc ? `-${field}` : field)}
        aria-label={t('table.sortBy', { column: String(children) })}
        style={{ minHeight: 40, width: '100%' }}
      >
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text fw={700} fz="sm">
            {children}
          </Text>
          <Icon size={16} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Pagination plus (optionally) the page-size choice; sizes of -1 mean 'all'. */
export function TablePager({
  count,
  page,
  size,
  onPage,
  sizes,
  onSize,
}: {
  count: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  sizes?: readonly number[];
  onSize?: (size: number) => void;
}) {
  const t = useT();
  const pages = size > 0 ? Math.max(1, Math.ceil(count / size)) : 1;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" data-testid="table-count">
        {t('table.count', { count })}
      </Text>
      <Group gap="sm">
        {sizes && onSize && (
          <NativeSelect
            aria-label={t('table.pageSize')}
            value={String(size)}
            onChange={(e) => onSize(Number(e.currentTarget.value))}
            data={sizes.map((s) => ({ value: String(s), label: s === -1 ? t('table.all') : String(s) }))}
          />
        )}
        {pages > 1 && (
          <Pager total={pages} value={page} onChange={onPage} size="lg" siblings={0} />
        )}
      </Group>
    </Group>
  );
}
