import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A diner's socket (the table's, a followed order's) as the page sees it; the test plays the server. */
export class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason?: string }) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  open() {
    act(() => this.onopen?.());
  }
  receive(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  drop(code: number, reason = '') {
    act(() => this.onclose?.({ code, reason }));
  }
}

/** Every socket the page opens from now on, in order (undone by `vi.unstubAllGlobals()`). */
export function recordSockets(): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  vi.stubGlobal('WebSocket', class extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  });
  return sockets;
}
