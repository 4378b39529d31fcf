import { useQueryClient } from '@tanstack/react-query';
import { errorCode, useShowServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import { type Delivery, deliveryKeys } from '../api/keys';
import { useMoveLines } from '../api/move-lines';
import { moved } from '../live';
import type { Move } from '../status';

/**
 * Status moves of one order or of the selected ones, through the bulk update (spec part 2 §4):
 * nothing chosen is refused here; orders the target does not apply to are left as they are by the
 * server, and when none moved the screen says so; a refusal is the server's text (5 s), a line
 * another tablet changed first (409) its own warning, and the page is read again.
 */
export function useMoves(restaurant: number) {
  const t = useT();
  const qc = useQueryClient();
  const move = useMoveLines();
  const showErrors = useShowServerErrors({
    title: 'delivery.move.error',
    autoClose: DURATION.default,
    codes: { changed_meanwhile: { text: 'delivery.move.changed' } },
  });
  /** `settled`: after the answer, whatever it was (the selection is cleared, a confirmation closed). */
  const run = (deliveries: Delivery[], status: Move, settled?: () => void) => {
    if (!deliveries.length) return notify('error', t('delivery.move.none'));
    move.mutate(
      { restaurant, deliveries, status },
      {
        onSuccess: (lines) => {
          const sent = new Map(deliveries.flatMap((d) => d.ordenes.map((l) => [l.id, l.version] as const)));
          const count = lines.filter((l) => l.status === status && l.version > (sent.get(l.id) ?? Infinity)).length;
          if (count === 0) notify('warning', t('delivery.move.nothing', { status: t(`delivery.status.${status}`) }));
          else notify('success', t('delivery.move.done', { count }));
          void moved(qc, restaurant, lines);
        },
        onError: (error) => {
          showErrors(error);
          if (errorCode(error) === 'changed_meanwhile') void qc.invalidateQueries({ queryKey: deliveryKeys.lists(restaurant) });
        },
        onSettled: () => settled?.(),
      },
    );
  };
  return { run, pending: move.isPending };
}
