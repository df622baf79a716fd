/** Configuration that would weaken the product is refused at start, naming the variable and what to write instead. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { TEST_SESSION_SECRET } from '../helpers/server.ts';

describe('configuration that would weaken the product is refused at start', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp/ambassador-test-unused' };

  it('refuses TRUST_PROXY=true, naming it and saying what to write instead', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop.*number of proxies/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY: not a proxy address or CIDR: proxy.example/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
  });

  it('refuses a production start without SMTP_URL (setup links would be printed), unless EMAIL_TO_LOG=true', () => {
    const production = { ...base, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: is required when NODE_ENV=production.*EMAIL_TO_LOG=true/);
    expect(loadConfig({ ...production, EMAIL_TO_LOG: 'true' }).emailToLog).toBe(true);
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' }).emailToLog).toBe(false);
  });

  it('refuses an ALLOWED_ORIGINS entry that is not an origin', () => {
    expect(() => loadConfig({ ...base, ALLOWED_ORIGINS: 'https://app.example/path' })).toThrow(/ALLOWED_ORIGINS: not an origin/);
    expect(loadConfig({ ...base, ALLOWED_ORIGINS: 'https://app.example, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://app.example',
      'http://localhost:5173',
    ]);
  });
});
