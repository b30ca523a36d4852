/**
 * The viewer's shortcuts are written once (src/features/viewer/shortcuts.ts): every key shown under
 * the toolbar does something, and the keys do nothing with the browser's modifiers or in a field.
 */
import { describe, expect, it } from 'vitest';
import { actionOfKey, SHORTCUTS } from '../../src/features/viewer/shortcuts';

const press = (key: string, extra: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey'>> & { target?: unknown } = {}) =>
  actionOfKey({ key, ctrlKey: false, metaKey: false, altKey: false, target: null, ...extra } as Parameters<typeof actionOfKey>[0]);

describe('the viewer shortcuts', () => {
  it('every key shown acts, in either case', () => {
    const shown = SHORTCUTS.flatMap(({ key }) => (key === '1-4' ? ['1', '2', '3', '4'] : key === 'Esc' ? ['Escape'] : [key]));
    for (const key of shown) {
      expect(press(key), key).not.toBeNull();
      expect(press(key.toLowerCase()), key).toEqual(press(key));
    }
  });

  it('maps each key to its action', () => {
    expect(press('3')).toEqual({ kind: 'choose', index: 2 });
    expect(press('z')).toEqual({ kind: 'tool', tool: 'zoom' });
    expect(press('S')).toEqual({ kind: 'overlay', overlay: 'detection' });
    expect(press('d')).toEqual({ kind: 'overlay', overlay: 'density' });
    expect(press('Escape')).toEqual({ kind: 'four-views' });
    expect(press('x')).toBeNull();
  });

  it('leaves the browser its shortcuts and a field its typing', () => {
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('f', { metaKey: true })).toBeNull();
    expect(press('i', { altKey: true })).toBeNull();
    expect(press('w', { target: { tagName: 'INPUT', isContentEditable: false } })).toBeNull();
    expect(press('w', { target: { tagName: 'DIV', isContentEditable: true } })).toBeNull();
  });
});
