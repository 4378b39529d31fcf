import { NativeSelect, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { read } from '@/lib/storage';
import { restoTabsFor } from './nav-items';

/** Restaurant tab bar for groups 2 and 4; a dropdown on small screens. */
export default function RestoTabs() {
  const t = useT();
  const { groups } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const small = useMediaQuery('(max-width: 48em)');
  const items = restoTabsFor(groups, { mpLinked: read('mp_active') === 'true' });
  const active = items.find((i) => i.to === pathname)?.to ?? null;
  if (small) {
    return (
      <NativeSelect
        aria-label={t('nav.tabs.label')}
        size="md"
        m="sm"
        value={active ?? ''}
        onChange={(e) => navigate(e.currentTarget.value)}
        data={[
          ...(active ? [] : [{ value: '', label: t('nav.tabs.choose') }]),
          ...items.map((i) => ({ value: i.to, label: t(i.label) })),
        ]}
      />
    );
  }
  return (
    <Tabs value={active} onChange={(v) => v && navigate(v)} aria-label={t('nav.tabs.label')}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {items.map((i) => (
          <Tabs.Tab key={i.key} value={i.to} py="md">
            {t(i.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
