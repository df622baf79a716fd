export { type Encoded, encodeJson, matchesEtag, publicCache, sendEncoded, weakEtag } from './cache.ts';
