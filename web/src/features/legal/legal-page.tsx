import { Container, Stack, Text, Title } from '@mantine/core';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import es from './locales/es.json';
import en from './locales/en.json';

/** Each legal document: its title id and its sections (title + text ids). */
export const LEGAL_DOCS = {
  termsResto: { prefix: 'legal.termsResto', sections: 8 },
  privacyResto: { prefix: 'legal.privacyResto', sections: 6 },
  termsMobile: { prefix: 'legal.termsMobile', sections: 7 },
  privacyMobile: { prefix: 'legal.privacyMobile', sections: 6 },
} as const;
export type LegalDoc = keyof typeof LEGAL_DOCS;

export function legalIds(doc: LegalDoc): string[] {
  const { prefix, sections } = LEGAL_DOCS[doc];
  const out = [`${prefix}.title`, `${prefix}.updated`];
  for (let i = 1; i <= sections; i++) out.push(`${prefix}.s${i}.title`, `${prefix}.s${i}.text`);
  return out;
}

function Legal({ doc }: { doc: LegalDoc }) {
  const t = useT();
  const { prefix, sections } = LEGAL_DOCS[doc];
  return (
    <Container size="md" py="xl">
      <Title order={1}>{t(`${prefix}.title`)}</Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t(`${prefix}.updated`)}
      </Text>
      <Stack gap="lg">
        {Array.from({ length: sections }, (_, i) => (
          <section key={i}>
            <Title order={2} fz="lg" mb={4}>
              {t(`${prefix}.s${i + 1}.title`)}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{t(`${prefix}.s${i + 1}.text`)}</Text>
          </section>
        ))}
      </Stack>
    </Container>
  );
}

/** /legales/condicionesresto, /politicasresto, /condicionesmobile, /politicasmobile. */
export default function LegalPage({ doc }: { doc: LegalDoc }) {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Legal doc={doc} />
    </MessagesScope>
  );
}
