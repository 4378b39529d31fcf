import { createTheme } from '@mantine/core';

/** Touch-friendly defaults: staff use tablets all service long (ARCHITECTURE 'Who uses it'). */
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    Button: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 'lg' } },
  },
});
