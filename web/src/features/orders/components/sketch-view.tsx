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

const CELL = 110;
const COLS = 6;
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
  const pos = (tb: BoardTable, i: number) => {
    const s = at.get(tb.fk_sit);
    return placed && s
      ? { left: s.x_axis * CELL, top: s.y_axis * CELL, width: Math.max(1, s.w_width) * CELL - 8, height: Math.max(1, s.h_high) * CELL - 8 }
      : { left: (i % COLS) * CELL, top: Math.floor(i / COLS) * CELL, width: CELL - 8, height: CELL - 8 };
  };
  const boxes = tables.map((tb, i) => ({ tb, p: pos(tb, i) }));
  const height = Math.max(...boxes.map(({ p }) => p.top + p.height)) + 8;
  const width = Math.max(...boxes.map(({ p }) => p.left + p.width)) + 8;
  return (
    <Box style={{ overflow: 'auto' }}>
      <Box pos="relative" h={height} w={width} data-testid="sketch">
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
