export { type BotSender, dropWaitingFor, outboxLoop, RETRY_MS } from './sender.ts';
export { postClosed, postFrozen, telegramNotification } from './service.ts';
