import { Trans } from '@lingui/react/macro';
import { ApiKeysSection } from './api-keys-card.tsx';
import { WebhooksSection } from './webhooks-card.tsx';

/**
 * The super admin's integrations (DECISIONS §7, Webhooks and API keys): scoped API keys in,
 * Standard Webhooks out. The server refuses both to anyone else.
 */
export function IntegrationsTab() {
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="integrations-api-keys" className="flex flex-col gap-4">
        <h2 id="integrations-api-keys" className="text-xl font-bold">
          <Trans>API keys</Trans>
        </h2>
        <ApiKeysSection />
      </section>
      <section aria-labelledby="integrations-webhooks" className="flex flex-col gap-4">
        <h2 id="integrations-webhooks" className="text-xl font-bold">
          <Trans>Webhooks</Trans>
        </h2>
        <WebhooksSection />
      </section>
    </div>
  );
}
