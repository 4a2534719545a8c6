import { createServer, type Server } from 'node:http';

/** A site on another origin than the sandbox, serving fixed pages (a news site that links to posts). */
export interface ThirdPartySite {
  /** `http://127.0.0.2:PORT`: another host than the sandbox's 127.0.0.1, so another origin and site. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → HTML) on 127.0.0.2 (loopback on Linux, but not a host the extension has
 * access to without the all-sites grant). Scripts are allowed: hostile pages need them.
 */
export async function startThirdPartySite(pages: Record<string, string>, host = '127.0.0.2'): Promise<ThirdPartySite> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const page = pages[path];
    if (page === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    origin: `http://${host}:${address.port}`,
    // A browser keeps its connections open: closed here, or the server's close waits until they
    // time out (about 100 s after a Chromium tab of the hostile page).
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
