/**
 * The viewer's keyboard shortcuts, written once: the list shown under the toolbar and the action
 * each key takes (BuiltInViewer dispatches them). An overlay's key is its own (VIEWER_OVERLAYS).
 */
import { msg } from '../../i18n';
import { VIEWER_OVERLAYS, type ViewerOverlay } from './findings';
import type { PrimaryTool } from './viewports';

export type ViewerAction =
  | { kind: 'choose'; index: number }
  | { kind: 'tool'; tool: PrimaryTool }
  | { kind: 'invert' }
  | { kind: 'reset' }
  | { kind: 'full-screen' }
  | { kind: 'four-views' }
  | { kind: 'overlay'; overlay: ViewerOverlay };

/**
 * Each shortcut: the key shown, what it does (in English, translated where shown; an overlay's
 * toggle names the overlay, in lower case, in its {{overlay}}), the keys that press it
 * (KeyboardEvent.key, lower case) and the action.
 */
interface Shortcut {
  key: string;
  what: string;
  overlay?: string;
  keys: string[];
  action: (key: string) => ViewerAction;
}

const SHORTCUT_LIST: Shortcut[] = [
  { key: 'W', what: msg('window/level with the left button'), keys: ['w'], action: () => ({ kind: 'tool', tool: 'wl' }) },
  { key: 'Z', what: msg('zoom with the left button'), keys: ['z'], action: () => ({ kind: 'tool', tool: 'zoom' }) },
  { key: 'P', what: msg('pan with the left button'), keys: ['p'], action: () => ({ kind: 'tool', tool: 'pan' }) },
  { key: 'I', what: msg('invert'), keys: ['i'], action: () => ({ kind: 'invert' }) },
  { key: 'R', what: msg('reset'), keys: ['r'], action: () => ({ kind: 'reset' }) },
  { key: '1-4', what: msg('choose R-CC, L-CC, R-MLO, L-MLO'), keys: ['1', '2', '3', '4'], action: (key) => ({ kind: 'choose', index: Number(key) - 1 }) },
  { key: 'F', what: msg('chosen view full screen (again to go back)'), keys: ['f'], action: () => ({ kind: 'full-screen' }) },
  { key: 'Esc', what: msg('back to four views'), keys: ['escape'], action: () => ({ kind: 'four-views' }) },
  ...VIEWER_OVERLAYS.map(({ key, label, kind }) => ({
    key,
    what: msg('{{overlay}} on or off'),
    overlay: label,
    keys: [key.toLowerCase()],
    action: (): ViewerAction => ({ kind: 'overlay', overlay: kind }),
  })),
];

/** What is shown under the toolbar. */
export const SHORTCUTS: ReadonlyArray<Pick<Shortcut, 'key' | 'what' | 'overlay'>> = SHORTCUT_LIST;

/**
 * The action of a key pressed in the viewer, or null: none with Ctrl, Cmd or Alt (the browser's
 * own shortcuts), none while typing in a field.
 */
export function actionOfKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): ViewerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target as HTMLElement | null;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return null;
  const key = event.key.toLowerCase();
  const shortcut = SHORTCUT_LIST.find((s) => s.keys.includes(key));
  return shortcut ? shortcut.action(key) : null;
}
