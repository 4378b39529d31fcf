import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Anchor, Container, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconKey } from '@tabler/icons-react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { EditToggle, EditorForm, useReadThenEdit } from '@/components/editor-actions';
import { RequireRestaurant } from '@/components/require-restaurant';
import { paths } from '@/config/paths';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { changedValues, type FormValue } from '@/lib/form-data';
import { useErrorText } from '@/lib/form-utils';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { PhoneInput } from '@/components/phone-input';
import { IconButton } from '@/components/icon-button';
import { useRestaurant } from '../api/get-restaurant';
import type { Restaurant } from '../api/keys';
import { useUpdateRestaurant } from '../api/update-restaurant';
import { useShowRestaurantErrors } from '../hooks';
import { FLAGS, instagramUser, restaurantProfileSchema, whatsappDigits, type RestaurantProfileValues } from '../schemas';
import { LogoInput } from './logo-input';
import es from '../locales/es.json';
import en from '../locales/en.json';
import { Loading } from '@/components/loading';

/** /editar-restaurante: the selected restaurant's profile (read view, pencil toggles edit mode). */
export default function RestaurantProfilePage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <ProfileLoader id={r.id} />}</RequireRestaurant>
    </MessagesScope>
  );
}

function ProfileLoader({ id }: { id: number }) {
  const t = useT();
  const restaurant = useRestaurant(id);
  if (restaurant.isPending) {
    return <Loading />;
  }
  if (!restaurant.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{t('common.loadError')}</Alert>
      </Container>
    );
  }
  return <ProfileEditor key={id} restaurant={restaurant.data} />;
}

export function toProfileValues(r: Restaurant): RestaurantProfileValues {
  return {
    nombre_local: r.nombre_local,
    telefono: r.telefono,
    direccion: r.direccion,
    logo: null,
    first_name: r.fk_user?.first_name ?? '',
    last_name: r.fk_user?.last_name ?? '',
    email: r.fk_user?.email ?? '',
    wait_time: r.wait_time,
    avg_permanence: Number(r.avg_permanence) || 0,
    reservas: r.reservas,
    takeaway: r.takeaway,
    tips: r.tips,
    has_waiter: r.has_waiter,
    stop_orders: r.stop_orders,
    receive_noti: r.receive_noti,
    mute_sound: r.mute_sound,
    facebook: r.facebook,
    instagram: instagramUser(r.instagram),
    whatsapp: whatsappDigits(r.whatsapp),
    website: r.website,
  };
}

/** What the PUT carries: only changed fields; owner names as fk_user.*; the e-mail never. */
export function toUpdatePayload(initial: RestaurantProfileValues, values: RestaurantProfileValues): Record<string, FormValue> {
  const { email: _e1, ...before } = initial;
  const { email: _e2, ...after } = values;
  const changed = changedValues<Record<string, FormValue>>(before, after);
  const out: Record<string, FormValue> = {};
  for (const [key, value] of Object.entries(changed)) {
    out[key === 'first_name' || key === 'last_name' ? `fk_user.${key}` : key] = value;
  }
  return out;
}

