import { Drawer, NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '@/features/auth';
import { useT } from '@/lib/i18n/messages';
import QueryProvider from '@/lib/query';
import { useSession } from '@/lib/session';
import { drawerItemsFor } from './nav-items';

/** Side drawer for admins (restaurants, payments, accounts, dashboard) and clients (profile). */
type Props = { opened: boolean; onClose: () => void };

export default function SideDrawer(props: Props) {
  return (
    <QueryProvider>
      <Drawer_ {...props} />
    </QueryProvider>
  );
}

function Drawer_({ opened, onClose }: Props) {
  const t = useT();
  const { groups } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('nav.drawer.title')} size="xs" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap={4}>
        {drawerItemsFor(groups).map((item) => (
          <NavLink
            key={item.key}
            component={Link}
            to={item.to}
            label={t(item.label)}
            active={pathname === item.to}
            onClick={onClose}
            py="md"
          />
        ))}
        <NavLink
          component="button"
          label={t('nav.logout')}
          leftSection={<IconLogout size={18} />}
          onClick={() => {
            onClose();
            void logout();
          }}
          py="md"
        />
      </Stack>
    </Drawer>
  );
}
