// The catalogs of the app and of the features together (app code may read every feature).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import appEs from '@/locales/es.json';
import appEn from '@/locales/en.json';
import landingEs from '@/features/landing/locales/es.json';
import landingEn from '@/features/landing/locales/en.json';
import faqEs from '@/features/faq/locales/es.json';
import faqEn from '@/features/faq/locales/en.json';
import legalEs from '@/features/legal/locales/es.json';
import legalEn from '@/features/legal/locales/en.json';
import { BENEFIT_QUESTIONS, FREE_PLAN_ITEMS, FULL_PLAN_ITEMS } from '@/features/faq/faq-page';
import { LEGAL_DOCS, legalIds, type LegalDoc } from '@/features/legal/legal-page';

const pairs = {
  app: [appEs, appEn],
  landing: [landingEs, landingEn],
  faq: [faqEs, faqEn],
  legal: [legalEs, legalEn],
} as const;

describe('catalogs', () => {
  it.each(Object.entries(pairs))('%s: Spanish and English have the same message ids', (_, [es, en]) => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('ids built at run time exist in both languages', () => {
    const ids = [
      ...BENEFIT_QUESTIONS,
      ...BENEFIT_QUESTIONS.map((q) => q.replace('.q', '.a')),
      ...FREE_PLAN_ITEMS,
      ...FULL_PLAN_ITEMS,
      ...(Object.keys(LEGAL_DOCS) as LegalDoc[]).flatMap(legalIds),
    ];
    for (const id of ids) {
      expect({ id, es: id in { ...faqEs, ...legalEs } }).toEqual({ id, es: true });
      expect({ id, en: id in { ...faqEn, ...legalEn } }).toEqual({ id, en: true });
    }
  });

  it('the FAQ has nine benefit questions and price cards with six and ten items', () => {
    expect(BENEFIT_QUESTIONS).toHaveLength(9);
    expect(FREE_PLAN_ITEMS).toHaveLength(6);
    expect(FULL_PLAN_ITEMS).toHaveLength(10);
  });

  it('the legal pages state the spec terms', () => {
    // raw texts (the imported catalogs are precompiled ICU ASTs)
    const raw = JSON.parse(readFileSync('src/features/legal/locales/es.json', 'utf8')) as Record<string, string>;
    const resto = Object.values(raw).join(' ');
    for (const term of ['30 días', '10 días de cada mes', '2 meses consecutivos', '1 mes de soporte', 'no tenga pagos pendientes', '18 años', '10 días corridos', '5 días hábiles']) {
      expect(resto).toContain(term);
    }
  });
});