function ProfileEditor({ restaurant }: { restaurant: Restaurant }) {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateRestaurant();
  const showErrors = useShowRestaurantErrors('update');
  const [password, setPassword] = useState(false);
  const initial = toProfileValues(restaurant);
  const form = useForm<RestaurantProfileValues>({ resolver: zodResolver(restaurantProfileSchema), defaultValues: initial });
  const editor = useReadThenEdit(form, initial);
  const { errors } = form.formState;
  const readOnly = !editor.editing;
  const submit = form.handleSubmit(
    (values) => {
      const payload = toUpdatePayload(initial, values);
      if (Object.keys(payload).length === 0) {
        notify('info', t('restaurants.profile.noChanges'));
        return editor.finish();
      }
      update.mutate(
        { id: restaurant.id_resto, values: payload },
        {
          onSuccess: (saved) => {
            notify('success', t('restaurants.updated'));
            selectedRestaurantStore.select(saved);
            editor.finish(toProfileValues(saved));
          },
          onError: showErrors,
        },
      );
    },
    // spec part 1 §5: form validation errors are each shown as a notification too
    (invalid) => {
      for (const [field, error] of Object.entries(invalid)) {
        if (error?.message) notify('error', `${t(`restaurants.field.${field}`)}: ${t(error.message)}`, { title: t('restaurants.errors.updateTitle') });
      }
    },
  );
  const text = (name: 'nombre_local' | 'direccion' | 'first_name' | 'last_name' | 'facebook' | 'instagram' | 'website', max: number, extra: object = {}) => (
    <TextInput
      label={t(`restaurants.field.${name}`)}
      maxLength={max}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      {...form.register(name)}
      error={errorText(errors[name])}
      {...extra}
    />
  );
  const digits = (name: 'telefono' | 'whatsapp', extra: object = {}) => (
    <PhoneInput
      control={form.control}
      name={name}
      label={t(`restaurants.field.${name}`)}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      error={errorText(errors[name])}
      {...extra}
    />
  );

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={1}>{t('page.editarRestaurante.title')}</Title>
          <Text c="dimmed" fz="lg" data-testid="profile-restaurant-name">
            {restaurant.nombre_local}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Tooltip label={t('restaurants.schedule.link')}>
            <ActionIcon component={Link} to={paths.crearHorario.path} variant="light" size={44} aria-label={t('restaurants.schedule.link')}>
              <IconClock size={24} />
            </ActionIcon>
          </Tooltip>
          <IconButton label={t('password.change')} icon={<IconKey size={24} />} variant="light" size={44} onClick={() => setPassword(true)} />
          <EditToggle editor={editor} label={t('restaurants.profile.edit')} />
        </Group>
      </Group>
      {!restaurant.profile_complete && (
        <Alert color="yellow" icon={<IconAlertTriangle />} mb="md" data-testid="complete-profile-warning" title={t('restaurants.incomplete.title')}>
          {t('restaurants.incomplete.message')}
        </Alert>
      )}
      <EditorForm editor={editor} label={t('page.editarRestaurante.title')} onSubmit={submit} saving={update.isPending}>
        <Stack gap="lg">
          <Section legend={t('restaurants.section.local')}>
            {text('nombre_local', 40, { withAsterisk: editor.editing })}
            {digits('telefono', { withAsterisk: editor.editing })}
            {text('direccion', 100, { withAsterisk: editor.editing })}
            <LogoInput
              control={form.control}
              name="logo"
              label={t('restaurants.field.logo')}
              current={restaurant.logo}
              error={errorText(errors.logo)}
              disabled={readOnly}
              placeholder={t('restaurants.logo.keep')}
            />
          </Section>
          <Section legend={t('restaurants.section.owner')}>
            {text('first_name', 30, { withAsterisk: editor.editing, autoComplete: 'given-name' })}
            {text('last_name', 100, { withAsterisk: editor.editing, autoComplete: 'family-name' })}
            <TextInput label={t('restaurants.field.email')} readOnly variant="filled" description={editor.editing ? t('restaurants.emailReadOnly') : undefined} {...form.register('email')} />
          </Section>
          <Section legend={t('restaurants.section.service')}>
            <NumberField control={form.control} name="wait_time" label={t('restaurants.field.wait_time')} readOnly={readOnly} error={errorText(errors.wait_time)} max={600} />
            <NumberField control={form.control} name="avg_permanence" label={t('restaurants.field.avg_permanence')} readOnly={readOnly} error={errorText(errors.avg_permanence)} max={100000} decimals />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ gridColumn: '1 / -1' }}>
              {FLAGS.map((flag) => (
                <Controller
                  key={flag}
                  control={form.control}
                  name={flag}
                  render={({ field }) => (
                    <Switch
                      size="lg"
                      label={t(`restaurants.field.${flag}`)}
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                      disabled={readOnly}
                      py={6}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          </Section>
          <Section legend={t('restaurants.section.social')}>
            {text('facebook', 300, { placeholder: 'https://facebook.com/…', type: 'url' })}
            {text('instagram', 300, { leftSection: '@', description: editor.editing ? t('restaurants.instagramHelp') : undefined })}
            {digits('whatsapp', { description: editor.editing ? t('restaurants.whatsappHelp') : undefined })}
            {text('website', 300, { placeholder: 'https://…', type: 'url' })}
            {readOnly && (restaurant.instagram || restaurant.whatsapp || restaurant.facebook || restaurant.website) && (
              <Group gap="md" style={{ gridColumn: '1 / -1' }} data-testid="social-links">
                {[restaurant.facebook, restaurant.instagram, restaurant.whatsapp, restaurant.website]
                  .filter(Boolean)
                  .map((href) => (
                    <Anchor key={href} href={href} target="_blank" rel="noopener noreferrer" fz="sm">
                      {href}
                    </Anchor>
                  ))}
              </Group>
            )}
          </Section>
        </Stack>
      </EditorForm>
      <ChangePasswordDialog opened={password} onClose={() => setPassword(false)} />
    </Container>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

function NumberField({
  control,
  name,
  label,
  readOnly,
  error,
  max,
  decimals,
}: {
  control: Control<RestaurantProfileValues>;
  name: 'wait_time' | 'avg_permanence';
  label: string;
  readOnly: boolean;
  error?: string;
  max: number;
  decimals?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={0}
          max={max}
          allowNegative={false}
          allowDecimal={!!decimals}
          decimalScale={decimals ? 2 : 0}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          hideControls={readOnly}
          value={Number.isNaN(field.value) ? '' : field.value}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v))}
          onBlur={field.onBlur}
          name={field.name}
          error={error}
        />
      )}
    />
  );
}
