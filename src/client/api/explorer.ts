import { z } from 'zod';
import { useSettings } from './settings.ts';

/**
 * The block explorer's transaction page (the hash is appended), when GET /api/settings says it;
 * without it a payout shows its hash only.
 */
const ZExplorer = z.object({ explorerTxUrl: z.url({ protocol: /^https?$/ }) });

export function useExplorerTxUrl(): string | undefined {
  const settings = useSettings();
  const parsed = ZExplorer.safeParse(settings.data);
  return parsed.success ? parsed.data.explorerTxUrl : undefined;
}
