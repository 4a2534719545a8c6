/** The bar's font, on the host and on the wrapper inside it: a resting host and a drawn bar make the same line. */
const FONT = '12px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * The host, drawn or resting. `all: initial` resets everything the page could pass down
 * (important, so the page's own rules cannot win: for the host, a shadow root's important rules
 * beat the page's). The host is a plain inline: to the page's line layout a bar is a stretch of
 * text in its own font, not a box of its own (an inline-block per bar costs a page that re-lays
 * out often several times more, see docs/performance.md).
 */
const HOST_DECLARATIONS = `all: initial !important; display: inline !important; font: ${FONT} !important; white-space: nowrap !important;`;
const HOST_CSS = `:host { ${HOST_DECLARATIONS} }`;

/**
 * A resting bar (far from the viewport): the empty host, padded to the width of a drawn bar at
 * rest, so drawing or resting it moves nothing on the page. As the host's own `style` (a host
 * never drawn has no shadow root yet: a thousand roots cost a page's frames too), or as the
 * resting sheet of a root.
 */
export function restingDeclarations(width: number): string {
  return `${HOST_DECLARATIONS} padding-inline-start: ${width}px !important;`;
}

export function restingCss(width: number): string {
  return `:host { ${restingDeclarations(width)} }`;
}

/**
 * The drawn bar's style sheet. Custom properties are the one thing `all` leaves inherited, so every
 * one the bar uses is set on its own wrapper. Light and dark follow the page (`data-scheme`, set
 * from what the page paints). Buttons are inline-blocks whose margin box is exactly one line of
 * the bar's font (a 1 px border, -1 px margins), so a drawn bar's line is as high as a resting
 * one's; the composer becomes a block only while it is open (`.open`).
 */
export const BAR_CSS = `
${HOST_CSS}
.wrap { all: initial; display: inline; margin-inline-start: 6px; font: ${FONT}; color: var(--dc-fg); white-space: nowrap;
  --dc-fg: #1a1d21; --dc-muted: #5b6470; --dc-bg: #ffffff; --dc-btn: #f1f4f8; --dc-btn-hover: #e2e8f0;
  --dc-line: #c3cad4; --dc-accent: #1f5fbf; --dc-ok: #1e6b34; --dc-bad: #b3261e; --dc-focus: #1f5fbf; }
.wrap[data-scheme="dark"] { --dc-fg: #e8eaed; --dc-muted: #a4adb8; --dc-bg: #1f2329; --dc-btn: #2a3038;
  --dc-btn-hover: #353c46; --dc-line: #4a525d; --dc-accent: #8ab4f8; --dc-ok: #8fd19e; --dc-bad: #f2b8b5; --dc-focus: #8ab4f8; }
.wrap.open { display: inline-block; vertical-align: top; white-space: normal; }
button { all: initial; display: inline-block; box-sizing: border-box; font: inherit; color: var(--dc-fg); background: var(--dc-btn);
  border: 1px solid var(--dc-line); border-radius: 999px; padding: 0 8px; margin: -1px 4px -1px 0; cursor: pointer; white-space: nowrap; }
button:hover { background: var(--dc-btn-hover); }
button:focus-visible { outline: 2px solid var(--dc-focus); outline-offset: 1px; }
button[aria-pressed="true"] { border-color: var(--dc-ok); color: var(--dc-ok); }
button[aria-expanded="true"] { border-color: var(--dc-accent); color: var(--dc-accent); }
button.primary { background: var(--dc-accent); border-color: var(--dc-accent); color: var(--dc-bg); }
.mark:empty, .status:empty, button[hidden] { display: none; }
.mark { margin-inline-start: 3px; }
.status { color: var(--dc-muted); }
.status.bad { color: var(--dc-bad); }
.composer { display: block; width: min(26rem, 80vw); margin-top: 4px; }
.composer[hidden] { display: none; }
iframe { all: initial; display: block; width: 100%; height: 96px; border: 0; color-scheme: light; visibility: hidden; }
iframe[data-scheme="dark"] { color-scheme: dark; }
iframe[data-ready] { visibility: visible; }
`;
