import type { Author } from '../store/accounts.js';
import { html, SafeHtml } from './html.js';

// Small, readable, light and dark; the extension's content script decorates these pages later.
const CSS = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #1d2330; --muted: #5d6678;
  --line: #dde1e8; --accent: #2f5bd3; --accent-text: #fff; --warn-bg: #fff4d6; --warn: #7a5600;
  --bad-bg: #fde4e4; --bad: #8c1d1d; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171d; --card: #1d2129; --text: #e6e9ef; --muted: #9aa3b5; --line: #2e3440;
    --accent: #7f9ff5; --accent-text: #10131a; --warn-bg: #3b3217; --warn: #f1d07a; --bad-bg: #3d1d1d; --bad: #f3a3a3; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
.site-header { background: var(--card); border-bottom: 1px solid var(--line); }
.site-header .bar { max-width: 46rem; margin: 0 auto; padding: .75rem 1rem; display: flex;
  align-items: baseline; justify-content: space-between; gap: 1rem; flex-wrap: wrap; }
.brand { font-weight: 700; font-size: 1.1rem; color: var(--text); text-decoration: none; }
.brand small { font-weight: 400; color: var(--muted); margin-left: .4rem; }
.whoami { color: var(--muted); font-size: .9rem; }
main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.35rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
article, .panel { background: var(--card); border: 1px solid var(--line); border-radius: .6rem;
  padding: .9rem 1rem; margin: 0 0 .8rem; }
.meta { color: var(--muted); font-size: .88rem; margin-bottom: .35rem; }
.meta .name { color: var(--text); font-weight: 600; }
.body { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.counts { color: var(--muted); font-size: .88rem; margin-top: .5rem; display: flex; gap: .9rem; flex-wrap: wrap; }
textarea { width: 100%; min-height: 5.5rem; font: inherit; color: inherit; background: var(--bg);
  border: 1px solid var(--line); border-radius: .4rem; padding: .5rem .6rem; resize: vertical; }
button { font: inherit; font-size: .92rem; border: 1px solid var(--accent); background: var(--accent);
  color: var(--accent-text); border-radius: .4rem; padding: .35rem .8rem; cursor: pointer; }
button.soft { background: transparent; color: var(--accent); }
.row { display: flex; justify-content: space-between; align-items: center; gap: .5rem; margin-top: .5rem; }
.reactions { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .7rem; }
.reactions form { margin: 0; }
.state { display: inline-block; font-size: .8rem; border-radius: .3rem; padding: .05rem .45rem; margin-left: .3rem; }
.state.held { background: var(--warn-bg); color: var(--warn); }
.state.rejected { background: var(--bad-bg); color: var(--bad); }
.notice { border-radius: .5rem; padding: .7rem .9rem; margin-bottom: 1rem; background: var(--warn-bg); color: var(--warn); }
.notice.bad { background: var(--bad-bg); color: var(--bad); }
ol.comments { list-style: none; padding: 0; margin: 0; }
ol.comments li { border-top: 1px solid var(--line); padding: .6rem 0; }
.pager { text-align: center; margin: 1.2rem 0; }
.hint { color: var(--muted); font-size: .85rem; }
`;

/** A whole HTML document around the given main content. */
export function layout(title: string, viewer: Author, main: SafeHtml): string {
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Debate Platform (sandbox)</title>
<link rel="icon" href="data:,">
<style>${new SafeHtml(CSS)}</style>
</head>
<body>
<header class="site-header"><div class="bar">
<a class="brand" href="/">Debate Platform<small>local sandbox</small></a>
<span class="whoami">Signed in as <strong>${viewer.displayName}</strong> @${viewer.handle}</span>
</div></header>
<main>
${main}
</main>
</body>
</html>`.value
  }`;
}
