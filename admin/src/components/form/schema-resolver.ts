import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form checked by the API's own schema from packages/shared, so the form and the API say the
 * same thing. The fields named in `absentWhenBlank` are optional: left blank, they are left out
 * (the schema's "not given", such as "keep the current password") rather than refused.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: { parse(value: unknown): Output },
  absentWhenBlank: readonly (keyof Values & string)[] = [],
): Resolver<Values, unknown, Output> {
  const validate = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
  return (values, context, options) => {
    const given = { ...values };
    for (const field of absentWhenBlank) {
      if (String(given[field] ?? '').trim() === '') delete given[field];
    }
    return validate(given, context, options);
  };
}
