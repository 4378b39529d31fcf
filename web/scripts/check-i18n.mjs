#!/usr/bin/env node
/**
 * Fails (exit 1) when a message id is missing from the es or the en catalog.
 *  1. every catalog pair (src/locales/{es,en}.json, src/features/<f>/locales/{es,en}.json)
 *     has the same ids, no empty text, valid ICU syntax and the same {placeholders};
 *  2. every literal message id in the source ('ns.something' strings whose first segment is a
 *     catalog namespace) exists in both languages.
 * Ids built at run time (FAQ questions, legal sections) are covered by rule 1 and by unit tests.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(web, 'src');
const LANGS = ['es', 'en'];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const files = walk(src);
const catalogDirs = [...new Set(files.filter((f) => /[/\\]locales[/\\](es|en)\.json$/.test(f)).map((f) => dirname(f)))];
const errors = [];
const union = { es: new Set(), en: new Set() };

function args(ast, acc = new Set()) {
  for (const el of ast) {
    if ('value' in el && el.type !== TYPE.literal && el.type !== TYPE.pound) acc.add(el.value);
    if (el.type === TYPE.tag) args(el.children, acc);
    if ('options' in el) for (const opt of Object.values(el.options)) args(opt.value, acc);
  }
  return acc;
}

for (const dir of catalogDirs) {
  const cat = {};
  for (const lang of LANGS) {
    try {
      cat[lang] = JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8'));
    } catch (e) {
      errors.push(`${relative(web, dir)}/${lang}.json: missing or invalid (${e.message})`);
      cat[lang] = {};
    }
    for (const id of Object.keys(cat[lang])) union[lang].add(id);
  }
  const ids = new Set([...Object.keys(cat.es), ...Object.keys(cat.en)]);
  for (const id of ids) {
    const parsed = {};
    for (const lang of LANGS) {
      const text = cat[lang][id];
      if (text === undefined) errors.push(`${relative(web, dir)}: id "${id}" missing in ${lang}`);
      else if (typeof text !== 'string' || !text.trim()) errors.push(`${relative(web, dir)}/${lang}.json: "${id}" is empty`);
      else {
        try {
          parsed[lang] = args(parse(text));
        } catch (e) {
          errors.push(`${relative(web, dir)}/${lang}.json: "${id}" is not valid ICU (${e.message})`);
        }
      }
    }
    if (parsed.es && parsed.en) {
      const a = [...parsed.es].sort().join(','), b = [...parsed.en].sort().join(',');
      if (a !== b) errors.push(`${relative(web, dir)}: "${id}" placeholders differ: es {${a}} en {${b}}`);
    }
  }
}

const namespaces = new Set([...union.es, ...union.en].map((id) => id.split('.')[0]));
const literal = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
for (const file of files) {
  if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file) || file.includes(`${join('types', 'api')}`)) continue;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(literal)) {
    const id = m[2];
    if (!namespaces.has(id.split('.')[0])) continue;
    if (/\.(json|css|svg|png|ts|tsx|js|com|ar)$/.test(id)) continue;
    // a prefix of ids built at run time ('faq.benefits.q' + n, 'legal.termsResto' + '.s1.title')
    const isPrefix = (lang) => [...union[lang]].some((k) => k.startsWith(id) && /^[.\d]/.test(k.slice(id.length)));
    for (const lang of LANGS) {
      if (!union[lang].has(id) && !isPrefix(lang)) errors.push(`${relative(web, file)}: id "${id}" missing in ${lang} catalog`);
    }
  }
}

if (errors.length) {
  console.error(`check-i18n: ${errors.length} problem(s)\n  ` + [...new Set(errors)].join('\n  '));
  process.exit(1);
}
console.log(`check-i18n: ok (${catalogDirs.length} catalog pairs, ${union.es.size} ids)`);
