import { Suspense, lazy } from 'react';
import { ActionIcon, Button, Group, Image, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { GROUP, paths } from '@/config/paths';
import { useAuthDialogs } from '@/features/auth';
import { useLocale, type Locale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { hasDrawer } from './nav-items';

// Only logged-in users need these; visitors (the landing page) never download them.
const UserActions = lazy(() => import('./user-actions'));
const DrawerBurger = lazy(() => import('./user-actions').then((m) => ({ default: m.DrawerBurger })));

/** Logo target: /resto when logged in as a restaurant group or at the root, otherwise /. */
export function logoTarget(pathname: string, groups: readonly number[], loggedIn: boolean): string {
  const restaurantGroup = loggedIn && (groups.includes(GROUP.owner) || groups.includes(GROUP.operator));
  return restaurantGroup || pathname === '/' ? paths.resto.path : paths.home.path;
}

/** Login and Register show only on '/' and the FAQ, when logged out. */
export function showsAuthButtons(pathname: string, loggedIn: boolean): boolean {
  return !loggedIn && (pathname === '/' || pathname === paths.index.path || pathname === paths.faq.path);
}

function LocaleToggle() {
  const t = useT();
  const [locale, setLocale] = useLocale();
  return (
    <Button.Group aria-label={t('nav.language')} data-testid="locale-toggle">
      {(['es', 'en'] as Locale[]).map((l) => (
        <Button
          key={l}
          size="compact-md"
          px={8}
          variant={locale === l ? 'filled' : 'default'}
          aria-pressed={locale === l}
          onClick={() => setLocale(l)}
        >
          {l.toUpperCase()}
        </Button>
      ))}
    </Button.Group>
  );
}

export function TopBar({ drawerOpened, onBurger }: { drawerOpened: boolean; onBurger: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const session = useSession();
  const dialogs = useAuthDialogs();
  const loggedIn = !!session.token;
  const authButtons = showsAuthButtons(pathname, loggedIn);

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {loggedIn && hasDrawer(session.groups) && (
          <Suspense fallback={null}>
            <DrawerBurger opened={drawerOpened} onClick={onBurger} />
          </Suspense>
        )}
        <Link to={logoTarget(pathname, session.groups, loggedIn)} aria-label={t('nav.logo')} data-testid="logo" style={{ textDecoration: 'none' }}>
          <Group gap={6} wrap="nowrap">
            <Image src="/logo.svg" w={36} h={36} alt="" />
            <Text fw={800} fz="lg" c="orange.8" visibleFrom="sm">
              {t('app.name')}
            </Text>
          </Group>
        </Link>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Button component={Link} to={paths.faq.path} variant="subtle" size="compact-md" px={6} visibleFrom="md">
          {t('nav.faq')}
        </Button>
        <ActionIcon component={Link} to={paths.faq.path} variant="subtle" size="lg" aria-label={t('nav.faq')} hiddenFrom="md" className={authButtons ? 'beside-auth' : undefined}>
          <IconHelpCircle size={24} />
        </ActionIcon>
        <Button component={Link} to={paths.faq.href(true)} variant="subtle" size="compact-md" px={6} visibleFrom="xs">
          {t('nav.price')}
        </Button>
        {authButtons && (
          <>
            <Button variant="outline" size="compact-md" onClick={() => dialogs.open('login')} data-testid="open-login">
              {t('nav.login')}
            </Button>
            <Button size="compact-md" onClick={() => dialogs.open('register-resto', { isResto: true })} data-testid="open-register">
              <span className="label-long">{t('nav.register')}</span>
              <span className="label-short">{t('nav.registerShort')}</span>
            </Button>
          </>
        )}
        <LocaleToggle />
        {loggedIn && (
          <Suspense fallback={null}>
            <UserActions />
          </Suspense>
        )}
      </Group>
    </Group>
  );
}
