/**
 * A real IMAP server for tests: a throw-away Dovecot (Debian's dovecot-imapd; .ci/run installs it)
 * run in the foreground with its own configuration in a temporary folder: 127.0.0.1 on a free
 * port, plain-text login, any user name with the password below (each test takes a mailbox of its
 * own), Maildir under the folder. Mail is delivered by APPEND, as a mail server would file it, or
 * (large mail) written into the Maildir as a local delivery agent does.
 * `stop()` and `start()` make an outage; the mail stays in the folder across them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT_PATH = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((candidate) => fs.existsSync(candidate)) ?? null;
const PASSWORD = 'imap-test-password';

export interface TestImapServer {
  port: number;
  /** `imap://user:password@127.0.0.1:port/INBOX` for a mailbox of this name. */
  urlFor(user: string): string;
  /** Files a raw message (CRLF or LF lines) into the user's INBOX. */
  deliver(user: string, raw: string | Buffer): Promise<void>;
  /** Files a message straight into the user's Maildir, as a local delivery agent would (fast for large mail). */
  deliverFile(user: string, raw: string | Buffer): void;
  /** The flags of every message in the user's INBOX, by UID. */
  flags(user: string): Promise<Map<number, Set<string>>>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Dovecot's login and mail processes refuse root: as root they run as Debian's dovecot users and nobody. */
function identities(): { internal: string; login: string; uid: number; gid: number } {
  const info = os.userInfo();
  if (info.uid !== 0) return { internal: info.username, login: info.username, uid: info.uid, gid: process.getgid?.() ?? info.uid };
  return { internal: 'dovecot', login: 'dovenull', uid: 65534, gid: 65534 };
}

function configuration(dir: string, port: number): string {
  const who = identities();
  fs.mkdirSync(path.join(dir, 'mail'), { recursive: true });
  fs.chownSync(path.join(dir, 'mail'), who.uid, who.gid);
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${who.internal}
default_login_user = ${who.login}
first_valid_uid = 1
passdb {
  driver = static
  args = password=${PASSWORD}
}
userdb {
  driver = static
  args = uid=${who.uid} gid=${who.gid} home=${dir}/mail/%u
}
mail_location = maildir:${dir}/mail/%u/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
}

async function waitForPort(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited: ${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error('dovecot did not start within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startImapServer(): Promise<TestImapServer> {
  if (!DOVECOT_PATH) throw new Error('dovecot is not installed (apt-get install dovecot-imapd)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-imap-'));
  // Dovecot's own users (as root) must reach the Maildir under it.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(conf, configuration(dir, port));
  let child: ChildProcess | null = null;

  const client = async (user: string) => {
    const imap = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: PASSWORD }, logger: false });
    imap.on('error', () => undefined);
    await imap.connect();
    return imap;
  };

  const server: TestImapServer = {
    port,
    urlFor: (user) => `imap://${encodeURIComponent(user)}:${PASSWORD}@127.0.0.1:${port}/INBOX`,
    async deliver(user, raw) {
      const imap = await client(user);
      try {
        await imap.append('INBOX', typeof raw === 'string' ? raw.replace(/\r?\n/g, '\r\n') : raw);
      } finally {
        await imap.logout();
      }
    },
    deliverFile(user, raw) {
      const who = identities();
      const maildir = path.join(dir, 'mail', user, 'Maildir');
      for (const sub of ['', 'new', 'cur', 'tmp']) {
        fs.mkdirSync(path.join(maildir, sub), { recursive: true });
        fs.chownSync(path.join(maildir, sub), who.uid, who.gid);
      }
      fs.chownSync(path.join(dir, 'mail', user), who.uid, who.gid);
      const name = `${Date.now()}.${process.pid}_${crypto.randomUUID()}.test`;
      const body = typeof raw === 'string' ? raw.replace(/\r?\n/g, '\r\n') : raw;
      // Written in tmp/ and renamed into new/, so Dovecot never sees half a message.
      fs.writeFileSync(path.join(maildir, 'tmp', name), body);
      fs.chownSync(path.join(maildir, 'tmp', name), who.uid, who.gid);
      fs.renameSync(path.join(maildir, 'tmp', name), path.join(maildir, 'new', name));
    },
    async flags(user) {
      const imap = await client(user);
      const found = new Map<number, Set<string>>();
      const lock = await imap.getMailboxLock('INBOX');
      try {
        if (imap.mailbox && imap.mailbox.exists > 0) {
          for await (const message of imap.fetch('1:*', { uid: true, flags: true })) found.set(message.uid, message.flags ?? new Set());
        }
      } finally {
        lock.release();
        await imap.logout();
      }
      return found;
    },
    async start() {
      if (child) return;
      const started = spawn(DOVECOT_PATH, ['-F', '-c', conf], { stdio: 'ignore' });
      child = started;
      await waitForPort(port, started, path.join(dir, 'dovecot.log'));
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    async close() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
