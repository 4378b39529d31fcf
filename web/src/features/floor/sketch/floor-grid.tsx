import { useRef } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import ReactGridLayout, { getCompactor, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useT } from '@/lib/i18n/messages';
import type { SitType } from '../api/types';
import { GRID, MAX_ROWS, type Item } from './model';

// A floor plan keeps places where they are put: no compaction, and a place never pushes another.
const compactor = getCompactor(null, false, true);

const COLORS: Record<SitType, string> = { mesa: 'var(--mantine-color-blue-1)', silla: 'var(--mantine-color-teal-1)', delivery: 'var(--mantine-color-orange-1)' };

type Props = {
  items: Item[];
  editing: boolean;
  onMove: (moves: Map<string, Pick<Item, 'x' | 'y' | 'w' | 'h'>>) => void;
  onOpen: (item: Item) => void;
};

/**
 * The sketch (spec part 1 §2): 24 columns, rows of 50 px, margin 1, 600 px high. In edit mode a
 * place is dragged (mouse or finger) and resized from its corner; a tap or a click opens its
 * dialog, but the pointer-up that ends a drag or a resize never does.
 */
export function FloorGrid({ items, editing, onMove, onOpen }: Props) {
  const t = useT();
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 960 });
  const moved = useRef(false);
  const layout: Layout = items.map((it) => ({ i: it.key, x: it.x, y: it.y, w: it.w, h: it.h, minW: 1, minH: 1 }));

  const commit = (next: Layout) => {
    const changes = new Map<string, Pick<Item, 'x' | 'y' | 'w' | 'h'>>();
    for (const l of next) {
      const it = items.find((i) => i.key === l.i);
      if (it && (it.x !== l.x || it.y !== l.y || it.w !== l.w || it.h !== l.h)) changes.set(l.i, { x: l.x, y: l.y, w: l.w, h: l.h });
    }
    if (changes.size) onMove(changes);
  };
  const started = () => {
    moved.current = false;
  };
  const moving = () => {
    moved.current = true;
  };
  const stopped = (next: Layout) => {
    commit(next);
    // the click that follows this pointer-up is part of the drag: let it pass, then listen again
    if (moved.current) setTimeout(() => (moved.current = false), 0);
  };

  return (
    <Box
      ref={containerRef}
      h={GRID.height}
      data-testid="floor-grid"
      data-editing={editing || undefined}
      style={{
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
        backgroundColor: 'var(--mantine-color-gray-0)',
        backgroundImage: editing
          ? `linear-gradient(to right, var(--mantine-color-gray-2) 1px, transparent 1px), linear-gradient(to bottom, var(--mantine-color-gray-2) 1px, transparent 1px)`
          : undefined,
        backgroundSize: editing && width ? `${(width - GRID.margin) / GRID.cols}px ${GRID.rowHeight + GRID.margin}px` : undefined,
      }}
    >
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID.cols, rowHeight: GRID.rowHeight, margin: [GRID.margin, GRID.margin], maxRows: MAX_ROWS }}
          // a finger's tap must reach the place's button (react-draggable would cancel its click);
          // the places themselves refuse panning (touch-action: none), so a drag still drags
          dragConfig={{ enabled: editing, bounded: true, cancel: '.no-drag', allowMobileScroll: true }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          compactor={compactor}
          autoSize={false}
          style={{ height: GRID.height }}
          onDragStart={started}
          onDrag={moving}
          onDragStop={stopped}
          onResizeStart={started}
          onResize={moving}
          onResizeStop={stopped}
        >
          {items.map((it) => (
            <div key={it.key} data-testid={`place-${it.name}`} data-x={it.x} data-y={it.y} data-w={it.w} data-h={it.h}>
              <UnstyledButton
                w="100%"
                h="100%"
                aria-label={t(`floor.place.${it.type}`, { name: it.name })}
                disabled={!editing}
                onClick={() => {
                  if (!moved.current) onOpen(it);
                }}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  borderRadius: it.type === 'mesa' ? 6 : 999,
                  background: COLORS[it.type],
                  border: `1px solid var(--mantine-color-${it.type === 'mesa' ? 'blue' : it.type === 'silla' ? 'teal' : 'orange'}-6)`,
                  opacity: it.blocked ? 0.5 : 1,
                  touchAction: editing ? 'none' : 'auto',
                  cursor: editing ? 'grab' : 'default',
                  userSelect: 'none',
                }}
              >
                <Text size="sm" fw={700} c="dark">
                  {it.name}
                </Text>
              </UnstyledButton>
            </div>
          ))}
        </ReactGridLayout>
      )}
    </Box>
  );
}
