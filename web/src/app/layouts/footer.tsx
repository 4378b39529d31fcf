import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';

export const CONTACT_EMAIL = 'contacto@qresto.com.ar';

/** Footer: copyright with the year, contact e-mail, FAQ link. */
export function Footer() {
  const t = useT();
  return (
    <Group component="footer" justify="center" gap="lg" py="md" px="sm" bg="gray.1" wrap="wrap">
      <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
      <Anchor size="sm" href={`mailto:${CONTACT_EMAIL}`}>
        {CONTACT_EMAIL}
      </Anchor>
      <Anchor size="sm" component={Link} to={paths.faq.path}>
        {t('nav.faq')}
      </Anchor>
    </Group>
  );
}
