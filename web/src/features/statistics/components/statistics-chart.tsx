import { useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { Bar } from '@nivo/bar';
import { useT } from '@/lib/i18n/messages';
import type { StatisticsRow } from '../api/keys';
import { CHART_HEIGHT, CHART_WIDTH } from './chart-size';

const TICK_CHARS = 16;

type Datum = { dish: string; quantity: number };

/** A dish named alike in two categories gets its category: a bar per row, never two merged. */
function toData(rows: readonly StatisticsRow[]): Datum[] {
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(r.dish_name, (seen.get(r.dish_name) ?? 0) + 1);
  return rows.map((r) => ({ dish: seen.get(r.dish_name)! > 1 ? `${r.dish_name} (${r.group_menu})` : r.dish_name, quantity: r.quantity }));
}

const shorten = (label: string) => (label.length > TICK_CHARS ? `${label.slice(0, TICK_CHARS - 1)}…` : label);

/**
 * Quantity sold per dish, 800 x 350. Its own chunk (with @nivo/bar and what it pulls in):
 * only this screen downloads it.
 */
export default function StatisticsChart({ rows }: { rows: readonly StatisticsRow[] }) {
  const t = useT();
  const theme = useMantineTheme();
  const reduceMotion = useReducedMotion();
  return (
    <Bar<Datum>
      width={CHART_WIDTH}
      height={CHART_HEIGHT}
      data={toData(rows)}
      keys={['quantity']}
      indexBy="dish"
      margin={{ top: 16, right: 16, bottom: 96, left: 64 }}
      padding={0.25}
      colors={theme.colors.orange[7]}
      labelTextColor={theme.white}
      labelSkipHeight={14}
      borderRadius={2}
      animate={!reduceMotion}
      role="img"
      ariaLabel={t('statistics.chart.aria')}
      axisBottom={{ tickRotation: -40, tickPadding: 6, format: (v) => shorten(String(v)) }}
      axisLeft={{ legend: t('statistics.col.quantity'), legendPosition: 'middle', legendOffset: -52, format: (v) => (Number.isInteger(v) ? String(v) : '') }}
      tooltipLabel={(d) => String(d.indexValue)}
      theme={{ text: { fontSize: 12, fontFamily: theme.fontFamily, fill: theme.colors.gray[8] } }}
    />
  );
}
