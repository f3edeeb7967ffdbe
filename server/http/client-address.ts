/**
 * The client's address must stay known for a request's whole life: the sign-in throttle and the
 * lead limit count by it, and a NULL address fails their inserts. Node asks the kernel for it on
 * demand (getpeername), which fails once the client has reset the connection: a complete sign-in
 * sent and then a reset left request.ip undefined by the time the handler ran, and the insert
 * failed with an error-level "unhandled error". A socket keeps the address once it has been read,
 * so it is read as the connection is accepted (once per connection, not per request).
 */
import type http from 'node:http';

export function pinClientAddresses(server: http.Server): void {
  server.on('connection', (socket) => {
    // Read for its side effect: net.Socket caches the peer address on first read.
    void socket.remoteAddress;
  });
}
