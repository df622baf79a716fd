/**
 * SHA-256 and hex, with WebCrypto only: one implementation for the server, the browser and the
 * command-line verifiers (the draw, the drand beacon, the public log).
 */
const encoder = new TextEncoder();

/** Bytes as lowercase hex. */
export function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex (either case, even length, nothing else) as bytes; null when it is not that. */
export function hexToBytes(text: string): Uint8Array | null {
  if (typeof text !== 'string' || text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return null;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await sha256(encoder.encode(text)));
}
