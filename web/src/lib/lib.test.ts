import { describe, expect, it, vi } from 'vitest';
import { isMuted, playNotificationSound } from './sound';
import { clearExcept } from './storage';

describe('storage', () => {
  it('clearing keeps the device’s choices: cookie consent, language, the help image closed', () => {
    localStorage.setItem('cookie-accepted', 'true');
    localStorage.setItem('locale', 'en');
    localStorage.setItem('StartResto', '2');
    localStorage.setItem('token', 'x');
    clearExcept();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('cookie-accepted')).toBe('true');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(localStorage.getItem('StartResto')).toBe('2');
  });
});

describe('staff sound notifications', () => {
  it('honour mute_sound', () => {
    const start = vi.fn();
    const node = () => ({ connect: () => node(), frequency: { value: 0 }, gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, start, stop: vi.fn() });
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator = node;
      createGain = node;
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    localStorage.setItem('mute_sound', 'true');
    expect(isMuted()).toBe(true);
    expect(playNotificationSound('new-order')).toBe(false);
    localStorage.setItem('mute_sound', 'false');
    expect(playNotificationSound('waiter-call')).toBe(true);
    expect(start).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
