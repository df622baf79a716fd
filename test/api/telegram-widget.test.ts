/**
 * The Telegram Login Widget is offered only where it can work (DECISIONS §7, Linked accounts): with
 * TELEGRAM_BOT_USERNAME and TELEGRAM_BOT_TOKEN set, GET /api/settings names the bot and every
 * answer's CSP lets telegram.org's script and oauth.telegram.org's frame in; without either, the
 * settings do not name a bot and the CSP loads nothing from elsewhere. Discord linking is said set up
 * when its OAuth application is.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { TEST_BOT_TOKEN, TEST_DISCORD } from '../helpers/providers.ts';
import { TEST_SESSION_SECRET } from '../helpers/server.ts';
import { blockServer } from '../helpers/suite.ts';

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('with the bot’s username and token', () => {
  const server = blockServer({
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: '@GoalChainTestBot',
      DISCORD_CLIENT_ID: TEST_DISCORD.clientId,
      DISCORD_CLIENT_SECRET: TEST_DISCORD.clientSecret,
    },
  });

  it('names the bot (without its @) in the settings, never the token, and lets the widget’s script and frame in', async () => {
    const settings = await new ApiClient(server).get('/api/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ telegramBotUsername: 'GoalChainTestBot', discordLinking: true });
    expect(settings.text).not.toContain(TEST_BOT_TOKEN.split(':')[1]);
    for (const url of ['/api/settings', '/profile']) {
      const csp = directives((await server.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://telegram.org']);
      expect(csp.get('frame-src')).toEqual(['https://oauth.telegram.org']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });
});

describe('with the token but no username', () => {
  const server = blockServer({ env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN } });

  it('names no bot and keeps the CSP to this site', async () => {
    const settings = await new ApiClient(server).get('/api/settings');
    expect(settings.body.telegramBotUsername).toBeUndefined();
    expect(settings.body.discordLinking).toBe(false);
    const csp = directives((await server.app.inject({ method: 'GET', url: '/profile' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
  });
});

describe('with a username but no token', () => {
  const server = blockServer({ env: { TELEGRAM_BOT_USERNAME: 'GoalChainTestBot' } });

  it('names no bot: the widget’s answers could not be checked', async () => {
    expect((await new ApiClient(server).get('/api/settings')).body.telegramBotUsername).toBeUndefined();
    const csp = directives((await server.app.inject({ method: 'GET', url: '/profile' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

it('refuses a username that is not a bot’s at start, and takes one with or without its @', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp/ambassador-test-unused' };
  expect(() => loadConfig({ ...base, TELEGRAM_BOT_USERNAME: 'not a bot' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...base, TELEGRAM_BOT_USERNAME: 'GoalChainFans' })).toThrow(/TELEGRAM_BOT_USERNAME/);
  expect(loadConfig({ ...base, TELEGRAM_BOT_USERNAME: '@GoalChainBot' }).providers.telegramBotUsername).toBe('GoalChainBot');
  expect(loadConfig({ ...base, TELEGRAM_BOT_USERNAME: 'goal_chain_bot' }).providers.telegramBotUsername).toBe('goal_chain_bot');
});
