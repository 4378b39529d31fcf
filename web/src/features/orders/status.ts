import type { Status } from './api/types';

/**
 * How the board draws the statuses; what may be done with a line or a table (reject, the next
 * status, the bulk buttons, the display status, the limits of a new line) comes with the server's
 * answers, never from a copy of its rules here.
 */

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
/** Spec part 2 §9: the orders list shows 20 rows unless another size is chosen (10, 20, 40, all). */
export const PAGE_SIZES = [10, 20, 40, -1] as const;
export const PAGE_SIZE = 20;
export const LEGEND = ['free', '1', '2', '4'] as const;
