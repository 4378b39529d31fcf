import { useState } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RequireRestaurant } from '@/components/require-restaurant';
import { paths } from '@/config/paths';
import { useShowServerErrors } from '@/lib/api-errors';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { DURATION, notify, succeeded } from '@/lib/notify';
import { useSchedule, useSetSchedule, type Schedule } from '../api/schedule';
import { TimePicker12 } from './time-picker-12';
import es from '../locales/es.json';
import en from '../locales/en.json';
import { Loading } from '@/components/loading';

/** /Crear-horario: opening and closing time of the selected restaurant (12-hour pickers). */
export default function SchedulePage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <ScheduleLoader id={r.id} name={r.name} />}</RequireRestaurant>
    </MessagesScope>
  );
}

const hhmm = (v: string | null | undefined) => (v ? v.slice(0, 5) : null);

function ScheduleLoader({ id, name }: { id: number; name: string }) {
  const schedule = useSchedule(id);
  if (schedule.isPending) {
    return <Loading />;
  }
  return <ScheduleEditor key={id} id={id} name={name} initial={schedule.data ?? {}} />;
}

function ScheduleEditor({ id, name, initial }: { id: number; name: string; initial: Schedule }) {
  const t = useT();
  const save = useSetSchedule();
  const [opening, setOpening] = useState(hhmm(initial.horario_apertura));
  const [closing, setClosing] = useState(hhmm(initial.horario_cierre));
  const showErrors = useShowServerErrors({ title: 'restaurants.schedule.errorTitle' });
  const submit = (schedule: Schedule, done: string) =>
    save.mutate({ id, schedule }, { onSuccess: succeeded(t(done)), onError: showErrors });
  const onSave = () => {
    if ((opening === null) !== (closing === null)) {
      notify('error', t('restaurants.schedule.incomplete'), { title: t('restaurants.schedule.errorTitle'), autoClose: DURATION.form });
      return;
    }
    submit({ horario_apertura: opening, horario_cierre: closing }, 'restaurants.schedule.saved');
  };
  const onClear = () => {
    setOpening(null);
    setClosing(null);
    submit({ horario_apertura: null, horario_cierre: null }, 'restaurants.schedule.cleared');
  };
  return (
    <Container size="sm" py="xl">
      <Button component={Link} to={paths.restaurante.path} variant="subtle" leftSection={<IconArrowLeft size={18} />} mb="sm" px={4}>
        {t('common.back')}
      </Button>
      <Title order={1}>{t('page.crearHorario.title')}</Title>
      <Text c="dimmed" fz="lg" mb="md">
        {name}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Text>{t('restaurants.schedule.intro')}</Text>
          <TimePicker12 label={t('restaurants.schedule.opening')} value={opening} onChange={setOpening} testId="opening" />
          <TimePicker12 label={t('restaurants.schedule.closing')} value={closing} onChange={setClosing} testId="closing" />
          {opening === null && closing === null && <Alert color="gray">{t('restaurants.schedule.none')}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClear} disabled={save.isPending}>
              {t('restaurants.schedule.clear')}
            </Button>
            <Button onClick={onSave} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
