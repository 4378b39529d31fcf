import { Badge, Box, Group, Paper, ScrollArea, Text, UnstyledButton, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { IconBell, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n/messages';
import { placesQuery, type Place } from '@/lib/places';
import { tablesQuery } from '../api/get-tables';
import type { BoardTable, Status } from '../api/types';
import { STATUS_COLOR } from '../status';

/**
 * The floor as the sketch editor lays it out (spec part 2 §9): 24 columns across the width, rows of
 * 50 px, 1 px between items and around them (react-grid-layout's margin and padding), 700 px high.
 */
export const BOARD_GRID = { cols: 24, rowHeight: 50, margin: 1, height: 700 } as const;
const SHOWN: Status[] = ['1', '2', '4'];

/** Where an item at (x, y) of w by h grid units sits, as react-grid-layout places it. */
export function cellStyle({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  const { cols, rowHeight, margin } = BOARD_GRID;
  const column = `(100% - ${margin * (cols + 1)}px) / ${cols}`;
  return {
    left: `calc(${column} * ${x} + ${margin * (x + 1)}px)`,
    width: `calc(${column} * ${w} + ${margin * (w - 1)}px)`,
    top: y * (rowHeight + margin) + margin,
    height: h * rowHeight + (h - 1) * margin,
  };
}

/** A table's pending call, as floor keeps it: the one source the board shows. */
export type Call = 'waiter' | 'bill';
export const callOf = (place: Place | undefined): Call | null => (place?.call_waiter ? (place.call_kind === 'bill' ? 'bill' : 'waiter') : null);

/**
 * The floor, read-only: each table at its place when floor knows it (grid units of the editor),
 * else on a grid; colour = the display status the server answers, a bell for a waiter call, a
 * receipt for the bill (floor's places).
 */
export function SketchView({ restaurant, onOpen }: { restaurant: number; onOpen: (table: BoardTable) => void }) {
  const t = useT();
  const theme = useMantineTheme();
  const tables = useQuery(tablesQuery(restaurant)).data ?? [];
  // kept current by the live messages about calls, like the tables
  const places = useQuery({ ...placesQuery(restaurant), staleTime: Infinity }).data ?? [];
  const at = new Map(places.map((s) => [s.id, s]));
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
    return { tb, style: cellStyle(c), bottom: (c.y + c.h) * (BOARD_GRID.rowHeight + BOARD_GRID.margin) + BOARD_GRID.margin };
  });
  const height = Math.max(...boxes.map((b) => b.bottom));
  return (
    <ScrollArea style={{ height: BOARD_GRID.height }} type="auto" data-testid="sketch-area">
      <Box pos="relative" h={height} w="100%" data-testid="sketch">
        {boxes.map(({ tb, style }) => {
          const call = callOf(at.get(tb.fk_sit));
          const color = STATUS_COLOR[tb.status ?? 'free'];
          return (
            <UnstyledButton key={tb.fk_sit} onClick={() => onOpen(tb)} pos="absolute" style={style} data-testid={`table-${tb.i_name}`} data-status={tb.status ?? 'free'}>
              <Paper
                h="100%"
                px={4}
                py={2}
                radius="sm"
                withBorder
                bg={theme.colors[color][tileShade(tb.status, color)]}
                c={tb.status && color !== 'yellow' ? 'white' : 'black'}
                style={{ outline: tb.late ? '3px solid var(--mantine-color-orange-7)' : undefined, overflow: 'hidden' }}
              >
                <Text fw={700} size="sm" truncate>
                  {/* what a screen reader hears holds what the tile shows: 'Mesa M1: Nueva, 2' */}
                  <VisuallyHidden>{t('orders.table', { name: '' })}</VisuallyHidden>
                  {tb.i_name}
                  <VisuallyHidden>: {t(`orders.status.${tb.status ?? 'free'}`)}</VisuallyHidden>
                </Text>
                {/* a one-cell table is about 40 px wide: the call goes on the second line, before the counts */}
                <Group gap={2} aria-label={t('orders.counts')} wrap="nowrap">
                  {call === 'waiter' && <IconBell size={16} aria-label={t('orders.waiterCall')} data-testid="waiter-call" />}
                  {call === 'bill' && <IconReceipt size={16} aria-label={t('orders.billCall')} data-testid="bill-call" />}
                  {SHOWN.filter((s) => tb.counts[s]).map((s) => (
                    <Badge key={s} size="xs" px={4} color={STATUS_COLOR[s]} variant="white" title={t(`orders.status.${s}`)} data-testid={`count-${s}`}>
                      {tb.counts[s]}
                    </Badge>
                  ))}
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </Box>
    </ScrollArea>
  );
}

/** White text reads at 5:1 or more on shade 9 of every status colour; yellow (accepted) takes black. */
function tileShade(status: string | null | undefined, color: string): number {
  if (!status) return 2;
  return color === 'yellow' ? 6 : 9;
}
