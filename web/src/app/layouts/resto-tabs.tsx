import { NativeSelect, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation, useNavigate } from 'react-router';
import { GROUP } from '@/config/paths';
import { useLinkState } from '@/lib/marketplace-link';
import { useT } from '@/lib/i18n/messages';
import QueryProvider from '@/lib/query';
import { useSelectedRestaurant } from '@/lib/selected-restaurant';
import { useSession } from '@/lib/session';
import { restoTabsFor } from './nav-items';

/** Restaurant tab bar for groups 2 and 4; a dropdown on small screens. */
export default function RestoTabs() {
  // the shell is outside the screens' query provider; the same client, so a link made on a
  // screen hides the tab at once
  return (
    <QueryProvider>
      <TabBar />
    </QueryProvider>
  );
}

function TabBar() {
  const t = useT();
  const { groups } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const small = useMediaQuery('(max-width: 48em)');
  const selected = useSelectedRestaurant();
  // only an owner has the link tab; hidden until the link state is known, shown if it cannot be
  const link = useLinkState(groups.includes(GROUP.owner) ? selected?.id : null);
  const items = restoTabsFor(groups, { mpLinked: link.data ? link.data.mp_active : !link.isError });
  const active = items.find((i) => i.to === pathname)?.to ?? null;
  if (small) {
    return (
      <NativeSelect
        aria-label={t('nav.tabs.label')}
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
