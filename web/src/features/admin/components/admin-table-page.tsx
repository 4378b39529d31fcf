import type { ReactNode } from 'react';
import { Alert, Container, Group, Table, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TablePager } from '@/components/data-table';
import { useT } from '@/lib/i18n/messages';
import type { TableState } from './use-table-state';
import { Loading } from '@/components/loading';

type Props = {
  title: string;
  searchPlaceholder: string;
  /** search, page and size (useTableState) */
  state: TableState;
  /** the page of results being shown */
  list: { isPending: boolean; data?: { count: number; results: readonly unknown[] } };
  /** page sizes the admin may choose; none: the size is fixed */
  sizes?: readonly number[];
  /** more filters beside the search (the fee table's period) */
  filters?: ReactNode;
  head: ReactNode;
  rows: ReactNode;
  minWidth: number;
  /** the whole window's width: a table of many columns scrolls less */
  fluid?: boolean;
};

/** The frame of the admin's tables: title, search, scrolling table, pager. */
export function AdminTablePage(p: Props) {
  const t = useT();
  const { state, list } = p;
  return (
    <Container size="xl" fluid={p.fluid} py="xl">
      <Title order={1} mb="md">
        {p.title}
      </Title>
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t('common.search')}
          placeholder={p.searchPlaceholder}
          leftSection={<IconSearch size={18} />}
          value={state.search}
          onChange={(e) => state.setSearch(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 260px', maxWidth: 480 }}
        />
        {p.filters}
      </Group>
      {list.isPending ? (
        <Loading height={200} />
      ) : !list.data?.results.length ? (
        <Alert color="gray">{t('table.empty')}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={p.minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': p.title } }}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={p.title}>
            <Table.Thead>{p.head}</Table.Thead>
            <Table.Tbody>{p.rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager count={list.data?.count ?? 0} page={state.page} size={state.size} onPage={state.setPage} sizes={p.sizes} onSize={p.sizes && state.setSize} />
    </Container>
  );
}
