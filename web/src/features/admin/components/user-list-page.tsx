import { Table } from '@mantine/core';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useAccounts } from '../api/get-accounts';
import { AdminTablePage } from './admin-table-page';
import { useTableState } from './use-table-state';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** Customer list: 20 per page (spec part 2 §9). */
export const ACCOUNTS_PAGE_SIZE = 20;

/** /user-list: username, first name, last name, e-mail, phone; search. */
export default function UserListPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <UserList />
    </MessagesScope>
  );
}

function UserList() {
  const t = useT();
  const state = useTableState({ size: ACCOUNTS_PAGE_SIZE });
  const accounts = useAccounts(state.params);
  const rows = accounts.data?.results ?? [];
  return (
    <AdminTablePage
      title={t('page.userList.title')}
      searchPlaceholder={t('admin.accounts.search')}
      state={state}
      list={accounts}
      minWidth={720}
      head={
        <Table.Tr>
          <Table.Th>{t('admin.col.username')}</Table.Th>
          <Table.Th>{t('admin.col.first_name')}</Table.Th>
          <Table.Th>{t('admin.col.last_name')}</Table.Th>
          <Table.Th>{t('admin.col.email')}</Table.Th>
          <Table.Th>{t('admin.col.telefono')}</Table.Th>
        </Table.Tr>
      }
      rows={rows.map((a) => (
        <Table.Tr key={a.id} data-testid="account-row">
          <Table.Td style={{ wordBreak: 'break-all' }}>{a.username}</Table.Td>
          <Table.Td>{a.first_name}</Table.Td>
          <Table.Td>{a.last_name}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{a.email}</Table.Td>
          <Table.Td>{a.telefono || '—'}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
