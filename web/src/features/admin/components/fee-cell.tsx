import { useState } from 'react';
import { Group, NumberInput, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { IconButton } from '@/components/icon-button';
import { notifyProblems, useShowServerErrors } from '@/lib/api-errors';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import { useSetApplicationFee } from '../api/set-application-fee';
import { applicationFeeSchema } from '../schemas';

/** A fee as the admin reads it: two decimals and a percent sign, in the user's number format. */
export function formatFee(fee: string | number, locale: string): string {
  return `${Number(fee).toLocaleString(locale === 'es' ? 'es-AR' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}

/**
 * The application fee edited in its row (spec part 2 §2 'Admin screens'): the pencil opens the
 * field; Enter or the tick saves, Escape or the cross leaves it. The browser checks billing's rule
 * first, and any refusal (its or the server's) is a notification (spec part 2 §8).
 */
export function FeeCell({ restaurant, name, fee }: { restaurant: number; name: string; fee: string }) {
  const t = useT();
  const [locale] = useLocale();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(fee);
  const save = useSetApplicationFee();
  const showErrors = useShowServerErrors({ title: 'admin.fee.error', autoClose: 5000 });
  const open = () => {
    setValue(Number(fee));
    setEditing(true);
  };
  const submit = () => {
    const parsed = applicationFeeSchema.safeParse(value);
    if (!parsed.success) return notifyProblems(t, [parsed.error.issues[0].message], t('admin.fee.error'));
    save.mutate({ restaurant, fee: parsed.data }, { onSuccess: succeeded(t('admin.fee.saved'), () => setEditing(false)), onError: showErrors });
  };
  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text fz="sm" data-testid="application-fee">
          {formatFee(fee, locale)}
        </Text>
        <IconButton label={t('admin.fee.edit', { name })} icon={<IconPencil size={18} />} variant="subtle" size={40} onClick={open} />
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={t('admin.fee.input', { name })}
        value={value}
        onChange={setValue}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
          if (e.key === 'Escape') setEditing(false);
        }}
        decimalSeparator={locale === 'es' ? ',' : '.'}
        allowNegative={false}
        hideControls
        rightSection="%"
        size="sm"
        w={96}
        data-autofocus
        autoFocus
      />
      <IconButton label={t('common.save')} icon={<IconCheck size={18} />} color="teal" variant="light" size={40} onClick={submit} loading={save.isPending} />
      <IconButton label={t('common.cancel')} icon={<IconX size={18} />} variant="subtle" color="gray" size={40} onClick={() => setEditing(false)} />
    </Group>
  );
}
