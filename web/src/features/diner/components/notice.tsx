import type { ReactNode } from 'react';
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

export function Pill(props: { color: string; children: ReactNode; 'data-testid'?: string; 'data-status'?: string }) {
  return (
    <span
      className={classes.pill}
      data-testid={props['data-testid']}
      data-status={props['data-status']}
      style={{ background: `var(--mantine-color-${props.color}-filled)` }}
    >
      {props.children}
    </span>
  );
}
