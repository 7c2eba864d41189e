// A TCP proxy in front of PostgreSQL whose answers can be held back: to the client, a frozen
// server (the socket stays open, its statements are received, nothing comes back).
import { connect, createServer, type Server, type Socket } from 'node:net';

export async function frozenableProxy(target: URL) {
  const upstream = new Set<Socket>();
  const clients = new Set<Socket>();
  let frozen = false;
  let freezeOn: string | undefined;
  const freeze = () => {
    frozen = true;
    for (const socket of upstream) socket.pause();
  };
  const server: Server = createServer((client) => {
    const socket = connect(Number(target.port || 5432), target.hostname);
    upstream.add(socket);
    clients.add(client);
    // Ahead of the pipe's listener: frozen before the statement reaches the server.
    client.on('data', (chunk: Buffer) => {
      if (freezeOn && chunk.includes(freezeOn)) {
        freezeOn = undefined;
        freeze();
      }
    });
    client.pipe(socket);
    socket.pipe(client);
    // After the pipe, which resumes its source: a connection opened while frozen gets no answer.
    if (frozen) socket.pause();
    const close = () => {
      upstream.delete(socket);
      clients.delete(client);
      client.destroy();
      socket.destroy();
    };
    client.on('error', close).on('close', close);
    socket.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    freeze,
    /** Freezes once a client sends a statement containing `text` (its answer never comes). */
    freezeWhenSent: (text: string) => {
      freezeOn = text;
    },
    resume: () => {
      frozen = false;
      for (const socket of upstream) socket.resume();
    },
    close: () => {
      for (const socket of clients) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
