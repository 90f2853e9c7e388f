import { hash, verify } from "@node-rs/argon2";

/** argon2id at the OWASP minimum: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = 2; // Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const options = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({
  hash: digest,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    return false;
  }
}
