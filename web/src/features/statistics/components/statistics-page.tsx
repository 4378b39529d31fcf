import { Suspense, lazy, useState } from 'react';
import { Alert, Box, Container, Group, Table, Tabs } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { TABLE_SIZES, TablePager } from '@/components/data-table';
import { DateRangePicker, defaultDateRange, type DateRange } from '@/components/date-range-picker';
import { Loading } from '@/components/loading';
import { MoneyFigure } from '@/components/money-figure';
import { PaymentMethodSelect, type PaymentMethod } from '@/components/payment-method-select';
import { RequireRestaurant } from '@/components/require-restaurant';
import { ScreenHeader } from '@/components/screen-header';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useChartStatistics } from '../api/get-chart-statistics';
import { useStatistics } from '../api/get-statistics';
import { STATISTICS_SIZE, type StatisticsFilter, type StatisticsRow } from '../api/keys';
import { CHART_HEIGHT, CHART_WIDTH } from './chart-size';
import es from '../locales/es.json';
import en from '../locales/en.json';

// @nivo/bar and react-spring load with the chart, not with the table
const StatisticsChart = lazy(() => import('./statistics-chart'));

/** /estadisticas: dishes sold in a period, as a table and as a chart (spec part 2 §2 'Statistics screen'). */
export default function StatisticsPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <StatisticsScreen restaurantId={r.id} name={r.name} />}</RequireRestaurant>
    </MessagesScope>
  );
}

type View = 'table' | 'chart';

function StatisticsScreen({ restaurantId, name }: { restaurantId: number; name: string }) {
  const t = useT();
  const [method, setMethod] = useState<PaymentMethod>('all');
  const [range, setRange] = useState<DateRange>(defaultDateRange);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(STATISTICS_SIZE);
  const [view, setView] = useState<View>('table');
  const filter: StatisticsFilter = { restaurant: restaurantId, method, start: range.start, end: range.end };
  // another filter or page size starts from the first page (in the same render: one request)
  const fromPageOne =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const table = useStatistics({ ...filter, page, size });
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title={t('page.estadisticas.title')} subtitle={name} />
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <PaymentMethodSelect value={method} onChange={fromPageOne(setMethod)} />
        <DateRangePicker value={range} onChange={fromPageOne(setRange)} />
      </Group>
      <Box maw={320} mb="md">
        <MoneyFigure label={t('statistics.total')} amount={table.data?.total_amount} data-testid="statistics-total" />
      </Box>
      <Tabs value={view} onChange={(v) => setView((v as View) ?? 'table')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="table" leftSection={<IconTable size={18} />}>
            {t('statistics.view.table')}
          </Tabs.Tab>
          <Tabs.Tab value="chart" leftSection={<IconChartBar size={18} />}>
            {t('statistics.view.chart')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="table">
          {table.isPending ? (
            <Loading height={200} />
          ) : !table.data?.results.length ? (
            <NoSales />
          ) : (
            <>
              <StatisticsTable rows={table.data.results} />
              <TablePager count={table.data.count} page={page} size={size} onPage={setPage} sizes={TABLE_SIZES} onSize={fromPageOne(setSize)} />
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="chart">
          <ChartPanel filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

function NoSales() {
  const t = useT();
  return (
    <Alert color="gray" data-testid="no-sales">
      {t('statistics.empty')}
    </Alert>
  );
}

function StatisticsTable({ rows }: { rows: readonly StatisticsRow[] }) {
  const t = useT();
  const [locale] = useLocale();
  return (
    <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('statistics.view.table') } }}>
      <Table striped highlightOnHover verticalSpacing="sm" fz="md" aria-label={t('statistics.view.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.col.group_menu')}</Table.Th>
            <Table.Th>{t('statistics.col.dish_name')}</Table.Th>
            <Table.Th ta="right">{t('statistics.col.quantity')}</Table.Th>
            <Table.Th ta="right">{t('statistics.col.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.group_menu}\u0000${r.dish_name}`} data-testid="statistics-row">
              <Table.Td>{r.group_menu}</Table.Td>
              <Table.Td fw={600}>{r.dish_name}</Table.Td>
              <Table.Td ta="right">{r.quantity}</Table.Td>
              <Table.Td ta="right">{formatPrice(r.amount, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The chart asks for every row of the same filter (paging off). */
function ChartPanel({ filter }: { filter: StatisticsFilter }) {
  const t = useT();
  const chart = useChartStatistics(filter);
  if (chart.isPending) return <Loading height={CHART_HEIGHT} />;
  if (!chart.data?.results.length) return <NoSales />;
  return (
    <Box
      style={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t('statistics.view.chart')}
      data-testid="statistics-chart"
      data-rows={chart.data.results.length}
    >
      <Box w={CHART_WIDTH} h={CHART_HEIGHT}>
        <Suspense fallback={<Loading height={CHART_HEIGHT} />}>
          <StatisticsChart rows={chart.data.results} />
        </Suspense>
      </Box>
    </Box>
  );
}
