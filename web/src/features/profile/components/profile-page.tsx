import { useState } from 'react';
import { Alert, Avatar, Container, FileInput, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey, IconUser } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EditToggle, EditorForm, useReadThenEdit } from '@/components/editor-actions';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { useShowServerErrors } from '@/lib/api-errors';
import { IMAGE_ACCEPT, changedValues, type FormValue } from '@/lib/form-data';
import { useErrorText } from '@/lib/form-utils';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import { PhoneInput } from '@/components/phone-input';
import { IconButton } from '@/components/icon-button';
import { useProfile } from '../api/get-profile';
import type { Profile } from '../api/keys';
import { useUpdateProfile } from '../api/update-profile';
import { profileSchema, type ProfileValues } from '../schemas';
import es from '../locales/es.json';
import en from '../locales/en.json';
import { Loading } from '@/components/loading';

/** /profile: the user's own profile (read view; the pencil toggles edit mode). */
export default function ProfilePage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <ProfileLoader />
    </MessagesScope>
  );
}

function ProfileLoader() {
  const t = useT();
  const profile = useProfile();
  if (profile.isPending) {
    return <Loading />;
  }
  if (!profile.data) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          {t('page.profile.title')}
        </Title>
        <Alert color="red">{t('common.loadError')}</Alert>
      </Container>
    );
  }
  return <ProfileEditor profile={profile.data} />;
}

export function toValues(p: Profile): ProfileValues {
  return {
    first_name: p.fk_user.first_name,
    last_name: p.fk_user.last_name,
    telefono: p.telefono,
    email: p.fk_user.email,
    genero: p.genero === 0 ? '0' : p.genero === 1 ? '1' : '',
    imagen: null,
  };
}

/** Only what changed; names as fk_user.*; the e-mail never. */
export function toPayload(initial: ProfileValues, values: ProfileValues): Record<string, FormValue> {
  const { email: _a, ...before } = initial;
  const { email: _b, ...after } = values;
  const out: Record<string, FormValue> = {};
  for (const [key, value] of Object.entries(changedValues<Record<string, FormValue>>(before, after))) {
    out[key === 'first_name' || key === 'last_name' ? `fk_user.${key}` : key] = value;
  }
  return out;
}

const FIELD_LABELS: Record<string, string> = {
  first_name: 'profile.field.first_name',
  last_name: 'profile.field.last_name',
  telefono: 'profile.field.telefono',
  email: 'profile.field.email',
  genero: 'profile.field.genero',
  imagen: 'profile.field.imagen',
};

function ProfileEditor({ profile }: { profile: Profile }) {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const [password, setPassword] = useState(false);
  const initial = toValues(profile);
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: initial });
  const editor = useReadThenEdit(form, initial);
  const { errors } = form.formState;
  const readOnly = !editor.editing;
  const variant = readOnly ? 'filled' : 'default';
  // spec part 1 §8: each field error as field name plus its first message, 7 s
  const showErrors = useShowServerErrors({ title: 'profile.errors.title', firstPerField: true, labels: FIELD_LABELS });
  const submit = form.handleSubmit(
    (values) => {
      const payload = toPayload(initial, values);
      if (Object.keys(payload).length === 0) return editor.finish();
      update.mutate(payload, {
        onSuccess: (saved) => {
          notify('success', t('profile.updated'));
          editor.finish(toValues(saved));
        },
        onError: showErrors,
      });
    },
    (invalid) => {
      for (const [field, error] of Object.entries(invalid)) {
        if (error?.message) notify('error', `${t(FIELD_LABELS[field] ?? field)}: ${t(error.message)}`, { title: t('profile.errors.title'), autoClose: DURATION.form });
      }
    },
  );
  const fullName = [profile.fk_user.first_name, profile.fk_user.last_name].filter(Boolean).join(' ') || profile.fk_user.username;

  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Title order={1}>{t('page.profile.title')}</Title>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <IconButton label={t('password.change')} icon={<IconKey size={24} />} variant="light" size={44} onClick={() => setPassword(true)} />
          <EditToggle editor={editor} label={t('profile.edit')} />
        </Group>
      </Group>
      <EditorForm editor={editor} label={t('page.profile.title')} onSubmit={submit} saving={update.isPending}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group wrap="nowrap">
              <Avatar src={profile.imagen || null} size={88} radius={88} alt={t('profile.field.imagen')} color="orange">
                <IconUser size={44} />
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text fw={700} fz="lg" data-testid="profile-name" truncate>
                  {fullName}
                </Text>
                <Text c="dimmed" truncate>
                  {profile.fk_user.email}
                </Text>
              </div>
            </Group>
            {editor.editing && (
              <Controller
                control={form.control}
                name="imagen"
                render={({ field }) => (
                  <FileInput
                    label={t('profile.field.imagen')}
                    accept={IMAGE_ACCEPT}
                    clearable
                    clearButtonProps={{ 'aria-label': t('common.clear') }}
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t('profile.imageChoose')}
                    error={errorText(errors.imagen)}
                  />
                )}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('profile.field.first_name')} maxLength={30} readOnly={readOnly} variant={variant} withAsterisk={editor.editing} autoComplete="given-name" {...form.register('first_name')} error={errorText(errors.first_name)} />
              <TextInput label={t('profile.field.last_name')} maxLength={100} readOnly={readOnly} variant={variant} withAsterisk={editor.editing} autoComplete="family-name" {...form.register('last_name')} error={errorText(errors.last_name)} />
              <PhoneInput control={form.control} name="telefono" label={t('profile.field.telefono')} readOnly={readOnly} variant={variant} withAsterisk={editor.editing} error={errorText(errors.telefono)} />
              <NativeSelect
                label={t('profile.field.genero')}
                disabled={readOnly}
                variant={variant}
                {...form.register('genero')}
                data={[
                  { value: '', label: t('profile.genero.none') },
                  { value: '0', label: t('profile.genero.female') },
                  { value: '1', label: t('profile.genero.male') },
                ]}
              />
            </SimpleGrid>
            <TextInput label={t('profile.field.email')} readOnly variant="filled" {...form.register('email')} description={editor.editing ? t('profile.emailReadOnly') : undefined} />
          </Stack>
        </Paper>
      </EditorForm>
      <ChangePasswordDialog opened={password} onClose={() => setPassword(false)} />
    </Container>
  );
}
