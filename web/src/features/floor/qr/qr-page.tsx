import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Container, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileDownload, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScreenHeader } from '@/components/screen-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TablePager } from '@/components/data-table';
import { RequireRestaurant } from '@/components/require-restaurant';
import { paths } from '@/config/paths';
import { showServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { usePlaces } from '@/lib/places';
import { useRenewCode } from '../api/renew-code';
import type { Sit } from '../api/types';
import { FloorMessages } from '../components/floor-messages';
import { JointDownloadDialog, SingleDownloadDialog } from './qr-dialogs';
import { QrCard } from './qr-card';
import { MEDIUM_PAGE_SIZES, PAGE_SIZES, pageOf, searchPlaces, sizeFor, sortPlaces } from './qr-model';
import { Loading } from '@/components/loading';

export default function QrPage() {
  return (
    <FloorMessages>
      <RequireRestaurant>{(r) => <QrList restaurant={r.id} />}</RequireRestaurant>
    </FloorMessages>
  );
}

/** /qr-restaurante: a card per place with its code; one place's sheet, all of them, a new code (spec part 2 'QR list'). */
function QrList({ restaurant }: { restaurant: number }) {
  const t = useT();
  const sits = usePlaces(restaurant);
  // medium screens (a tablet) show fewer cards per page
  const medium = useMediaQuery('(max-width: 74.99em)', true, { getInitialValueInEffect: false });
  const sizes = medium ? MEDIUM_PAGE_SIZES : PAGE_SIZES;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(sizes[0]);
  const [single, setSingle] = useState<Sit | null>(null);
  const [joint, setJoint] = useState(false);
  const [renewing, setRenewing] = useState<Sit | null>(null);
  const renew = useRenewCode(restaurant);

  useEffect(() => setSize((s) => sizeFor(s, medium)), [medium]);
  useEffect(() => setPage(1), [search, size]);
  const all = useMemo(() => sortPlaces(sits.data ?? []), [sits.data]);
  const found = useMemo(() => searchPlaces(all, search), [all, search]);
  const shown = pageOf(found, page, size);

  const confirmRenew = () => {
    if (!renewing) return;
    renew.mutate(renewing.id, {
      onSuccess: () => {
        notify('success', t('qr.renew.done', { name: renewing.i_name }));
        setRenewing(null);
      },
      onError: (error) => {
        showServerErrors(t, error, { title: 'qr.renew.error' });
        setRenewing(null);
      },
    });
  };

  return (
    <Container size="xl" py="lg">
      <ScreenHeader title={t('page.qr.title')}>
        <Button leftSection={<IconFileDownload size={18} />} onClick={() => setJoint(true)} disabled={!all.length}>
          {t('qr.joint.open')}
        </Button>
      </ScreenHeader>
      <TextInput
        aria-label={t('common.search')}
        placeholder={t('qr.search')}
        leftSection={<IconSearch size={18} />}
        maxLength={40}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="md"
        maw={420}
      />
      {sits.isPending ? (
        <Loading />
      ) : sits.isError ? (
        <Alert color="red">{t('common.loadError')}</Alert>
      ) : !all.length ? (
        <Alert color="gray" data-testid="qr-empty">
          <Text>{t('qr.empty')}</Text>
          <Anchor component={Link} to={paths.croquis.path} fw={600}>
            {t('qr.toSketch')}
          </Anchor>
        </Alert>
      ) : !found.length ? (
        <Alert color="gray">{t('table.empty')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" data-testid="qr-grid">
          {shown.map((s) => (
            <QrCard key={s.id} sit={s} onDownload={() => setSingle(s)} onRenew={() => setRenewing(s)} />
          ))}
        </SimpleGrid>
      )}
      {found.length > 0 && <TablePager count={found.length} page={page} size={size} onPage={setPage} sizes={sizes} onSize={setSize} />}

      <SingleDownloadDialog restaurant={restaurant} sit={single} onClose={() => setSingle(null)} />
      <JointDownloadDialog restaurant={restaurant} opened={joint} sits={all} onClose={() => setJoint(false)} />
      <ConfirmDialog
        opened={!!renewing}
        title={t('qr.renew.title')}
        message={t('qr.renew.message', { name: renewing?.i_name ?? '' })}
        confirmLabel={t('qr.renew.confirm')}
        loading={renew.isPending}
        onConfirm={confirmRenew}
        onClose={() => setRenewing(null)}
      />
    </Container>
  );
}
