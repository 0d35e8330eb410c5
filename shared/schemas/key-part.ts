import { z } from 'zod';
import { KEY_PART_MAX_LENGTH, KEY_PART_MESSAGE, KEY_PART_PATTERN } from '../key-part';

/**
 * The route-side check of a key part; `max` narrows the length for ids shorter than an e-mail. The rules are
 * in ../key-part.ts, without zod: every function's DynamoDB keys check their parts, from start-up on.
 */
export const keyPartSchema = (max: number = KEY_PART_MAX_LENGTH) =>
  z.string().min(1).max(Math.min(max, KEY_PART_MAX_LENGTH)).regex(KEY_PART_PATTERN, KEY_PART_MESSAGE);
