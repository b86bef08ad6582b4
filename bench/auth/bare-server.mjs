// The yardstick: a bare Node HTTP handler answering with the same JSON getInfo returns.
import { createServer } from 'node:http';

const body = process.argv[2] ?? '{}';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
