import { useState } from 'react';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';
import { KEYS, read, write } from '@/lib/storage';

const HIDDEN_ON: readonly string[] = [paths.home.path, paths.index.path, paths.resto.path];

/** Cookie notice, shown except on / and /resto; the consent survives logout. */
export function CookieNotice() {
  const t = useT();
  const { pathname } = useLocation();
  const [accepted, setAccepted] = useState(() => read(KEYS.cookieAccepted) === 'true');
  const { ref, height } = useElementSize();
  if (accepted || HIDDEN_ON.includes(pathname)) return null;
  return (
    <>
      {/* Room below the page as tall as the notice (its padding, border and offset too), so a
          form's last button on a phone can scroll above the notice instead of staying under it. */}
      <div data-testid="cookie-notice-room" aria-hidden style={{ height: height + 64 }} />
      <Paper
        ref={ref}
        shadow="md"
        p="md"
        withBorder
        role="region"
        aria-label={t('cookies.label')}
        style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 200 }}
      >
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 280px' }}>
            {t('cookies.text')}{' '}
            <Anchor component={Link} to={paths.legalPrivacyMobile.path}>
              {t('cookies.more')}
            </Anchor>
          </Text>
          <Button
            onClick={() => {
              write(KEYS.cookieAccepted, 'true');
              setAccepted(true);
            }}
          >
            {t('cookies.accept')}
          </Button>
        </Group>
      </Paper>
    </>
  );
}
