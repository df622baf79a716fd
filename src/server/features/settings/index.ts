export { getSettings, settingsIn } from './service.ts';
