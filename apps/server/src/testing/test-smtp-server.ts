import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback whose answer the test sets: accept, a transient 421, a permanent
// 550 to the recipient, or hold the connection without a greeting (a delivery that never ends).
export type SmtpMode = 'accept' | 'refuse-421' | 'reject-550' | 'hold';

export type TestSmtpServer = {
  url: string;
  mode: SmtpMode;
  received: ParsedMail[];
  // Connections opened so far (a held one counts when it opens).
  connections: number;
  close: () => Promise<void>;
};

function smtpError(message: string, responseCode: number): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

export async function startTestSmtpServer(mode: SmtpMode = 'accept'): Promise<TestSmtpServer> {
  const held: Array<() => void> = [];
  const state: TestSmtpServer = {
    url: '',
    mode,
    received: [],
    connections: 0,
    close: async () => {
      for (const release of held) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      if (state.mode === 'hold') held.push(() => callback(new Error('closing')));
      else callback();
    },
    onRcptTo(_address, _session, callback) {
      if (state.mode === 'refuse-421') callback(smtpError('Try again later', 421));
      else if (state.mode === 'reject-550') callback(smtpError('No such user here', 550));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
