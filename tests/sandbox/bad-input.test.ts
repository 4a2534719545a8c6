import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, TestSandbox } from './helpers.js';

let sb: TestSandbox;
let postId: string;
beforeAll(async () => {
  sb = await TestSandbox.start({ budget: { writes: 1000, windowSeconds: 60 } });
  postId = await sb.post('The post bad input aims at');
});
afterAll(() => sb.close());

/** Sends a raw body to a write endpoint and expects a 4xx with the given code, changing nothing. */
async function refused(
  path: string,
  body: BodyInit | undefined,
  status: number,
  code: string,
  contentType: string | null = 'application/json',
  extra: Record<string, string> = {},
): Promise<void> {
  const before = await sb.stats();
  const headers: Record<string, string> = { Authorization: `Bearer ${sb.key}`, ...extra };
  if (contentType !== null) headers['Content-Type'] = contentType;
  const answer = await sb.request<ErrorBody>('POST', path, { body, headers });
  const label = `${path} ${typeof body === 'string' ? body.slice(0, 60) : typeof body}`;
  expect(answer.status, label).toBe(status);
  expect(answer.json.error.code, label).toBe(code);
  expect(answer.json.error.message, label).toEqual(expect.any(String));
  expect(await sb.stats(), label).toEqual(before);
}

const writePaths = () => ['/v1/posts', `/v1/posts/${postId}/comments`];

