import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** One muted teal-blue for everything that acts; greys for the rest (ui.md). */
const clinical: MantineColorsTuple = ['#eaf4f6', '#d4e7eb', '#a9cdd5', '#7bb2bf', '#559cab', '#3d8d9e', '#2f8194', '#246c7d', '#1b5f6f', '#0a5061'];

export const theme = createTheme({
  primaryColor: 'clinical',
  primaryShade: { light: 7, dark: 7 },
  colors: { clinical },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  focusRing: 'auto',
  // Someone who asked her system for less motion gets Mantine's transitions (modals, menus,
  // notifications, collapses) without their animation; global.css does the same for ours.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Modal: {
      // The close button's name is set in the language spoken (LocalizedMantineProvider).
      defaultProps: { centered: true, radius: 'lg', padding: 'xl' },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xl)' } },
    },
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // Toasts read like body text: Mantine's grey under a title is 3.3:1 on white; dimmed is 4.5:1 or more in both schemes.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-md)' } } },
    // A spinner is named by its aria-label, which a plain span may not carry (axe: aria-prohibited-attr);
    // as a progress bar without a value it is an indeterminate busy indicator, read with its name.
    // A spinner beside a text or inside a named status says nothing itself: aria-hidden.
    Loader: { defaultProps: { role: 'progressbar' } },
    // Links inside text are told apart by more than colour.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});
