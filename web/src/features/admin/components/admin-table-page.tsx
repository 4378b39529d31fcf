import type { ReactNode } from 'react';
import { Alert, Center, Container, Group, Loader, Table, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TablePager } from '@/components/data-table';
import { useT } from '@/lib/i18n/messages';

type Props = {
  title: string;
  search: string;
  onSearch: (v: string) => void;
  searchPlaceholder: string;
  loading: boolean;
  count: number;
  page: number;
  size: number;
  onPage: (p: number) => void;
  sizes?: readonly number[];
  onSize?: (s: number) => void;
  head: ReactNode;
  rows: ReactNode;
  empty: boolean;
  minWidth: number;
};

/** The frame of the admin's tables: title, search, scrolling table, pager. */
export function AdminTablePage(p: Props) {
  const t = useT();
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="md">
        {p.title}
      </Title>
      <Group mb="md">
        <TextInput
          aria-label={t('common.search')}
          placeholder={p.searchPlaceholder}
          leftSection={<IconSearch size={18} />}
          size="md"
          value={p.search}
          onChange={(e) => p.onSearch(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 260px', maxWidth: 480 }}
        />
      </Group>
      {p.loading ? (
        <Center mih={200}>
          <Loader role="status" aria-label="loading" />
        </Center>
      ) : p.empty ? (
        <Alert color="gray">{t('table.empty')}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={p.minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': p.title } }}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={p.title}>
            <Table.Thead>{p.head}</Table.Thead>
            <Table.Tbody>{p.rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager count={p.count} page={p.page} size={p.size} onPage={p.onPage} sizes={p.sizes} onSize={p.onSize} />
    </Container>
  );
}