describe('bad input never crashes, never writes, always 4xx', () => {
  it('malformed JSON → 400 invalid_json', async () => {
    for (const path of [...writePaths(), `/v1/posts/${postId}/reactions`]) {
      for (const raw of [
        '{"body": "x"',
        '{body: "x"}',
        "{'body': 'x'}",
        '{"body": "x",}',
        'undefined',
        '{"body": "x"} trailing',
      ]) {
        await refused(path, raw, 400, 'invalid_json');
      }
    }
  });

  it('empty body, body not an object, wrong types, unknown fields → 400 invalid_body', async () => {
    const cases = [
      '',
      '   \n',
      '[]',
      '"a string"',
      '42',
      'null',
      'true',
      '{}',
      '{"body": 42}',
      '{"body": null}',
      '{"body": ["x"]}',
      '{"body": {"text": "x"}}',
      '{"body": true}',
      '{"text": "wrong name"}',
      '{"body": "x", "extra": 1}',
      '{"body": "x", "__proto__": {"admin": true}}',
      '{"body": "x", "constructor": {}}',
      '{"body": ""}',
      '{"body": "   \\n\\t "}',
      `{"body": "${'x'.repeat(2001)}"}`,
      `{"body": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ];
    for (const path of writePaths()) for (const raw of cases) await refused(path, raw, 400, 'invalid_body');
    for (const raw of [
      '{}',
      '{"kind": 1}',
      '{"kind": ""}',
      '{"kind": null}',
      '{"kind": "agree", "extra": true}',
      '[]',
    ]) {
      await refused(`/v1/posts/${postId}/reactions`, raw, 400, 'invalid_body');
    }
  });

  it('lone surrogates, NUL and invalid UTF-8 → 400', async () => {
    for (const path of writePaths()) {
      await refused(path, '{"body": "half \\ud800 a pair"}', 400, 'invalid_body');
      await refused(path, '{"body": "\\udc00 trailing half"}', 400, 'invalid_body');
      await refused(path, '{"body": "nul \\u0000 inside"}', 400, 'invalid_body');
      await refused(
        path,
        Buffer.from([...Buffer.from('{"body": "raw '), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]),
        400,
        'invalid_json',
      );
      await refused(
        path,
        Buffer.from([...Buffer.from('{"body": "'), 0xff, 0xfe, ...Buffer.from('"}')]),
        400,
        'invalid_json',
      );
    }
  });

  it('wrong content type or encoding → 415', async () => {
    for (const type of [
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'json',
      'application/jsonx',
    ]) {
      await refused('/v1/posts', '{"body": "x"}', 415, 'unsupported_media_type', type);
    }
    await refused('/v1/posts', '{"body": "x"}', 415, 'unsupported_media_type', 'application/json', {
      'Content-Encoding': 'gzip',
    });
    // Parameters and case are fine.
    const ok = await sb.request('POST', '/v1/posts', {
      body: '{"body": "typed"}',
      headers: { Authorization: `Bearer ${sb.key}`, 'Content-Type': 'Application/JSON; charset=UTF-8' },
    });
    expect(ok.status).toBe(201);
  });

  it('bodies over 64 KiB → 413, whether declared up front or streamed', async () => {
    await refused('/v1/posts', JSON.stringify({ body: 'x'.repeat(70_000) }), 413, 'payload_too_large');
    await refused('/v1/posts', 'x'.repeat(5 * 1024 * 1024), 413, 'payload_too_large');
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const before = await sb.stats();
    const answer = await fetch(`${sb.base}/v1/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.key}`, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(answer.status).toBe(413);
    expect(await sb.stats()).toEqual(before);
    // Exactly at the limit is fine when it is a valid body (2,000 four-byte emoji = 8 kB).
    expect((await sb.api('POST', '/v1/posts', { body: '🦉'.repeat(2000) })).status).toBe(201);
  });

  it('odd unicode is accepted and round-trips byte for byte', async () => {
    const texts = [
      'Emoji: 👩🏽‍🚀 🏳️‍🌈 🇺🇦 1️⃣',
      'RTL: שלום עולם — مرحبا بالعالم \u200f(mixed) ‏',
      'Combining: e\u0301 vs \u00e9, Zalgo: Z\u0351\u0352\u0353a\u0354\u0355',
      'Zero width: a\u200bb\u200dc\ufeffd, line sep \u2028 para sep \u2029',
      'Astral math: 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 and CJK: 議論',
      '  leading and trailing spaces are kept  ',
    ];
    for (const text of texts) {
      const raw = await fetch(`${sb.base}/v1/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ body: text }),
      });
      expect(raw.status).toBe(201);
      const bytes = Buffer.from(await raw.arrayBuffer());
      const created = JSON.parse(bytes.toString('utf8')) as { id: string; body: string };
      expect(Buffer.from(created.body, 'utf8').equals(Buffer.from(text, 'utf8'))).toBe(true);
      expect(bytes.includes(Buffer.from(text, 'utf8'))).toBe(true);
      const page = await sb.api<{ items: { id: string; body: string }[] }>('GET', '/v1/timelines/public?limit=5');
      expect(page.json.items.find((p) => p.id === created.id)?.body).toBe(text);
    }
  });

  it('SQL-ish strings are stored verbatim and the database is fine', async () => {
    const before = await sb.stats();
    const texts = ["'); DROP TABLE posts;--", '" OR 1=1 --', "Robert'); DELETE FROM keys; --", '%_\\ LIKE escapes'];
    for (const text of texts) {
      const created = await sb.api<{ id: string; body: string }>('POST', '/v1/posts', { body: text });
      expect(created.status).toBe(201);
      expect(created.json.body).toBe(text);
      const comment = await sb.api<{ body: string }>('POST', `/v1/posts/${created.json.id}/comments`, { body: text });
      expect(comment.json.body).toBe(text);
    }
    const after = await sb.stats();
    expect(after.posts).toBe(Number(before.posts) + texts.length);
    expect(after.keys).toBe(before.keys);
    expect(after.integrity).toBe('ok');
    expect((await sb.api('GET', '/v1/me')).status).toBe(200);
    const inject = await sb.api('GET', `/v1/timelines/public?cursor=${encodeURIComponent("1' OR '1'='1")}`);
    expect(inject.status).toBe(400);
  });

  it('after all of that the server still answers and the database passes its integrity check', async () => {
    expect((await sb.api('GET', '/v1/timelines/public')).status).toBe(200);
    expect((await sb.stats()).integrity).toBe('ok');
  });
});
