import sharp from 'sharp';

/**
 * The product mark, drawn in code so no binary icon is kept in the repository: a muted teal tile
 * with a soft outline and three layers of increasing density. `padding` shrinks the mark for
 * maskable icons, whose outer 20 % may be cropped by the platform.
 */
export function markSvg({ size = 64, padding = 0, rounded = true } = {}): string {
  const r = rounded ? 14 : 0;
  const s = 64 - padding * 2;
  const k = s / 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${r}" fill="#2f6f7e"/>
  <g transform="translate(${padding} ${padding}) scale(${k})">
    <circle cx="32" cy="32" r="20" fill="none" stroke="#ffffff" stroke-width="3.5"/>
    <circle cx="32" cy="34" r="13" fill="#ffffff" fill-opacity="0.35"/>
    <circle cx="32" cy="36" r="7" fill="#ffffff" fill-opacity="0.9"/>
  </g>
</svg>
`;
}

/** Every icon file the web app manifest names, as name -> content. */
export async function renderIcons(): Promise<Record<string, Buffer | string>> {
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return {
    'favicon.svg': markSvg(),
    'icon-192.png': await png(markSvg({ size: 192 })),
    'icon-512.png': await png(markSvg({ size: 512 })),
    'icon-512-maskable.png': await png(markSvg({ size: 512, padding: 10, rounded: false })),
  };
}
