/**
 * The bar's style sheet. `:host` resets everything the page could pass down (`all: initial`,
 * important so the page's own rules cannot win); custom properties are the one thing `all` leaves
 * inherited, so every one the bar uses is set on its own wrapper. Light and dark follow the page
 * (`data-scheme`, set from what the page paints). The host is one inline-block with layout and
 * style containment: to the page's line layout a bar is a single box, laid out on its own, so a
 * page that re-lays out often does not re-lay out the inside of every bar with it (on the
 * benchmark page this halved the long tasks the bars add); `vertical-align: middle` because a
 * layout-contained box shows no baseline of its own. Inside, layout is kept plain (inline
 * boxes, no flex in the bar itself); the composer becomes a block only while it is open (`.open`).
 * Paint containment would clip the buttons' focus rings; `content-visibility: auto` was measured
 * too and is far worse (per-element visibility tracking; see docs/decisions.md).
 */
export const BAR_CSS = `
:host { all: initial !important; display: inline-block !important; vertical-align: middle !important; contain: layout style !important; }
.wrap { all: initial; display: inline; margin-inline-start: 6px; font: 12px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--dc-fg); white-space: nowrap;
  --dc-fg: #1a1d21; --dc-muted: #5b6470; --dc-bg: #ffffff; --dc-btn: #f1f4f8; --dc-btn-hover: #e2e8f0;
  --dc-line: #c3cad4; --dc-accent: #1f5fbf; --dc-ok: #1e6b34; --dc-bad: #b3261e; --dc-focus: #1f5fbf; }
.wrap[data-scheme="dark"] { --dc-fg: #e8eaed; --dc-muted: #a4adb8; --dc-bg: #1f2329; --dc-btn: #2a3038;
  --dc-btn-hover: #353c46; --dc-line: #4a525d; --dc-accent: #8ab4f8; --dc-ok: #8fd19e; --dc-bad: #f2b8b5; --dc-focus: #8ab4f8; }
.wrap.open { display: inline-block; vertical-align: top; white-space: normal; }
button { all: initial; display: inline-block; box-sizing: border-box; font: inherit; color: var(--dc-fg); background: var(--dc-btn);
  border: 1px solid var(--dc-line); border-radius: 999px; padding: 0 8px; margin-inline-end: 4px; cursor: pointer; white-space: nowrap; }
button:hover { background: var(--dc-btn-hover); }
button:focus-visible, textarea:focus-visible { outline: 2px solid var(--dc-focus); outline-offset: 1px; }
button[aria-pressed="true"] { border-color: var(--dc-ok); color: var(--dc-ok); }
button[aria-expanded="true"] { border-color: var(--dc-accent); color: var(--dc-accent); }
button.primary { background: var(--dc-accent); border-color: var(--dc-accent); color: var(--dc-bg); }
.mark:empty, .status:empty { display: none; }
.mark { margin-inline-start: 3px; }
.status { color: var(--dc-muted); }
.status.bad { color: var(--dc-bad); }
.composer { display: block; width: min(26rem, 80vw); margin-top: 4px; padding: 6px; background: var(--dc-bg);
  border: 1px solid var(--dc-line); border-radius: 6px; }
.composer[hidden] { display: none; }
textarea { all: initial; display: block; box-sizing: border-box; font: inherit; color: var(--dc-fg); background: var(--dc-bg);
  border: 1px solid var(--dc-line); border-radius: 4px; padding: 4px 6px; min-height: 4.5em; width: 100%; resize: vertical; white-space: pre-wrap; }
.row { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 6px; margin-top: 4px; }
.hint { display: flex; flex-direction: column; color: var(--dc-muted); margin-inline-end: auto; }
`;
