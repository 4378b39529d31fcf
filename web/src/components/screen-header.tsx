import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { HelpButton } from './icon-button';

type Props = {
  title: string;
  /** What the screen is about, under the title (the restaurant whose money it shows). */
  subtitle?: string;
  /** The screen's help, opened by the last button of the row. */
  onHelp?: () => void;
  /** The screen's actions, at the right of the title (under it on a narrow tablet). */
  children?: ReactNode;
};

/** A staff screen's title row. */
export function ScreenHeader({ title, subtitle, onHelp, children }: Props) {
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={1}>{title}</Title>
        <Group gap="xs" wrap="wrap">
          {children}
          {onHelp && <HelpButton onClick={onHelp} />}
        </Group>
      </Group>
      {subtitle && (
        <Text c="dimmed" fz="lg" mt={-8} mb="lg">
          {subtitle}
        </Text>
      )}
    </>
  );
}
