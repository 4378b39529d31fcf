import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Image, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';
import type { Menu } from '@/lib/menus';
import { notify } from '@/lib/notify';
import { useMenuQrImage } from '../api/menu-qr';

/** The public link of a menu, the one its QR encodes (diners open it to order by WhatsApp). */
export function menuLink(menu: number, origin = window.location.origin): string {
  return `${origin}${paths.menus.path}?menu=${menu}`;
}

/**
 * The takeaway QR and its copyable link: the restaurant's delivery menu (spec part 2 §2). Without
 * one, the notice sending the user to the Menus section to pick it.
 */
export function TakeawayShare({ menu, loading }: { menu: Menu | undefined; loading: boolean }) {
  const t = useT();
  const qr = useMenuQrImage(menu?.id ?? null);
  const [copied, setCopied] = useState(false);
  if (loading) return <Skeleton h={120} />;
  if (!menu) {
    return (
      <Alert color="orange" title={t('delivery.share.noMenuTitle')} data-testid="no-delivery-menu">
        <Text size="sm">{t('delivery.share.noMenu')}</Text>
        <Anchor component={Link} to={paths.menu.path} fw={700} size="sm">
          {t('delivery.share.toMenus')}
        </Anchor>
      </Alert>
    );
  }
  const link = menuLink(menu.id);
  const copy = () =>
    navigator.clipboard
      .writeText(link)
      .then(() => {
        setCopied(true);
        notify('success', t('delivery.share.copied'));
        setTimeout(() => setCopied(false), 2000);
      })
      .catch(() => notify('error', t('delivery.share.copyError')));
  return (
    <Card withBorder radius="md" padding="sm" data-testid="takeaway-share">
      <Group wrap="nowrap" align="center" gap="md">
        {qr.data ? (
          <Image src={qr.data} alt={t('delivery.share.qrAlt', { name: menu.name })} w={104} h={104} style={{ flex: 'none' }} data-testid="takeaway-qr" />
        ) : (
          <Skeleton w={104} h={104} style={{ flex: 'none' }} animate={qr.isPending} />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700}>{t('delivery.share.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('delivery.share.help', { name: menu.name })}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('delivery.share.link')}
              value={link}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="takeaway-link"
            />
            <Button variant="light" leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={copy}>
              {t('delivery.share.copy')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
