import { describe, expect, it, vi } from 'vitest';
import { flattenErrors, passwordMessageId, registrationMessageId } from './api-errors';
import { isMuted, playNotificationSound } from './sound';
import { clearExcept } from './storage';

describe('server error shapes', () => {
  it('flattens detail, non_field_errors, fields and nested fk_user', () => {
    expect(flattenErrors({ detail: 'nope' })).toEqual([{ field: 'detail', message: 'nope' }]);
    expect(flattenErrors({ non_field_errors: ['a', 'b'] })).toHaveLength(2);
    expect(flattenErrors({ fk_user: { email: ['taken'] }, nombre_local: ['dup'] })).toEqual([
      { field: 'email', message: 'taken' },
      { field: 'nombre_local', message: 'dup' },
    ]);
  });
  it('maps the server password texts in both languages', () => {
    expect(passwordMessageId('This password is too common.')).toBe('errors.password.common');
    expect(passwordMessageId('La contraseña es completamente numérica.')).toBe('errors.password.numeric');
    expect(passwordMessageId('The password is too similar to the username.')).toBe('errors.password.similar');
    expect(passwordMessageId('Esta contraseña es demasiado corta.')).toBe('errors.password.short');
    expect(passwordMessageId('something else')).toBeNull();
  });
  it('a username clash reads as the e-mail message in restaurant registration', () => {
    expect(registrationMessageId({ field: 'username', message: 'exists' }, 'restaurant')).toBe('errors.register.email');
    expect(registrationMessageId({ field: 'username', message: 'exists' }, 'client')).toBe('errors.register.username');
  });
});

describe('storage', () => {
  it('clearing keeps the cookie consent', () => {
    localStorage.setItem('cookie-accepted', 'true');
    localStorage.setItem('token', 'x');
    clearExcept();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('cookie-accepted')).toBe('true');
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
