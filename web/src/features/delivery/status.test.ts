import { describe, expect, it } from 'vitest';
import { delivery, line } from './testing/delivery-server';
import { canReject, nextMove } from './status';

describe('a delivery order’s moves (spec part 2 §4)', () => {
  it.each([
    ['new', [line(1, 1, '1')], '2'],
    ['accepted', [line(1, 1, '2')], '4'],
    ['new and accepted: the lowest first', [line(1, 1, '1'), line(2, 1, '2')], '2'],
    ['accepted, one dish rejected', [line(1, 1, '3'), line(2, 1, '2')], '4'],
    ['delivered', [line(1, 1, '4')], null],
    ['rejected', [line(1, 1, '3')], null],
    ['paid', [line(1, 1, '6')], null],
  ] as const)('%s: its one move is %s', (_, lines, move) => {
    expect(nextMove(delivery(1, {}, [...lines]))).toBe(move);
  });

  it.each([
    ['new', [line(1, 1, '1')], true],
    ['accepted', [line(1, 1, '2')], true],
    ['delivered', [line(1, 1, '4')], false],
    ['rejected', [line(1, 1, '3')], false],
    ['paid', [line(1, 1, '6')], false],
    ['accepted but paid in cash', [line(1, 1, '2', { cash: true })], false],
    ['one dish new, one delivered', [line(1, 1, '1'), line(2, 1, '4')], true],
  ] as const)('%s: reject offered %s', (_, lines, offered) => {
    expect(canReject(delivery(1, {}, [...lines]))).toBe(offered);
  });
});
