// A real SMTP server for the tests that prove mail leaves over SMTP (smtp-server on a free local port; what
// arrives is parsed with mailparser). `refuse` makes it answer every recipient with a permanent error.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** RCPT TO commands seen (each attempt of each mail). */
  attempts: string[];
  /** When set, every recipient is refused with this reason (code 550). */
  refuse: string | null;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { received: [] as ParsedMail[], attempts: [] as string[], refuse: null as string | null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      state.attempts.push(address.address);
      if (!state.refuse) return callback();
      const error = Object.assign(new Error(state.refuse), { responseCode: 550 });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          state.received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}?from=sema@example.org`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
