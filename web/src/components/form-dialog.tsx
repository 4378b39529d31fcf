import type { FormEventHandler, ReactNode } from 'react';
import { Modal, Stack, type ModalProps } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';
import { FormActions } from './form-actions';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting?: boolean;
  submitLabel?: string;
  size?: ModalProps['size'];
  children: ReactNode;
};

/** A dialog holding one form, named by its title, ending in 'Cancel' (closes) and its submit button. */
export function FormDialog({ opened, onClose, title, onSubmit, submitting = false, submitLabel, size, children }: Props) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <FormActions onCancel={onClose} submitting={submitting} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Modal>
  );
}
