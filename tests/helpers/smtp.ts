import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO as the peer saw them: who really gets the message. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening (the "mail server is down"). */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  restart: () => Promise<void>;
}

/** A real SMTP server in the test process on 127.0.0.1, collecting what arrives. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          };
          simpleParser(raw).then(
            (parsed) => {
              received.push({ envelope, raw, parsed });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    restart: listen,
  };
}
