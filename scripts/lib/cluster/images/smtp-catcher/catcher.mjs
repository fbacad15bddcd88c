// The development cluster's SMTP catcher, in the place of Mailpit (k8s/mailpit.yaml): accepts
// every message on :1025 (no TLS, any AUTH), keeps the last 500 in memory and serves them as JSON
// on :8025 at /api/messages ([{ from, to, data }], newest last), with /livez and /readyz for the
// probes. Node's own modules only, so its image is the Node base image plus this file.
import http from 'node:http';
import net from 'node:net';

const messages = [];

function session(socket) {
  let mail = { from: '', to: [] };
  let data = null;
  let buffer = '';
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 mcat-smtp-catcher ESMTP');
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (;;) {
      if (data !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        data += buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        messages.push({ ...mail, data: data.slice(2).replace(/\r\n\.\./g, '\r\n.') });
        if (messages.length > 500) messages.shift();
        mail = { from: '', to: [] };
        data = null;
        reply('250 OK');
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-mcat-smtp-catcher');
        reply('250-AUTH PLAIN LOGIN');
        reply('250 8BITMIME');
      } else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') {
        if (verb === 'RSET') mail = { from: '', to: [] };
        reply('250 OK');
      } else if (verb === 'AUTH') {
        reply('235 Authentication succeeded');
      } else if (verb === 'MAIL') {
        mail.from = (/<([^>]*)>/.exec(line) ?? [])[1] ?? '';
        reply('250 OK');
      } else if (verb === 'RCPT') {
        mail.to.push((/<([^>]*)>/.exec(line) ?? [])[1] ?? '');
        reply('250 OK');
      } else if (verb === 'DATA') {
        data = '\r\n';
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else {
        reply('502 Command not implemented');
      }
    }
  });
  socket.on('error', () => socket.destroy());
}

const smtp = net.createServer(session).listen(1025);
const web = http
  .createServer((request, response) => {
    if (request.url === '/livez' || request.url === '/readyz') {
      response.end('ok');
    } else if (request.url === '/api/messages') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(messages));
    } else {
      response.statusCode = 404;
      response.end();
    }
  })
  .listen(8025);

process.on('SIGTERM', () => {
  smtp.close();
  web.close();
  process.exit(0);
});
