/**
 * The schemas the API document names in components/schemas (a client generator gets one type for
 * each), registered where each schema is written: answers (output) and request bodies (input) apart.
 * A name is given once: zod's registry refuses the same id twice.
 */
import { z } from 'zod';

export const API_OUTPUTS = z.registry<{ id: string }, z.ZodType>();
export const API_INPUTS = z.registry<{ id: string }, z.ZodType>();
