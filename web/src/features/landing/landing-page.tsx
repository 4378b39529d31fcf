import { ActionIcon, Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandWhatsapp,
  IconChartBar,
  IconDeviceTablet,
  IconQrcode,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { APP_STORES, SOCIAL } from '@/config/contact';
import { useAuthDialogs } from '@/features/auth';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import es from './locales/es.json';
import en from './locales/en.json';
import { useShowLoginParam } from './use-show-login-param';

const FEATURES = [
  { icon: IconQrcode, title: 'landing.feature1.title', text: 'landing.feature1.text' },
  { icon: IconToolsKitchen2, title: 'landing.feature2.title', text: 'landing.feature2.text' },
  { icon: IconDeviceTablet, title: 'landing.feature3.title', text: 'landing.feature3.text' },
  { icon: IconChartBar, title: 'landing.feature4.title', text: 'landing.feature4.text' },
] as const;

export function SocialLinks() {
  const t = useT();
  return (
    <Group gap="sm">
      <ActionIcon component="a" href={SOCIAL.facebook} target="_blank" rel="noopener" size="xl" variant="light" aria-label="Facebook">
        <IconBrandFacebook />
      </ActionIcon>
      <ActionIcon component="a" href={SOCIAL.instagram} target="_blank" rel="noopener" size="xl" variant="light" aria-label="Instagram">
        <IconBrandInstagram />
      </ActionIcon>
      <ActionIcon component="a" href={SOCIAL.whatsapp} target="_blank" rel="noopener" size="xl" variant="light" aria-label={t('landing.whatsapp')}>
        <IconBrandWhatsapp />
      </ActionIcon>
    </Group>
  );
}

function Landing() {
  const t = useT();
  const dialogs = useAuthDialogs();
  useShowLoginParam(false);
  return (
    <>
      <Box bg="orange.0" py={{ base: 40, sm: 80 }}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 48 }} data-testid="landing-title">
              {t('landing.hero.title')}
            </Title>
            <Text fz="lg">{t('landing.hero.subtitle')}</Text>
            <Group>
              <Button size="lg" onClick={() => dialogs.open('register-resto', { isResto: true })}>
                {t('landing.hero.cta')}
              </Button>
              <Button size="lg" variant="outline" component={Link} to={paths.faq.href(true)}>
                {t('landing.hero.prices')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={60}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={40}>
          {FEATURES.map((f) => (
            <Stack key={f.title} gap="sm" component="section">
              <ThemeIcon size={56} radius="md" variant="light">
                <f.icon size={32} />
              </ThemeIcon>
              <Title order={2} fz="xl">
                {t(f.title)}
              </Title>
              <Text c="dimmed">{t(f.text)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
      <Box bg="dark.7" c="white" py={48}>
        <Container size="lg">
          <Stack align="center" ta="center" gap="md">
            <Title order={2}>{t('landing.footer.title')}</Title>
            <Group justify="center">
              <Button size="lg" onClick={() => dialogs.open('register-resto', { isResto: true })}>
                {t('nav.register')}
              </Button>
              <Button size="lg" variant="white" component={Link} to={paths.faq.path}>
                {t('nav.faq')}
              </Button>
            </Group>
            <SocialLinks />
            <Group gap="md">
              <Anchor href={APP_STORES.google} c="gray.4" size="sm">
                {t('landing.store.google')}
              </Anchor>
              <Anchor href={APP_STORES.apple} c="gray.4" size="sm">
                {t('landing.store.apple')}
              </Anchor>
            </Group>
          </Stack>
        </Container>
      </Box>
      <div className="floating-social">
        <ActionIcon component="a" href={SOCIAL.whatsapp} target="_blank" rel="noopener" size={56} radius="xl" color="green" aria-label={t('landing.whatsapp')}>
          <IconBrandWhatsapp size={30} />
        </ActionIcon>
        <ActionIcon component="a" href={SOCIAL.instagram} target="_blank" rel="noopener" size={56} radius="xl" color="grape" aria-label="Instagram">
          <IconBrandInstagram size={30} />
        </ActionIcon>
      </div>
    </>
  );
}

/** Landing page: hero, four feature sections, footer with register/FAQ, social links. */
export default function LandingPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Landing />
    </MessagesScope>
  );
}
