/**
 * Request logs that scale. Fastify writes two lines per request ('incoming request', 'request
 * completed'): a busy leaderboard wrote hundreds of thousands of lines a minute, and logging was
 * most of the CPU a public read cost. Here:
 *
 * - a request gets one full line when it completes (the request, its id, the answer's status, the
 *   time), not two: every change (POST, PUT, PATCH, DELETE), and a read (GET, HEAD) when it failed
 *   (status >= 400 or an error), was slow (SLOW_REQUEST_MS or more), or was made by an admin
 *   (admins read other people's data: each such read is on record);
 * - a quiet read, answered successfully and promptly to nobody signed in or to an ambassador (the
 *   public reads, pages, health checks, metrics scrapes, an ambassador's own pages), is counted
 *   instead, and the counts are written as one line a minute (QuietReads). The metrics (GET
 *   /metrics) count every request by route and status too.
 *
 * Whatever is logged carries the request id (`reqId`, the X-Request-Id header) as before: errors
 * logged by the handlers use the request's own logger.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** A read that took this long gets its line even when it succeeded. */
export const SLOW_REQUEST_MS = 500;
/** How often the counts of quiet reads are written. */
export const QUIET_SUMMARY_EVERY_MS = 60_000;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Answered successfully and promptly to nobody signed in or to an ambassador. */
function isQuiet(request: FastifyRequest, reply: FastifyReply): boolean {
  const admin = request.user !== null && (request.user.isAdmin || request.user.isSuperAdmin);
  return reply.statusCode < 400 && reply.elapsedTime < SLOW_REQUEST_MS && !admin;
}

export class RequestLog extends LogController {
  /** Quiet reads answered since the last summary, by status. */
  private quiet = new Map<number, number>();
  private quietSince = Date.now();

  override incomingRequest(): void {
    // A request's one line is written when it completes, with its answer.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (!error && isRead(request.method) && isQuiet(request, reply)) {
      this.quiet.set(reply.statusCode, (this.quiet.get(reply.statusCode) ?? 0) + 1);
      return;
    }
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  /** Writes the counts of quiet reads since the last call (nothing when there were none). */
  flushQuiet(log: FastifyBaseLogger): void {
    const now = Date.now();
    if (this.quiet.size) {
      const byStatus: Record<string, number> = {};
      let total = 0;
      for (const [status, n] of this.quiet) {
        byStatus[status] = n;
        total += n;
      }
      log.info({ quietReads: { total, byStatus, seconds: Math.round((now - this.quietSince) / 1000) } }, 'reads answered without a line each');
    }
    this.quiet = new Map();
    this.quietSince = now;
  }
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's isLevelEnabled; a logger without it (not pino) is asked every time. */
function levelEnabled(logger: FastifyBaseLogger, level: string): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' ? check.call(logger, level) : true;
}

/**
 * A request's logger (request.log, with its `reqId`), made only when the request writes a line.
 * pino makes a child by serialising its bindings at once, which cost a quiet read more than the rest
 * of its logging; most requests now write nothing, so their child is never made.
 */
class LazyChild {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {}
  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
  private write(level: LogMethod, args: unknown[]): void {
    // A level the parent does not write is not written by the child either (a child of its own level is made at once).
    if (this.made || levelEnabled(this.parent, level)) (this.real[level] as (...a: unknown[]) => void)(...args);
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(value: string) {
    this.real.level = value;
  }
  isLevelEnabled(level: string): boolean {
    return levelEnabled(this.made ?? this.parent, level);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): FastifyBaseLogger {
    return this.real.child(bindings, options as Parameters<FastifyBaseLogger['child']>[1]);
  }
}

/** Fastify's childLoggerFactory: a lazy child, unless the route asks for a level (or serializers) of its own. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyChild(logger, bindings, options as Record<string, unknown>) as unknown as FastifyBaseLogger;
};
