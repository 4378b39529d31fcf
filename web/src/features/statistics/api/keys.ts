import type { PaymentMethod } from '@/components/payment-method-select';
import type { components } from '@/types/api/billing';

export type StatisticsPage = components['schemas']['StatisticsPage'];
export type StatisticsRow = components['schemas']['StatisticsRow'];

/** The statistics' filter: restaurant, payment method, both ends (y-m-d). */
export type StatisticsFilter = { restaurant: number; method: PaymentMethod; start: string; end: string };
/** The table's page of it (size -1: every row). */
export type StatisticsPageParams = StatisticsFilter & { page: number; size: number };

/** Statistics page sizes: 10 by default (spec part 2 §9). */
export const STATISTICS_SIZE = 10;

/** Query keys of the statistics feature: the table's pages and the chart's every row. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  page: (p: StatisticsPageParams) => [...statisticsKeys.all, 'page', p] as const,
  chart: (f: StatisticsFilter) => [...statisticsKeys.all, 'chart', f] as const,
};
