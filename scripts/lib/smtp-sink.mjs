// The e2e mail sink: just enough SMTP for nodemailer, and an HTTP inbox the specs read.
// GET <inbox>/messages answers [{ to: [envelope recipients], raw: message text }] in arrival order.
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';

function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });
}

function smtpServer(messages) {
  return createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let recipients = [];
    let data = null;
    socket.write('220 e2e-sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push({ to: recipients, raw: data.join('\n') });
            data = null;
            recipients = [];
            socket.write('250 OK\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-e2e-sink\r\n250 8BITMIME\r\n');
        else if (command === 'RCPT') {
          recipients.push(line.match(/<([^>]*)>/)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (command === 'DATA') {
          data = [];
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
}

/** Starts the sink; `smtpUrl` goes to the servers' SMTP_URL, `inboxUrl` to the specs. */
export async function startSmtpSink() {
  const messages = [];
  const smtp = smtpServer(messages);
  const inbox = createHttpServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
    } else {
      response.writeHead(404).end();
    }
  });
  const [smtpPort, inboxPort] = await Promise.all([listen(smtp), listen(inbox)]);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(() => resolve())),
        new Promise((resolve) => inbox.close(() => resolve())),
      ]),
  };
}
