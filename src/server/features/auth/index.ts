export { issueSetupToken } from './setup-tokens.ts';
