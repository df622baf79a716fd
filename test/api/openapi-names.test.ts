/**
 * The API document names a shared schema where that very schema stands (docs/decisions/038): the
 * registries (API_OUTPUTS, API_INPUTS) answer by identity, zod's toJSONSchema writes the `$ref`,
 * and a schema of the same shape that is not the registered one stays inline. No server: the
 * conversion alone.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentSchema } from '../../src/server/openapi.ts';
import { ApiNames } from '../../src/shared/schemas/api-names.ts';
import { ZErrorBody, ZMessage } from '../../src/shared/schemas/common.ts';
import { ZSettings, ZSettingsInput } from '../../src/shared/schemas/settings.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the names in the API document', () => {
  it('refers to a registered schema, and to a described copy of it with the copy’s words for the answer', () => {
    expect(documentSchema(ZSettings, 'output')).toEqual(ref('Settings'));
    expect(documentSchema(ZMessage.describe('Removed.'), 'output')).toEqual({ ...ref('Message'), description: 'Removed.' });
    expect(documentSchema(ZErrorBody.describe('No such thing.'), 'output')).toEqual({ ...ref('ErrorBody'), description: 'No such thing.' });
    // A refinement has the same JSON Schema: it is the named schema too.
    expect(
      documentSchema(
        ZMessage.refine(() => true),
        'output',
      ),
    ).toEqual(ref('Message'));
  });

  it('refers to it where it stands inside a route’s own schema, with nothing beside the $ref', () => {
    const schema = z.object({ settings: ZSettings.describe('The settings.'), list: z.array(ZMessage), maybe: ZMessage.optional() });
    expect(documentSchema(schema, 'output')).toEqual({
      type: 'object',
      properties: { settings: ref('Settings'), list: { type: 'array', items: ref('Message') }, maybe: ref('Message') },
      required: ['settings', 'list'],
      additionalProperties: false,
    });
    // A copy that adds more than words keeps what it adds beside the reference (OpenAPI 3.0: in allOf).
    expect(documentSchema(ZMessage.nullable(), 'output')).toEqual({ nullable: true, allOf: [ref('Message')] });
  });

  it('does not name a schema of the same shape that is not the registered one', () => {
    expect(documentSchema(z.object({ message: z.string() }), 'output')).toEqual({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
      additionalProperties: false,
    });
  });

  it('names bodies from the inputs and answers from the outputs', () => {
    expect(documentSchema(ZSettingsInput, 'input')).toEqual(ref('SettingsInput'));
    expect(documentSchema(ZSettingsInput, 'output')).toMatchObject({ type: 'object', properties: expect.any(Object) });
    expect(JSON.stringify(documentSchema(ZSettingsInput, 'output'))).not.toContain('$ref');
  });

  it('refuses a name given twice', () => {
    const names = new ApiNames().add(z.string(), { id: 'Twice' });
    expect(() => names.add(z.number(), { id: 'Twice' })).toThrow(/Twice/);
  });
});
