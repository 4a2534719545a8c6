import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A webhook receiver on a free loopback port; `failFirst` answers 500 to that many requests before 200s. */
export class Receiver {
  readonly received: Received[] = [];
  failFirst = 0;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = receiver;
        if (!r) return;
        const status = r.received.length < r.failFirst ? 500 : 200;
        r.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'boom');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    receiver = new Receiver(server, `http://127.0.0.1:${port}/hook`);
    return receiver;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
