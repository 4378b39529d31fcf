import { Group, Input, NativeSelect } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** 'HH:MM' (24 h) ↔ the 12-hour picker's parts. */
export function to12h(value: string | null): { hour: string; minute: string; period: 'AM' | 'PM' } {
  if (!value) return { hour: '', minute: '00', period: 'AM' };
  const [h, m] = value.split(':').map(Number);
  return { hour: String(h % 12 === 0 ? 12 : h % 12), minute: String(m).padStart(2, '0'), period: h < 12 ? 'AM' : 'PM' };
}

export function from12h(hour: string, minute: string, period: 'AM' | 'PM'): string | null {
  if (!hour) return null;
  const h = (Number(hour) % 12) + (period === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${minute.padStart(2, '0')}`;
}

const HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const MINUTES = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));

/** A 12-hour time picker (hour, minute, AM/PM) with large native selects for touch screens. */
export function TimePicker12({ label, value, onChange, testId }: { label: string; value: string | null; onChange: (v: string | null) => void; testId?: string }) {
  const t = useT();
  const { hour, minute, period } = to12h(value);
  const minutes = MINUTES.includes(minute) ? MINUTES : [...MINUTES, minute].sort();
  return (
    <Input.Wrapper label={label} size="md" data-testid={testId}>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <NativeSelect
          aria-label={`${label}: ${t('restaurants.schedule.hour')}`}
          value={hour}
          onChange={(e) => onChange(from12h(e.currentTarget.value, minute, period))}
          data={[{ value: '', label: '--' }, ...HOURS]}
        />
        <NativeSelect
          aria-label={`${label}: ${t('restaurants.schedule.minute')}`}
          value={minute}
          disabled={!hour}
          onChange={(e) => onChange(from12h(hour, e.currentTarget.value, period))}
          data={minutes}
        />
        <NativeSelect
          aria-label={`${label}: AM/PM`}
          value={period}
          disabled={!hour}
          onChange={(e) => onChange(from12h(hour, minute, e.currentTarget.value as 'AM' | 'PM'))}
          data={['AM', 'PM']}
        />
      </Group>
    </Input.Wrapper>
  );
}
