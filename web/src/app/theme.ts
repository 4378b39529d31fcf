import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Oranges dark enough for text (issue 10, WCAG 2 AA, 4.5:1): Mantine's shades 6-9 gave 3.2-4.3:1
 * for orange text on white, on the footer's grey and on light-orange buttons, and for white text
 * on filled buttons; a tablet in a bright dining room makes it worse. From shade 5 on, every
 * shade reads at 4.5:1 or more on white, #f1f3f5 and #ffe8cc (and white on it).
 */
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#c2410c', '#b8410b', '#b33d0a', '#ad3a07', '#9a3412'];

/** Mantine's greys, with shade 6 (the 'dimmed' text) at 5.8:1 on white instead of 3.3:1. */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5f666d', '#495057', '#343a40', '#212529'];

/**
 * Coloured text on a pale or white ground (light, outline, subtle and white variants: status
 * badges, tags, the active drawer link) uses a darkened shade 9 of its colour: Mantine's shade gave
 * 1.6:1 (yellow) to 4.2:1 (red, orange) on its own light background. Grey is tuned above already.
 */
const TEXT_ON_PALE = new Set(['light', 'outline', 'subtle', 'white', 'transparent']);
const TUNED = new Set(['gray']);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || TUNED.has(parsed.color) || !TEXT_ON_PALE.has(input.variant ?? '')) return colors;
  return { ...colors, color: darken(input.theme.colors[parsed.color][9], 0.35) };
};

const MD_CONTROLS = ['Button', 'TextInput', 'PasswordInput', 'NumberInput', 'NativeSelect', 'Select', 'Textarea', 'Radio', 'Checkbox', 'Switch', 'SegmentedControl', 'Chip', 'FileInput', 'DatePickerInput'];

/** Touch-friendly defaults: staff use tablets all service long (ARCHITECTURE 'Who uses it'). */
export const theme = createTheme({
  colors: { orange, gray },
  // filled badges and buttons pick black or white text by their colour's luminance; 0.18 is
  // where both give the same contrast (white on yellow was 2.5:1, on teal 3.9:1)
  autoContrast: true,
  luminanceThreshold: 0.18,
  variantColorResolver,
  primaryColor: 'orange',
  primaryShade: 8,
  defaultRadius: 'md',
  // a device set to reduce motion (WCAG 2.3.3) gets dialogs, menus and tooltips without their fades
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Every control at md (42 px high, 16 px text): a finger on a tablet hits it, and a phone's
  // browser does not zoom into a field whose text is 16 px. Only a dense place says otherwise.
  components: {
    ...Object.fromEntries(MD_CONTROLS.map((name) => [name, { defaultProps: { size: 'md' } }])),
    ActionIcon: { defaultProps: { size: 'lg' } },
    // with a variant set, the active link's colours come from variantColorResolver (readable)
    NavLink: { defaultProps: { variant: 'light' } },
  },
});
