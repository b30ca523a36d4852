import { Group, Text } from '@mantine/core';

/** The product mark (the same drawing as the app icons in scripts/icons.ts) and its name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2f6f7e" />
      <circle cx="32" cy="32" r="20" fill="none" stroke="#ffffff" strokeWidth="3.5" />
      <circle cx="32" cy="34" r="13" fill="#ffffff" fillOpacity="0.35" />
      <circle cx="32" cy="36" r="7" fill="#ffffff" fillOpacity="0.9" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={650} size={size > 36 ? 'xl' : 'lg'} style={{ letterSpacing: '-0.01em' }}>
        Smart Density
      </Text>
    </Group>
  );
}
