import { useCallback } from 'react';
import { ActionIcon, Button, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { SCREEN_ID } from '@/lib/screen';
import { useSelectedRestaurant } from '@/lib/selected-restaurant';
import { listQuery } from '../api/get-notifications';
import { unreadQuery } from '../api/get-unread';
import { bellKeys } from '../api/keys';
import { readAll } from '../api/read-all';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { receivesNotifications, type SocketEvent } from '../socket';
import { useStaffSocket } from '../use-staff-socket';

/** The top bar's bell: unread badge, the newest notifications, live through the tab's socket. */
export function NotificationBell() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Bell />
    </MessagesScope>
  );
}

function Bell() {
  const t = useT();
  const restaurant = useSelectedRestaurant()?.id ?? null;
  const qc = useQueryClient();
  const unread = useQuery(unreadQuery(restaurant));
  const list = useQuery({ ...listQuery(restaurant), enabled: false });
  const onEvent = useCallback(
    (e: SocketEvent) => {
      if (e.kind === 'ready' && e.resync) void qc.invalidateQueries({ queryKey: bellKeys.all });
      if (e.kind !== 'message' || e.replayed) return;
      // receive_noti 'no': the board still moves, but no toast and no badge
      if (!receivesNotifications()) return;
      qc.setQueryData(bellKeys.unread(restaurant), (n: number | undefined) => (n ?? 0) + 1);
      void qc.invalidateQueries({ queryKey: bellKeys.list(restaurant) });
      // what this tab has just done itself: it said so already, and a toast would cover its dialog
      if (e.message.from_admin && e.message.origin === SCREEN_ID) return;
      notify('info', e.message.msg);
    },
    [qc, restaurant],
  );
  useStaffSocket(restaurant, onEvent);
  const markAll = useMutation({
    mutationFn: () => readAll(restaurant),
    onSuccess: () => qc.invalidateQueries({ queryKey: bellKeys.all }),
  });
  const count = unread.data ?? 0;
  return (
    <Popover width={300} position="bottom-end" withArrow onOpen={() => void list.refetch()}>
      {/* the button is the popover's target: its aria-expanded belongs on a button, not the badge's div */}
      <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={18} color="red" data-testid="bell-count">
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('nav.notifications')}>
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Text fw={600} mb="xs">
          {t('bell.title')}
        </Text>
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6}>
            {(list.data ?? []).length === 0 && <Text size="sm">{t('bell.empty')}</Text>}
            {(list.data ?? []).map((n) => (
              <Text key={n.id} size="sm" fw={n.read ? 400 : 600}>
                {n.msg}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {count > 0 && (
          <Button size="xs" variant="light" mt="sm" fullWidth onClick={() => markAll.mutate()}>
            {t('bell.readAll')}
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
