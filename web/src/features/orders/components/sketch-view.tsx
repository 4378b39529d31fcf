import { Badge, Box, Group, Paper, Text, UnstyledButton, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { IconBell, IconReceipt } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import type { BoardTable, FloorSit, Status } from '../api/types';
import { STATUS_COLOR } from '../status';

export type Call = 'waiter' | 'bill';

type Props = {
  tables: BoardTable[];
  sits: FloorSit[];
  calls: Record<number, Call | undefined>;
  onOpen: (table: BoardTable) => void;
};

// The floor as the sketch editor draws it (spec part 1 §9): 24 columns across the width; rows a
// little taller than the editor's 50 px so a one-row chair still shows its name and counts.
const COLUMNS = 24;
const ROW = 64;
const GAP = 4;
const SHOWN: Status[] = ['1', '2', '4'];

/**
 * The floor, read-only: each table at its place when floor knows it (grid units of the editor),
 * else on a grid; colour = display status, a bell for a waiter call, a receipt for the bill.
 */
export function SketchView({ tables, sits, calls, onOpen }: Props) {
  const t = useT();
  const theme = useMantineTheme();
  const at = new Map(sits.map((s) => [s.id, s]));
  const placed = tables.every((tb) => at.has(tb.fk_sit));
  if (tables.length === 0) return <Text c="dimmed">{t('orders.noTables')}</Text>;
  // grid units: where the sketch put the place, or (places not drawn yet) rows of six
  const cell = (tb: BoardTable, i: number) => {
    const s = at.get(tb.fk_sit);
    return placed && s
      ? { x: s.x_axis, y: s.y_axis, w: Math.max(1, s.w_width), h: Math.max(1, s.h_high) }
      : { x: (i % 6) * 4, y: Math.floor(i / 6) * 2, w: 3, h: 2 };
  };
  const boxes = tables.map((tb, i) => {
    const c = cell(tb, i);
    const p = { left: `${(c.x / COLUMNS) * 100}%`, width: `calc(${(c.w / COLUMNS) * 100}% - ${GAP}px)`, top: c.y * ROW, height: c.h * ROW - GAP };
    return { tb, p, bottom: (c.y + c.h) * ROW };
  });
  const height = Math.max(...boxes.map((b) => b.bottom));
  return (
    <Box>
      <Box pos="relative" h={height} w="100%" data-testid="sketch">
        {boxes.map(({ tb, p }) => {
          const call = calls[tb.fk_sit];
          const color = STATUS_COLOR[tb.status ?? 'free'];
          return (
            <UnstyledButton
              key={tb.fk_sit}
              onClick={() => onOpen(tb)}
              pos="absolute"
              style={{ ...p }}
              data-testid={`table-${tb.i_name}`}
              data-status={tb.status ?? 'free'}
            >
              <Paper
                h="100%"
                p={6}
                radius="md"
                withBorder
                bg={theme.colors[color][tileShade(tb.status, color)]}
                c={tb.status && color !== 'yellow' ? 'white' : 'black'}
                style={{ outline: tb.late ? '3px solid var(--mantine-color-orange-7)' : undefined }}
              >
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text fw={700} size="lg" truncate>
                    {/* what a screen reader hears holds what the tile shows: 'Mesa M1: Nueva, 2' */}
                    <VisuallyHidden>{t('orders.table', { name: '' })}</VisuallyHidden>
                    {tb.i_name}
                    <VisuallyHidden>: {t(`orders.status.${tb.status ?? 'free'}`)}</VisuallyHidden>
                  </Text>
                  {call === 'waiter' && <IconBell size={20} aria-label={t('orders.waiterCall')} data-testid="waiter-call" />}
                  {call === 'bill' && <IconReceipt size={20} aria-label={t('orders.billCall')} data-testid="bill-call" />}
                </Group>
                <Group gap={4} mt={4} aria-label={t('orders.counts')}>
                  {SHOWN.filter((s) => tb.counts[s]).map((s) => (
                    <Badge key={s} size="sm" color={STATUS_COLOR[s]} variant="white" title={t(`orders.status.${s}`)} data-testid={`count-${s}`}>
                      {tb.counts[s]}
                    </Badge>
                  ))}
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </Box>
    </Box>
  );
}

/** White text reads at 5:1 or more on shade 9 of every status colour; yellow (accepted) takes black. */
function tileShade(status: string | null | undefined, color: string): number {
  if (!status) return 2;
  return color === 'yellow' ? 6 : 9;
}
