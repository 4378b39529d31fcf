import type { Status } from './api/types';

/** Colours of the legend and the sketch (spec part 2 §2: free, new, accepted, delivered). */
export const STATUS_COLOR: Record<Status | 'free', string> = {
  free: 'gray',
  '1': 'red',
  '2': 'yellow',
  '3': 'dark',
  '4': 'teal',
  '5': 'grape',
  '6': 'blue',
  '7': 'cyan',
};

/** The list view's filters ('5' is hidden from filters; '0' is all). */
export const FILTERS = ['0', '1', '2', '3', '4', '6'] as const;
export const PAGE_SIZES = [10, 20, 40, -1] as const;
export const LEGEND = ['free', '1', '2', '4'] as const;

/** The list view's one action per line: 1 → 2 accept, 2 → 4 deliver; else none. */
export function nextAction(status: Status): { to: Status; label: 'accept' | 'deliver' } | null {
  if (status === '1') return { to: '2', label: 'accept' };
  if (status === '2') return { to: '4', label: 'deliver' };
  return null;
}

/** Reject only from 1 or 2, and never a cash order (spec part 2 §4 'Transitions'). */
export const canReject = (status: Status, cash: boolean) => (status === '1' || status === '2') && !cash;

/** Table display status: shared status, else the lowest ignoring 3; no lines: free. */
export function displayStatus(statuses: Status[]): Status | null {
  if (statuses.length === 0) return null;
  if (statuses.every((s) => s === statuses[0])) return statuses[0];
  const rest = statuses.filter((s) => s !== '3');
  return [...rest].sort()[0] ?? '3';
}

export const COMMENT_MAX = 100;
export const QUANTITY_MAX = 50;
