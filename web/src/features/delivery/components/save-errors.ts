import { useShowServerErrors } from '@/lib/api-errors';
import { DURATION } from '@/lib/notify';

/**
 * A create or an update refused (spec part 2 §8: the server's text, 5 s): each field's message
 * as ordering wrote it, labelled with the field it is about.
 */
export function useSaveErrors() {
  return useShowServerErrors({
    title: 'delivery.saveError',
    autoClose: DURATION.default,
    labels: {
      name: 'delivery.field.name',
      phone: 'delivery.field.phone',
      address: 'delivery.field.address',
      type_delivery: 'delivery.field.type',
      fk_sit: 'delivery.field.place',
      quantity: 'delivery.new.quantity',
      extra_commentary: 'delivery.new.comment',
    },
  });
}
