import type { components } from '@/types/api/billing';

/** What became of one payment (billing's answer for the result pages). */
export type PaymentState = components['schemas']['ChargeState'];

/** Query keys of the payment result pages. */
export const paymentKeys = {
  all: ['payments'] as const,
  state: (reference: string) => [...paymentKeys.all, 'state', reference] as const,
};
