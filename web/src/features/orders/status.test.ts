import { describe, expect, it } from 'vitest';
import { canReject, displayStatus, nextAction } from './status';

describe('orders rules', () => {
  it('display status: shared status, else the lowest ignoring 3; free without lines', () => {
    expect(displayStatus([])).toBeNull();
    expect(displayStatus(['4', '4'])).toBe('4');
    expect(displayStatus(['3', '3'])).toBe('3');
    expect(displayStatus(['3', '4', '2'])).toBe('2');
    expect(displayStatus(['3', '4'])).toBe('4');
  });
  it('one action per line: 1 → 2, 2 → 4, nothing after', () => {
    expect(nextAction('1')?.to).toBe('2');
    expect(nextAction('2')?.to).toBe('4');
    for (const s of ['3', '4', '5', '6'] as const) expect(nextAction(s)).toBeNull();
  });
  it('reject only 1 or 2, never cash', () => {
    expect(canReject('1', false)).toBe(true);
    expect(canReject('2', false)).toBe(true);
    expect(canReject('2', true)).toBe(false);
    expect(canReject('4', false)).toBe(false);
  });
});
