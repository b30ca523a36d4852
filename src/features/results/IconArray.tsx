import { Box } from '@mantine/core';

const COLS = 20;
const CELL = 22;

/**
 * 100 figures, `count` of them coloured (ui.md: "6 in 100" is understood better than "6 %").
 */
export function IconArray({ count, color = 'var(--mantine-color-orange-6)', label }: { count: number; color?: string; label: string }) {
  const n = Math.max(0, Math.min(100, Math.round(count)));
  const rows = 100 / COLS;
  return (
    <Box component="svg" viewBox={`0 0 ${COLS * CELL} ${rows * CELL * 1.4}`} w="100%" maw={COLS * CELL} role="img" aria-label={label} data-testid="icon-array" data-count={n} style={{ display: 'block' }}>
      {Array.from({ length: 100 }, (_, i) => {
        const x = (i % COLS) * CELL + CELL / 2;
        const y = Math.floor(i / COLS) * CELL * 1.4 + 6;
        const on = i < n;
        return (
          <g key={i} fill={on ? color : 'var(--mantine-color-default-border)'}>
            <circle cx={x} cy={y} r={4} />
            <path d={`M${x - 6},${y + 19} Q${x - 6},${y + 6} ${x},${y + 6} Q${x + 6},${y + 6} ${x + 6},${y + 19} Z`} />
          </g>
        );
      })}
    </Box>
  );
}
