/**
 * A real SMTP server for tests (the smtp-server package), collecting what it receives. It can be
 * made to refuse mail for a while, to test that an outage delays a message but never loses it.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  from: string;
  raw: string;
  subject: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** While true, every message is refused with a temporary (451) error. */
  refuse: boolean;
  /** How long a received message waits before it is accepted (250): a slow server, for crash tests. */
  acceptDelayMs: number;
  /** The first mail to `to` (that `match` accepts, when given), waiting up to `timeoutMs`. */
  waitForMail(to: string, timeoutMs?: number, match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const sink: SmtpSink = {
    url: '',
    messages,
    refuse: false,
    acceptDelayMs: 0,
    async waitForMail(to, timeoutMs = 10_000, match = () => true) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.refuse) {
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          // A long Subject is folded over lines (RFC 5322): the continuation lines start with white space.
          subject:
            /^Subject: (.*(?:\r?\n[ \t].*)*)$/im
              .exec(raw)?.[1]
              ?.replace(/\r?\n[ \t]+/g, ' ')
              .trim() ?? '',
        });
        if (sink.acceptDelayMs > 0) setTimeout(() => callback(), sink.acceptDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
