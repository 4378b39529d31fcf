import type { ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';

/** A round quantity button (−, + or remove), big enough for a thumb. */
export function StepButton(props: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean; size: number }) {
  return (
    <ActionIcon size={props.size} variant="default" radius="xl" aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
      {props.icon}
    </ActionIcon>
  );
}
