import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';

const MESSAGE = { 403: 'errors.page.403', 404: 'errors.page.404', 500: 'errors.page.500' } as const;

/** 403, 404 and 500: 'Oops!' and the localized text. */
export function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const t = useT();
  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center">
        <Text fz={72} fw={900} c="orange.7" lh={1}>
          {code}
        </Text>
        <Title order={1}>{t('errors.page.oops')}</Title>
        <Text size="lg" data-testid="error-message">
          {t(MESSAGE[code])}
        </Text>
        <Button component={Link} to={paths.home.path}>
          {t('errors.page.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
