// A keep-alive HTTP/1.1 client for the measuring scripts (bench, load). It talks only to 127.0.0.1.
//
// It writes requests and reads answers on plain sockets instead of going through node:http: the load
// generator shares the machine's cores with the server, and node:http's client (agent, parser
// objects, IncomingMessage streams) cost it about 0.45 ms per page against 0.1-0.15 ms here, CPU the
// server then lacked; that made N workers look worse than they are. One request at a time per
// connection (no pipelining), as a browser does.
import net from "node:net";

const HEAD_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");
const TIMEOUT_MS = 30_000;
/**
 * How long an idle connection is reused: under the server's keep-alive timeout (Node's 5 s). A script
 * that blocked its event loop for longer (a bulk write) has not yet heard the server close it, and a
 * request written into a closed connection fails.
 */
const REUSE_IDLE_MS = 4_000;

/** Connections for `concurrency` clients: at most that many open to each server. `destroy()` closes the idle ones. */
export function keepAliveAgent(concurrency) {
  const agent = {
    concurrency,
    pools: new Map(),
    destroy() {
      for (const pool of agent.pools.values()) for (const socket of [...pool.idle]) socket.destroy();
    },
  };
  return agent;
}

function poolFor(agent, port) {
  let pool = agent.pools.get(port);
  if (!pool) agent.pools.set(port, (pool = { idle: [], waiting: [], open: 0 }));
  return pool;
}

/** A connected socket to 127.0.0.1:`port`: an idle one, a new one, or the next one given back. */
function acquire(agent, port) {
  const pool = poolFor(agent, port);
  for (let idle = pool.idle.pop(); idle; idle = pool.idle.pop()) {
    if (performance.now() - idle.idleSince < REUSE_IDLE_MS) return Promise.resolve(idle);
    // Its place is freed now, for the connection opened below; its "close" event frees nothing more.
    idle.uncounted = true;
    pool.open -= 1;
    idle.destroy();
  }
  if (pool.open >= agent.concurrency) return new Promise((resolve) => pool.waiting.push(resolve));
  pool.open += 1;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setNoDelay(true);
    let connected = false;
    socket.once("connect", () => {
      connected = true;
      resolve(socket);
    });
    // Errors while a request is in flight reach that request (below); an idle socket's only close it.
    socket.on("error", (error) => {
      if (!connected) reject(error);
    });
    // A server that closes a connection (its keep-alive timeout, a stop) frees a place in the pool.
    socket.once("close", () => {
      if (!socket.uncounted) pool.open -= 1;
      const at = pool.idle.indexOf(socket);
      if (at >= 0) pool.idle.splice(at, 1);
    });
  });
}

function release(agent, port, socket) {
  const pool = poolFor(agent, port);
  if (socket.destroyed) return;
  const next = pool.waiting.shift();
  if (next) next(socket);
  else {
    socket.idleSince = performance.now();
    pool.idle.push(socket);
  }
}

/**
 * One request over `agent`; resolves with the status and body text. With `readBody: false` the body
 * is received and dropped, not kept or decoded (text "").
 */
export async function request(agent, url, { method = "GET", headers = {}, body, readBody = true } = {}) {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error(`The measuring scripts talk only to 127.0.0.1, not ${target.hostname}`);
  const port = Number(target.port);
  const socket = await acquire(agent, port);
  const payload = body === undefined ? null : Buffer.from(body);
  let head = `${method} ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (payload) head += `Content-Length: ${payload.length}\r\n`;
  head += "\r\n";
  return new Promise((resolve, reject) => {
    const reader = responseReader(method === "HEAD", readBody);
    const finish = (error) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("close", onClose);
      socket.off("error", onError);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        if (reader.closeAfter) socket.destroy();
        else release(agent, port, socket);
        resolve({ status: reader.status, text: reader.text() });
      }
    };
    const onData = (chunk) => {
      try {
        if (reader.push(chunk)) finish();
      } catch (error) {
        finish(error);
      }
    };
    const onClose = () => finish(new Error("connection closed before the answer ended"));
    const onError = (error) => finish(error);
    const timer = setTimeout(() => finish(new Error("timeout")), TIMEOUT_MS);
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.once("error", onError);
    socket.write(payload ? Buffer.concat([Buffer.from(head), payload]) : head);
  });
}

/**
 * Reads one HTTP/1.1 answer from the chunks a socket gives: its status line and headers, then a body
 * of Content-Length bytes or in chunked encoding. `push` says when the answer is complete.
 */
function responseReader(isHead, keepBody) {
  let buffered = Buffer.alloc(0);
  let state = "head";
  let remaining = 0;
  let chunked = false;
  const parts = [];
  const reader = {
    status: 0,
    closeAfter: false,
    text: () => (keepBody ? Buffer.concat(parts).toString("utf8") : ""),
    push(chunk) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        if (state === "head") {
          const end = buffered.indexOf(HEAD_END);
          if (end < 0) return false;
          const lines = buffered.toString("latin1", 0, end).split("\r\n");
          buffered = buffered.subarray(end + HEAD_END.length);
          reader.status = Number(lines[0].split(" ")[1]);
          let length = 0;
          for (const line of lines.slice(1)) {
            const colon = line.indexOf(":");
            const name = line.slice(0, colon).trim().toLowerCase();
            const value = line
              .slice(colon + 1)
              .trim()
              .toLowerCase();
            if (name === "content-length") length = Number(value);
            else if (name === "transfer-encoding") chunked = value.includes("chunked");
            else if (name === "connection") reader.closeAfter = value === "close";
          }
          if (isHead || reader.status === 204 || reader.status === 304) return true;
          remaining = length;
          state = chunked ? "size" : "body";
          if (!chunked && remaining === 0) return true;
        } else if (state === "body") {
          const take = Math.min(remaining, buffered.length);
          if (keepBody && take > 0) parts.push(buffered.subarray(0, take));
          remaining -= take;
          buffered = buffered.subarray(take);
          if (remaining > 0) return false;
          if (!chunked) return true;
          state = "chunk-end";
        } else if (state === "chunk-end" || state === "trailer") {
          const end = buffered.indexOf(CRLF);
          if (end < 0) return false;
          buffered = buffered.subarray(end + CRLF.length);
          // After the last chunk, an empty line ends the answer (trailers are not used here).
          if (state === "trailer" && end === 0) return true;
          if (state === "chunk-end") state = "size";
        } else {
          const end = buffered.indexOf(CRLF);
          if (end < 0) return false;
          const size = parseInt(buffered.toString("latin1", 0, end), 16);
          if (!Number.isFinite(size)) throw new Error("a malformed chunk size");
          buffered = buffered.subarray(end + CRLF.length);
          if (size === 0) state = "trailer";
          else {
            remaining = size;
            state = "body";
          }
        }
      }
    },
  };
  return reader;
}
