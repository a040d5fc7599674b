// A small round-robin HTTP load balancer in front of several Rally instances, for the
// two-instance test and bench (what Caddy is in compose.yaml). It behaves as a
// proxy the instances trust through TRUST_PROXY would:
// - each request goes to the next instance in turn, over keep-alive connections;
// - the TCP peer's address is appended to X-Forwarded-For, X-Forwarded-Proto is set;
// - a connection an instance refuses (it is stopping or gone) is retried on the
//   next one: nothing was sent, so nothing can happen twice;
// - a connection that fails after the request went out is passed on as a failed
//   connection: the proxy cannot know whether a write happened, so it neither
//   retries nor makes up a status.
// `x-upstream: <index>` on a request sends it to that instance only (tests say
// "through A" or "on B" with it); every answer names its instance in `x-upstream`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const UPSTREAM_HEADER = 'x-upstream';

/** Hop-by-hop headers (RFC 9110 7.6.1): they describe one connection, not the message. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

export interface RoundRobinProxy {
  port: number;
  /** Requests each instance answered, by index. */
  served: number[];
  close: () => Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const served = upstreamPorts.map(() => 0);
  let next = 0;

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    index: number,
    retriesLeft: number,
  ) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    delete headers[UPSTREAM_HEADER];
    const peer = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${prior}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    if (body.length > 0) headers['content-length'] = body.length;

    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPorts[index], method: req.method, path: req.url, headers, agent },
      (upRes) => {
        const out: http.OutgoingHttpHeaders = { ...upRes.headers, [UPSTREAM_HEADER]: String(index) };
        for (const h of HOP_BY_HOP) delete out[h];
        res.writeHead(upRes.statusCode ?? 502, out);
        upRes.pipe(res);
        upRes.on('end', () => served[index]++);
        upRes.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && retriesLeft > 0 && !res.headersSent) {
        forward(req, res, body, (index + 1) % upstreamPorts.length, retriesLeft - 1);
        return;
      }
      // The instance dropped the connection: so does the proxy, towards its client.
      res.destroy();
      req.socket.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    // A client that goes away mid-exchange is no error of the proxy's: its sockets
    // close, and nothing may surface as an uncaught error in the test process.
    req.on('error', () => req.socket.destroy());
    res.on('error', () => req.socket.destroy());
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const pinned = Number(req.headers[UPSTREAM_HEADER]);
      if (req.headers[UPSTREAM_HEADER] !== undefined) {
        if (!Number.isInteger(pinned) || !upstreamPorts[pinned]) {
          res.writeHead(400).end(`no upstream ${req.headers[UPSTREAM_HEADER]}`);
          return;
        }
        forward(req, res, Buffer.concat(chunks), pinned, 0);
        return;
      }
      const index = next;
      next = (next + 1) % upstreamPorts.length;
      forward(req, res, Buffer.concat(chunks), index, upstreamPorts.length - 1);
    });
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
