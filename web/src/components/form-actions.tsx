import { Button, Group } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

type Props = { onCancel?: () => void; submitting: boolean; submitLabel?: string };

/** A form's closing row: 'Cancel' (where the form can be left) and its submit button ('Save' unless named). */
export function FormActions({ onCancel, submitting, submitLabel }: Props) {
  const t = useT();
  return (
    <Group justify="flex-end" mt="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {submitLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
