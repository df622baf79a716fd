import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZWalletExchangeInput, ZWalletExchangeResult, ZWalletProofInput, ZWalletProofNonce, ZWalletProofResult } from '../../../shared/schemas/wallet-proof.ts';
import { requireAmbassador, requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { declareExchange, issueProofNonce, submitProof } from './service.ts';

const tooMany = ZErrorBody.describe('Too many wallet verification attempts from this account or network address: try again after Retry-After seconds.');

export async function walletProofRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('ambassador').post(
    '/api/wallet/proof/nonce',
    {
      operationId: 'issueWalletProofMessage',
      summary: 'A message to sign to prove the saved USDT address',
      description:
        'An EIP-4361 (Sign-In with Ethereum) message for the saved USDT address: this app’s domain, chain 56, a nonce valid once for 10 minutes, the statement that the address receives the ambassador’s payouts and a resource naming the ambassador. Sign it unchanged (personal_sign) and send it back to POST /api/wallet/proof. No body.',
      tags: ['ambassador'],
      body: z.object({}).nullish(),
      response: {
        200: ZWalletProofNonce.describe('The message to sign and its nonce.'),
        409: ZErrorBody.describe(
          'No USDT address is saved (`code`: WALLET_PROOF_NO_ADDRESS), or it is already verified (`code`: WALLET_PROOF_ALREADY_VERIFIED).',
        ),
        429: tooMany,
      },
    },
    async (request) => issueProofNonce(app.ctx, requireUser(request), requireAmbassador(request), request.ip),
  );

  route('ambassador').post(
    '/api/wallet/proof',
    {
      operationId: 'proveWallet',
      summary: 'Prove the saved USDT address with a signature',
      description:
        'The message given by POST /api/wallet/proof/nonce, unchanged, and the signature of the saved address over it (EIP-191). A plain account is checked by recovering its key; a smart account (ERC-1271, ERC-6492) on chain, when BSC_RPC_URL is set. Each refusal has its `code`.',
      tags: ['ambassador'],
      body: ZWalletProofInput,
      response: {
        200: ZWalletProofResult.describe('The address is verified.'),
        400: ZErrorBody.describe(
          'Not a SIWE message (WALLET_PROOF_MESSAGE_MALFORMED); made for another domain (WALLET_PROOF_DOMAIN) or chain (WALLET_PROOF_CHAIN); naming another address than the saved one (WALLET_PROOF_ADDRESS); not the message issued (WALLET_PROOF_MESSAGE_NOT_ISSUED); a signature that is not hexadecimal or not well formed (WALLET_PROOF_SIGNATURE_MALFORMED), or not made by the address (WALLET_PROOF_SIGNATURE_INVALID).',
        ),
        409: ZErrorBody.describe(
          'No USDT address is saved (WALLET_PROOF_NO_ADDRESS); the message was already used (WALLET_PROOF_NONCE_USED) or has expired (WALLET_PROOF_NONCE_EXPIRED); or the address changed meanwhile (WALLET_PROOF_ADDRESS).',
        ),
        422: ZErrorBody.describe('A smart-account signature, and no blockchain node is configured to check it (WALLET_PROOF_CONTRACT_UNSUPPORTED).'),
        429: tooMany,
        503: ZErrorBody.describe('The blockchain node could not be asked about a smart-account signature: nothing was saved; try again.'),
      },
    },
    async (request) => submitProof(app.ctx, requireUser(request), requireAmbassador(request), request.body, request.ip),
  );

  route('ambassador').post(
    '/api/wallet/exchange',
    {
      operationId: 'declareExchangeWallet',
      summary: 'Mark the saved USDT address as an exchange deposit address',
      description:
        'For an address that cannot sign (an exchange’s deposit address): admins see it as Exchange (unverified), and the first withdrawal to it waits EXCHANGE_ADDRESS_HOLD_HOURS from now. Marking it again changes nothing; changing the address clears it.',
      tags: ['ambassador'],
      body: ZWalletExchangeInput,
      response: {
        200: ZWalletExchangeResult.describe('The address is marked, since walletExchangeAt.'),
        409: ZErrorBody.describe(
          'No USDT address is saved (`code`: WALLET_PROOF_NO_ADDRESS), or it is verified by signature (`code`: WALLET_PROOF_EXCHANGE_VERIFIED).',
        ),
      },
    },
    async (request) => declareExchange(app.ctx, requireUser(request), requireAmbassador(request)),
  );
}
