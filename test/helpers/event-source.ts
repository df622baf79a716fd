/**
 * A standard EventSource client, as the WHATWG HTML standard's "Server-sent events" section
 * describes it (https://html.spec.whatwg.org/multipage/server-sent-events.html), over fetch: what a
 * browser's EventSource or the npm `eventsource` package does, for a test that needs a client we
 * did not shape to our server (the `eventsource` package is not installed here). It follows the
 * standard's processing model and nothing of ours:
 * - a request with `Accept: text/event-stream`, `Cache-Control: no-cache` and, when the last event
 *   ID string is not empty, `Last-Event-ID` (plus the session cookie a browser would send);
 * - a 200 answer of type text/event-stream opens it; any other status (204 included) or type
 *   fails it for good (readyState CLOSED, no reconnection); a network error or the end of the
 *   body reestablishes it after the reconnection time, which `retry:` sets;
 * - lines end in CRLF, LF or CR; a leading BOM is dropped; `:` starts a comment; `event`, `data`,
 *   `id` (without NULL) and `retry` (ASCII digits only) fields; a blank line dispatches, setting the
 *   last event ID string first, and an event with no data is not fired.
 * `close()` stops it (readyState CLOSED).
 */

export const CONNECTING = 0;
export const OPEN = 1;
export const CLOSED = 2;

export interface ReceivedEvent {
  type: string;
  data: string;
  lastEventId: string;
}

export class StandardEventSource {
  readyState = CONNECTING;
  /** The reconnection time (ms): the user agent's default until the server sends `retry:`. */
  reconnectionTime = 3_000;
  lastEventId = '';
  readonly events: ReceivedEvent[] = [];
  /** Each request made: its Last-Event-ID and the status answered (0: a network error). */
  readonly requests: { lastEventId: string; status: number }[] = [];
  /** Resolves once the client has failed for good or been closed. */
  readonly closed: Promise<void>;
  private markClosed: () => void = () => undefined;
  private abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly url: string,
    private readonly cookie: string | undefined,
  ) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    void this.connect();
  }

  close(): void {
    this.readyState = CLOSED;
    clearTimeout(this.timer);
    this.abort.abort();
    this.markClosed();
  }

  private fail(): void {
    this.readyState = CLOSED;
    this.markClosed();
  }

  private reestablish(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CONNECTING;
    this.timer = setTimeout(() => {
      if (this.readyState === CONNECTING) void this.connect();
    }, this.reconnectionTime);
  }

  private async connect(): Promise<void> {
    const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' };
    if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
    if (this.cookie) headers.cookie = this.cookie;
    const request = { lastEventId: this.lastEventId, status: 0 };
    this.requests.push(request);
    let response: Response;
    try {
      response = await fetch(this.url, { headers, signal: this.abort.signal });
    } catch {
      return this.reestablish();
    }
    request.status = response.status;
    if (response.status !== 200 || !/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
      await response.body?.cancel().catch(() => undefined);
      return this.fail();
    }
    this.readyState = OPEN;
    let buffer = '';
    let first = true;
    let data = '';
    let type = '';
    let idBuffer = this.lastEventId;
    const line = (text: string) => {
      if (text === '') {
        this.lastEventId = idBuffer;
        if (data === '') {
          type = '';
          return;
        }
        this.events.push({ type: type || 'message', data: data.endsWith('\n') ? data.slice(0, -1) : data, lastEventId: this.lastEventId });
        data = '';
        type = '';
        return;
      }
      if (text.startsWith(':')) return;
      const colon = text.indexOf(':');
      const field = colon === -1 ? text : text.slice(0, colon);
      let value = colon === -1 ? '' : text.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') type = value;
      else if (field === 'data') data += `${value}\n`;
      else if (field === 'id' && !value.includes('\0')) idBuffer = value;
      else if (field === 'retry' && /^[0-9]+$/.test(value)) this.reconnectionTime = Number(value);
    };
    const decoder = new TextDecoder('utf-8');
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        if (first && buffer.length) {
          if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
          first = false;
        }
        // A CR at the end may be the first half of a CRLF: wait for the next chunk.
        for (let match = /\r\n|\n|\r(?!$)/.exec(buffer); match; match = /\r\n|\n|\r(?!$)/.exec(buffer)) {
          line(buffer.slice(0, match.index));
          buffer = buffer.slice(match.index + match[0].length);
        }
      }
    } catch {
      // A network error during the stream: reestablished below, like its end.
    }
    this.reestablish();
  }
}
