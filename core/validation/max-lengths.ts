import type { ZodType } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable and default wrappers, on the input side of transforms. */
function inputSide(schema: ZodType): ZodType {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return inputSide(def.in);
  return def.innerType ? inputSide(def.innerType) : schema;
}

/**
 * The most characters each top-level text field of an object schema takes (its `.max()`): the
 * inputs' `maxLength`, so typing stops at the limit the server keeps.
 */
export function maxLengthsOf(schema: ZodType): Record<string, number> {
  const { shape } = defOf(inputSide(schema));
  const limits: Record<string, number> = {};
  for (const [field, fieldSchema] of Object.entries(shape ?? {})) {
    const max = (inputSide(fieldSchema) as { maxLength?: number | null }).maxLength;
    if (typeof max === 'number') limits[field] = max;
  }
  return limits;
}
