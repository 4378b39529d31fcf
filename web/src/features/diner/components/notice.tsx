import type { CSSProperties, ReactNode } from 'react';
import { Box, UnstyledButton } from '@mantine/core';
import classes from './notice.module.css';

/**
 * A coloured line of text (and a pill for a status): what Mantine's Alert and Badge would show,
 * without their chunks on the phone's first load.
 */
export function Notice(props: { color: string; role?: 'status' | 'alert'; onClose?: () => void; closeLabel?: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Box
      role={props.role ?? 'status'}
      className={classes.notice}
      data-testid={props['data-testid']}
      style={{ background: `var(--mantine-color-${props.color}-light)`, borderColor: `var(--mantine-color-${props.color}-outline)` }}
    >
      <span className={classes.text}>{props.children}</span>
      {props.onClose && (
        <UnstyledButton className={classes.close} onClick={props.onClose} aria-label={props.closeLabel}>
          ×
        </UnstyledButton>
      )}
    </Box>
  );
}

/**
 * A status pill, white on a dark shade of its colour (shade 9 darkened in notice.module.css):
 * filled with the primary shade, white read below 4.5:1 on teal (3.9:1), green and red (axe,
 * WCAG AA), and the table's tab and the tracking page show teal pills ('live', 'delivered').
 */
export function Pill(props: { color: string; children: ReactNode; 'data-testid'?: string; 'data-status'?: string }) {
  return (
    <span
      className={classes.pill}
      data-testid={props['data-testid']}
      data-status={props['data-status']}
      style={{ '--pill-color': `var(--mantine-color-${props.color}-9)` } as CSSProperties}
    >
      {props.children}
    </span>
  );
}
