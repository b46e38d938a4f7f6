import type { Bytes } from './wire-proxies.ts';

/**
 * Where an HTTP/2 connection's bytes go, read from its clear text (the proxy terminates TLS, so it
 * sees the frames the browser and the server exchange, byte for byte): per stream (its request's
 * method and path), per frame type, and for each request's header block what HPACK did with its
 * fields (a field found in the table costs a byte or two; a literal costs its name and value).
 */
export type StreamBytes = {
  label: string;
  headersUp: number;
  dataUp: number;
  headersDown: number;
  dataDown: number;
  /** The request's header fields: indexed (from the table), literal (and their string bytes). */
  indexedFields: number;
  literalFields: number;
  literalBytes: number;
};

export type ConnectionBytes = {
  /** Encrypted bytes on the TCP connection. */
  wire: Bytes;
  /** The TLS handshake (both flights, up to the connection being secure). */
  handshake: Bytes;
  clientHello: number;
  resumed: boolean;
  /** Bytes per frame type, connection-wide (HEADERS and DATA included), plus the client preface. */
  frames: Map<string, Bytes>;
  streams: Map<number, StreamBytes>;
};

const FRAME_TYPES = [
  'DATA',
  'HEADERS',
  'PRIORITY',
  'RST_STREAM',
  'SETTINGS',
  'PUSH_PROMISE',
  'PING',
  'GOAWAY',
  'WINDOW_UPDATE',
  'CONTINUATION',
];
const PREFACE_LENGTH = 24;

export function newConnectionBytes(): ConnectionBytes {
  return {
    wire: { down: 0, up: 0 },
    handshake: { down: 0, up: 0 },
    clientHello: 0,
    resumed: false,
    frames: new Map(),
    streams: new Map(),
  };
}

/**
 * Feeds one direction's clear text to `into`, frame by frame (a frame may arrive in pieces).
 * Returns the function to call with each chunk.
 */
export function frameCounter(into: ConnectionBytes, direction: keyof Bytes): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let prefaceLeft = direction === 'up' ? PREFACE_LENGTH : 0;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    if (prefaceLeft > 0) {
      const taken = Math.min(prefaceLeft, pending.length);
      add(into.frames, 'preface', direction, taken);
      prefaceLeft -= taken;
      pending = pending.subarray(taken);
    }
    while (pending.length >= 9) {
      const length = pending.readUIntBE(0, 3);
      if (pending.length < 9 + length) return;
      const type = FRAME_TYPES[pending[3] ?? 0] ?? `type ${pending[3]}`;
      const flags = pending[4] ?? 0;
      const streamId = pending.readUInt32BE(5) & 0x7fffffff;
      add(into.frames, type, direction, 9 + length);
      if (streamId !== 0 && (type === 'HEADERS' || type === 'DATA' || type === 'CONTINUATION')) {
        const stream = streamOf(into, streamId);
        const isData = type === 'DATA';
        if (direction === 'up') {
          if (isData) stream.dataUp += 9 + length;
          else {
            stream.headersUp += 9 + length;
            if (type === 'HEADERS') countFields(stream, headerBlock(pending.subarray(9, 9 + length), flags));
          }
        } else if (isData) stream.dataDown += 9 + length;
        else stream.headersDown += 9 + length;
      }
      pending = pending.subarray(9 + length);
    }
  };
}

export function streamOf(into: ConnectionBytes, id: number): StreamBytes {
  const found = into.streams.get(id);
  if (found) return found;
  const fresh: StreamBytes = {
    label: `stream ${id}`,
    headersUp: 0,
    dataUp: 0,
    headersDown: 0,
    dataDown: 0,
    indexedFields: 0,
    literalFields: 0,
    literalBytes: 0,
  };
  into.streams.set(id, fresh);
  return fresh;
}

function add(map: Map<string, Bytes>, key: string, direction: keyof Bytes, bytes: number) {
  const found = map.get(key) ?? { down: 0, up: 0 };
  found[direction] += bytes;
  map.set(key, found);
}

/** A HEADERS frame's payload without its padding and priority fields. */
function headerBlock(payload: Buffer, flags: number): Buffer {
  let start = 0;
  let end = payload.length;
  if (flags & 0x08) {
    start += 1;
    end -= payload[0] ?? 0;
  }
  if (flags & 0x20) start += 5;
  return payload.subarray(start, end);
}

/**
 * Walks an HPACK block's representations (RFC 7541 §6) without decoding the strings: enough to
 * tell a field taken from the table from one sent as a literal, and what the literals cost.
 */
function countFields(stream: StreamBytes, block: Buffer) {
  let at = 0;
  const integer = (prefixBits: number): number => {
    const mask = (1 << prefixBits) - 1;
    let value = (block[at] ?? 0) & mask;
    at += 1;
    if (value < mask) return value;
    let shift = 0;
    let byte: number;
    do {
      byte = block[at] ?? 0;
      at += 1;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && at < block.length);
    return value;
  };
  const string = (): number => {
    const start = at;
    const length = integer(7);
    at += length;
    return at - start;
  };
  while (at < block.length) {
    const first = block[at] ?? 0;
    if (first & 0x80) {
      integer(7);
      stream.indexedFields += 1;
    } else if ((first & 0xe0) === 0x20) {
      integer(5); // a table size update
    } else {
      const start = at;
      const nameIndex = integer(first & 0x40 ? 6 : 4);
      if (nameIndex === 0) string();
      string();
      stream.literalFields += 1;
      stream.literalBytes += at - start;
    }
  }
}

/** The breakdown as tables on the console (`BENCH_DEBUG_BYTES=1`). */
export function printBreakdown(connections: ConnectionBytes[]) {
  connections.forEach((connection, index) => {
    const clear = [...connection.frames.values()].reduce(
      (sum, bytes) => ({ down: sum.down + bytes.down, up: sum.up + bytes.up }),
      { down: 0, up: 0 },
    );
    console.log(
      `connection ${index + 1}: wire down ${connection.wire.down} B, up ${connection.wire.up} B; ` +
        `until secure down ${connection.handshake.down} B, up ${connection.handshake.up} B ` +
        `(ClientHello ${connection.clientHello} B, ${connection.resumed ? 'resumed' : 'full handshake'}; ` +
        'the client may send its first frames with its Finished, counted there too); ' +
        `HTTP/2 clear text down ${clear.down} B, up ${clear.up} B; ` +
        `TLS beyond the clear text (handshake, tickets, 22 B per record) down ${connection.wire.down - clear.down} B, ` +
        `up ${connection.wire.up - clear.up} B`,
    );
    console.table(Object.fromEntries(connection.frames));
    console.table(
      [...connection.streams].map(([id, stream]) => ({
        id,
        ...stream,
        total: stream.headersUp + stream.dataUp + stream.headersDown + stream.dataDown,
      })),
    );
  });
}
