import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentTypeParam } from '@/components/payment-method-select';
import { api, unwrap } from '@/lib/api-client';
import { statisticsKeys, type StatisticsFilter, type StatisticsPage, type StatisticsPageParams } from './keys';

/** The filter as the query string takes it ('all' sends no payment_type). */
export const filterQuery = (f: StatisticsFilter) => ({
  pk: f.restaurant,
  payment_type: paymentTypeParam(f.method),
  start_date: f.start,
  end_date: f.end,
});

/** GET obtener-balance/resto-statistics/?pk&payment_type&start_date&end_date&page&size: one page of the table. */
export function getStatistics(p: StatisticsPageParams): Promise<StatisticsPage> {
  return unwrap(api.GET('/api/obtener-balance/resto-statistics/', { params: { query: { ...filterQuery(p), page: p.page, size: p.size } } }));
}

export const statisticsQuery = (p: StatisticsPageParams) =>
  queryOptions({ queryKey: statisticsKeys.page(p), queryFn: () => getStatistics(p), placeholderData: keepPreviousData });

export const useStatistics = (p: StatisticsPageParams) => useQuery(statisticsQuery(p));
