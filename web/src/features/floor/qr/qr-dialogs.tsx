import { useEffect, useState } from 'react';
import { Button, Center, Chip, Group, Image, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { showServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { downloadSheet } from '../api/download-sheet';
import type { Sit } from '../api/types';
import { JOINT_LAYOUTS, QR_FILENAME, SCOPES, jointQuery, type JointLayout, type Scope } from './qr-model';

/**
 * The dialogs' buttons: cancel, and download the sheet (null: nothing to ask for yet). A failed
 * download shows the server's error and keeps the dialog open; a finished one closes it.
 */
function DownloadActions({ download, onClose }: { download: (() => Promise<void>) | null; onClose: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!download) return;
    setBusy(true);
    try {
      await download();
      onClose();
    } catch (error) {
      showServerErrors(t, error, { title: 'qr.downloadError' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button leftSection={<IconDownload size={18} />} loading={busy} disabled={!download} onClick={run}>
        {t('qr.downloadPdf')}
      </Button>
    </Group>
  );
}

/** One place's sheet: the code only, or the code with the instructions for the diner. */
export function SingleDownloadDialog({ restaurant, sit, onClose }: { restaurant: number; sit: Sit | null; onClose: () => void }) {
  const t = useT();
  const [kind, setKind] = useState<'uno' | 'uno-instrucciones'>('uno');
  useEffect(() => setKind('uno'), [sit]);
  const name = sit ? t(`floor.place.${sit.sit_type}`, { name: sit.i_name }) : '';
  return (
    <Modal opened={!!sit} onClose={onClose} title={t('qr.single.title', { name })} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {sit && (
        <Stack gap="md">
          <Center>
            <Image src={sit.qr_code} alt={t('qr.image', { name })} w={200} h={200} fit="contain" />
          </Center>
          <Radio.Group label={t('qr.single.kind')} value={kind} onChange={(v) => setKind(v as typeof kind)}>
            <Stack gap="sm" mt="xs">
              <Radio value="uno" label={t('qr.single.codeOnly')} />
              <Radio value="uno-instrucciones" label={t('qr.single.withInstructions')} />
            </Stack>
          </Radio.Group>
          <DownloadActions download={() => downloadSheet({ restaurant, layout: kind, ids: [sit.id] }, QR_FILENAME)} onClose={onClose} />
        </Stack>
      )}
    </Modal>
  );
}

/** The joint download: all places, a list, only tables or only chairs, on a grid of the chosen size. */
export function JointDownloadDialog({ restaurant, opened, sits, onClose }: { restaurant: number; opened: boolean; sits: Sit[]; onClose: () => void }) {
  const t = useT();
  const [scope, setScope] = useState<Scope>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [layout, setLayout] = useState<JointLayout>('3x3');
  useEffect(() => {
    if (opened) {
      setScope('all');
      setChosen([]);
      setLayout('3x3');
    }
  }, [opened]);
  const query = jointQuery(sits, scope, chosen.map(Number));
  return (
    <Modal opened={opened} onClose={onClose} title={t('qr.joint.title')} centered size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Radio.Group label={t('qr.joint.which')} value={scope} onChange={(v) => setScope(v as Scope)}>
          <Group gap="lg" mt="xs">
            {SCOPES.map((s) => (
              <Radio key={s} value={s} label={t(`qr.scope.${s}`)} />
            ))}
          </Group>
        </Radio.Group>
        {scope === 'list' && (
          <Stack gap={6} role="group" aria-labelledby="qr-joint-places">
            <Text id="qr-joint-places" fw={500} size="sm">
              {t('qr.joint.places')}
            </Text>
            <ScrollArea.Autosize mah={180} type="auto">
              <Chip.Group multiple value={chosen} onChange={setChosen}>
                <Group gap="xs">
                  {sits.map((s) => (
                    <Chip key={s.id} value={String(s.id)}>
                      {s.i_name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </ScrollArea.Autosize>
          </Stack>
        )}
        <Radio.Group label={t('qr.joint.layout')} value={layout} onChange={(v) => setLayout(v as JointLayout)}>
          <Group gap="lg" mt="xs">
            {JOINT_LAYOUTS.map((l) => (
              <Radio key={l} value={l} label={t(`qr.layout.${l}`)} />
            ))}
          </Group>
        </Radio.Group>
        {!query && (
          <Text c="red.8" size="sm" role="status">
            {t(scope === 'list' ? 'qr.joint.noneChosen' : 'qr.joint.noneOfKind')}
          </Text>
        )}
        <DownloadActions download={query && (() => downloadSheet({ restaurant, layout, ...query }, QR_FILENAME))} onClose={onClose} />
      </Stack>
    </Modal>
  );
}
