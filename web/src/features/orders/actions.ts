import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flattenErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { addOrder } from './api/add-order';
import { changeStatus } from './api/change-status';
import { LineFinal, heldOnline, pay } from './api/pay';
import { runTableAction } from './api/table-action';
import type { NewLine } from './api/types';
import { useActionError } from './components/use-action-error';
import { answered, refreshTab } from './live';

/**
 * The board's actions that change a place's tab: each sends its request (api/) and gives the
 * answer to the board's one door (live.ts), so the tablet that acted reads again only what the
 * answer does not already show, and its own echo costs nothing. The layers go one way: these
 * hooks import api/ and live.ts, live.ts imports api/ (keys, the table's query), api/ imports
 * neither.
 */

export function useAddOrder(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sit, lines }: { sit: number; lines: NewLine[] }) => addOrder(restaurant, sit, lines),
    onSuccess: (created, { sit }) => refreshTab(qc, restaurant, answered(sit, created)),
  });
}

/** The answer is the line as it now is: what shows it is read again unless it already shows it (its echo then costs nothing). */
export function useChangeStatus(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (line) => refreshTab(qc, restaurant, answered(line.fk_sit, [line])),
    // refused (changed meanwhile, an illegal move): the screen reads what is there now
    onError: (_error, { line }) => refreshTab(qc, restaurant, { place: line.fk_sit, lines: [] }),
  });
}

export function useTableAction(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runTableAction,
    onSuccess: ({ lines }, { sit, action }) => refreshTab(qc, restaurant, answered(sit, lines, action === 'liberar')),
    onError: (_error, { sit }) => refreshTab(qc, restaurant, { place: sit, lines: [] }),
  });
}

/**
 * A counter payment (api/pay.ts). The answer names the paid lines as they now are; when it left
 * the table nothing open (`orders_sit_count` 0) the table was reset and its lines left the tab. A
 * refusal (208 included) reads the place again, so every line shows its real status. The messages
 * are given here, not by the dialog: the lines it was opened from may be gone (paid, the table
 * reset) before they come.
 */
export function usePay(restaurant: number, place: number | null) {
  const qc = useQueryClient();
  const t = useT();
  const onError = useActionError();
  return useMutation({
    mutationFn: pay,
    onSuccess: (answer) => {
      const reset = answer.orders_sit_count === 0;
      notify('success', t(reset ? 'orders.pay.doneFree' : 'orders.pay.done'), { title: t('orders.pay.doneTitle') });
      return refreshTab(qc, restaurant, answered(place, answer.lines, reset));
    },
    onError: (error) => {
      // 208: nothing was charged; the server's words name the line's status, in the screen's language
      if (error instanceof LineFinal) notify('error', flattenErrors(error.body)[0]?.message || t('orders.pay.final'));
      else if (!heldOnline(error)) onError(error);
      return refreshTab(qc, restaurant, { place, lines: [] });
    },
  });
}
