import { useState } from 'react';
import { Anchor, Button, Card, Image, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';
import { notify, succeeded } from '@/lib/notify';
import { useUpdateMenu } from '../api/update-menu';
import { downloadMenuQrPdf, useMenuQrImage } from '../api/menu-qr';
import type { Menu } from '../api/types';
import { notifyServerErrors } from '../components/show-errors';

/** The public menu link diners open (the QR encodes it). */
export function publicMenuLink(menuId: number, origin = window.location.origin): string {
  return `${origin}${paths.menus.path}?menu=${menuId}`;
}

/** The menu's QR with a PDF download, the public link with copy, and the Delivery / Take Away switch. */
export function MenuSharePanel({ menu }: { menu: Menu }) {
  const t = useT();
  const qr = useMenuQrImage(menu.id);
  const update = useUpdateMenu();
  const [downloading, setDownloading] = useState(false);
  const [copied, setCopied] = useState(false);
  const link = publicMenuLink(menu.id);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMenuQrPdf(menu.id);
    } catch {
      notify('error', t('catalog.qr.downloadError'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="menu-share-panel">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('catalog.qr.title')}
        </Title>
        {qr.isPending ? (
          <Skeleton h={180} w={180} mx="auto" />
        ) : qr.data ? (
          <Image src={qr.data} alt={t('catalog.qr.alt', { name: menu.name })} w={180} h={180} mx="auto" data-testid="menu-qr" />
        ) : (
          <Text c="dimmed" size="sm" ta="center">
            {t('catalog.qr.unavailable')}
          </Text>
        )}
        <Button leftSection={<IconDownload size={18} />} variant="light" onClick={download} loading={downloading}>
          {t('catalog.qr.downloadPdf')}
        </Button>
        <TextInput
          label={t('catalog.link.label')}
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          rightSectionWidth={44}
          rightSection={
            <Button
              variant="subtle"
              size="compact-md"
              px={6}
              aria-label={t('catalog.link.copy')}
              onClick={() =>
                navigator.clipboard
                  .writeText(link)
                  .then(() => {
                    setCopied(true);
                    notify('success', t('catalog.link.copied'));
                    setTimeout(() => setCopied(false), 2000);
                  })
                  .catch(() => notify('error', t('catalog.link.copyError')))
              }
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </Button>
          }
        />
        <Anchor href={link} target="_blank" rel="noopener" size="sm">
          {t('catalog.link.open')}
        </Anchor>
        <Switch
          label={t('catalog.menu.delivery')}
          description={t('catalog.menu.deliveryHelp')}
          checked={menu.delivery}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(
              { menu, changes: { delivery: e.currentTarget.checked } },
              {
                onSuccess: succeeded(t('catalog.menu.updated')),
                onError: (err) => notifyServerErrors(t, err, { title: 'catalog.menu.saveError' }),
              },
            )
          }
        />
      </Stack>
    </Card>
  );
}
