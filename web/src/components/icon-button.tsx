import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';

type Props = Omit<ActionIconProps, 'children'> & {
  /** What the button does: its tooltip and, unless `ariaLabel` says more, its accessible name. */
  label: string;
  ariaLabel?: string;
  icon: ReactNode;
  onClick?: () => void;
  'aria-pressed'?: boolean;
  'data-testid'?: string;
};

/** An icon-only button, named for screen readers and shown by a tooltip (axe: button-name). */
export function IconButton({ label, ariaLabel, icon, ...button }: Props) {
  return (
    <Tooltip label={label}>
      <ActionIcon aria-label={ariaLabel ?? label} {...button}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** 'Help', at the top right of a screen: opens that screen's help. */
export function HelpButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return <IconButton label={t('common.help')} icon={<IconHelp />} size={44} variant="default" onClick={onClick} />;
}
