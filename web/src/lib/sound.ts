import { KEYS, read } from './storage';

/**
 * Restaurant staff sound notifications (spec part 1 §2): new orders and waiter calls.
 * Later screens call `playNotificationSound(kind)`; the restaurant's mute_sound setting
 * (kept in local storage) silences them. Tones are synthesised: no audio files to load.
 */
export type SoundKind = 'new-order' | 'waiter-call';

const TONES: Record<SoundKind, number[]> = {
  'new-order': [880, 1320, 880],
  'waiter-call': [660, 660],
};

let ctx: AudioContext | null = null;

export function isMuted(): boolean {
  const v = read(KEYS.muteSound);
  return v === 'true' || v === '1';
}

/** Returns true when a sound was played. */
export function playNotificationSound(kind: SoundKind): boolean {
  if (isMuted()) return false;
  const Ctor = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!Ctor) return false;
  ctx ??= new Ctor();
  const start = ctx.currentTime;
  TONES[kind].forEach((freq, i) => {
    const osc = ctx!.createOscillator();
    const gain = ctx!.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.2, start + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.18 + 0.16);
    osc.connect(gain).connect(ctx!.destination);
    osc.start(start + i * 0.18);
    osc.stop(start + i * 0.18 + 0.17);
  });
  return true;
}
