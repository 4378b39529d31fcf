import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { filterQuery } from './get-statistics';
import { statisticsKeys, type StatisticsFilter, type StatisticsPage } from './keys';

/**
 * The chart's rows: the same call with paging off (`paginate=false`, which billing reads as the
 * spec's `paginate=0`): every dish, in the same shape, with the total.
 */
export function getChartStatistics(f: StatisticsFilter): Promise<StatisticsPage> {
  return unwrap(api.GET('/api/obtener-balance/resto-statistics/', { params: { query: { ...filterQuery(f), paginate: false } } }));
}

export const chartStatisticsQuery = (f: StatisticsFilter) =>
  queryOptions({ queryKey: statisticsKeys.chart(f), queryFn: () => getChartStatistics(f), placeholderData: keepPreviousData });

export const useChartStatistics = (f: StatisticsFilter) => useQuery(chartStatisticsQuery(f));
