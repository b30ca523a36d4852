import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classesUsedBy, keepUsedRules, namesImportedFromCore } from '../../scripts/mantine-css';

const root = path.resolve(import.meta.dirname, '../..');
const coreEsm = path.join(root, 'node_modules/@mantine/core/esm');
/** The classes a component's CSS module gives its parts. */
const moduleClasses = (component: string) => readFileSync(path.join(coreEsm, `components/${component}/${component}.module.mjs`), 'utf8').match(/m_[0-9a-f]{8}/g) ?? [];

describe('only the Mantine styles the app uses', () => {
  it('reads the names a file imports from @mantine/core, not its types or other packages', () => {
    const text = `import { Button, type MantineSize, Text as T } from '@mantine/core';\nimport { notifications } from '@mantine/notifications';`;
    expect(namesImportedFromCore(text)).toEqual(['Button', 'Text']);
  });

  it("keeps a used component's classes and those of the components it draws with, drops an unused one's", () => {
    const used = classesUsedBy(['Select'], coreEsm);
    // Select draws with Combobox and Input: an enlarged list without their styles would be unstyled.
    for (const c of [...moduleClasses('Combobox'), ...moduleClasses('Input')]) expect(used).toContain(c);
    for (const c of moduleClasses('ColorPicker')) expect(used).not.toContain(c);
  });

  it('filters rules: unused classes go, selectors are trimmed, rules without a Mantine class stay', () => {
    const css = [
      ':root { --mantine-color-body: #fff; }',
      '.m_11111111 { color: red; }',
      '.m_22222222, .m_11111111:hover { color: blue; }',
      '@media (max-width: 10em) { .m_22222222 { display: none; } }',
      '@keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }',
    ].join('\n');
    const out = keepUsedRules(css, new Set(['m_11111111']));
    expect(out).toContain('--mantine-color-body');
    expect(out).toContain('.m_11111111 { color: red; }');
    expect(out).toContain('.m_11111111:hover { color: blue; }');
    expect(out).not.toContain('m_22222222');
    expect(out).not.toContain('@media');
    expect(out).toContain('@keyframes spin');
  });

  it("the app's own components keep all their styles in the built stylesheet", () => {
    const names = namesImportedFromCore(readFileSync(path.join(root, 'src/features/submit/SubmitWizard.tsx'), 'utf8'));
    expect(names).toContain('Stepper');
    const used = classesUsedBy(names, coreEsm);
    const css = keepUsedRules(readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8'), used);
    for (const c of moduleClasses('Stepper')) expect(css).toContain(c);
    expect(css.length).toBeLessThan(readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8').length);
  });
});
