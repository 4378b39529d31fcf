import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '@/components/form-dialog';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import type { Delivery } from '../api/keys';
import { useUpdateDelivery } from '../api/update-delivery';
import { edited } from '../live';
import { type ContactOutput, type ContactValues, contactBody, contactOf, contactSchema } from '../schemas';
import { ContactFields, useContactProblems } from './contact-fields';
import { useSaveErrors } from './save-errors';

/** Contact details and address edit (spec part 2 §2): the same rules as a new order; the dishes stay. */
export function ContactDialog({ delivery, restaurant, onClose }: { delivery: Delivery; restaurant: number; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const update = useUpdateDelivery();
  const problems = useContactProblems();
  const showErrors = useSaveErrors();
  const form = useForm<ContactValues, unknown, ContactOutput>({ resolver: zodResolver(contactSchema), defaultValues: contactOf(delivery) });
  const submit = form.handleSubmit(
    (v) =>
      update.mutate(
        { id: delivery.id, body: { ...contactBody(v), fk_resto: restaurant } },
        {
          onSuccess: (answer) => {
            edited(qc, restaurant, delivery, answer);
            succeeded(t('delivery.contact.saved'), onClose)();
          },
          onError: showErrors,
        },
      ),
    problems,
  );
  const number = delivery.fk_delivery ? `#${delivery.fk_delivery}` : `${delivery.id}`;
  return (
    <FormDialog opened onClose={onClose} title={t('delivery.contact.title', { number })} onSubmit={submit} submitting={update.isPending} size="lg">
      <ContactFields form={form} />
    </FormDialog>
  );
}
