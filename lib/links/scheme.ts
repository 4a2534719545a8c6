/** Light or dark, as the page looks. */
export type Scheme = 'light' | 'dark';

/** Parses `rgb(…)`/`rgba(…)` as `getComputedStyle` serializes it; undefined for anything else or transparent. */
export function parseRgb(color: string): [number, number, number] | undefined {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(color.trim());
  if (m === null) return undefined;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number.parseFloat(m[4]) / 100 : Number.parseFloat(m[4]);
  if (!(alpha > 0.5)) return undefined;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Relative luminance (WCAG) of an sRGB colour, 0 (black) to 1 (white). */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * The page's scheme: from the first opaque background of body or root (what the user sees), else
 * from the page's declared `color-scheme` (with the user's preference when it allows both), else light.
 */
export function pageScheme(inputs: {
  bodyBackground: string | undefined;
  rootBackground: string | undefined;
  colorScheme: string | undefined;
  prefersDark: boolean;
}): Scheme {
  for (const background of [inputs.bodyBackground, inputs.rootBackground]) {
    const rgb = background === undefined ? undefined : parseRgb(background);
    if (rgb !== undefined) return luminance(rgb) < 0.25 ? 'dark' : 'light';
  }
  const declared = (inputs.colorScheme ?? '').split(/\s+/);
  const dark = declared.includes('dark');
  const light = declared.includes('light');
  if (dark && !light) return 'dark';
  if (dark && light) return inputs.prefersDark ? 'dark' : 'light';
  return 'light';
}
