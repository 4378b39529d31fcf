import { useMemo, useRef, type FormEvent } from 'react';
import { NumberInput, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { useShowServerErrors } from '@/lib/api-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { useErrorText } from '@/lib/form-utils';
import { notify } from '@/lib/notify';
import { useCollectCommission } from '../api/collect-commission';
import type { FeeRow } from '../api/keys';
import { collectSchema } from '../schemas';

/**
 * The commission collection (spec part 2 §2 'Admin screens', §5): how much the admin collected
 * from a restaurant, at most what it owes. Every submission of one amount carries one
 * Idempotency-Key, so a retry after a lost answer is recorded once; another amount is another key.
 */
export function CollectDialog({ row, onClose }: { row: FeeRow | null; onClose: () => void }) {
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const owed = Number(row?.cta_cte_resto ?? 0);
  const schema = useMemo(() => collectSchema(owed), [owed]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { credit: '' as number | string } });
  const collect = useCollectCommission();
  // the key belongs to one restaurant and one amount
  const key = useRef<{ value: string; of: string } | null>(null);
  const showErrors = useShowServerErrors({ title: 'admin.collect.error', autoClose: 5000 });
  const close = () => {
    form.reset({ credit: '' });
    key.current = null;
    onClose();
  };
  const send = ({ credit }: { credit: number }) => {
    if (!row) return;
    const signature = `${row.id_resto}:${credit.toFixed(2)}`;
    if (key.current?.of !== signature) key.current = { value: newIdempotencyKey(), of: signature };
    collect.mutate(
      { restaurant: row.id_resto, credit, key: key.current.value },
      {
        onSuccess: (result) => {
          notify('success', t('admin.collect.done', { debt: formatPrice(result.monto_deuda_total, locale) }), { title: t('admin.collect.doneTitle') });
          close();
        },
        onError: showErrors,
      },
    );
  };
  const submit = (e: FormEvent<HTMLFormElement>) => void form.handleSubmit(send)(e);
  return (
    <FormDialog
      opened={!!row}
      onClose={close}
      title={t('admin.collect.title', { name: row?.nombre_local ?? '' })}
      onSubmit={submit}
      submitting={collect.isPending}
      submitLabel={t('admin.collect.submit')}
    >
      <Text data-testid="collect-owed">{t('admin.collect.owed', { amount: formatPrice(owed, locale) })}</Text>
      <Controller
        control={form.control}
        name="credit"
        render={({ field, fieldState }) => (
          <NumberInput
            label={t('admin.collect.credit')}
            withAsterisk
            leftSection="$"
            decimalSeparator={locale === 'es' ? ',' : '.'}
            allowNegative={false}
            hideControls
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={errorText(fieldState.error)}
            data-autofocus
          />
        )}
      />
    </FormDialog>
  );
}
