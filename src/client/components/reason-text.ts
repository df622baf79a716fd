import type { MessageDescriptor } from '@lingui/core';
import { NO_REASON_TEXT, REASON_CODES, REASONS, type ReasonCode } from '../../shared/reasons.ts';

/** Each reason's name and rule to say in the page's language: the shared texts of src/shared/reasons.ts, by their catalog ids. */
export const REASON_TEXT = Object.fromEntries(
  REASON_CODES.map((code) => [code, { label: { id: REASONS[code].label }, rule: { id: REASONS[code].rule } }]),
) as Record<ReasonCode, { label: MessageDescriptor; rule: MessageDescriptor }>;

/** 'no reason recorded', said in the page's language. */
export const NO_REASON: MessageDescriptor = { id: NO_REASON_TEXT };
