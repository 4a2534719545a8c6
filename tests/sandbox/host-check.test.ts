import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposesBeyondLoopback } from '../../sandbox/host-check.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';

/** A raw request with any `Host` and headers (fetch does not let a caller choose the Host). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers, setHost: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let sandbox: RunningSandbox;
let port: string;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: true });
  port = new URL(sandbox.baseUrl).port;
});
afterAll(() => sandbox.close());

describe('the sandbox answers only its own address (DNS rebinding)', () => {
  it('answers 421 to any other Host, on the API, the controls and the website', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1:1', `localhost.evil.example:${port}`, '']) {
      for (const [method, path] of [
        ['GET', '/__sandbox'],
        ['POST', '/__sandbox/reset'],
        ['GET', '/v1/me'],
        ['GET', '/'],
        ['POST', '/posts'],
      ] as const) {
        const answer = await raw(sandbox.baseUrl, method, path, { host, authorization: `Bearer ${sandbox.testKey}` });
        expect(answer.status, `${method} ${path} with Host "${host}"`).toBe(421);
        expect(answer.text).not.toContain(sandbox.testKey);
      }
    }
  });

  it('answers its loopback names with its port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await raw(sandbox.baseUrl, 'GET', '/', { host })).status).toBe(200);
    }
  });

  it("takes the website's form only from its own address, not from another loopback site", async () => {
    const form = { host: `127.0.0.1:${port}`, 'content-type': 'application/x-www-form-urlencoded' };
    for (const origin of ['http://127.0.0.2:8080', `http://127.0.0.1:${Number(port) + 1}`, 'https://evil.example']) {
      const answer = await raw(sandbox.baseUrl, 'POST', '/posts', { ...form, origin }, 'body=From+another+site');
      expect(answer.status, origin).toBe(403);
    }
    const own = await raw(sandbox.baseUrl, 'POST', '/posts', { ...form, origin: sandbox.baseUrl }, 'body=Mine');
    expect(own.status).toBe(303);
  });

  it('calls a non-loopback bind exposed (the CLI warns about it)', () => {
    expect(exposesBeyondLoopback('0.0.0.0')).toBe(true);
    expect(exposesBeyondLoopback('192.168.1.5')).toBe(true);
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(exposesBeyondLoopback(host)).toBe(false);
  });
});
