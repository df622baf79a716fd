/**
 * The super admin's integrations (DECISIONS §7, Webhooks and API keys): API keys and webhook
 * endpoints. Each change names `integrations` (and `activity`: every one is in the activity log).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  TApiKeyCreated,
  TApiKeyInput,
  TWebhookCreated,
  TWebhookDeliveryView,
  TWebhookInput,
  TWebhookPatch,
  TWebhookView,
} from '../../../../shared/schemas/integrations.ts';
import { resources } from '../../../api/resources.ts';
import { apiRequest } from '../../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

export function useApiKeys() {
  return useQuery(resources.apiKeys());
}

export function useCreateApiKey() {
  return useMutation({
    // The key is shown at once, from the answer: the list catches up behind the dialog.
    mutationFn: (input: TApiKeyInput) => apiRequest<TApiKeyCreated>('POST', '/api/admin/api-keys', input, undefined, { background: true }),
  });
}

export function useRevokeApiKey() {
  return useMutation({ mutationFn: (keyId: string) => apiRequest<{ message: string }>('DELETE', `/api/admin/api-keys/${id(keyId)}`) });
}

export function useWebhooks() {
  return useQuery(resources.webhooks());
}

export function useCreateWebhook() {
  return useMutation({
    mutationFn: (input: TWebhookInput) => apiRequest<TWebhookCreated>('POST', '/api/admin/webhooks', input, undefined, { background: true }),
  });
}

export function useUpdateWebhook() {
  return useMutation({
    mutationFn: ({ endpointId, patch }: { endpointId: string; patch: TWebhookPatch }) =>
      apiRequest<TWebhookView>('PATCH', `/api/admin/webhooks/${id(endpointId)}`, patch),
  });
}

export function useDeleteWebhook() {
  return useMutation({ mutationFn: (endpointId: string) => apiRequest<{ message: string }>('DELETE', `/api/admin/webhooks/${id(endpointId)}`) });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (endpointId: string) =>
      apiRequest<{ secret: string; rotatingUntil: string }>('POST', `/api/admin/webhooks/${id(endpointId)}/rotate-secret`, undefined, undefined, {
        background: true,
      }),
  });
}

export function useSendTestWebhook() {
  return useMutation({ mutationFn: (endpointId: string) => apiRequest<{ eventId: string }>('POST', `/api/admin/webhooks/${id(endpointId)}/test`) });
}

export function useReplayDelivery() {
  return useMutation({
    mutationFn: (deliveryId: string) => apiRequest<TWebhookDeliveryView>('POST', `/api/admin/webhook-deliveries/${id(deliveryId)}/replay`),
  });
}
