/*
 * What the build does for the extension pages' opening (wxt.config.ts wires it in): the chunks the
 * pages' code is split into. Node code, read by the build only; nothing here ships. See README.md in
 * this folder.
 */
import { fileURLToPath } from 'node:url';
import type { InlineConfig, Plugin } from 'vite';
import { ENTRY_META } from './panel-cache-key';

/** The chunk of full zod and the protocol table (see {@link splitPageChunks}). */
export const CHECKS_CHUNK = 'checks';

/**
 * The extension pages' chunks (one build for them all): full zod and the protocol table in a chunk
 * of their own ({@link CHECKS_CHUNK}), which lib/messages/send.ts imports on first use, so they are
 * never on the side panel's first screen. A page that imports lib/storage/settings.ts statically
 * loads it with its entry all the same (the side panel and the options page do today). With
 * `fewFiles`, the code the side panel's first screen shares with other pages goes in one `shared`
 * chunk ({@link firstScreenShared}) rather than the nine small ones the bundler makes: each file the
 * early script adds takes the main thread most of a millisecond, in the task after the picture's
 * frame (fast-open/README.md has its saving; a bench build goes without it as `few-files`).
 */
export function splitPageChunks(config: InlineConfig, { fewFiles = true } = {}): void {
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
          ...(fewFiles ? [{ name: firstScreenShared(), priority: 1, minShareCount: 2 }] : []),
        ],
      },
    },
  };
}

/** The module graph as the bundler answers it while it splits the chunks. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The side panel's entry: its page, whose module scripts the bundler reads (its id as Vite writes ids, with `/` on Windows too). */
const PANEL_ENTRY = fileURLToPath(new URL('../index.html', import.meta.url)).replaceAll('\\', '/');

/**
 * The `shared` chunk's name for the modules the side panel's entry imports statically, directly or
 * not (its first screen), none for the rest: so the chunk holds nothing that screen does not run.
 * Code only the other pages share, or only the panel's later chunks use (the Outbox, This page, the
 * list of keys), is split as the bundler splits it.
 */
export function firstScreenShared(entry = PANEL_ENTRY): (id: string, graph: ModuleGraph) => string | null {
  let firstScreen: Set<string> | undefined;
  return (id, graph) => {
    if (firstScreen === undefined) {
      firstScreen = new Set();
      const next = [entry];
      for (let module = next.pop(); module !== undefined; module = next.pop()) {
        if (firstScreen.has(module)) continue;
        firstScreen.add(module);
        next.push(...(graph.getModuleInfo(module)?.importedIds ?? []));
      }
    }
    return firstScreen.has(id) ? 'shared' : null;
  };
}

/** The attribute that marks the side panel's early script (sidepanel/index.html): its page gets {@link modulesAfterPicture}. */
export const ADDS_MODULES = 'data-adds-modules';

const MODULE_SCRIPT = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The side panel's page without its module scripts and preloads: their URLs go into a meta tag
 * ({@link ENTRY_META}) and its early script adds them (page-modules.ts), at once, or once the
 * picture of the last opening is on screen, so the browser draws it before it fetches and runs the
 * modules. Throws unless the page had one entry module: a build whose page Vite wrote otherwise
 * fails rather than ship a panel that never loads.
 */
export function entryInMeta(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1] as string);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  if (entries.length !== 1) throw new Error(`The side panel's page has ${entries.length} module scripts; expected one`);
  const meta = `<meta name="${ENTRY_META}" content="${entries[0]}" data-preload="${preloads.join(' ')}">`;
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</head>', `  ${meta}\n  </head>`);
}

/**
 * Whether the page loads its modules from the development server (`npm start` pre-renders the pages
 * with scripts from WXT's dev server, several of them): those are left as written, and the early
 * script, finding no meta tag, adds nothing.
 */
export const loadsFromDevServer = (html: string) =>
  [...html.matchAll(MODULE_SCRIPT)].some((match) => /^https?:/i.test(match[1] ?? ''));

/** The build's plugin for the side panel's page (its early script carries {@link ADDS_MODULES}). */
export function modulesAfterPicture(): Plugin {
  return {
    name: 'debate-companion:modules-after-picture',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => (html.includes(ADDS_MODULES) && !loadsFromDevServer(html) ? entryInMeta(html) : html),
    },
  };
}
