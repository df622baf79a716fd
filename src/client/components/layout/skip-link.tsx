import { Trans } from '@lingui/react/macro';
/**
 * The first stop of the Tab order on every page: straight to the page's content (#main), past the
 * header's links. Hidden until it has the focus.
 */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-gold focus:px-3 focus:py-2 focus:text-gold-foreground"
    >
      <Trans>Skip to content</Trans>
    </a>
  );
}
