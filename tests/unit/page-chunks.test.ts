import { describe, expect, it } from 'vitest';
import { pageChunks } from '../../scripts/page-chunks';

/**
 * The map of the signed-in pages' code that the built index.html carries for before-app.js
 * (scripts/page-chunks.ts): each page's own chunks, without what the main bundle or the layout
 * already loads. That the browser asks for them early is tests/e2e/start-up.spec.ts.
 */
const root = '/app/';
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) => ({ type: 'chunk' as const, fileName, facadeModuleId, imports, isEntry });
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/index.html', ['assets/react.js'], true),
    chunk('assets/react.js', null),
    chunk('assets/AppLayout.js', '/app/src/components/AppLayout.tsx', ['assets/react.js', 'assets/Modal.js']),
    chunk('assets/Modal.js', null, ['assets/Portal.js']),
    chunk('assets/Portal.js', null),
    chunk('assets/home.js', '/app/src/routes/home.tsx', ['assets/Card.js', 'assets/Modal.js']),
    chunk('assets/Card.js', null),
    chunk('assets/login.js', '/app/src/routes/login.tsx', ['assets/Card.js']),
    chunk('assets/tab.js', '/app/src/routes/settings-tabs/profile.tsx'),
  ].map((c) => [c.fileName, c]),
);

describe('the signed-in pages named in index.html', () => {
  it("lists the layout's and each page's chunks, imports first, leaving out what is loaded anyway", () => {
    expect(pageChunks(bundle, 'assets/index.js', root)).toEqual({
      layout: ['/assets/Portal.js', '/assets/Modal.js', '/assets/AppLayout.js'],
      // Modal comes with the layout; the login page is never shown signed in; a file in a
      // folder of src/routes is no page of its own.
      home: ['/assets/Card.js', '/assets/home.js'],
    });
  });

  it('finds the layout in a chunk that groups it with other modules (scripts/chunking.ts)', () => {
    const { ['assets/AppLayout.js']: layout, ...rest } = bundle;
    const grouped = { ...rest, 'assets/layout.js': { ...layout, fileName: 'assets/layout.js', facadeModuleId: null, moduleIds: ['/app/node_modules/x.js', '/app/src/components/AppLayout.tsx'] } };
    expect(pageChunks(grouped, 'assets/index.js', root).layout).toEqual(['/assets/Portal.js', '/assets/Modal.js', '/assets/layout.js']);
  });

  it('refuses a build without the layout or the home page rather than naming nothing', () => {
    const { ['assets/home.js']: _home, ...withoutHome } = bundle;
    expect(() => pageChunks(withoutHome, 'assets/index.js', root)).toThrow(/home page/);
    const { ['assets/AppLayout.js']: _layout, ...withoutLayout } = bundle;
    expect(() => pageChunks(withoutLayout, 'assets/index.js', root)).toThrow(/layout/);
  });
});
