import type { PaymentMethod } from '@/components/payment-method-select';
import type { components } from '@/types/api/billing';

export type RestaurantBalance = components['schemas']['RestaurantBalance'];
export type NoSales = components['schemas']['NoSales'];
export type ProviderBalance = components['schemas']['ProviderBalance'];
/** What the balance call answers: the figures, or `{detail, code}` when nothing was sold in the period. */
export type BalanceAnswer = RestaurantBalance | NoSales;

/** The balance's filter: the restaurant, the payment method and both ends (y-m-d). */
export type BalanceParams = { restaurant: number; method: PaymentMethod; start: string; end: string };

/** Query keys of the balance feature. */
export const balanceKeys = {
  all: ['balance'] as const,
  restaurant: (p: BalanceParams) => [...balanceKeys.all, 'restaurant', p] as const,
  provider: (restaurant: number) => [...balanceKeys.all, 'provider', restaurant] as const,
};

export const isNoSales = (answer: BalanceAnswer): answer is NoSales => 'detail' in answer;
