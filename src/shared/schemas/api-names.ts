/**
 * The schemas the API document names in components/schemas (a client generator gets one type for
 * each), registered where each schema is written: answers (output) and request bodies (input) apart.
 * Each is a zod registry (`z.registry`), which refuses the same id twice; it also lists what it
 * named (`named`), which a zod registry cannot without reading its private fields.
 */
import { z } from 'zod';

class ApiNames extends z.core.$ZodRegistry<{ id: string }, z.ZodType> {
  /** The schemas named so far, by name. */
  readonly named = new Map<string, z.ZodType>();

  override add<S extends z.ZodType>(schema: S, ...meta: [{ id: string }]): this {
    super.add(schema, ...meta);
    this.named.set(meta[0].id, schema);
    return this;
  }
}

export const API_OUTPUTS = new ApiNames();
export const API_INPUTS = new ApiNames();
