import { keyPartProblem } from '@shared/key-part';
import { HttpError } from '../errors/http-error';

/**
 * The one gate between caller-supplied text and a DynamoDB key (docs/decisions/158): every key builder in
 * keys.ts passes such parts through it, so a route that forgot to validate still cannot write `a#b` into a
 * composite key. Refused with the validators' 400 shape, naming the part.
 */
export function keyPart(value: string, name: string): string {
  const problem = keyPartProblem(value);
  if (problem) {
    throw new HttpError(400, 'validation_error', `Invalid request: ${name}: ${problem}`, [
      { path: name, message: problem },
    ]);
  }
  return value;
}
