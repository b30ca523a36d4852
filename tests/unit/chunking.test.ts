import { describe, expect, it } from 'vitest';
import { chunkGroups, chunkPlan } from '../../scripts/chunking';

/**
 * How the build cuts the app's code into files (scripts/chunking.ts): a plan from a first bundling
 * names the modules of the entry's files, of the signed-in layout's, and of what the layout shares
 * with the login page; the build then puts each set in one file. That a real build comes out that
 * way, and pages still load, is tests/e2e/start-up.spec.ts.
 */
const root = '/app';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: { isEntry?: boolean; facadeModuleId?: string; dynamicImports?: string[] } = {}) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  dynamicImports: extra.dynamicImports ?? [],
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facadeModuleId ?? null,
});
const bundle = Object.fromEntries(
  [
    chunk('index.js', ['/app/src/main.tsx', '/app/src/router.tsx'], ['react.js', 'Box.js'], {
      isEntry: true,
      facadeModuleId: '/app/index.html',
      dynamicImports: ['AppLayout.js', 'login.js', 'home.js', 'toasts.js'],
    }),
    chunk('react.js', ['/m/react/index.js', '/m/react-dom/client.js']),
    chunk('Box.js', ['/m/@mantine/core/Box.mjs']),
    chunk('AppLayout.js', ['/app/src/components/AppLayout.tsx'], ['react.js', 'Modal.js', 'Anchor.js', 'Drawer.js'], { facadeModuleId: '/app/src/components/AppLayout.tsx' }),
    chunk('Drawer.js', ['/m/@mantine/core/Drawer.mjs']),
    // Loaded by the entry after the first paint, on every page (the toasts' container).
    chunk('toasts.js', ['/m/@mantine/notifications/index.mjs'], ['Modal.js'], { facadeModuleId: '/app/src/components/Toasts.tsx' }),
    chunk('Modal.js', ['/m/@mantine/core/Modal.mjs'], ['Box.js']),
    chunk('Anchor.js', ['/m/@mantine/core/Anchor.mjs']),
    chunk('login.js', ['/app/src/routes/login.tsx'], ['Anchor.js', 'Form.js'], { facadeModuleId: '/app/src/routes/login.tsx' }),
    chunk('Form.js', ['/m/form/index.mjs']),
    chunk('home.js', ['/app/src/routes/home.tsx'], ['Card.js', 'Drawer.js'], { facadeModuleId: '/app/src/routes/home.tsx' }),
    chunk('Card.js', ['/m/@mantine/core/Card.mjs']),
  ].map((c) => [c.fileName, c]),
);

describe('cutting the code into few files', () => {
  it("plans the entry's files as one set, the layout's as another, and what a visitor's page loads of the layout's apart", () => {
    expect(chunkPlan(bundle, root)).toEqual({
      boot: ['/app/src/main.tsx', '/app/src/router.tsx', '/m/@mantine/core/Box.mjs', '/m/react-dom/client.js', '/m/react/index.js'],
      // The login page's Anchor and the toasts' Modal; not the home page's Drawer (the home shows
      // the layout anyway).
      shared: ['/m/@mantine/core/Anchor.mjs', '/m/@mantine/core/Modal.mjs'],
      // The layout's own files, less the entry's (react.js, Box.js) and the shared ones.
      layout: ['/app/src/components/AppLayout.tsx', '/m/@mantine/core/Drawer.mjs'],
    });
  });

  it("names no plan for a bundle without the app's entry (the service worker's), and refuses one without the layout", () => {
    const { ['index.js']: _entry, ...noEntry } = bundle;
    expect(chunkPlan(noEntry, root)).toBeNull();
    const { ['AppLayout.js']: _layout, ...noLayout } = bundle;
    expect(() => chunkPlan(noLayout, root)).toThrow(/layout/);
  });

  it('puts each module in the set the plan names, the entry first, and leaves the others to the bundler', () => {
    const plan = chunkPlan(bundle, root)!;
    const groups = chunkGroups(plan);
    const groupOf = (id: string) => [...groups].sort((a, b) => b.priority - a.priority).find((g) => g.test(id))?.name ?? null;
    expect(groupOf('/app/src/main.tsx')).toBe('boot');
    expect(groupOf('/m/@mantine/core/Box.mjs')).toBe('boot');
    expect(groupOf('/m/@mantine/core/Anchor.mjs')).toBe('shared');
    expect(groupOf('/m/@mantine/core/Modal.mjs')).toBe('shared');
    expect(groupOf('/m/@mantine/core/Drawer.mjs')).toBe('layout');
    expect(groupOf('/app/src/routes/home.tsx')).toBeNull();
    expect(groupOf('/m/form/index.mjs')).toBeNull();
    // Higher priority first: a module the layout imports from the entry's set stays in the entry's.
    expect(groups.map((g) => [g.name, g.priority])).toEqual([['boot', 30], ['shared', 20], ['layout', 10]]);
  });
});
