import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP's first choice, m=19 MiB, t=2).
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> => {
  dummyHash ??= hash('not-a-real-password');
  return dummyHash;
};
