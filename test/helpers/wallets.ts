/** Checksummed BEP20 addresses the tests pay out to (EIP-55 test vectors: valid, and nobody's). */
export const WALLET_A = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const WALLET_B = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const WALLET_C = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
/** The payout address the browser tests type into the wallet form and then look for on the pages. */
export const E2E_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
