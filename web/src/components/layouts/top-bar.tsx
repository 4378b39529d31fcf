import { ActionIcon, Burger, Button, Group, Image, Indicator, Popover, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconBell, IconHome, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { GROUP, homeForGroups, paths } from '@/config/paths';
import { useAuthDialogs, useLogout } from '@/features/auth';
import { useLocale, type Locale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { hasDrawer, hasTabs } from './nav-items';

/** Logo target: /resto when logged in as a restaurant group or at the root, otherwise /. */
export function logoTarget(pathname: string, groups: readonly number[], loggedIn: boolean): string {
  const restaurantGroup = loggedIn && (groups.includes(GROUP.owner) || groups.includes(GROUP.operator));
  return restaurantGroup || pathname === '/' ? paths.resto.path : paths.home.path;
}

/** Login and Register show only on '/' and the FAQ, when logged out. */
export function showsAuthButtons(pathname: string, loggedIn: boolean): boolean {
  return !loggedIn && (pathname === '/' || pathname === paths.index.path || pathname === paths.faq.path);
}

export function TopBar({ drawerOpened, onBurger }: { drawerOpened: boolean; onBurger: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const session = useSession();
  const [locale, setLocale] = useLocale();
  const dialogs = useAuthDialogs();
  const logout = useLogout();
  const loggedIn = !!session.token;

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {loggedIn && hasDrawer(session.groups) && (
          <Burger opened={drawerOpened} onClick={onBurger} aria-label={t('nav.drawer.open')} />
        )}
        <Link to={logoTarget(pathname, session.groups, loggedIn)} aria-label={t('nav.logo')} data-testid="logo">
          <Group gap={6} wrap="nowrap">
            <Image src="/logo.svg" w={36} h={36} alt="" />
            <Text fw={800} fz="lg" c="orange.8" visibleFrom="sm">
              {t('app.name')}
            </Text>
          </Group>
        </Link>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Button component={Link} to={paths.faq.path} variant="subtle" size="compact-md" px={6}>
          {t('nav.faq')}
        </Button>
        <Button component={Link} to={paths.faq.href(true)} variant="subtle" size="compact-md" px={6} visibleFrom="xs">
          {t('nav.price')}
        </Button>
        {showsAuthButtons(pathname, loggedIn) && (
          <>
            <Button variant="outline" size="compact-md" onClick={() => dialogs.open('login')} data-testid="open-login">
              {t('nav.login')}
            </Button>
            <Button size="compact-md" onClick={() => dialogs.open('register-resto')} data-testid="open-register">
              <span className="label-long">{t('nav.register')}</span>
              <span className="label-short">{t('nav.registerShort')}</span>
            </Button>
          </>
        )}
        <SegmentedControl
          size="xs"
          value={locale}
          onChange={(v) => setLocale(v as Locale)}
          data={[
            { value: 'es', label: 'ES' },
            { value: 'en', label: 'EN' },
          ]}
          aria-label={t('nav.language')}
          data-testid="locale-toggle"
        />
        {loggedIn && hasTabs(session.groups) && (
          <Popover width={260} position="bottom-end" withArrow>
            <Popover.Target>
              <Indicator disabled size={10} color="red">
                <ActionIcon variant="subtle" size="lg" aria-label={t('nav.notifications')}>
                  <IconBell size={22} />
                </ActionIcon>
              </Indicator>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="sm">{t('nav.notificationsEmpty')}</Text>
            </Popover.Dropdown>
          </Popover>
        )}
        {loggedIn && (
          <>
            <Tooltip label={t('nav.home')}>
              <ActionIcon component={Link} to={homeForGroups(session.groups)} variant="subtle" size="lg" aria-label={t('nav.home')}>
                <IconHome size={22} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('nav.logout')}>
              <ActionIcon variant="subtle" size="lg" onClick={() => void logout()} aria-label={t('nav.logout')} data-testid="logout">
                <IconLogout size={22} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      </Group>
    </Group>
  );
}
