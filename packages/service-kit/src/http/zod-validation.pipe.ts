import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a body or query with a schema of `@mcat/contracts` and answers 400 with the first
 * issue's message, which is the spec's text where the spec gives one. Unknown fields are stripped
 * (zod's default) unless the schema is strict.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<
  unknown,
  Promise<z.infer<S>>
> {
  constructor(private readonly schema: S) {}

  /** Async, as some checks are (the common-password list is loaded on first use). */
  async transform(value: unknown): Promise<z.infer<S>> {
    const result = await this.schema.safeParseAsync(value ?? {});
    if (result.success) return result.data;
    throw new BadRequestException(result.error.issues[0]?.message ?? 'Invalid request');
  }
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** A route id must look like a MongoDB id; anything else is a 400, never a database error. */
export class ObjectIdPipe implements PipeTransform<unknown, string> {
  constructor(private readonly label = 'id') {}

  transform(value: unknown): string {
    if (typeof value === 'string' && OBJECT_ID.test(value)) return value.toLowerCase();
    throw new BadRequestException(`Invalid ${this.label}`);
  }
}
