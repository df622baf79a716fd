import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Component, Fragment, type ReactNode } from 'react';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { Button } from '../components/ui/button.tsx';

/** A page's code could not be loaded (a lazy chunk): the network dropped, or a redeploy removed it. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`The page's code could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ChunkLoadError';
  }

  /** The chunk's address, when the browser's message names it ("Failed to fetch dynamically imported module: https://…/assets/x.js"). */
  get url(): string | null {
    const cause = this.cause instanceof Error ? this.cause.message : String(this.cause);
    return /(https?:\/\/\S+?\.js)\b/.exec(cause)?.[1] ?? null;
  }
}

/** Waits before the nth try: 1, 2, 4, 8, 15, 15… seconds. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 15_000);
}

const RELOADED_KEY = 'ambassador.chunk-reload';
/** A reload that did not help is not repeated sooner than this. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * Loads the page afresh, at most once a minute: after a redeploy the old chunk is gone for good
 * (the new index.html names the new ones), and a browser may keep a failed module import failed.
 */
function reloadOnce(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_KEY) ?? '0');
    if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return false;
    window.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    // No storage (private mode): reload anyway; the chunk answered, so the new page will load.
  }
  window.location.reload();
  return true;
}

/** Whether the server answers at this address now (any HTTP answer: the connection is back). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

interface Props {
  /** Loads the page's code again; resolves once it is there. */
  retry: () => Promise<void>;
  children: ReactNode;
}

interface State {
  error: ChunkLoadError | null;
  /** An error that is not a loading failure: thrown on to the boundary above. */
  other: { error: unknown } | null;
  /** Bumped on recovery: the page below is mounted afresh, from the code now loaded. */
  generation: number;
}

/**
 * Around a lazily loaded page: when its code cannot be loaded, an alert with a Reload button
 * instead of a blank page, and recovery by itself. It tries the import again with a growing wait;
 * once the server answers again but the import still fails (a redeploy, or a browser that keeps
 * the failed import), it reloads the page, once. Any other error goes on to the boundary above.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, other: null, generation: 0 };
  private timer: number | undefined;
  private attempt = 0;
  private unmounted = false;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return error instanceof ChunkLoadError ? { error } : { other: { error } };
  }

  override componentDidCatch(error: unknown): void {
    if (error instanceof ChunkLoadError) this.schedule();
  }

  override componentWillUnmount(): void {
    this.unmounted = true;
    window.clearTimeout(this.timer);
  }

  private schedule(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.tryAgain(), retryDelayMs(this.attempt));
    this.attempt += 1;
  }

  private async tryAgain(): Promise<void> {
    if (this.unmounted || !this.state.error) return;
    try {
      await this.props.retry();
      if (this.unmounted) return;
      this.attempt = 0;
      this.setState((state) => ({ error: null, generation: state.generation + 1 }));
    } catch {
      if (this.unmounted) return;
      const probe = this.state.error?.url ?? '/healthz';
      if ((await answers(probe)) && reloadOnce()) return;
      this.schedule();
    }
  }

  override render(): ReactNode {
    const { error, other, generation } = this.state;
    // Not a loading failure: not this boundary's to show.
    if (other) throw other.error;
    if (!error) return <Fragment key={generation}>{this.props.children}</Fragment>;
    // The page's own layout came with its code: the site's header (the logo home, the language
    // menu, the way in or back) stands above the alert instead, so the visitor is not stranded.
    return (
      <PublicLayout footer={false}>
        <div className="flex min-h-[60vh] items-center justify-center px-4">
          <div role="alert" className="flex max-w-md flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-6 text-center">
            <WifiOff className="size-10 text-gold" aria-hidden="true" />
            <h1 className="text-xl font-bold">{i18n._(msg`This page could not be loaded.`)}</h1>
            <p className="text-sm text-muted">
              {i18n._(msg`The connection dropped, or the site was just updated. It will load by itself as soon as it can; or reload the page now.`)}
            </p>
            <Button onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" /> {i18n._(msg`Reload`)}
            </Button>
          </div>
        </div>
      </PublicLayout>
    );
  }
}
