/**
 * The schemas the API document names in components/schemas (a client generator gets one type for
 * each), registered where each schema is written: answers (output) and request bodies (input) apart.
 * Each is a zod registry: `get(schema)` answers the name of that very schema object (not of one
 * of the same shape; a `.describe()` copy answers none, the document finds it through zod's
 * parent link, docs/decisions/038). It refuses a name given twice and lists what it named
 * (`named`), which a zod registry cannot without reading its private fields.
 */
import { z } from 'zod';

export class ApiNames extends z.core.$ZodRegistry<{ id: string }> {
  /** The schemas named so far, by name. */
  readonly named = new Map<string, z.core.$ZodType>();

  override add<S extends z.core.$ZodType>(schema: S, ...meta: [{ id: string }]): this {
    const named = this.named.get(meta[0].id);
    if (named && named !== schema) throw new Error(`API document: the name ${meta[0].id} is given twice`);
    super.add(schema, ...meta);
    this.named.set(meta[0].id, schema);
    return this;
  }
}

export const API_OUTPUTS = new ApiNames();
export const API_INPUTS = new ApiNames();
