import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogOf, currentLanguage, setLanguage, t } from '../../src/i18n';
import { formatNumber } from '../../src/i18n/format';
import { BUILT_IN_DEMO_PROFILES } from '../../server/services/demo-profiles';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/** Every text marked for translation: t('…'), msg('…'), i18nKey="…" (no template with ${}). */
function markedTexts(): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /\b(?:t|msg)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)|i18nKey="([^"]*)"/g;
  for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'core'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) {
      const key = unescape(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
      if (key) found.set(key, file.slice(ROOT.length + 1));
    }
  }
  return found;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('English and Swedish (src/i18n)', async () => {
  const marked = markedTexts();
  const CATALOGS = { en: await catalogOf('en'), sv: await catalogOf('sv') };

  it('finds the texts the code marks for translation', () => {
    expect(marked.size).toBeGreaterThan(0);
  });

  it('has a Swedish translation for every marked text', () => {
    const sv = CATALOGS.sv;
    const missing = [...marked]
      .filter(([key]) => !(key in sv) && !(`${key}_one` in sv && `${key}_other` in sv))
      .map(([key, file]) => `${file}: ${JSON.stringify(key)}`);
    expect(missing, `texts without Swedish (add them to src/i18n/sv/*.json):\n${missing.join('\n')}`).toEqual([]);
  });

  it("has Swedish for the built-in demo profiles' descriptions (data the demo page translates)", () => {
    const missing = BUILT_IN_DEMO_PROFILES.map((p) => p.profile.description).filter((d) => !(d in CATALOGS.sv));
    expect(missing).toEqual([]);
  });

  it('gives one Swedish to a text that two parts of the app both translate', () => {
    const dir = join(ROOT, 'src', 'i18n', 'sv');
    const seen = new Map<string, { file: string; sv: string }>();
    const conflicts: string[] = [];
    for (const file of readdirSync(dir)) {
      for (const [key, value] of Object.entries(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>)) {
        const before = seen.get(key);
        if (before && before.sv !== value) conflicts.push(`${JSON.stringify(key)}: ${before.file} ${JSON.stringify(before.sv)}, ${file} ${JSON.stringify(value)}`);
        else seen.set(key, { file, sv: value });
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('keeps every {{placeholder}} of the English text in its Swedish translation', () => {
    const wrong = Object.entries(CATALOGS.sv)
      .filter(([key, value]) => {
        const english = CATALOGS.en[key] ?? key.replace(/_(one|other)$/, '');
        return placeholders(english).join() !== placeholders(value).join() && !(key.endsWith('_one') && placeholders(value).join() === placeholders(english).filter((p) => p !== 'count').join());
      })
      .map(([key, value]) => `${key} -> ${value}`);
    expect(wrong).toEqual([]);
  });

  it('speaks English by default with the English text as its own key, and Swedish when asked', async () => {
    expect(currentLanguage()).toBe('en');
    expect(t('Hi, {{name}}', { name: 'Anna' })).toBe('Hi, Anna');
    expect(formatNumber(12.5, 1)).toBe('12.5');
    await setLanguage('sv');
    try {
      expect(currentLanguage()).toBe('sv');
      expect(formatNumber(12.5, 1)).toBe('12,5');
      const [key, value] = Object.entries(CATALOGS.sv).find(([k]) => !k.includes('{{') && !/_(one|other)$/.test(k))!;
      expect(t(key)).toBe(value);
    } finally {
      await setLanguage('en');
    }
  });
});
