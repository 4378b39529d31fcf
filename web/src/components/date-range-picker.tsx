import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { restaurantDay } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';

/** Both ends as the API takes them: y-m-d local days, both included. */
export type DateRange = { start: string; end: string };

/** The first day any money screen may ask for (spec part 2 §5 'Date pickers'). */
export const MIN_DATE = '2020-01-01';
const DAY = 'YYYY-MM-DD';

/** From one month ago to today (spec part 2 §5). */
export function defaultDateRange(today = dayjs()): DateRange {
  return { start: today.subtract(1, 'month').format(DAY), end: today.format(DAY) };
}

/** The restaurant's day alone, as billing files its sales: an operator's shift (spec part 2 §2 'Balance screen'). */
export function todayRange(today = restaurantDay()): DateRange {
  return { start: today, end: today };
}

type Props = {
  value: DateRange;
  onChange: (range: DateRange) => void;
};

/**
 * The since / until pickers of every money screen: dd/mm/yyyy in Spanish, mm/dd/yyyy in English,
 * nothing before 2020-01-01 or after today, and 'until' never before 'since'. Always both ends:
 * a range is never left half chosen.
 */
export function DateRangePicker({ value, onChange }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const today = dayjs().format(DAY);
  const ariaLabels = {
    nextMonth: t('dates.nextMonth'),
    previousMonth: t('dates.previousMonth'),
    nextYear: t('dates.nextYear'),
    previousYear: t('dates.previousYear'),
    nextDecade: t('dates.nextDecade'),
    previousDecade: t('dates.previousDecade'),
  };
  const shared = {
    valueFormat: locale === 'es' ? 'DD/MM/YYYY' : 'MM/DD/YYYY',
    leftSection: <IconCalendar size={18} aria-hidden />,
    ariaLabels,
    popoverProps: { withinPortal: true },
    // Mantine's pale outside days read below 4.5:1 (axe): each month shows its own days only
    hideOutsideDates: true,
    w: 180,
  };
  return (
    // Argentina's weeks start on Monday, the United States' on Sunday; weekends are not painted
    // red (Mantine's red on white reads below 4.5:1, and a restaurant works weekends anyway)
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'es' ? 1 : 0, weekendDays: [] }}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DatePickerInput
          {...shared}
          label={t('dates.since')}
          value={value.start}
          minDate={MIN_DATE}
          maxDate={value.end}
          onChange={(start) => start && onChange({ ...value, start })}
          data-testid="date-since"
        />
        <DatePickerInput
          {...shared}
          label={t('dates.until')}
          value={value.end}
          minDate={value.start}
          maxDate={today}
          onChange={(end) => end && onChange({ ...value, end })}
          data-testid="date-until"
        />
      </Group>
    </DatesProvider>
  );
}
