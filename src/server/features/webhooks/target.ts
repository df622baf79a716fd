/**
 * One POST to a webhook target, and nothing else: no redirect is followed (a 3xx is an answer that
 * is not 2xx), the whole exchange has a time limit, at most MAX_RESPONSE_BYTES of the answer are
 * read, and (unless WEBHOOK_ALLOW_PRIVATE) the connection is refused when the name resolves to a
 * private, loopback, link-local or other non-public address. The check runs in the socket's own
 * DNS lookup, so the address checked is the address connected to (no second resolution a
 * rebinding name could answer differently).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** How much of an answer is kept for the delivery log. */
export const MAX_RESPONSE_BYTES = 1024;

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

/** A public unicast address: not private, loopback, link-local, unique-local, CGNAT, multicast, reserved or unspecified (IPv4-mapped IPv6 read as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface PostResult {
  /** The answer's status; null when there was none. */
  status: number | null;
  /** The answer's first bytes, or why there was no answer. */
  response: string;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  agent?: { http: http.Agent; https: https.Agent };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new TargetRefused(`${hostname} resolves to a non-public address (${refused.address})`), '');
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new TargetRefused(`${hostname} has no address`), '');
    callback(null, first.address, first.family);
  });
}

/** Agents that keep connections to targets open between deliveries (each new connection is checked). */
export function targetAgents(allowPrivate: boolean, maxSockets: number): { http: http.Agent; https: https.Agent } {
  const lookup = allowPrivate ? undefined : checkedLookup;
  return {
    http: new http.Agent({ keepAlive: true, maxSockets, ...(lookup ? { lookup } : {}) }),
    https: new https.Agent({ keepAlive: true, maxSockets, ...(lookup ? { lookup } : {}) }),
  };
}

/** PostgreSQL text holds no NUL character: one in an answer is shown as U+FFFD. */
const printable = (text: string) => text.replaceAll(String.fromCharCode(0), '\uFFFD');

export function postJson(target: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ status: null, response: 'refused: not a URL' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.resolve({ status: null, response: 'refused: not http(s)' });
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // A literal address is connected to without a lookup: it is checked here.
  if (!options.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve({ status: null, response: `refused: ${host} is not a public address` });
  }
  const secure = url.protocol === 'https:';
  const lookup = options.allowPrivate ? undefined : checkedLookup;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'ambassador-programme-webhooks/1',
        ...headers,
      },
      ...(options.agent ? { agent: secure ? options.agent.https : options.agent.http } : { agent: false }),
      ...(lookup ? { lookup } : {}),
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${Math.round(options.timeoutMs / 1000)} s`));
    }, options.timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        finish({ status: response.statusCode ?? null, response: printable(Buffer.concat(chunks).toString('utf8')) });
      };
      response.on('data', (chunk: Buffer) => {
        if (size >= MAX_RESPONSE_BYTES) return;
        chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
        size += Math.min(chunk.length, MAX_RESPONSE_BYTES - size);
        // Enough is read: the rest is not wanted, and the connection is not reused.
        if (size >= MAX_RESPONSE_BYTES) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    request.on('error', (error) => {
      finish({ status: null, response: printable(`${error instanceof TargetRefused ? 'refused' : 'failed'}: ${error.message}`).slice(0, MAX_RESPONSE_BYTES) });
    });
    request.end(body);
  });
}
