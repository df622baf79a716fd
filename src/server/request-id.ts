/**
 * Request ids (X-Request-Id, the `reqId` of the log lines): in UUID form, as the API document says,
 * made from a random prefix drawn once per process and a counter, so a request costs one short
 * string and no call for randomness. They name a request in the log; they are no secret and grant
 * nothing, so being sequential within a process tells nobody anything they could use. Two processes
 * (or two apps in one) draw different prefixes: 74 random bits make a clash between them negligible.
 */
import { randomBytes } from 'node:crypto';

export function requestIds(): () => string {
  const hex = randomBytes(12).toString('hex');
  // The shape of a version 4 UUID (version nibble 4, variant 8-b), with the counter as its last group.
  const variant = '89ab'[Number.parseInt(hex[15] ?? '0', 16) & 3];
  const prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(12, 15)}-${variant}${hex.slice(16, 19)}-`;
  let counter = 0;
  return () => {
    counter = (counter + 1) % 0x1000000000000;
    return prefix + counter.toString(16).padStart(12, '0');
  };
}
