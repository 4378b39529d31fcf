import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';

const RESULTS = {
  success: { icon: IconCheck, color: 'teal', title: 'payment.success.title', text: 'payment.success.text' },
  pending: { icon: IconClock, color: 'yellow', title: 'payment.pending.title', text: 'payment.pending.text' },
  fail: { icon: IconX, color: 'red', title: 'payment.fail.title', text: 'payment.fail.text' },
} as const;

/** /pago/success, /pago/pending, /pago/fail: where the payment marketplace sends the diner back. */
export default function PaymentResult({ result }: { result: keyof typeof RESULTS }) {
  const t = useT();
  const r = RESULTS[result];
  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center">
        <ThemeIcon size={72} radius={72} color={r.color}>
          <r.icon size={40} />
        </ThemeIcon>
        <Title order={1}>{t(r.title)}</Title>
        <Text size="lg">{t(r.text)}</Text>
        <Button component={Link} to={paths.home.path}>
          {t('errors.page.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
