import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Button, Group, Image, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
// Mantine's Menu brings Popover and floating-ui (31 KiB gzipped): loaded by the first tap on its
// button, so that neither the landing page nor the diners' menu pays for it.
const HelpMenu = lazy(() => import('./help-menu'));

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
          px={{ base: 6, xs: 8 }}
          className="top-bar-button"
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

/**
 * Below md, where the FAQ and Prices buttons do not fit beside the rest (a 360 px phone scrolled
 * sideways), one icon opens a menu with both.
 */
function HelpMenuButton() {
  const t = useT();
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const [wanted, setWanted] = useState(false);
  if (!narrow) return null;
  const button = (onClick?: () => void) => (
    <ActionIcon variant="subtle" size="lg" aria-label={t('nav.helpMenu')} aria-haspopup="menu" onClick={onClick} data-testid="help-menu">
      <IconHelpCircle size={24} />
    </ActionIcon>
  );
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <HelpMenu target={button()} />
    </Suspense>
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
    <Group h="100%" px={{ base: 6, xs: 'sm' }} justify="space-between" wrap="nowrap" gap="xs">
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
        <Button component={Link} to={paths.faq.href(true)} variant="subtle" size="compact-md" px={6} visibleFrom="md">
          {t('nav.price')}
        </Button>
        <HelpMenuButton />
        {authButtons && (
          <>
            <Button variant="outline" size="compact-md" className="top-bar-button" onClick={() => dialogs.open('login')} data-testid="open-login">
              {t('nav.login')}
            </Button>
            <Button size="compact-md" className="top-bar-button" onClick={() => dialogs.open('register-resto', { isResto: true })} data-testid="open-register">
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
