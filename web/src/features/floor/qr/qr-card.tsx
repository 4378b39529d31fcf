import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import type { Sit } from '../api/types';

/** One place: its code (the PNG floor serves), its name, kind and menu, download and new code. */
export function QrCard({ sit, onDownload, onRenew }: { sit: Sit; onDownload: () => void; onRenew: () => void }) {
  const t = useT();
  const name = t(`floor.place.${sit.sit_type}`, { name: sit.i_name });
  return (
    <Card withBorder padding="md" radius="md" data-testid={`qr-card-${sit.i_name}`}>
      <Stack gap="xs" align="center">
        <Image src={sit.qr_code} alt={t('qr.image', { name })} w={150} h={150} fit="contain" />
        <Text fw={700} fz="lg">
          {name}
        </Text>
        <Group gap={6} justify="center">
          {sit.menu_name && (
            <Badge variant="light" color="gray" size="lg" tt="none">
              {sit.menu_name}
            </Badge>
          )}
          {sit.blocked && (
            <Badge variant="light" color="red" size="lg" tt="none">
              {t('floor.item.blocked')}
            </Badge>
          )}
        </Group>
        <Group gap="xs" justify="center" w="100%">
          <Button leftSection={<IconDownload size={18} />} onClick={onDownload} aria-label={t('qr.single.open', { name })}>
            {t('qr.download')}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={onRenew} aria-label={t('qr.renew.open', { name })}>
            {t('qr.renew.short')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
