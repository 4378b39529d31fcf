import { ActionIcon, Burger, Tooltip } from '@mantine/core';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { homeForGroups } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { NotificationBell } from '@/features/notifications';
import { useT } from '@/lib/i18n/messages';
import QueryProvider from '@/lib/query';
import { useSession } from '@/lib/session';
import { IconButton } from '@/components/icon-button';
import { hasTabs } from './nav-items';

/** Logged-in part of the top bar: bell (restaurant groups), home, logout. Loaded only after login. */
export default function UserActions() {
  return (
    <QueryProvider>
      <Actions />
    </QueryProvider>
  );
}

function Actions() {
  const t = useT();
  const session = useSession();
  const logout = useLogout();
  return (
    <>
      {hasTabs(session.groups) && (
        <NotificationBell />
      )}
      <Tooltip label={t('nav.home')}>
        <ActionIcon component={Link} to={homeForGroups(session.groups)} variant="subtle" size="lg" aria-label={t('nav.home')}>
          <IconHome size={22} />
        </ActionIcon>
      </Tooltip>
      <IconButton label={t('nav.logout')} icon={<IconLogout size={22} />} variant="subtle" size="lg" onClick={() => void logout()} data-testid="logout" />
    </>
  );
}

export function DrawerBurger({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  const t = useT();
  return <Burger opened={opened} onClick={onClick} aria-label={t('nav.drawer.open')} />;
}
