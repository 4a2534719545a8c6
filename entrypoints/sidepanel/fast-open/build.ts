/*
 * What the build does for the extension pages' opening (wxt.config.ts wires these in): the Vite
 * plugins that rewrite the pages' HTML, and the chunks the pages' code is split into. Node code,
 * read by the build only; nothing here ships. See README.md in this folder.
 */
import type { InlineConfig, Plugin } from 'vite';
import { MODULES_META } from './page-modules';

/**
 * Moves each page's stylesheet links to the top of its head: nothing is drawn before the stylesheet
 * is in, so it is asked for before the scripts Vite puts ahead of it.
 */
export function stylesFirst(): Plugin {
  return {
    name: 'debate-companion:styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        let rest = html;
        for (const link of links) rest = rest.replace(link, '');
        return rest.replace(
          /<title>.*<\/title>\n?/,
          (title) => `${title}${links.map((link) => `    ${link.trim()}\n`).join('')}`,
        );
      },
    },
  };
}

/**
 * The side panel's build (its early script carries `data-loads-modules`): before its first paint
 * the page fetches one file, the early script. An extension page's files arrive together, 20–30 ms
 * after being asked for, so each one more on that path costs. Its stylesheet is put inline (an
 * extension page's CSP forbids inline scripts, not styles), and the module scripts Vite adds leave
 * the markup: their URLs go in a meta tag and the early script adds them once it has drawn the last
 * opening's picture (page-modules.ts).
 */
export function fastOpening(): Plugin {
  return {
    name: 'debate-companion:fast-opening',
    // The dev server's pages keep their scripts as Vite writes them (its client must run as is).
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes('data-loads-modules')) return html;
        const bundle = Object.values(context.bundle ?? {});
        const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)];
        const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g)];
        const entries = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\n?/g)];
        let rest = html;
        for (const [tag, fileName] of sheets) {
          const sheet = bundle.find((file) => file.fileName === fileName);
          if (sheet?.type === 'asset') rest = rest.replace(tag, `<style>${String(sheet.source)}</style>`);
        }
        for (const [tag] of [...preloads, ...entries]) rest = rest.replace(tag, '');
        const urls = [...preloads, ...entries].map((match) => match[1]).join(' ');
        // The checks chunk (imported after the first paint) is fetched with the others, run later.
        const checks = bundle.find((file) => file.name === 'checks');
        const after = checks ? ` data-after="/${checks.fileName}"` : '';
        return rest.replace('</head>', `  <meta name="${MODULES_META}" content="${urls}"${after}>\n  </head>`);
      },
    },
  };
}

/**
 * The extension pages' chunks (one build for them all): each page loads few files, since an
 * extension page pays for every file it fetches before it can draw. The code the pages share goes in
 * one chunk; full zod and the protocol table in another, loaded after the first paint
 * (lib/messages/send.ts).
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
            name: 'checks',
            priority: 2,
            test: /node_modules[\\/]zod[\\/]|lib[\\/]zod\.ts|lib[\\/]api[\\/]schemas\.ts|lib[\\/]messages[\\/](protocol|fields|reply|push)\.ts|lib[\\/]storage[\\/]settings\.ts/,
          },
          { name: 'shared', priority: 1, minShareCount: 2 },
        ],
      },
    },
  };
}
