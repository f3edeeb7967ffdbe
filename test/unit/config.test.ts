/**
 * The environment is read through one schema: a value that cannot be used stops the start with a
 * message naming the variable, where it used to fall back to the default without a word.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';
import { TRUST_PROXY_HELP } from '../../server/http/trusted-proxies';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

test.each(['abc', '-1', '3000.5', '65536', '80 80'])('PORT=%j is refused with a message naming PORT', (value) => {
  expect(() => loadConfig({ PORT: value })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: value })).toThrow(/PORT must be a whole number from 0 to 65535/);
});

test.each(['0', 'ten', '-5', '1.5'])('LEADS_RATE_LIMIT=%j is refused, not replaced by 10', (value) => {
  expect(problemsOf({ LEADS_RATE_LIMIT: value })).toEqual([expect.stringMatching(/^LEADS_RATE_LIMIT must be a whole number from 1 /)]);
});

test('every unusable variable is named at once, without echoing a value (URLs carry passwords)', () => {
  const problems = problemsOf({
    PORT: 'x',
    LEAD_SPOOL_MAX: '0',
    DATABASE_URL: 'mysql://root:hunter2@db/college',
    SMTP_URL: 'not a url',
    REDIS_URL: 'http://cache',
    SITE_URL: 'college.example',
    ADMIN_EMAIL: 'nobody',
    ADMISSIONS_EMAIL: 'a b@c',
    LOG_LEVEL: 'loud',
    LOG_FORMAT: 'yaml',
    TRUST_PROXY: 'everyone',
  });
  expect(problems.map((line) => line.split(' ')[0])).toEqual([
    'PORT',
    'DATABASE_URL',
    'SMTP_URL',
    'ADMISSIONS_EMAIL',
    'SITE_URL',
    'ADMIN_EMAIL',
    'LOG_LEVEL',
    'LOG_FORMAT',
    'TRUST_PROXY',
    'REDIS_URL',
    'LEAD_SPOOL_MAX',
  ]);
  expect(problems).toContain(TRUST_PROXY_HELP);
  expect(problems.join('\n')).not.toMatch(/hunter2|loud|yaml/);
});

test('unset or empty variables take the defaults', () => {
  for (const env of [{}, { PORT: '', LEADS_RATE_LIMIT: '', SITE_URL: '', LOG_LEVEL: '', DATABASE_URL: '' }]) {
    const config = loadConfig(env);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      smtpUrl: null,
      siteUrl: 'http://localhost:3000',
      adminEmail: null,
      adminPassword: null,
      distDir: path.resolve('dist'),
      logLevel: 'info',
      trustProxy: false,
      redisUrl: null,
      leadsRateLimit: 10,
      leadSpoolMax: 5000,
      metricsToken: null,
      secretsKey: null,
      secretsKeyPrevious: [],
      secretsKeyFile: path.resolve('data.secrets-key'),
      retentionMonths: 24,
    });
    expect(config.mailFrom).toMatch(/^Northbridge College </);
    expect(config.admissionsEmail).toMatch(/@/);
  }
});

test('good values are parsed', () => {
  const config = loadConfig({
    PORT: '8080',
    HOST: '127.0.0.1',
    DATA_DIR: '/srv/college/data',
    DATABASE_URL: 'postgres://app:secret@db:5432/college',
    SMTP_URL: 'smtps://user:pass@mail.example:465',
    MAIL_FROM: 'Admissions <a@college.example>',
    ADMISSIONS_EMAIL: 'intake@college.example',
    SITE_URL: 'https://college.example/',
    ADMIN_EMAIL: 'head@college.example',
    ADMIN_PASSWORD: ' spaces kept ',
    DIST_DIR: '/srv/college/dist',
    LOG_LEVEL: 'debug',
    LOG_FORMAT: 'json',
    TRUST_PROXY: '10.0.0.5,10.1.0.0/16',
    REDIS_URL: 'rediss://cache:6380',
    LEADS_RATE_LIMIT: '25',
    LEAD_SPOOL_MAX: '100',
    METRICS_TOKEN: 'scrape',
    SECRETS_KEY_PREVIOUS: 'a, b',
    SECRETS_KEY_FILE: '/etc/college/key',
    RETENTION_MONTHS: '0',
  });
  expect(config).toEqual(
    expect.objectContaining({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/college/data',
      databaseUrl: 'postgres://app:secret@db:5432/college',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Admissions <a@college.example>',
      admissionsEmail: 'intake@college.example',
      siteUrl: 'https://college.example',
      adminEmail: 'head@college.example',
      adminPassword: ' spaces kept ',
      distDir: '/srv/college/dist',
      logLevel: 'debug',
      logFormat: 'json',
      trustProxy: ['10.0.0.5', '10.1.0.0/16'],
      redisUrl: 'rediss://cache:6380',
      leadsRateLimit: 25,
      leadSpoolMax: 100,
      metricsToken: 'scrape',
      secretsKey: null,
      secretsKeyPrevious: ['a', 'b'],
      secretsKeyFile: '/etc/college/key',
      retentionMonths: 0,
    }),
  );
  expect(loadConfig({ PORT: '0', TRUST_PROXY: '2' })).toMatchObject({ port: 0, trustProxy: 2, siteUrl: 'http://localhost:0' });
});

test('variables the server does not read are ignored (the whole process environment is passed)', () => {
  expect(loadConfig({ PATH: '/usr/bin', NODE_ENV: 'production', CHROMIUM_PATH: '', STAFF_PASSWORD: 'x' }).port).toBe(3000);
});

test('PARTNER_ORIGINS: origins kept as the lead intake stores them; anything more than an origin stops the start', () => {
  expect(loadConfig({}).partnerOrigins).toEqual([]);
  expect(
    loadConfig({ PARTNER_ORIGINS: ' https://Partner.Example/ ,http://apply.partner.ca:8080,, https://partner.example:443' }).partnerOrigins,
  ).toEqual(['https://partner.example', 'http://apply.partner.ca:8080']);
  for (const value of [
    'partner.example',
    'https://partner.example/apply',
    'https://partner.example?ref=1',
    'https://user:pass@partner.example',
    'ftp://partner.example',
    'https://ok.example, https://partner.example/#top',
  ]) {
    expect(problemsOf({ PARTNER_ORIGINS: value })).toEqual([
      'PARTNER_ORIGINS must be origins separated by commas, each only a scheme, host and port, such as https://partner.example',
    ]);
  }
});
