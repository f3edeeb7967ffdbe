/** The start-up block: addresses always; the generated account only when this start created one. */
import { startupBanner } from '../../server/startup-banner';
import { logFormat } from '../../server/logger';

test('a framed block with the site, the staff sign-in and, on the first start, the account', () => {
  const text = startupBanner({
    siteUrl: 'http://localhost:3000',
    createdAdmin: { email: 'admin@northbridge-college.ca', generatedPassword: 'Gen3rated-Passw0rd' },
    embeddedDatabaseDir: '/srv/data/pgdata',
    secretsKey: { file: '/srv/data.secrets-key', created: true },
  });
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^┌─+┐$/);
  expect(lines.at(-1)).toMatch(/^└─+┘$/);
  // Every line is as wide as the frame.
  expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  expect(text).toContain('http://localhost:3000/crm/login');
  expect(text).toContain('admin@northbridge-college.ca');
  expect(text).toContain('Gen3rated-Passw0rd');
  expect(text).toContain('/srv/data/pgdata');
  // Issue 19: the new admin changes the generated password where the CRM has that form.
  expect(text).toContain('My account → Change password');
  expect(text).not.toContain('Forgot password');
  // Issue 21: where the secrets key file is, and to back it up.
  expect(text).toContain('Secrets key      /srv/data.secrets-key (created now)');
  expect(text).toMatch(/Back this file up, apart from the data folder/);
});

test('with SECRETS_KEY, the block names the variable and no file', () => {
  const text = startupBanner({
    siteUrl: 'https://www.example.ca',
    createdAdmin: null,
    embeddedDatabaseDir: null,
    secretsKey: { file: null, created: false },
  });
  expect(text).toContain('Secrets key      SECRETS_KEY (environment)');
  expect(text).not.toContain('Back this file up');
});

test('later starts, or a configured password: no password in the block', () => {
  const text = startupBanner({
    siteUrl: 'https://www.example.ca',
    createdAdmin: { email: 'boss@example.ca', generatedPassword: null },
    embeddedDatabaseDir: null,
  });
  expect(text).not.toContain('Password');
  expect(text).toContain('PostgreSQL (DATABASE_URL)');
});

test('logs are readable lines in a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
  expect(logFormat(undefined, true)).toBe('pretty');
  expect(logFormat(undefined, false)).toBe('json');
  expect(logFormat('json', true)).toBe('json');
  expect(logFormat('pretty', false)).toBe('pretty');
});

test('issue 31: the block says how long the start took, and what that time covers', () => {
  const text = startupBanner({
    siteUrl: 'http://localhost:3000',
    createdAdmin: null,
    embeddedDatabaseDir: '/srv/data/pgdata',
    readySeconds: 2.04,
  });
  expect(text).toContain('Ready in         2.0 s from the start of this process (any build included)');
  expect(startupBanner({ siteUrl: 'http://localhost:3000', createdAdmin: null, embeddedDatabaseDir: null })).not.toContain('Ready in');
});
