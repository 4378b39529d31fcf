import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Accordion, Badge, Card, Container, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router';
import { WHATSAPP_DISPLAY } from '@/config/contact';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import es from './locales/es.json';
import en from './locales/en.json';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

// ids are spelled out so that the catalog check (scripts/check-i18n.mjs) sees them:
// faq.benefits.q1 … faq.benefits.q9 / faq.benefits.a1 … a9, faq.security.q1…q3, faq.devices.q1…q3,
// faq.price.free.item1…item6, faq.price.full.item1…item10
export const BENEFIT_QUESTIONS = ids('faq.benefits.q', 9);
export const FREE_PLAN_ITEMS = ids('faq.price.free.item', 6);
export const FULL_PLAN_ITEMS = ids('faq.price.full.item', 10);
const SECURITY_QUESTIONS = ids('faq.security.q', 3);
const DEVICE_QUESTIONS = ids('faq.devices.q', 3);

const TABS = ['benefits', 'price', 'security', 'devices'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = {
  benefits: 'faq.tab.benefits',
  price: 'faq.tab.price',
  security: 'faq.tab.security',
  devices: 'faq.tab.devices',
};

function Questions({ questions }: { questions: string[] }) {
  const t = useT();
  return (
    <Accordion variant="separated" multiple>
      {questions.map((q) => (
        <Accordion.Item key={q} value={q}>
          <Accordion.Control>{t(q)}</Accordion.Control>
          <Accordion.Panel>{t(q.replace('.q', '.a'), { whatsapp: WHATSAPP_DISPLAY })}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function PlanCard({ title, price, items, highlight }: { title: string; price: string; items: string[]; highlight?: boolean }) {
  const t = useT();
  return (
    <Card withBorder shadow={highlight ? 'md' : 'xs'} padding="lg" data-testid="price-card">
      <Stack gap="xs">
        <Title order={3}>{t(title)}</Title>
        <Badge size="lg" variant={highlight ? 'filled' : 'light'}>
          {t(price)}
        </Badge>
        <List spacing="xs" icon={<IconCheck size={16} color="teal" />}>
          {items.map((i) => (
            <List.Item key={i}>{t(i)}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

function PriceTab() {
  const t = useT();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PlanCard title="faq.price.free.title" price="faq.price.free.price" items={FREE_PLAN_ITEMS} />
        <PlanCard title="faq.price.full.title" price="faq.price.full.price" items={FULL_PLAN_ITEMS} highlight />
      </SimpleGrid>
      <Text c="dimmed" size="sm">
        {t('faq.price.digitising')}
      </Text>
    </Stack>
  );
}

function Faq() {
  const t = useT();
  const [params] = useSearchParams();
  const toPrice = params.get('toPrice') === '1';
  // each press of the top bar's 'Precios' is a navigation of its own (a new key), even to this same URL
  const { key: visit } = useLocation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [tab, setTab] = useState<Tab>(toPrice ? 'price' : 'benefits');
  const priceRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!toPrice) return;
    setTab('price');
    const id = window.setTimeout(() => priceRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
    return () => window.clearTimeout(id);
  }, [toPrice, visit]);

  const content: Record<Tab, ReactNode> = {
    benefits: <Questions questions={BENEFIT_QUESTIONS} />,
    price: <PriceTab />,
    security: <Questions questions={SECURITY_QUESTIONS} />,
    devices: <Questions questions={DEVICE_QUESTIONS} />,
  };

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('faq.title')}
      </Title>
      <div ref={priceRef} style={{ scrollMarginTop: 70 }} />
      {narrow ? (
        <Accordion value={tab} onChange={(v) => v && setTab(v as Tab)} variant="contained">
          {TABS.map((k) => (
            <Accordion.Item key={k} value={k}>
              <Accordion.Control data-testid={`faq-tab-${k}`}>{t(TAB_LABEL[k])}</Accordion.Control>
              <Accordion.Panel>{content[k]}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)}>
          <Tabs.List mb="lg">
            {TABS.map((k) => (
              <Tabs.Tab key={k} value={k} py="md" data-testid={`faq-tab-${k}`}>
                {t(TAB_LABEL[k])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((k) => (
            <Tabs.Panel key={k} value={k}>
              {content[k]}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Container>
  );
}

/** FAQ: four tabs (expandable panels on narrow screens); toPrice=1 opens the price tab. */
export default function FaqPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Faq />
    </MessagesScope>
  );
}
