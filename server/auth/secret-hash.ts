// Tokens and keys are high-entropy random strings, so a fast hash suffices to store them safely.
import { createHash, randomBytes } from 'node:crypto';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
