/*
 * What the build does for the extension pages' opening (wxt.config.ts wires these in): the Vite
 * plugins that rewrite the pages' HTML, and the chunks the pages' code is split into. Node code,
 * read by the build only; nothing here ships. See README.md in this folder.
 */
import type { HtmlTagDescriptor, InlineConfig, Plugin, Rolldown } from 'vite';

/** The chunk of full zod and the protocol table (see {@link splitPageChunks}). */
export const CHECKS_CHUNK = 'checks';

/** What a page loads, as the bundle says (never read back from the page's markup). */
export interface PageFiles {
  /** URLs of the entry's static imports, in the order Vite preloads them, then the entry's. */
  modules: string[];
  /** The style sheets Vite links for the entry: URL and text. */
  sheets: { url: string; css: string }[];
}

/** A file of the bundle as a page names it (an extension page's base is the extension's root). */
const urlOf = (fileName: string) => `/${fileName}`;

/**
 * Whether the page loads its entry from the bundle. WXT's development mode (`npm start`) pre-renders
 * the pages with scripts that load from its dev server instead: those are left as written.
 */
export const loadsFromBundle = (html: string, entry: Rolldown.OutputChunk) =>
  html.includes(`="${urlOf(entry.fileName)}"`);

/** The chunks `chunk` imports statically, each after its own imports (the order Vite preloads them in). */
function staticImports(
  chunk: Rolldown.OutputChunk,
  bundle: Rolldown.OutputBundle,
  seen = new Set<string>(),
): Rolldown.OutputChunk[] {
  const found: Rolldown.OutputChunk[] = [];
  for (const fileName of chunk.imports) {
    const imported = bundle[fileName];
    if (imported?.type !== 'chunk' || seen.has(fileName)) continue;
    seen.add(fileName);
    found.push(...staticImports(imported, bundle, seen), imported);
  }
  return found;
}

/** What the page whose entry chunk is `entry` loads. */
export function pageFiles(entry: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle): PageFiles {
  const chunks = [...staticImports(entry, bundle), entry];
  const sheetNames = [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
  const sheets = sheetNames.map((fileName) => {
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') throw new Error(`${fileName}: a style sheet the page links is not in the bundle`);
    const { source } = asset;
    return { url: urlOf(fileName), css: typeof source === 'string' ? source : new TextDecoder().decode(source) };
  });
  return { modules: chunks.map((chunk) => urlOf(chunk.fileName)), sheets };
}

/**
 * `html` without the one tag that loads `url` (its `src` or `href`), with the line Vite wrote it on.
 * Throws unless there is exactly one: a build whose page Vite wrote otherwise fails, rather than
 * ship a page that loads a file twice or never.
 */
export function withoutTagOf(html: string, url: string): string {
  const value = `="${url}"`;
  const at = html.indexOf(value);
  if (at === -1 || html.includes(value, at + 1)) {
    throw new Error(`${url}: expected one tag that loads it in the page, found ${at === -1 ? 'none' : 'more'}`);
  }
  let start = html.lastIndexOf('<', at);
  // Vite escapes attribute values, so the first `>` after the value ends the tag.
  let end = html.indexOf('>', at) + 1;
  if (html.startsWith('<script', start)) {
    if (!html.startsWith('</script>', end)) throw new Error(`${url}: its script tag is not empty`);
    end += '</script>'.length;
  }
  while (start > 0 && (html.charAt(start - 1) === ' ' || html.charAt(start - 1) === '\t')) start -= 1;
  if (html.charAt(end) === '\n') end += 1;
  return html.slice(0, start) + html.slice(end);
}

/** `html` with the style sheets at `urls` linked at the very top of its head instead of where Vite put them. */
export function styleSheetsFirst(html: string, urls: readonly string[]): { html: string; tags: HtmlTagDescriptor[] } {
  return {
    html: urls.reduce(withoutTagOf, html),
    tags: urls.map((href) => ({
      tag: 'link',
      attrs: { rel: 'stylesheet', crossorigin: true, href },
      injectTo: 'head-prepend',
    })),
  };
}

/**
 * Links each page's style sheets at the top of its head: nothing is drawn before the style sheet is
 * in, so it is asked for before the scripts Vite puts ahead of it.
 */
export function stylesFirst(): Plugin {
  return {
    name: 'debate-companion:styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (bundle === undefined || chunk === undefined || !loadsFromBundle(html, chunk)) return html;
        return styleSheetsFirst(
          html,
          pageFiles(chunk, bundle).sheets.map((sheet) => sheet.url),
        );
      },
    },
  };
}

/**
 * The extension pages' chunks (one build for them all): each page loads few files, since an
 * extension page pays for every file it fetches before it can draw. The code the pages share goes in
 * one chunk; full zod and the protocol table in another ({@link CHECKS_CHUNK}), which
 * lib/messages/send.ts imports on first use. A page that imports lib/storage/settings.ts statically
 * loads it with its entry all the same (the side panel and the options page do today).
 */
export function splitPageChunks(config: InlineConfig): void {
  config.build ??= {};
  config.build.rolldownOptions = {
    ...config.build.rolldownOptions,
    output: {
      ...(config.build.rolldownOptions?.output as object | undefined),
      codeSplitting: {
        // A group takes the modules it names, not everything they import.
        includeDependenciesRecursively: false,
        groups: [
          {
            name: CHECKS_CHUNK,
            priority: 2,
            test: /node_modules[\\/]zod[\\/]|lib[\\/]zod\.ts|lib[\\/]api[\\/]schemas\.ts|lib[\\/]messages[\\/](protocol|link-protocol|saved-protocol|site-protocol|sync-protocol|fields|reply|push)\.ts|lib[\\/]sync[\\/](view|record)\.ts|lib[\\/]storage[\\/](settings|account-check|saved-posts)\.ts/,
          },
          { name: 'shared', priority: 1, minShareCount: 2 },
        ],
      },
    },
  };
}
