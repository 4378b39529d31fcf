import { SegmentedControl, type SegmentedControlProps, Text, type TextProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type Props = Omit<SegmentedControlProps, 'aria-labelledby' | 'children'> & {
  label: string;
  /** The label's look where it is not the phone's larger one (a staff form's labels are smaller). */
  labelProps?: TextProps;
  /** Under the choice, e.g. why an option is off. */
  children?: ReactNode;
};

/**
 * One of a few options, full width, its label above. A segmented control has no label of its
 * own: the label names it (`aria-labelledby`), so screen readers announce the choice by it.
 */
export function LabelledChoice({ label, labelProps, children, ...choice }: Props) {
  const id = useId();
  return (
    <div>
      <Text fw={600} mb={4} {...labelProps} id={id}>
        {label}
      </Text>
      <SegmentedControl fullWidth {...choice} aria-labelledby={id} />
      {children}
    </div>
  );
}
