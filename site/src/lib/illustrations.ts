import { type IconName, iconBody } from './icons.ts';

/**
 * The illustrations of department, programme and career cards, composed at build time from
 * lucide icons (ISC licence): the department's colour as a gradient, a soft dotted texture,
 * the subject's icon large in a ring and smaller related icons in the background. The same
 * recipe for every card keeps the set consistent; a seed taken from the name varies the
 * details so that neighbouring cards do not look copied. Served as small SVG files
 * (src/pages/illustrations/), replaced by a photo when the centre adds one (lib/photos.ts).
 */
export interface Illustration {
  color: string;
  /** The subject: a programme's, career's or department's icon. */
  icon?: IconName | undefined;
  /** Shown instead of the icon (language programmes greet in the language taught). */
  greeting?: string | undefined;
  /** Drawn faintly around the subject. */
  background: IconName[];
  seed: string;
}

export const illustrationSize = { width: 480, height: 270 } as const;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A small deterministic generator, so that a rebuild draws exactly the same picture. */
function random(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507);
    state = Math.imul(state ^ (state >>> 13), 3266489909);
    state ^= state >>> 16;
    return (state >>> 0) / 4294967296;
  };
}

/** Mixes a #rrggbb colour with black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((channel) => Math.round(channel + (target - channel) * Math.abs(amount)))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

const round = (value: number) => Math.round(value * 10) / 10;

function icon(name: IconName, x: number, y: number, size: number, attributes: string): string {
  const scale = round(size / 24);
  return `<g transform="translate(${round(x - size / 2)} ${round(y - size / 2)}) scale(${scale})" ${attributes}>${iconBody(name)}</g>`;
}

export function illustrationSvg({ color, icon: subject, greeting, background, seed }: Illustration): string {
  const { width, height } = illustrationSize;
  const next = random(seed);
  const cx = width / 2;
  const cy = height / 2;
  const dark = shade(color, -0.38);
  const glowX = round(0.1 + next() * 0.3);
  const accentAngle = -Math.PI / 2 + (next() - 0.5) * Math.PI * 0.9;

  // Background icons sit in the side bands, clear of the central ring (which stays visible when a card crops to a square).
  const spots = [
    [0.11, 0.22],
    [0.19, 0.72],
    [0.83, 0.26],
    [0.9, 0.76],
    [0.05, 0.5],
  ] as const;
  const faint = spots
    .map(([sx, sy], index) => {
      const name = background[index % Math.max(1, background.length)];
      if (!name) return '';
      const size = 30 + next() * 16;
      const x = (sx + (next() - 0.5) * 0.05) * width;
      const y = (sy + (next() - 0.5) * 0.1) * height;
      const angle = Math.round((next() - 0.5) * 30);
      return `<g transform="rotate(${angle} ${round(x)} ${round(y)})">${icon(name, x, y, size, 'stroke-width="1.5"')}</g>`;
    })
    .join('');

  const ring = 104;
  const accentX = round(cx + Math.cos(accentAngle) * ring);
  const accentY = round(cy + Math.sin(accentAngle) * ring);
  const centre = greeting
    ? `<text x="${cx}" y="${cy}" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="${[...greeting].length > 3 ? 46 : 54}" fill="#fff">${escapeXml(greeting)}</text>`
    : subject
      ? icon(subject, cx, cy, 104, 'fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"')
      : '';

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    '<defs>',
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 0.08)}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    `<radialGradient id="l" cx="${glowX}" cy="0.1" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '<pattern id="d" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="1.3" fill="#fff" fill-opacity=".13"/></pattern>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#b)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#l)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#d)"/>`,
    `<g fill="none" stroke="#fff" stroke-opacity=".2" stroke-linecap="round" stroke-linejoin="round">${faint}</g>`,
    `<circle cx="${cx}" cy="${cy}" r="84" fill="#fff" fill-opacity=".13"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${ring}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5" stroke-dasharray="2 7" stroke-linecap="round"/>`,
    `<circle cx="${accentX}" cy="${accentY}" r="9" fill="#f2a900"/>`,
    centre,
    '</svg>',
  ].join('');
}
