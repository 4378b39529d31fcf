import { Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LabelledChoice } from '@/components/labelled-choice';
import { PhoneInput } from '@/components/phone-input';
import { notifyProblems } from '@/lib/api-errors';
import { useErrorText } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';
import { LIMITS, type ContactOutput, type ContactValues } from '../schemas';

/** The contact form's rules broken on submit: each message a notification (spec part 2 §5). */
export function useContactProblems() {
  const t = useT();
  return (invalid: Partial<Record<keyof ContactValues, { message?: string }>>) =>
    notifyProblems(
      t,
      Object.values(invalid).flatMap((e) => (e?.message ? [e.message] : [])),
      t('delivery.contact.invalid'),
    );
}

/** Type (delivery or pickup), name, phone and address: the new order's first step and the contact edit. */
export function ContactFields({ form }: { form: UseFormReturn<ContactValues, unknown, ContactOutput> }) {
  const t = useT();
  const errorText = useErrorText();
  const { errors } = form.formState;
  const delivery = form.watch('type_delivery') === '1';
  return (
    <Stack gap="sm">
      <Controller
        control={form.control}
        name="type_delivery"
        render={({ field }) => (
          <LabelledChoice
            label={t('delivery.field.type')}
            labelProps={{ size: 'sm' }}
            value={field.value}
            onChange={field.onChange}
            data={[
              { value: '1', label: t('delivery.type.1') },
              { value: '2', label: t('delivery.type.2') },
            ]}
          />
        )}
      />
      <TextInput
        label={t('delivery.field.name')}
        withAsterisk
        maxLength={LIMITS.name[1]}
        autoComplete="off"
        {...form.register('name')}
        error={errorText(errors.name)}
        data-autofocus
      />
      <PhoneInput control={form.control} name="phone" label={t('delivery.field.phone')} withAsterisk autoComplete="off" error={errorText(errors.phone)} />
      <TextInput
        label={t('delivery.field.address')}
        withAsterisk={delivery}
        description={delivery ? undefined : t('delivery.field.addressOptional')}
        maxLength={LIMITS.address[1]}
        autoComplete="off"
        {...form.register('address')}
        error={errorText(errors.address)}
      />
    </Stack>
  );
}
