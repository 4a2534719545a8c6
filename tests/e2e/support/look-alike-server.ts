import { createServer, type Server } from 'node:http';

/** One request the look-alike server received. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The `Authorization` header as it arrived (`Bearer …`), or null. */
  authorization: string | null;
}

/** A server that answers like the API, on another origin: what an attacker points the address at. */
export interface LookAlikeServer {
  /** `http://127.0.0.1:PORT`: loopback (the test build may reach it), but another origin than the sandbox's. */
  origin: string;
  /** Every request (CORS preflights apart), oldest first. */
  readonly seen: SeenRequest[];
  /** From now on, answer every API request with a 307 to `location`. */
  redirectTo(location: string | null): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'GET, POST',
};

/** Answers `/v1/me`, the timeline and writes plausibly, with CORS open to any origin, and records it all. */
export async function startLookAlikeServer(): Promise<LookAlikeServer> {
  const seen: SeenRequest[] = [];
  let redirect: string | null = null;
  const server: Server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    seen.push({ method: request.method ?? '', path, authorization: request.headers.authorization ?? null });
    request.resume();
    if (redirect !== null) {
      response.writeHead(307, { ...CORS, location: `${redirect}${path}` }).end();
      return;
    }
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/v1/me') {
      json(200, { account: { id: 'acc_look', handle: 'look', displayName: 'Look Alike' }, scopes: ['posts:read'] });
    } else if (path === '/v1/timelines/public') json(200, { items: [], nextCursor: null });
    else json(404, { error: { code: 'not_found', message: 'Not found.' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    seen,
    redirectTo: (location) => {
      redirect = location;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
